"""Every Spell of the Hero Handbook (seed 001, Appendix: Spells, lines 1397-1574), as data: name,
XP, KN (the heading it is listed under), category ([T] Thrown, [C] Creation, [S] Self, [T-T]),
school, the E cost as printed and as numbers (initial Exhaustion, None for an xE spell whose caster
chooses it; upkeep per later turn, None when it is the E chosen), duration, and the entry's seed
line and text. Generated once from the seed and checked against it by
tests/unit/test_pericle_v4_handbook.py; edit by hand with the seed open."""

from __future__ import annotations

from domain.rulesets.pericle.v4.handbook import HandbookSpell as S

SPELL_BOOK: tuple[S, ...] = (
    S('Blur', 4, 0, 'T', 'Furtherance', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1399,
      text=('Blur (4XP) [T] Furtherance: 1E+1E/turn. Blur makes the target more difficult to see, and therefore '
            'forces an attacker to roll AD0 and have Misfortune, which means they must roll the attack twice and '
            'succeed both times when attacking a Blurred target. Blur does not change the order of attack. The '
            'attacker still attacks in their normal attack order based on their routine AD. For example, an '
            'attacker with AD2 still attacks before other combatants with AD1 and AD0, but must roll the attack '
            'at AD0 twice to succeed on a hit against a Blurred target.')),
    S('Drop Item', 4, 0, 'T', 'Curse', '1E',
      exhaustion=1, upkeep=0, heavy=(10, 2), line=1401,
      text=('Drop Item (4XP) [T] Curse: 1E. Increase to 2E if the target has MT10+. Causes the target to drop one'
            ' item in its hands, most often a weapon. The caster decides which item the target drops. This Spell '
            'has no effect when cast on a foe with intrinsic/natural weapons. The caster chooses which hand is '
            'affected if both are holding items.')),
    S('Grease, Minor', 3, 0, 'T', 'Conjuration', '1E',
      exhaustion=1, upkeep=0, line=1403,
      text=('Grease, Minor (3XP) [T] Conjuration: 1E. Select one hex to become greased until the end of combat. '
            'The grease is not visible, but heroes know where it is. When a creature moves into the greased hex, '
            'it must roll a Base AD check or fall. Each time the creature moves into a greased hex, a new check '
            'must be rolled. Standing from a greased hex also requires a check, so a creature that stands up from'
            ' a greased hex into an adjacent greased hex would have to make 2 checks. Creatures may crawl without'
            ' rolling a check. If grease is cast on a hex already occupied by a creature, that creature must '
            'immediately roll an AD check or fall. Multi-hex creatures still have to make an AD check or fall if '
            'even one of their hexes is on a greased hex. The Spell affects images, which roll at Base AD0. '
            'Heroes may opt to roll an Athletics check in lieu of Base AD check.')),
    S('Image', 3, 0, 'C', 'Conjuration', '1E',
      exhaustion=1, upkeep=0, line=1405,
      text=('Image (3XP) [C] Conjuration: 1E. Create a 1-hex image of a giant rat, wolf, or spectral warrior. The'
            ' creation must appear in an empty hex within three hexes of the caster. See Magic in the rulebook '
            'for more information on images.')),
    S('Luck of Esteus', 5, 0, 'T', 'Enchantment', '1E',
      exhaustion=1, upkeep=0, duration=1, line=1407,
      text=('Luck of Esteus (5XP) [T] Enchantment: 1E. The target gains Fortune on the next AD roll. If the '
            "target doesn't make an AD roll within one turn, then the Fortune bonus is lost.")),
    S('Magic Shield I', 5, 0, 'T', 'Enchantment', '0E',
      exhaustion=0, upkeep=0, duration=10, line=1409,
      text=('Magic Shield I (5XP) [T] Enchantment: 0E. Creates a magical force of energy that blocks attacks in '
            "the target's front hexes, granting one point of protection. The affected hero does not need to wield"
            ' it; it floats in front of the caster. The Spell lasts for 10 turns but is destroyed if the hero is '
            'hit with an attack that does double or triple damage. However, in this case it negates the critical '
            'hit, resulting in a normal hit instead. This armor protection will not stack with other shields, '
            'including re-casting of the Magic Shield Spell. If Magic Shield is re-cast, there will still only be'
            ' 1 active Spell, but it will reset the duration to 10 turns.')),
    S('Slow/Speed Movement', 2, 0, 'T', 'Enchantment', '0E, lasts 4 turns',
      exhaustion=0, upkeep=0, duration=4, line=1411,
      text=('Slow/Speed Movement (2XP) [T] Enchantment: 0E, lasts 4 turns. Halves or doubles Movement as selected'
            ' by the caster.')),
    S('Summon Beast I', 5, 0, 'C', 'Summoning', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1413,
      text=('Summon Beast I (5XP) [C] Summoning: 1E+1E/turn. Summon a non-flying small animal of your choosing '
            'that is completely under your control, such as a raccoon, badger, or giant rat. The summoned '
            'creature cannot act on the turn it is summoned. Stats: HP 6, MT0, DX2/AD2, KN0, Grapple 0, Movement '
            '4, bite/claws 1d4.')),
    S('Terror', 4, 0, 'T', 'Curse', '2E',
      exhaustion=2, upkeep=0, line=1415,
      text=('Terror (4XP) [T] Curse: 2E. Target must Defend for its next Action. If the target has not taken an '
            'Action this turn, then it will Defend this turn. If the target has already taken an Action this '
            'turn, then its Action for next turn will be to Defend. This Spell does not work on creatures whose '
            'HP at full health is greater than 20. Creatures with KN3 or higher make an opposed KN check, and if '
            'the target succeeds on the opposed KN check, it is not affected.')),
    S('Arcane Barrage', 5, 1, 'T', 'Arcane', '1E',
      exhaustion=1, upkeep=0, line=1419,
      text=('Arcane Barrage (5XP) [T] Arcane: 1E. Draw upon your inner might to shoot a bolt of energy great '
            'distances. The bolt uses range increments as per Ranged weapon attacks as opposed to Thrown spells. '
            'Arcane barrage deals damage corresponding to your MT as shown in the table below. As with all Arcane'
            ' spells, if the caster has the Discipline Elemental Bending, Arcane Barrage may be imbued with a '
            'specific element to cast Air Barrage, Fire Barrage, or Ice/Frost Barrage.')),
    S('Arcane Flux', 4, 1, 'C', 'Arcane', '1E',
      exhaustion=1, upkeep=0, line=1430,
      text=('Arcane Flux (4XP) [C] Arcane: 1E. Draws energy from the elemental planes to create a pool of energy '
            'in one hex lasting until the end of combat. If a creature is in the hex, it causes 1HP damage. If a '
            'creature enters a hex with energy flux, it also takes 1HP damage. If a creature starts its turn in a'
            " hex with flux and does not leave, it takes 3HP damage during the Action phase on the casting hero's"
            ' turn. Attacking while standing on a hex with flux is distracting, resulting in AD-2 on the attack '
            'roll. Armor (but not a shield) protects against damage until cumulative damage exceeds the armor '
            'bonus. For example, a hero with chainmail (3) will take no damage the turn it enters flux, but the '
            'chainmail effectiveness is reduced by one from three to two points by the flux. Thus on the second '
            'turn, when exposed to 3HP flux damage the chainmail only protects 2HP, resulting in 1HP damage. '
            'Animals and magical beasts with KN0 will not enter a flux hex, but undead will walk into it. As with'
            ' all Arcane Spells, a Spellcaster may use Elemental Bending to imbue the hex with an element of fire'
            ' (which will then do 2/4 HP damage), air (damages at the beginning of the attack order) or ice '
            '(reduces AD by an additional 1, so AD-3). Flux stays in the hexes it was cast in. It does not hurt '
            'the caster but will hurt all other combatants, including allies.')),
    S('Armor Penetration', 3, 1, 'T', 'Curse', '1E, lasts three turns',
      exhaustion=1, upkeep=0, duration=3, line=1432,
      text=("Armor Penetration (3XP) [T] Curse: 1E, lasts three turns. Penetrates three points of the target's "
            "armor & shields, thus reducing the target's armor by three. This includes all forms of armor, "
            'including magic items, natural armor, and armor from Spells. This applies to all attacks against the'
            ' target made by any creature.')),
    S('Boon', 3, 1, 'T', 'Enchantment', 'xE, lasts five turns',
      exhaustion=None, upkeep=0, duration=5, line=1434,
      text=('Boon (3XP) [T] Enchantment: xE, lasts five turns. The caster decides if the target gains temporary '
            'points in MT, DX, KN, or a Skill. If MT is granted, the target also gains temporary HP. Raising KN '
            'does not grant temporary XP. The caster incurs the amount of E equal to the temporary points granted'
            ' to the target.')),
    S('Candlelight', 2, 1, 'T', 'Enigmatic', '0E',
      exhaustion=0, upkeep=0, outside_combat=True, line=1436,
      text=('Candlelight (2XP) [T] Enigmatic: 0E. Creates a focus of light that emanates from an item carried by '
            'the target, illuminating the battle map and eliminating penalties for darkness. Candlelight lasts '
            'until the caster decides to extinguish it, or until the caster re-casts Candlelight on a new target.'
            ' This Spell can be used outside of combat.')),
    S('Clumsiness', 4, 1, 'T', 'Curse', 'xE, lasts three turns (or one turn if the target has MT20+)',
      exhaustion=None, upkeep=0, duration=3, line=1438,
      text=('Clumsiness (4XP) [T] Curse: xE, lasts three turns (or one turn if the target has MT20+). Target gets'
            ' -2 AD per 1E spent on its to-hit rolls, but this does not adjust the attack order. The target still'
            " attacks in order as if its DX were not reduced. If the target's AD is reduced below 0, then the "
            'target has AD0 with Misfortune. The target can only gain one rank of Misfortune, even if the AD is '
            'reduced multiple points below 0.')),
    S('Elemental Protection', 2, 1, 'T', 'Enchantment', '1E, lasts five turns',
      exhaustion=1, upkeep=0, duration=5, line=1440,
      text=('Elemental Protection (2XP) [T] Enchantment: 1E, lasts five turns. The target becomes immune to the '
            'elemental effects of spells, elemental damage (for example, fire), and Arcane spells for the '
            'duration of the spell.')),
    S('Gateway', 4, 1, 'C', 'Conjuration', '2E',
      exhaustion=2, upkeep=0, duration=10, line=1442,
      text=('Gateway (4XP) [C] Conjuration: 2E. Lasts 10 turns. Create a gateway between two target locations. '
            'Creatures can pass through the gates and act as if the hexes are adjacent. The first gateway must be'
            ' within Creation range (3 hexes), but the second gateway can be anywhere within line of sight of the'
            ' caster.* Both hexes must be empty of creatures and major obstacles. Creatures can move into the '
            'gate with normal movement. It takes 1 movement to enter a gate hex from an adjacent hex. From a '
            'gate, a figure may then spend 1 more movement to move to the second gate. A figure that moves into a'
            ' gate hex is not required to travel to the second gate - it is their choice whether they want to '
            'pass through the gate or move to a different adjacent hex. Any 1 hex combatant may move through a '
            'gate if it is unobstructed, heroes and foes alike. Creatures with animal intelligence or no '
            'intelligence, like undead, will not move through the gate. While standing in a gate, the hexes '
            'immediately surrounding the gate are adjacent. The corresponding gate hex is also adjacent. A figure'
            ' standing in a gate may attack adjacent hexes as per normal rules, and may make a melee attack '
            'against a figure in the other gate. However, all attacks against the other gate are as -4 AD. A '
            'ranged attack - either from a bow/crossbow, a thrown weapon or a Spell - that passes through a hex '
            'with a gate does not travel through the gate; it continues its line of flight as if the gate did not'
            ' exist. *When determining which hexes are eligible to host the second gate, use rules for a ranged '
            'attack; if a hex is within the rules of no cover or partial cover then it is a candidate, but hexes '
            'that have complete cover are not eligible.')),
    S('Heightened Senses', 2, 1, 'T', 'Enchantment', '0E',
      exhaustion=0, upkeep=0, duration=5, line=1444,
      text=('Heightened Senses (2XP) [T] Enchantment: 0E. Lasts five turns. For the duration of the spell, the '
            "target's senses are heightened. Therefore, all surrounding hexes are treated as front hexes.")),
    S('Readied Strike', 5, 1, 'T', 'Enchantment', '2E',
      exhaustion=2, upkeep=0, duration=10, line=1446,
      text=('Readied Strike (5XP) [T] Enchantment: 2E. Lasts 10 turns. The Target, which can be the caster '
            'themself, gains Readied Strike as long as it does not move. As soon as the Target moves, Readied '
            'Strike is lost. Readied Strike applies on the first attack against foes that become Embattled by the'
            ' Target. The Target makes this attack at the start of the Attack Order (although at their normal AD)'
            ' and, if successful, deals critical damage, enabling the Crit Die to be rolled. This attack must be '
            'made on the same turn that the foe becomes Embattled. If Readied Strike is cast on a Target that is '
            'already Embattled, the Target cannot make Readied Strikes against any foes it is already Embattled '
            'with.')),
    S('Arcane Storm', 4, 2, 'T', 'Arcane', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1450,
      text=('Arcane Storm (4XP) [T] Arcane: 1E+1E/turn. Does 1d4 damage to all creatures and allies, except for '
            'the casting hero (so the Spell may be cast on self) in the target hex and the surrounding adjacent '
            'hexes (7 hexes in total). Continues to deal damage each turn that the caster maintains the Spell. '
            'The damage bypasses armor and shields, so armor provides no benefit, including magical armor and '
            'natural armor like fur and scales. Roll the damage once and apply it to all creatures. As with all '
            'Arcane spells, if the caster has the Discipline Elemental Bending, Arcane Storm may be imbued with a'
            ' specific element to cast Air Storm, Fire Storm, or Ice Storm. Elemental Bending can be applied to '
            'Arcane Storm each turn. Hexes with Arcane Storm do not grant cover. The Storm will stay in the hexes'
            ' where it was cast until dismissed by the caster. Multiple castings of Storm can be stacked in the '
            'same hexes.')),
    S('Grappling Agility', 4, 2, 'T', 'Furtherance', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1452,
      text=('Grappling Agility (4XP) [T] Furtherance: 1E+1E/turn. Target automatically wins opposed checks to '
            'Grapple or to avoid a Grapple against 1-hex foes. Foes are not aware that the target is under the '
            'Spell, so they may repeatedly try to Grapple. If cast on a target that is already Grappled, the '
            'target will automatically succeed on attempts to escape, and then may crawl to an adjacent hex.')),
    S('Grease', 4, 2, 'T', 'Conjuration', '1E',
      exhaustion=1, upkeep=0, line=1454,
      text=('Grease (4XP) [T] Conjuration: 1E. As per Grease, Minor (KN0) except select seven contiguous hexes to'
            ' become greased until the end of combat.')),
    S('Inversus Minor', 5, 2, 'T', 'Enigmatic', '2E',
      exhaustion=2, upkeep=0, line=1456,
      text=('Inversus Minor (5XP) [T] Enigmatic: 2E. Throw your Spell against a one-hex target. If successful, '
            'you immediately change positions with the target. For the remainder of the turn, both the caster and'
            ' the target face the directions they were facing when the Spell was cast.')),
    S('Magic Armor I', 3, 2, 'T', 'Enchantment', '1E, lasts three turns',
      exhaustion=1, upkeep=0, duration=3, line=1458,
      text=('Magic Armor I (3XP) [T] Enchantment: 1E, lasts three turns. Provides three points of armor. Stacks '
            'with other armor, but does not stack with other Spells that provide armor, such as subsequent '
            'castings of Magic Armor.')),
    S('Summon Beast II', 5, 2, 'C', 'Summoning', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1460,
      text=('Summon Beast II (5XP) [C] Summoning: 1E+1E/turn. Summon a non-flying, medium-sized animal of your '
            'choosing that is completely under your control, such as a puma or wolf. The animal has the following'
            ' statistics: HP10, MT2, DX4/AD4, KN0, Grapple 3, Movement 6, Bite/Claws 2d4 damage.')),
    S('Trip', 5, 2, 'T', 'Curse', '2E if the target has less than MT20, or 4E if target has MT20+',
      exhaustion=2, upkeep=0, heavy=(20, 4), line=1462,
      text=('Trip (5XP) [T] Curse: 2E if the target has less than MT20, or 4E if target has MT20+. The target is '
            'tripped and knocked prone.')),
    S('Control Animal', 5, 3, 'T', 'Curse', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1466,
      text=('Control Animal (5XP) [T] Curse: 1E+1E/turn. Gain control of one animal or magic beast that has KN0 '
            'and MT less than 20. The animal immediately gets an opposed KN check to prevent being controlled '
            "(roll AD equal to the animal's KN minus the caster's KN, which will be a negative AD.). If the "
            'target makes the save, the caster still expends 1E but the Spell fails. If the animal fails the '
            'save, the caster may immediately control the animal, deciding all movements and actions on the '
            "animal's turn for as long as the Spell is maintained. If cast on an image, the image is dispelled "
            'and disappears. Animals include all mammals, reptiles, amphibians, dinosaurs, insects, and magical '
            'beasts, like sea monsters, as long as their KN is 0. All undead, including undead (zombie) animals, '
            'are not affected. If cast on an animal that is controlled by a foe, either via the Control Animal '
            'Spell or because the animal is summoned, then instead of the animal making an opposed check, the '
            "opposed check is made against the opposing Spellcaster. If control of a foe's animal is successful, "
            'the foe will immediately drop the Spell, causing the animal to disappear.')),
    S('Create Undead', 5, 3, 'T', 'Conjuration', '0E, 1HP',
      exhaustion=0, upkeep=0, hp_cost=1, outside_combat=True, line=1468,
      text=('Create Undead (5XP) [T] Conjuration: 0E, 1HP. Creates a zombie from a corpse. The zombie has the '
            'same MT as prior to death, but the Spell may only be cast on a corpse of MT5 or less. Imbuing a '
            'corpse with life requires the caster to donate some life essence, so this Spell causes 1HP of damage'
            ' from the caster instead of Exhaustion. The Spell takes three turns to cast, so it is usually used '
            'after combat. The zombie has the same HP as max HP (when at full health) prior to death. DX and '
            'Movement are the same as prior to death, but DX is reduced by 1, KN is 0, Movement is reduced by 2. '
            'It may use weapons/armor if it was able to use weapons prior to death. The zombie cannot heal. The '
            "hero can control only 1 zombie at a time. It takes the hero's Movement phase to direct a zombie to "
            'move and attack a foe, and another Movement phase to redirect the zombie to attack a different foe. '
            'Once directed, the zombie will continue to attack the foe until the foe is dead, but will then stand'
            ' inert until redirected. This Spell can be used outside of combat.')),
    S('Delve Secrets I', 6, 3, 'S', 'Enigmatic', '2E + E cost of the Spell delved',
      exhaustion=2, upkeep=0, line=1470,
      text=('Delve Secrets I (6XP) [S] Enigmatic: 2E + E cost of the Spell delved. You may cast a Creation [C] or'
            ' Thrown [T] Spell that you do not know, but it costs 2E more than the normal cost for the Spell on '
            'initial casting. For spells that have a maintenance cost, the maintenance cost is the same. You '
            'cannot cast [S] Spells that you do not know. The Spell you cast must be a lower KN than the Delve '
            'Secrets used to cast it. For Delve Secrets I, the unknown Spell that is cast must be KN 0-2.')),
    S('Guise of the Beast I', 5, 3, 'S', 'Shapeshifting', '1E',
      exhaustion=1, upkeep=0, line=1472,
      text=('Guise of the Beast I (5XP) [S] Shapeshifting: 1E. The caster transforms into a wolf or similar '
            'beast, and gains the following statistics: +5 HP, +5 MT, DX 4, AD 4, Grapple 3, Movement 6, 1d6+1 '
            "damage. The caster can only cast this Spell on themself and can't cast Spells nor use weapons or "
            'items while in beast form. The caster may return to normal by spending the Movement phase or an '
            'Action morphing back. Armor does not carry over to beast form. The bonus HP obtained while in beast '
            'form absorbs wounds and/or Exhaustion first. Example: with +5 HP, if a hero takes 6 HP damage, when '
            'returning to normal form they will only accrue 1 HP of damage.')),
    S('Magic Shield II', 5, 3, 'T', 'Enchantment', '1E',
      exhaustion=1, upkeep=0, duration=10, line=1474,
      text=('Magic Shield II (5XP) [T] Enchantment: 1E. As per Magic Shield I, above, but provides 2 points of '
            'armor.')),
    S('Reverse Ranged Attacks', 5, 3, 'T', 'Furtherance', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1476,
      text=('Reverse Ranged Attacks (5XP) [T] Furtherance: 1E+1E/turn. An invisible protective barrier forms '
            'around the target. When the target is hit by ranged weapons, thrown weapons, or thrown Spells, the '
            'attacks are reversed and instead hit the original attacker. A second attack roll is not necessary; '
            'if the attacker hits a target who is protected by the Reverse Ranged Attack Spell, then the attacker'
            ' automatically hits itself instead. Note that the attacker must still roll to hit the protected '
            'target.')),
    S('Sleep', 5, 3, 'T', 'Curse', '3E',
      exhaustion=3, upkeep=0, line=1478,
      text=('Sleep (5XP) [T] Curse: 3E. Target falls prone and sleeps until awakened or hit by an attack or '
            'another Spell. Only works on creatures with MT less than 10.')),
    S('Summon Spectral Warrior', 6, 3, 'C', 'Summoning', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1480,
      text=('Summon Spectral Warrior (6XP) [C] Summoning: 1E+1E/turn. Summons a spectral warrior who acts as an '
            'ally and has the following statistics. Spectral Warrior: HP14, MT4, DX2, AD2, KN0, Grapple 2, '
            'Movement 5, Spectral weapon: 2d6 damage.')),
    S('Trap', 5, 3, 'T', 'Conjuration', '1E',
      exhaustion=1, upkeep=0, line=1482,
      text=('Trap (5XP) [T] Conjuration: 1E. The caster chooses seven contiguous hexes that become trapped. The '
            'trap is invisible. Creatures must stop for the turn when they enter a trapped hex. In subsequent '
            'turns, trapped creatures must succeed on a Moderate MT check (AD+0) to move, then can only move one '
            'hex. If MT is 20 or greater they may move two hexes. Affects images.')),
    S('Arcane Nova', 5, 4, 'T', 'Arcane', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1486,
      text=('Arcane Nova (5XP) [T] Arcane: 1E+1E/turn. Does 1d6 damage to all creatures, except for the casting '
            'hero, in the target hex and the surrounding adjacent hexes (seven hexes in total). The Spell may be '
            'cast on self. Continues to inflict damage each turn that the caster maintains the Spell. The damage '
            'bypasses armor and shields, so armor provides no benefit. This includes magical armor and natural '
            'armor such as fur and scales. Roll the damage once and apply it to all creatures. As with all Arcane'
            ' spells, if the caster has the Discipline Elemental Bending, Arcane Nova may be imbued with a '
            'specific element to cast Air Nova, Fire Nova, or Ice Nova.')),
    S('Arcane Flux, Greater', 5, 4, 'C', 'Arcane', '2E',
      exhaustion=2, upkeep=0, line=1488,
      text=('Arcane Flux, Greater (5XP) [C] Arcane: 2E. As per Arcane Flux, but on 3 contiguous spaces. May be '
            'imbued with Air, Fire or Ice with the Discipline Elemental Bending. Hexes with Arcane Flux do not '
            'grant partial cover.')),
    S('Augury', 5, 4, 'C', 'Enigmatic', '3E',
      exhaustion=3, upkeep=0, outside_combat=True, line=1490,
      text=('Augury (5XP) [C] Enigmatic: 3E. Provides the caster with a short glimpse into the future. Allows the'
            ' players to intentionally make a choice in a non-combat situation, understand the ramifications of '
            'the decision by viewing the outcome in Loremaster, and then hit the back arrow to view or make a '
            'different selection (if desired). Unless stated by Loremaster, a rest period does not follow Augury.'
            ' This Spell can be used outside of combat.')),
    S('Fly', 5, 4, 'T', 'Furtherance', '1E+1 every two turns',
      exhaustion=1, upkeep=1, upkeep_every=2, line=1492,
      text=('Fly (5XP) [T] Furtherance: 1E+1 every two turns. Gain Movement 6 while flying. While flying, you '
            'have -1 AD to cast any Spell and -2 AD to attack with melee, -3 AD to attack with a ranged attack. '
            'Other creatures that attack you have -3 AD to hit you. If flight is canceled while flying, you fall '
            'to the ground taking 2d6 damage.')),
    S('Inversus Major', 5, 4, 'T', 'Enigmatic', '2E',
      exhaustion=2, upkeep=0, line=1494,
      text=('Inversus Major (5XP) [T] Enigmatic: 2E. Make an attack against a one-hex target. This Spell is '
            'easier to throw than most spells, so use the range increments for a ranged weapon, such as a bow. If'
            " successful, you immediately change the target's position on the map with that of another one-hex "
            'figure who is within three hexes of you. You may choose to be the target yourself. If there is no '
            'other figure within three hexes of you, then you must be the figure that exchanges locations with '
            'the target. For the remainder of the turn, both the caster and the target remain facing in the same '
            'direction they were facing when the Spell was cast.')),
    S('Paralysis', 5, 4, 'T', 'Curse', '4E',
      exhaustion=4, upkeep=0, duration=3, line=1496,
      text=('Paralysis (5XP) [T] Curse: 4E. Immobilizes the target for three turns. The target remains standing, '
            'but cannot move or attack. Paralyzed creatures cannot Embattle foes. The paralyzed target can still '
            'cast Spells at two or more points below their KN. Attacking a paralyzed creature with a melee attack'
            ' grants the attacker +4 AD to hit. Paralysis does not affect creatures with MT10+.')),
    S('Summon Beast III', 5, 4, 'C', 'Summoning', '2E+1E/turn',
      exhaustion=2, upkeep=1, line=1498,
      text=('Summon Beast III (5XP) [C] Summoning: 2E+1E/turn. Summon a beast that acts as an ally under your '
            'control, such as a bear, lion, tiger, crocodile, or similar. Stats: HP20, MT10, DX0, AD0, Grapple5, '
            'KN0, Movement 5, 2d6+1d4 damage.')),
    S('Sunder Item', 5, 4, 'T', 'Curse', '2E',
      exhaustion=2, upkeep=0, line=1502,
      text=('Sunder Item (5XP) [T] Curse: 2E. Shatters a weapon, shield, or other visible item, rendering it '
            'useless. Magic items can be repaired.')),
    S('True Vision', 3, 4, 'T', 'Enchantment', '0E, lasts five turns',
      exhaustion=0, upkeep=0, duration=5, line=1504,
      text=('True Vision (3XP) [T] Enchantment: 0E, lasts five turns. Gives the target the ability to see through'
            ' Blur, invisibility, darkness, and other similar conditions.')),
    S('Delve Secrets II', 6, 5, 'S', 'Enigmatic', '2E + E cost of the Spell delved',
      exhaustion=2, upkeep=0, line=1508,
      text=('Delve Secrets II (6XP) [S] Enigmatic: 2E + E cost of the Spell delved. You may cast a Creation [C] '
            'or Thrown [T] Spell that you do not know, but it costs 2E more than the normal cost for the Spell on'
            ' initial casting. Spells that have a maintenance cost are not changed; the maintenance cost is the '
            'same. You cannot cast [S] Spells that you do not know. The Spell you cast must be a lower KN than '
            'the Delve Secrets used. For Delve Secrets II the unknown Spell cast must be KN 0-4. Delve Secrets I '
            'is not a mandatory prerequisite.')),
    S('Grease, Greater', 4, 5, 'T', 'Conjuration', '1E',
      exhaustion=1, upkeep=0, line=1510,
      text=('Grease, Greater (4XP) [T] Conjuration: 1E. As per Grease except creatures have Misfortune on their '
            'checks to avoid falling.')),
    S('Guise of the Beast II', 5, 5, 'S', 'Shapeshifting', '2E',
      exhaustion=2, upkeep=0, line=1512,
      text=('Guise of the Beast II (5XP) [S] Shapeshifting: 2E. As per Guise of the Beast I, except the caster '
            'transforms into a bear or similar beast and gains the following statistics: +8 HP, +8 MT, DX 1, AD '
            '1, Grapple 4, Movement 5, 2d6 damage, 1pt armor. The caster can only cast this Spell on themself.')),
    S('Magic Armor II', 3, 5, 'T', 'Enchantment', '1E',
      exhaustion=1, upkeep=0, duration=3, line=1514,
      text=('Magic Armor II (3XP) [T] Enchantment: 1E. Lasts three turns. Provides 4 points of armor. Stacks with'
            ' other armor, but not with Magic Armor I and/or III.')),
    S('Paralysis, Greater', 5, 5, 'T', 'Curse', '4E',
      exhaustion=4, upkeep=0, duration=4, line=1516,
      text=('Paralysis, Greater (5XP) [T] Curse: 4E. Immobilizes the target for four turns. As per Paralysis, but'
            ' works against creatures of any size and MT.')),
    S('Summon Spectral Hero', 6, 5, 'C', 'Summoning', '2E+1E/turn',
      exhaustion=2, upkeep=1, line=1518,
      text=('Summon Spectral Hero (6XP) [C] Summoning: 2E+1E/turn. Summon a spectral hero who acts as an ally and'
            ' has the following statistics. Spectral Hero: HP16, MT6, DX4 AD2, KN0, Grapple 3, Movement 4, '
            'Spectral Weapon (2d6+1d4), Gambeson armor (2 armor points).')),
    S('Telekinesis', 5, 5, 'T', 'Curse', 'XE, minimum of 0E',
      exhaustion=None, upkeep=0, min_power=0, line=1520,
      text=('Telekinesis (5XP) [T] Curse: XE, minimum of 0E. You may move a target creature. The target must be '
            'one hex in size or smaller; this Spell has no effect on creatures larger than one hex. With success,'
            ' the caster moves the target one hex for each point of Exhaustion spent, plus one additional hex. If'
            ' the target collides with an obstruction (defined as an object that provides cover), then the target'
            ' stops in the hex before and must make an Acrobatics check or fall prone. (Creatures that do not '
            'have an Acrobatics stat use their AD.) The difficulty check is modified by the amount of hexes the '
            'target was moved. For example, if the target is moved three hexes, then the check is at (AD-3). If '
            'the target collides with a one-hex creature, both must make an Acrobatics check or fall prone. If '
            'the target collides with a creature larger than two hexes, that creature is not affected but Target '
            'still must make an Acrobatics check. The Spell may be cast on allies as well as foes. This Spell may'
            ' also be used to move Embattled combatants so that they are no longer Embattled.')),
    S('Control Humanoid', 5, 6, 'T', 'Curse', '3E+1E/turn',
      exhaustion=3, upkeep=1, line=1524,
      text=('Control Humanoid (5XP) [T] Curse: 3E+1E/turn. Gain control of one humanoid. The target immediately '
            "makes a KN opposed check (subtract the caster's KN from the target's KN to determine the AD for the "
            'opposed check). If the target makes the save, the caster still expends 3E, but the Spell fails. If '
            'the target fails the save, the casting wizard may immediately control the target, deciding all '
            "movements and actions on the target's turn for as long as the Spell is maintained. This Spell "
            'automatically dispels images. Humanoids are defined as all creatures with two legs and two arms, '
            'excluding undead, djinn, and devils. If cast on a person who is controlled by another wizard, there '
            'is no opposed check. Instead, both wizards make opposed KN checks against one another to determine '
            'which wizard gains control of the target.')),
    S('Create Undead, Greater', 5, 6, 'T', 'Conjuration', '0E, 2HP',
      exhaustion=0, upkeep=0, hp_cost=2, outside_combat=True, line=1526,
      text=('Create Undead, Greater (5XP) [T] Conjuration: 0E, 2HP. As per Create Undead, except there is no '
            "limit to zombie corpse size and there is no DX penalty if the corpse's MT is 5 or less. It causes 2 "
            'HP of damage to the caster to create the undead. This Spell can be used outside of combat.')),
    S('Dispel', 4, 6, 'T', 'Enigmatic', '1E',
      exhaustion=1, upkeep=0, line=1528,
      text=('Dispel (4XP) [T] Enigmatic: 1E. Dispels all Spells and Spell effects in one chosen hex, including '
            'creations and summoned creatures. If cast on self, it affects every Spell within 10 hexes, including'
            ' "friendly" Spells.')),
    S('Regeneration', 6, 6, 'T', 'Enchantment', '1E',
      exhaustion=1, upkeep=0, duration=3, outside_combat=True, line=1530,
      text=('Regeneration (6XP) [T] Enchantment: 1E. Lasts three turns. Target heals 1d6 damage per turn. '
            'Regeneration can only be cast once per day on a target hero. Therefore, the caster can cast '
            'Regeneration once on every hero in the party daily, including themself. Even if more than one caster'
            ' in the party knows the Regeneration Spell, it can still only be cast once total per day on each '
            'hero. This Spell can be used outside of combat.')),
    S('Ricochet Attack', 5, 6, 'T', 'Furtherance', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1532,
      text=('Ricochet Attack (5XP) [T] Furtherance: 1E+1E/turn. Magically protects the target from melee attacks.'
            ' When the target is hit by a melee attack, the blow is reflected back at the attacker. Both the '
            'attacker and the target take half of the damage rounded up. For example, if a foe hits a target for '
            '7 HP damage, both the attacker and the individual protected by this Spell take 4 damage. This only '
            'impacts melee attacks, including attacks in a Grapple. It does not impact ranged attacks or Spell '
            'attacks. The armor value of each combatant is subtracted after dividing the damage.')),
    S('Spell Shield', 4, 6, 'T', 'Furtherance', '1E+1E/turn',
      exhaustion=1, upkeep=1, line=1534,
      text=('Spell Shield (4XP) [T] Furtherance: 1E+1E/turn. Creates a magical barrier around the target and '
            'prevents all other Spells from affecting the target, including ranged Spells.')),
    S('Summon Flying Beast', 5, 6, 'C', 'Summoning', '2E+1E/turn',
      exhaustion=2, upkeep=1, line=1536,
      text=('Summon Flying Beast (5XP) [C] Summoning: 2E+1E/turn. Summons a hippogriff or similar flying beast '
            'who acts as an ally and has the following statistics. Hippogriff: HP20, MT10 DX1, AD1, KN0, Grapple '
            '5, Movement 5 on the ground, 8 flying, 2d6 damage, Scales (2 armor protection).')),
    S('Summon Colossus', 5, 6, 'C', 'Summoning', '2E+1E/turn',
      exhaustion=2, upkeep=1, line=1538,
      text=('Summon Colossus (5XP) [C] Summoning: 2E+1E/turn. Summons a colossus, such as a giant or cyclops, who'
            ' acts as an ally and has the following statistics. Colossus: HP40, MT30, DX0, AD0, KN0, Grapple 3 '
            'except 8 to avoid being Grappled, Movement 4, 4d6 damage. Has Reach and Overrun.')),
    S('Teleport', 4, 6, 'S', 'Enchantment', '1E',
      exhaustion=1, upkeep=0, line=1540,
      text=('Teleport (4XP) [S] Enchantment: 1E. Teleport anywhere on the battlemap. Move your standee to any hex'
            ' and face the desired direction.')),
    S('Tentacles of Gaia, Lesser', 5, 6, 'C', 'Conjuration', '2E+1E/turn',
      exhaustion=2, upkeep=1, line=1542,
      text=('Tentacles of Gaia, Lesser (5XP) [C] Conjuration: 2E+1E/turn. Tentacles appear out of the ground in 7'
            ' contiguous hexes defined by the casting hero. The first hex must be within three hexes of the '
            'caster. Once cast, the tentacles will not change locations on subsequent turns. The tentacles '
            'Grapple all creatures, friend or foe, in the affected hexes but not in adjacent hexes. The tentacles'
            ' act on the turn of the casting hero and have Grapple 3 for opposed Grapple checks. They have '
            'Grappling Expertise (may make a 2nd Grapple Check if the first one fails). Roll separately against '
            'each creature. Tentacles have AD2 for attacks and deal 1d6+1d4 damage.')),
    S('Divine Might', 5, 7, 'T', 'Furtherance', 'xE+xE/turn',
      exhaustion=None, upkeep=None, max_power=3, line=1546,
      text=("Divine Might (5XP) [T] Furtherance: xE+xE/turn. Target's melee attacks deal an additional 1d6 damage"
            " per E spent, up to a maximum of 3E. For example, if the casting hero spends 3E, the target's melee "
            'attack will deal an extra 3d6 damage each turn the Spell is maintained.')),
    S('Guise of the Beast III', 5, 7, 'S', 'Shapeshifting', '2E',
      exhaustion=2, upkeep=0, line=1548,
      text=('Guise of the Beast III (5XP) [S] Shapeshifting: 2E. As per Guise of the Beast I, except the caster '
            'transforms into a hippogriff or similar beast and gains the following statistics: +6 HP, +5 MT, DX1,'
            ' AD1, Grapple 6, Movement 6 on the ground, 8 flying, Talons 2d6 damage. 2 armor protection. The '
            'caster can only cast this Spell on themself. See flying rules.')),
    S('Magic Armor III', 3, 7, 'T', 'Enchantment', '1E',
      exhaustion=1, upkeep=0, duration=3, line=1550,
      text=('Magic Armor III (3XP) [T] Enchantment: 1E. Lasts three turns. Provides 6 points of armor. Stacks '
            'with other armor but not with Magic Armor I or II.')),
    S('Revival', 5, 7, 'T', 'Enigmatic', 'xE',
      exhaustion=None, upkeep=0, outside_combat=True, line=1552,
      text=('Revival (5XP) [T] Enigmatic: xE. Brings the target back to life if the target died in the past (1) '
            "hour of playing time. It costs 1E to increase the target's HP by 1. To be effective, the target's HP"
            ' must be raised to at least -4, in which case the target is still unconscious. Raising HP to 1 will '
            'revive the target to consciousness. For example, if a dead hero has -8HP, the caster must spend at '
            'least 4E to bring the target to -4HP, and 9E would revive the dead hero to 1HP. The caster could '
            'become unconscious or even die by casting this Spell. This Spell can be used outside of combat.')),
    S('Summon Hydra', 5, 7, 'C', 'Summoning', '2E+1E/turn',
      exhaustion=2, upkeep=1, line=1554,
      text=('Summon Hydra (5XP) [C] Summoning: 2E+1E/turn. Summons a hydra or similar four-hex beast who acts as '
            'an ally and has the following statistics. Hydra: HP40, MT30, DX3, AD3, KN0, Grapple 6, Movement 5. '
            'It has five heads which each attack separately and do 1d6+1d4 damage. Has Overrun.')),
    S('Transfer Wounds', 5, 7, 'T-T', 'Enigmatic', 'xE',
      exhaustion=None, upkeep=0, line=1556,
      text=('Transfer Wounds (5XP) [T-T] Enigmatic: xE. Transfers damage. The caster loses E equal to the HP '
            'transferred. The caster must first roll to throw a Spell at target1 to be healed (for example, a '
            'team member). Then, if successful, the caster next rolls to throw the Spell at target2, who will '
            'receive the damage. Target1 heals all HP damage suffered in this combat. Target2 loses HP equal to '
            'the amount of damage healed on target1. Armor provides no protection. If the caster chooses Self as '
            'the target to heal, then only one roll is required, which is the attack roll to throw the Spell at '
            'the foe to be wounded. If desired, the caster may choose to transfer less than the full amount of '
            'HP. This Spell does not heal Exhaustion.')),
    S('Arcane Flux, Superior', 5, 8, 'C', 'Arcane', '1E',
      exhaustion=1, upkeep=0, line=1560,
      text=('Arcane Flux, Superior (5XP) [C] Arcane: 1E. As per Arcane Flux Spell, but 7 contiguous spaces or '
            'less. May be imbued with Air, Fire or Ice with Elemental Bending Discipline.')),
    S('Delve Secrets III', 6, 8, 'S', 'Enigmatic', '2E + E cost of the Spell delved',
      exhaustion=2, upkeep=0, line=1562,
      text=('Delve Secrets III (6XP) [S] Enigmatic: 2E + E cost of the Spell delved. You may cast a Creation [C] '
            'or Thrown [T] Spell that you do not know, but it costs 2E more than the normal cost for the Spell on'
            ' initial casting. Spells that have a maintenance cost are not changed; the maintenance cost is the '
            'same. You cannot cast [S] Spells that you do not know. The Spell you cast must be a lower KN than '
            'the Delve Secrets used. Therefore, with Delve Secrets III the unknown Spell cast must be KN 0-7. '
            'Delve Secrets I and II are not mandatory prerequisites.')),
    S('Guise of the Beast IV', 5, 8, 'S', 'Shapeshifting', '2E',
      exhaustion=2, upkeep=0, line=1564,
      text=('Guise of the Beast IV (5XP) [S] Shapeshifting: 2E. As per Guise of the Beast I, except the caster '
            'transforms into a hydra or similar beast, becomes four hexes in size, and gains the following '
            'statistics: MT+15, HP+15 DX3, AD3, Movement 5, five separate attacks each 1d6+1d4.')),
    S('Immunity', 5, 8, 'T', 'Furtherance', '3E+2E/turn',
      exhaustion=3, upkeep=2, line=1566,
      text=('Immunity (5XP) [T] Furtherance: 3E+2E/turn. Target is immune to all damage & Spells for as long as '
            'the Spell is maintained. Dispel removes Immunity.')),
    S('Paralysis, Mass', 5, 8, 'T', 'Curse', '9E',
      exhaustion=9, upkeep=0, duration=3, line=1568,
      text=('Paralysis, Mass (5XP) [T] Curse: 9E. As per Paralysis (KN4), except all creatures in seven '
            'contiguous hexes are immobilized. It only affects creatures with less than MT10, unless you '
            'intentionally target only one creature in which case it can freeze one creature up to MT30.')),
    S('Summon Djinn', 5, 8, 'C', 'Summoning', '4E',
      exhaustion=4, upkeep=0, duration=10, line=1570,
      text=('Summon Djinn (5XP) [C] Summoning: 4E. Lasts 10 turns. Summons a djinn or similar entity with the '
            'following statistics. Djinn: HP50, MT40, AD3 but Haste in attack order, KN6, can teleport without E '
            'cost as Movement. Actions: Claw 2d6 + Spellstrike, Terror Spell at no E cost, crits on all hit faces'
            ' as per Swordsmanship. The casting hero must use their Movement phase each turn to force the djinn '
            "to act according to the hero's will by rolling an opposed KN check. With failure, the djinn taunts "
            'the caster and does not act.')),
    S('Tentacles of Gaia, Greater', 5, 8, 'T', 'Conjuration', '3E+1E/turn',
      exhaustion=3, upkeep=1, line=1572,
      text=('Tentacles of Gaia, Greater (5XP) [T] Conjuration: 3E+1E/turn. As per Lesser Tentacles, but the Spell'
            ' is thrown at a hex. With success, it affects the target hex and all hexes within a five-hex radius.'
            ' The tentacles have MT16, Grapple 9, AD4, Grappling Expertise and deal 2d6+1 damage.')),
    S('Word of Death', 5, 8, 'T', 'Enigmatic', 'xE',
      exhaustion=None, upkeep=0, min_power=0, line=1574,
      text=('Word of Death (5XP) [T] Enigmatic: xE. Compare the current HP of the target and the caster. '
            'Whichever has less HP dies instantly, as if at -5 HP. If the caster survives, they then suffer an '
            'Exhaustion cost equal to the amount of HP that the target had prior to the Spell. For example, if '
            'the target had 7HP and the casting hero had 9HP prior to the Spell being cast, then the target dies '
            'and the casting hero suffers 7 points of exhaustion.')),
)
