"""Every Discipline of the Hero Handbook (seed 001, Appendix: Disciplines, lines 1131-1361), as data:
name, XP, KN (the heading it is listed under), the categories of "Disciplines by Category"
(lines 1105-1129), prerequisites, and the entry's seed line and text. Generated once from the
seed and checked against it by tests/unit/test_pericle_v4_handbook.py; edit by hand with the
seed open."""

from __future__ import annotations

from domain.rulesets.pericle.v4.handbook import HandbookDiscipline as D
from domain.rulesets.pericle.v4.handbook import Prerequisites as P

DISCIPLINE_BOOK: tuple[D, ...] = (
    D('Acrobatics I', 4, 0, ('Combat Maneuvers',),
      line=1133,
      text=('Acrobatics I (4XP): Gain AD+1 when making Athletics Skill Checks (Roll all Athletics Checks as if 1 '
            'rank higher). In addition, you may get up from prone using your entire Movement phase instead of a '
            'full turn. You may add your base ranks in Athletics to your Grapple score when attempting to avoid '
            'being Grappled or when you attempt to escape from a Grapple.')),
    D('Arbalist I', 5, 0, ('Crossbow',),
      line=1135,
      text=('Arbalist I (5XP): Gain AD+1 when attacking with a crossbow.')),
    D('Armor Proficiency I', 6, 0, ('Defense',),
      line=1137,
      text=('Armor Proficiency I (6XP): Allows you to wear armor with a decreased Movement penalty. When wearing '
            'plate armor or chainmail, your Movement is 4 instead of 3. When wearing Gambeson (cloth) armor, your'
            ' Movement is 5 instead of 4.')),
    D('Dodge Projectiles', 4, 0, ('Defense',),
      line=1139,
      text=('Dodge Projectiles (4XP): Your foes have AD-1 on attacks to hit you with a ranged attack or Spell.')),
    D('Grappler I', 4, 0, ('Martial Artist',),
      line=1141,
      text=('Grappler I (4XP): Gain an additional AD+1 on your Grappling rolls.')),
    D('Quick Jab', 10, 0, ('Polearm',),
      line=1143,
      text=('Quick Jab (10XP): When you choose to attack with a javelin or spear during your Action Phase, you '
            'may make an additional attack at AD-3. The additional attack may be used in conjunction with other '
            'Disciplines that add attacks, like Shield Bash.')),
    D('Quick Study', 5, 0, ('Utility',),
      line=1145,
      text=('Quick Study (5XP): Increasing your MT, DX, or KN requires one less XP than normal.')),
    D('Running', 4, 0, ('Combat Maneuvers',),
      line=1147,
      text=('Running (4XP): You may move one hex further in combat; gain +1 to your Movement score.')),
    D('Sharpshooter I', 10, 0, ('Bow', 'Crossbow'),
      line=1149,
      text=('Sharpshooter I (10XP): When attacking with a ranged attack, if you target a foe that is partially '
            'obstructed by another combatant or by a structure, the foe does not gain a defense bonus for partial'
            ' cover. If an ally provides partial cover and you miss your shot, you need not roll to miss your '
            'ally. You still cannot target a foe that has complete cover.')),
    D('Shield Bash I', 3, 0, ('Defense',),
      line=1151,
      text=('Shield Bash I (3XP): You can make an additional attack during your turn with your shield at AD-2 '
            'against an adjacent foe. It does 1d4 damage. This attack occurs at the same time as your first '
            'attack despite the lower chance to hit. Your main attack is not affected and suffers no penalty to '
            "hit. You may also make a Shield Bash attack against an adjacent foe that attacks you if you're "
            'Defending and you roll any die face other than a blank.')),
    D('Special Weapon Proficiency: Bardiche', 7, 0, ('Special',),
      line=1153,
      text=('Special Weapon Proficiency: Bardiche (7XP): You may wield a bardiche if you meet the MT requirement.'
            ' A bardiche is a polearm with a large steel axe blade, giving it the Reach properties of a polearm '
            'and the +1 damage property of an axe. With a Crit, the hero chooses either the crit effect of a '
            'polearm OR an axe. Bardiches do not benefit from Axe or Polearm Mastery Disciplines.')),
    D('Special Weapon Proficiency: Cestus', 5, 0, ('Special', 'Martial Artist'),
      line=1155,
      text=('Special Weapon Proficiency: Cestus (5XP): You may wield a cestus if you meet the MT requirement. A '
            'cestus is a battle glove fitted with iron plates and spikes designed for punching and close-quarters'
            ' fighting. Cesti may be used with the Martial Arts Disciplines. Like unarmed attacks, cesti do not '
            'have a crit special effect.')),
    D('Special Weapon Proficiency: Katar', 5, 0, ('Special', 'Martial Artist'),
      line=1157,
      text=('Special Weapon Proficiency: Katar (5XP): You may wield a katar if you meet the MT requirement. A '
            'katar is a short punching sword that requires special training to use. It gains the AD+1 property of'
            ' the sword class. Like a dagger, a katar can also be used in a Grapple, but it does not gain a bonus'
            ' to damage in a Grapple. Katars use the sword class crit effect.')),
    D('Special Weapon Proficiency: Khopesh', 5, 0, ('Special',),
      line=1159,
      text=('Special Weapon Proficiency: Khopesh (5XP): You may wield a khopesh if you meet the MT requirement. A'
            ' khopesh is a sickle-shaped sword with a hooked edge that requires special training to use. It has '
            'the AD+1 property of the sword class. Instead of a standard attack, the wielder may choose to trap a'
            " foe's weapon or shield with the inside curve of the blade. To do so, you must declare that you plan"
            " to attack your foe's weapon or shield before attacking at AD -1. If successful, you deal no damage "
            'but your foe cannot use their weapon or shield for one full turn until your action phase next turn. '
            'Khopesh use the sword class crit effect.')),
    D('Special Weapon Proficiency: Pike', 5, 0, ('Special',),
      line=1161,
      text=('Special Weapon Proficiency: Pike (5XP): You may use a pike if you meet the MT requirement. A pike is'
            ' a very long spear that requires special training to use. It can target foes two to three hexes '
            'away. Unlike other polearms, the length of the pike prevents you from attacking adjacent foes; you '
            'may only attack foes that are at least two hexes away. Like other polearms, pikes Embattle opponents'
            ' when they come within reach, so foes must stop when three hexes away. Subsequent Movement actions '
            'are limited to a one-hex Pivot, so a foe that is Embattled three hexes away may only Pivot to become'
            ' two hexes away during the Movement phase. Pikes gain the polearm class crit effect.')),
    D('Special Weapon Proficiency: Poleaxe', 5, 0, ('Special',),
      line=1163,
      text=('Special Weapon Proficiency: Poleaxe (5XP): You may use a poleaxe if you meet the MT requirement. A '
            'poleaxe has Reach property of a polearm and the +1 damage of an axe. With a critical hit, the hero '
            'chooses either the crit effect of a polearm or the crit effect of an axe.')),
    D('Special Weapon Proficiency: Polehammer', 5, 0, ('Special',),
      line=1165,
      text=('Special Weapon Proficiency: Polehammer (5XP): You may use a polehammer if you meet the MT '
            'requirement. A polehammer has both the Reach property of polearms and the armor penetration property'
            " of hammers (-2 to your foe's armor). With a critical hit, the hero chooses either the crit effect "
            'of a polearm or the crit effect of a hammer.')),
    D('Spell Strike', 15, 0, ('Magic',),
      line=1167,
      text=('Spell Strike (15XP): You may cast a thrown Spell when making a melee attack. You must declare that '
            'you are using Spell Strike and which Spell you will be using before you attack. If you successfully '
            'strike with your melee weapon, you may then roll an AD check to cast your Spell against the target '
            'you just hit with your weapon. If your weapon attack misses, the Spell is also automatically '
            'unsuccessful. However, if the attack hits but the Spell casting is unsuccessful, you still roll your'
            ' attack damage for the weapon but the Spell fails.')),
    D('Spell Throwing', 7, 0, ('Magic',),
      line=1169,
      text=('Spell Throwing (7XP): Gain AD+2 on your rolls when casting a thrown Spell.')),
    D('Tactics', 6, 0, ('Combat Maneuvers',),
      line=1171,
      text=("Tactics (6XP): Add AD+1 to your party's Initiative roll, regardless of who rolls the Initiative "
            'dice. If multiple heroes have the Tactics Discipline, they may all add their bonuses to their '
            "party's Initiative roll.")),
    D('Thrown Weapon Expertise', 10, 0, ('Combat Maneuvers',),
      line=1173,
      text=('Thrown Weapon Expertise (10XP): Gain AD+2 when throwing a weapon. Heroes with this Discipline may '
            'throw and then ready another thrown weapon during their Action Phase.')),
    D('Trigger Finger', 5, 0, ('Crossbow',),
      line=1175,
      text=('Trigger Finger (5XP): When wielding a crossbow, you may attack at the beginning of the attack order '
            'as described in the Haste Discipline. However, your attack AD remains unchanged.')),
    D('Weapon Mastery', 5, 0, ('Axe', 'Hammer', 'Polearm', 'Sword'),
      repeatable=True, line=1177,
      text=('Weapon Mastery (5XP): Select one type of weapon to specialize in: axes, hammers, polearms, or '
            'swords. When attacking with your chosen weapon type, you may either gain a bonus in the form of '
            'adding on AD+1 or +1 damage. The bonus to AD does not change your attack order and you must decide '
            'which bonus you will use prior to making your attack roll. This Discipline may be obtained more than'
            ' once for either different weapon types or the same weapon type. If a hero has acquired this '
            'Discipline multiple times for a single weapon type, the bonuses can be distributed in any manner the'
            ' hero wishes. For example, a hero with three Weapon Masteries in swords may apply them as AD+2 and '
            '+1 damage, or as AD+0 and +3 damage when wielding a sword.')),
    D('Animal Handler I', 5, 1, ('Utility',),
      line=1181,
      text=('Animal Handler I (5XP): As an Action, you may attempt to befriend an animal with a KN check as long '
            'as the animal is within six hexes of you, has KN0, and the animal is no larger than one hex. You may'
            ' retry on subsequent turns if you fail. Once befriended, the animal remains befriended and will not '
            'attack you or your allies. The befriended animal will accompany your party indefinitely, if desired,'
            ' as a companion. This does not give you the ability to control the animal (see Animal Handler II). '
            'However, when the party is entitled to make Perception checks to notice an enemy or a danger, you '
            "may roll a Perception check for the animal, and if it's successful it will alert you.")),
    D('Arbalist II', 5, 1, ('Crossbow',),
      requires=P(disciplines=('Arbalist I',)), line=1183,
      text=('Arbalist II (5XP): Prerequisite: Arbalist I. Gain an additional AD+1 (for a total of AD+2 with both '
            'Arbalist Disciplines) when attacking with a crossbow.')),
    D('Archery', 15, 1, ('Bow',),
      line=1185,
      text=('Archery (15XP): Gain AD+2 when attacking with a bow. This bonus affects both your attack order and '
            'your chance to hit your foe.')),
    D('Armor Proficiency II', 6, 1, ('Defense',),
      requires=P(disciplines=('Armor Proficiency I',)), line=1187,
      text=('Armor Proficiency II (6XP): Prerequisite: Armor Proficiency I. The AD penalty for wearing armor is '
            'one point less. For example, gambeson armor is only AD-1 instead of AD-2.')),
    D('Cast on the Run', 5, 1, ('Magic',),
      line=1189,
      text=('Cast on the Run (5XP): You may move your full Movement during the Movement phase and still cast a '
            'Spell during the Action phase.')),
    D('Deft Strikes', 10, 1, ('Martial Artist',),
      line=1191,
      text=('Deft Strikes (10XP): When attacking with a dagger, cestus, katar, knife, or an unarmed strike, you '
            'may make two attacks instead of one. Each of these attacks takes AD-1 when determining both the '
            'order of your attack and when making the attack roll. Deft Strikes may be used while Grappling.')),
    D('Detect Secrets, Traps, & Pick Locks I', 3, 1, ('Utility',),
      line=1193,
      text=('Detect Secrets, Traps, & Pick Locks I (3XP): Gain AD+3 on Perception Checks to detect secret doors '
            'and traps, and on Scoundrel Checks to remove traps and to pick locks.')),
    D('Elemental Bending', 4, 1, ('Magic',),
      line=1195,
      text=('Elemental Bending (4XP): You have learned how to channel the natural elements of the world and bend '
            'them to your will. All Arcane spells you cast may be imbued with an element and gain the '
            'corresponding effect:')),
    D('Flanking Combat I', 5, 1, ('Combat Maneuvers',),
      line=1201,
      text=('Flanking Combat I (5XP): If there is an ally on the opposite side of a foe, your first attack deals '
            'an extra 1d6 damage to that foe with a successful hit.')),
    D('Grappler II', 4, 1, ('Martial Artist',),
      requires=P(disciplines=('Grappler I',)), line=1203,
      text=('Grappler II (4XP): Prerequisite: Grappler I. Gain an additional +1 on your Grapple score for a total'
            ' of +2 from your Grappler Disciplines.')),
    D('Grit I', 8, 1, ('Defense',),
      requires=P(mt=3), line=1205,
      text=('Grit I (8XP): Prerequisite: MT3. Your training has made you tough. Gain a permanent +1 armor bonus, '
            'regardless of whether or not you are wearing any armor.')),
    D('Haste', 10, 1, ('Combat Maneuvers',),
      line=1207,
      text=('Haste (10XP): You may take your Action first during the Action Phase, before all other combatants. '
            'Your probability of hitting is not affected, so you still roll your normal AD to determine if you '
            'hit. If a foe has an ability that indicates it also acts first, that foe and any heroes with Haste '
            'must roll individual Initiative Checks to determine who acts first.')),
    D('Healer I', 7, 1, ('Utility',),
      line=1209,
      text=('Healer I (7XP): After combat, as part of a Rest, you may heal yourself and each of your allies 1HP '
            "of damage that was inflicted during the combat. This does not stack with your own or another hero's "
            'use of Healer, nor does it heal Exhaustion. You may not use this to heal damage from an old combat.')),
    D('Martial Arts I', 5, 1, ('Martial Artist',),
      line=1211,
      text=('Martial Arts I (5XP): Add +1 to damage when attacking with an unarmed strike or with a cestus. Add '
            '+1 to damage dealt with an unarmed attack or cestus while Grappling.')),
    D('Meditate I', 5, 1, ('Magic',),
      line=1213,
      text=('Meditate I (5XP): After combat, as part of a Rest, you may recover one additional point of '
            'Exhaustion for a total of 2E. (Resting without this Discipline recovers 1E).')),
    D('Quick Draw I', 6, 1, ('Combat Maneuvers',),
      line=1215,
      text=('Quick Draw I (6XP): If you have a free hand, you may draw a weapon instead of moving. If you do not '
            'have a free hand, you must first drop a held item. You may attack with the weapon during the Action '
            'phase.')),
    D('Parry', 5, 1, ('Sword',),
      line=1217,
      text=('Parry (5XP): When wielding a sword-type weapon, gain a +1 armor bonus against melee attacks. If '
            'wielding two swords, the bonus does not increase and you still only gain a +1 armor bonus.')),
    D('Shield Bash II', 5, 1, ('Defense',),
      requires=P(disciplines=('Shield Bash I',)), line=1219,
      text=('Shield Bash II (5XP): Prerequisite: Shield Bash I. Instead of taking a second attack with your '
            'shield, you may instead choose to make a MT check against a foe Embattled with you. Subtract your '
            "foe's MT from your MT to determine the MT check AD. If your MT check succeeds, you push your foe "
            'backwards one hex to one of the three hexes immediately behind it, which is decided by the hero who '
            'shield bashed them. If the retreating hex is not empty or results in falling off a ledge or into a '
            'hazard, the retreating combatant may make a Base AD check (or Athletics check for heroes). If '
            'successful and one of the three rear hexes is adjacent, the retreating combatant may instead retreat'
            ' to an empty hex. If successful but there is no available empty hex, then the retreating combatant '
            'instead falls prone in the current hex. If the shield bashed target fails, they are pushed into the '
            'hazard. Those who fall off of a ledge onto another layer of the battlemap take 1d6 damage and are '
            'prone. Those who fall into a chasm or void are considered dead. After you successfully push a foe '
            'backwards one hex, you must immediately decide to either:')),
    D('Staff & Wand Affinity: Conjuration', 10, 1, ('Mage',),
      line=1226,
      text=('Staff & Wand Affinity: Conjuration (10XP): If you successfully cast a Conjuration spell, you can '
            'immediately make an attack with a weapon.')),
    D('Staff & Wand Affinity: Curse I', 8, 1, ('Mage',),
      line=1228,
      text=('Staff & Wand Affinity: Curse I (8XP): If you successfully cast a Curse Spell, you may take your '
            'Action first before all other combatants during the Action Phase. Your probability of success is not'
            ' affected, so you still roll your normal AD to determine if your Spell is successful. If a foe has '
            'an ability that indicates it also acts first, then roll an individual Initiative Check to determine '
            'which of you acts first.')),
    D('Staff & Wand Affinity: Enchantment I', 10, 1, ('Mage',),
      requires=P(school_spells=('Enchantment', 2)), line=1230,
      text=('Staff & Wand Affinity: Enchantment I (10XP): Prerequisite: Two learned Enchantment Spells. Instead '
            'of moving during the Movement phase, you may cast an Enchantment spell. If you do so, you cannot '
            'cast a Spell during the Action phase, regardless of whether or not the cast was successful. However,'
            ' you may take any other Action.')),
    D('Staff & Wand Affinity: Furtherance I', 10, 1, ('Mage',),
      line=1232,
      text=('Staff & Wand Affinity: Furtherance I (10XP): Pay the ongoing Exhaustion cost for Furtherance Spells '
            'on every odd turn, starting with turn three. Casting cost is the same. For example, if casting '
            'Ricochet Attack, you would pay the casting cost turn one, as normal. On turn two, the maintenance '
            'cost would be free. On turn three and every odd turn thereafter, you would pay the maintenance cost '
            'of 1E as per normal.')),
    D('Staff & Wand Affinity: Summon', 10, 1, ('Mage',),
      line=1234,
      text=('Staff & Wand Affinity: Summon (10XP): Creatures that you summon may attack (but not move) at the end'
            " of the Action phase during the turn they're summoned.")),
    D('Stealth Attack I', 8, 1, ('Combat Maneuvers',),
      line=1236,
      text=("Stealth Attack I (8XP): When attacking with a one-handed weapon against a target's side hex, rear "
            'hex, or if the target is prone, add 2d4 to your damage.')),
    D('Taunt I', 4, 1, ('Defense',),
      line=1238,
      text=('Taunt I (4XP): Instead of moving during the Movement phase, you may Taunt an enemy that is Embattled'
            " with you. To do so, make an opposed KN check by subtracting your foe's KN from your KN to determine"
            ' the AD for the check. If you are successful, the foe must attack you during the attack phase if it '
            'is able. The foe cannot attack others, Defend, Withdraw, or take any other Action. This Discipline '
            'may override Loremaster directions.')),
    D('Tumble I', 5, 1, ('Combat Maneuvers',),
      line=1240,
      text=('Tumble I (5XP): During the Movement phase, if you have additional Movement remaining, you may '
            'attempt to move one extra hex once you are Embattled with a foe by making an Athletics check (AD+0).'
            ' Instead of ceasing movement when you become Embattled, you can attempt to Tumble. If your check is '
            'successful, you can Pivot one additional hex. You must remain adjacent to your foe. If you are '
            'Embattled by more than one foe, you must succeed at an Athletics check for all of them. For example,'
            ' if Embattled by two foes, you must make two checks. If you fail any Athletics check, your Embattled'
            ' foes get one free melee attack against you or you fall prone, your choice. With failure, you do not'
            ' move the additional hex.')),
    D('Unarmed Defense I', 4, 1, ('Martial Artist',),
      line=1242,
      text=('Unarmed Defense I (4XP): When wielding a cestus or using unarmed strikes, gain one point of armor '
            'against melee attacks provided that you only attack once in a turn. This also applies when '
            'Grappling. The extra armor point does not protect against ranged attacks.')),
    D('Acrobatics II', 1, 2, ('Combat Maneuvers',),
      requires=P(disciplines=('Acrobatics I',)), line=1246,
      text=('Acrobatics II (1XP): Prerequisite: Acrobatics I. Gain another +1 for a total of AD+2 on Athletics '
            'checks. Add your base Athletics ranks, +1 more, to your Grapple score when attempting to escape a '
            'Grapple. During the Movement Phase, you may stand up from prone by spending one hex of Movement.')),
    D('Alchemy', 5, 2, ('Utility',),
      line=1248,
      text=('Alchemy (5XP): During Recovery, you may create a potion. The potion grants a temporary bonus of +2 '
            'to one skill or +1 to one Attribute on a successful Moderate KN check (AD+0). The potion grants this'
            ' temporary bonus for a full day. You may attempt to create a potion regardless of and in addition to'
            ' your Recovery activity.')),
    D('Berserk', 10, 2, ('Combat Maneuvers',),
      requires=P(disciplines=('Grit I',)), exhaustion=2, upkeep=2, line=1250,
      text=('Berserk (10XP): Prerequisite: Grit I. Instead of moving during your Movement phase, you may initiate'
            ' Berserk. Doing so costs 2E, then an additional 2E for every turn thereafter that Berserk is '
            'sustained. While in Berserk, you gain +1 Movement, Fortune on all attack rolls with a melee or '
            'thrown weapon, and your attacks deal bonus damage equal to half your MT score rounded down. You must'
            ' spend a Movement phase to exit Berserk. If you become unconscious, Berserk automatically ends.')),
    D('Defensive Fighting', 5, 2, ('Defense',),
      line=1252,
      text=('Defensive Fighting (5XP): Your foes get AD-1 to hit when attacking you with a melee attack and AD-2 '
            'if you defend. This does not affect the attack order of your foes.')),
    D('Dodge', 5, 2, ('Defense',),
      line=1254,
      text=('Dodge (5XP): You may roll one Defense Die whenever an opponent attacks you with a ranged attack or a'
            ' ranged Spell. If you are Defending, roll two Defense Dice.')),
    D('Elemental Bending II', 10, 2, ('Magic',),
      requires=P(disciplines=('Elemental Bending',)), line=1256,
      text=('Elemental Bending II (10XP): Prerequisite: Elemental Bending I. Damage caused by elemental energy '
            'that you cast is increased by one additional point. If you evoke fire, the bonus will total +2 '
            'damage.')),
    D('Grappler III', 4, 2, ('Martial Artist',),
      requires=P(disciplines=('Grappler II',)), line=1258,
      text=('Grappler III (4XP): Prerequisite: Grappler II. Add an additional +1 to your Grapple score for a '
            'total of +3 from Grappler Disciplines.')),
    D('Herbalism', 5, 2, ('Utility',),
      line=1260,
      text=('Herbalism (5XP): During Recovery, create a standard healing potion with a successful Moderate KN '
            'check (AD+0). Potions heal 1d6 damage and healing is rolled with Fortune; the consumer rolls 2d6 and'
            ' uses the better roll. You may attempt to create a potion regardless of and in addition to your '
            'Recovery activity.')),
    D('Marksmanship I', 8, 2, ('Bow', 'Crossbow'),
      line=1262,
      text=('Marksmanship I (8XP): When attacking with a bow or crossbow, you may choose to aim a shot that '
            "avoids your opponent's armor. You must declare before you attack whether you are using Marksmanship."
            ' If so, you can only attack once in the turn, even if you have Double Shot, and you automatically '
            'attack last in the attack order after all other combatants have taken their actions. When you '
            "attack, roll your normal attack AD. If the AD check to hit is a Hit Symbol, then the target's armor "
            'does not provide any protection against the attack. If the AD check to hit is successful but a '
            'number is rolled instead of a Hit Symbol, the attack hits but it does not bypass armor protection. '
            'Marksmanship is effective against natural armor, for example dragon scales, in addition to manmade '
            'armor.')),
    D('Martial Arts II', 5, 2, ('Martial Artist',),
      requires=P(disciplines=('Martial Arts I',), dx=2), line=1264,
      text=('Martial Arts II (5XP): Prerequisite basic DX2 (not adjusted) & Martial Arts I. Gain an additional +1'
            ' for a total of +2 damage when attacking with cestus or unarmed strikes. Instead of attacking, you '
            'may attempt to move an adjacent foe by making a MT check as described in the Shield Bash II '
            'Discipline.')),
    D('Meditate II', 5, 2, ('Magic',),
      requires=P(disciplines=('Meditate I',)), line=1266,
      text=('Meditate II (5XP): Prerequisite: Meditate I. Recover one additional point of Exhaustion during a '
            'Rest, to equal a total of three points (one for the Rest, and one for Meditate I, and one for '
            'Meditate II).')),
    D('Polearm Trip', 10, 2, ('Polearm',),
      line=1268,
      text=('Polearm Trip (10XP): When you attack with a polearm and hit with the attack roll, before damage is '
            'rolled you may request to subtract two points from your damage in order to get a free trip attempt. '
            'Tripped foes must make an opposed AD check at AD+2 to avoid being tripped. Creatures with four legs '
            'also get to roll one Defense Die to prevent being tripped. If the Trip attempt is successful, your '
            'foe immediately falls prone. Your attack damage applies regardless of whether or not you were '
            'successful with your Trip attempt. This Discipline cannot be used in conjunction with Polearm Charge'
            ' or Quick Jab.')),
    D('Polearm Charge', 15, 2, ('Polearm',),
      line=1270,
      text=('Polearm Charge (15XP): When attacking with a polearm, on the turn that you move to a hex adjacent to'
            ' a foe - or if you choose not to stop a foe 2 hexes away with Reach and instead allow the foe to '
            'move adjacent to you - your polearm attack against the foe deals double damage. If you hit, roll '
            'your damage and multiply it by two. You cannot use Quick Jab or Polearm Trip on the same turn that '
            'you use Polearm Charge. You cannot use Polearm Charge as a Pivot; your attack does not benefit from '
            'Polearm Charge if you start your Movement phase Embattled.')),
    D('Sharpshooter II', 5, 2, ('Bow', 'Crossbow'),
      requires=P(disciplines=('Sharpshooter I',)), line=1272,
      text=('Sharpshooter II (5XP): Prerequisite: Sharpshooter I. In addition to the benefits from Sharpshooter '
            "1, when attacking with a ranged attack, you may shoot through an ally's hex at a target even if your"
            ' ally provides complete cover. If your target has complete cover from a source other than your '
            'allies, your target gains one Defense Die against your attack. If you miss, you must make a '
            'successful attack roll to miss your ally. If you fail on your roll to miss your ally, you instead '
            'damage your ally.')),
    D('Shield Bash III', 1, 2, ('Defense',),
      requires=P(disciplines=('Shield Bash II',)), line=1274,
      text=('Shield Bash III (1XP): Prerequisite: Shield Bash II. Instead of either attacking with your shield or'
            ' pushing with your shield, you may do both. This means that you may make an opposed MT push in '
            "addition to an attack. The foe's AD to resist being pushed back is calculated by subtracting their "
            'MT from your MT, as per Shield Bash II.')),
    D('Shot on the Run', 5, 2, ('Bow', 'Crossbow'),
      line=1276,
      text=('Shot on the Run (5XP): You may take up to your full Movement during the Movement phase and still '
            'attack with a ranged weapon during the Action phase.')),
    D('Staff & Wand Affinity: Arcane I', 10, 2, ('Mage',),
      line=1278,
      text=('Staff & Wand Affinity: Arcane I (10XP): Arcane Spells cost one less Exhaustion to cast. For example,'
            ' an Arcane Spell that normally costs 1E to cast may be cast for 0E. The Exhaustion cost cannot be '
            'negative. This only applies to the initial casting cost, and does not apply to the maintenance cost '
            'for ongoing spells.')),
    D('Staff & Wand Affinity: Enchantment II', 5, 2, ('Mage',),
      requires=P(disciplines=('Staff & Wand Affinity: Enchantment I', 'Cast on the Run')), line=1280,
      text=('Staff & Wand Affinity: Enchantment II (5XP): Prerequisite: Staff & Wand Affinity: Enchantment I and '
            'Cast on the Run. In addition to moving, you may also cast an Enchantment Spell during the Movement '
            'phase. If you do so, you cannot cast a Spell during the Action phase, but you may take any other '
            'Action.')),
    D('Staff & Wand Affinity: Furtherance II', 10, 2, ('Mage',),
      requires=P(disciplines=('Staff & Wand Affinity: Furtherance I',)), line=1282,
      text=('Staff & Wand Affinity: Furtherance II (10XP): Prerequisite: Furtherance I. When you cast a '
            'Furtherance Spell on an ally, you gain a copy of the Spell on yourself at no initial cost. However, '
            'on subsequent turns when you incur the maintenance cost, you incur the E for both Spells. You may '
            'choose to drop one of the Spells without dropping the other.')),
    D('Sunder', 5, 2, ('Axe', 'Hammer'),
      line=1284,
      text=("Sunder (5XP): When attacking with a hammer or an axe, if your attack roll is a Hit Symbol your foe's"
            ' armor is permanently reduced by two points. Your foe also takes damage from your attack, determined'
            ' after their armor is reduced. Hammers always bypass two points of armor in addition to this effect.'
            ' If your attack roll hits but is not a Hit Symbol, you damage your foe normally without permanently '
            'reducing their armor protection.')),
    D('Swordsmanship', 15, 2, ('Sword',),
      requires=P(base_ad=3), line=1286,
      text=('Swordsmanship (15XP): Prerequisite: Attacking with a sword with a Base AD of 3 or higher. All hit '
            'markers on the Action Die are treated as critical hit icons. With this Discipline, there are five '
            'critical hit icons on an Action Die when attacking with a sword. Swordsmanship cannot be used while '
            'Grappling.')),
    D('Taunt II', 5, 2, ('Defense',),
      requires=P(disciplines=('Taunt I',)), line=1288,
      text=('Taunt II (5XP): Prerequisite: Taunt I. As per Taunt I, except that you may taunt as many foes that '
            "Embattle you as you desire. You may also Taunt foes that are not Embattled; if they haven't moved, "
            'then they must move up to their full movement to attack you. In the case of a melee attacker, they '
            'must, if possible, move up to you until they are Embattled. In the case of a ranged attacker, they '
            'must move toward you but they will limit their movement so that they can still make a ranged attack '
            '(they will not become Embattled, and they will not move so far that they cannot shoot). If your foe '
            'has a choice of both melee and ranged attacks, they must, if possible, move close enough to make a '
            'melee attack.')),
    D('Tumble II', 5, 2, ('Combat Maneuvers',),
      requires=P(disciplines=('Tumble I',)), line=1290,
      text=('Tumble II (5XP): Prerequisite: Tumble I. As Tumble I, except that, if you successfully Tumble, you '
            'may repeatedly Tumble 1 hex indefinitely as long as you have remaining Movement by making a Tumble '
            'check for each hex until you fail a check, and as long as your Movements are Pivots and you remain '
            'adjacent to your foes.')),
    D('Unarmed Defense II', 5, 2, ('Martial Artist',),
      requires=P(disciplines=('Unarmed Defense I',)), line=1292,
      text=('Unarmed Defense II (5XP): Prerequisite: Unarmed Defense I. As Unarmed Defense I, but the total armor'
            ' benefit is two points.')),
    D('Animal Handler II', 5, 3, ('Utility',),
      requires=P(disciplines=('Animal Handler I',)), line=1296,
      text=('Animal Handler II (5XP): Prerequisite: Animal Handler I. You may spend an entire turn (Movement and '
            'Action phases) to convince a befriended animal to take an action. During your Action phase, make a '
            'KN check. If successful, the animal will follow a simple instruction such as "attack a foe," in '
            'which case it will move and attack, as able and necessary, to carry out the action. The animal will '
            "immediately carry out the action it was convinced to do, as long as it hasn't already taken an "
            'action on this turn. It will continue the same action on subsequent turns until redirected. If your '
            'check is unsuccessful, the befriended animal remains inert. Note that it still takes an earlier turn'
            ' to befriend an animal. Heroes may only have 1 befriended animal at a time. (See the Pericle '
            'Rulebook for animal actions.)')),
    D('Bardic Arts', 8, 3, ('Utility',),
      line=1298,
      text=('Bardic Arts (8XP): During Recovery, you may gain an Inspiration point with a successful Moderate '
            'Knowledge check (AD+0). Inspiration points are exactly like Karma, except that you can never have '
            'more than one Inspiration point. You may attempt to gain an Inspiration point regardless of and in '
            'addition to your Recovery activity. (See the Rulebook for information about Karma and Recovery.)')),
    D('Detect Secrets, Traps, & Pick Locks II', 3, 3, ('Utility',),
      requires=P(disciplines=('Detect Secrets, Traps, & Pick Locks I',)), line=1300,
      text=('Detect Secrets, Traps, & Pick Locks II (3XP): Prerequisite: Detect Secrets, Traps, & Pick Locks I. '
            'Gain Fortune on Perception Checks to detect secret doors and traps and on Scoundrel Checks to remove'
            ' traps and pick locks.')),
    D('Double Shot I', 10, 3, ('Bow',),
      line=1302,
      text=('Double Shot I (10XP): You may shoot a recurve bow twice per turn.')),
    D('Dual Weapons', 15, 3, ('Axe', 'Hammer', 'Sword'),
      requires=P(base_ad=3), line=1304,
      text=('Dual Weapons (15XP): Prerequisite: base AD3+. You can wield a one-handed weapon in each hand. During'
            ' your Actions phase, you may either:')),
    D('Flanking Combat II', 4, 3, ('Combat Maneuvers',),
      requires=P(disciplines=('Flanking Combat I',)), line=1309,
      text=('Flanking Combat II (4XP): Prerequisite: Flanking Combat I. As per Flanking Combat I, except you may '
            'apply the bonus damage to all of your attacks in a turn.')),
    D('Grit II', 10, 3, ('Defense',),
      requires=P(disciplines=('Grit I',), mt=4), line=1311,
      text=('Grit II (10XP): Prerequisite: MT4 and Grit I. Gain an additional +1 armor bonus for a total of +2 '
            'from your Grit Disciplines.')),
    D('Healer II', 7, 3, ('Utility',),
      requires=P(disciplines=('Healer I',)), line=1313,
      text=('Healer II (7XP): Prerequisite: Healer I. As Healer I, except you may heal a total of 2HP of wounds '
            'for each ally after a battle.')),
    D('Marksmanship II', 5, 3, ('Bow', 'Crossbow'),
      requires=P(disciplines=('Marksmanship I',)), line=1315,
      text=('Marksmanship II (5XP): Prerequisite: Marksmanship I. When you take an aimed shot as per Marksman I, '
            'your aimed Marksman attacks occur in normal attack order instead of at the end of the actions phase.'
            ' Furthermore, you may add +2 damage to your attack roll if you take only one attack. This damage '
            'applies if your shot hits but the aimed shot does not bypass armor.')),
    D('Martial Arts III', 10, 3, ('Martial Artist',),
      requires=P(disciplines=('Martial Arts II',)), line=1317,
      text=('Martial Arts III (10XP): Prerequisite: Martial Arts II. As Martial Arts II, except you deal +3 '
            'damage instead of +2. If your attack roll is successful, you may then also attempt a Trip action as '
            'per the Polearm Trip Discipline in addition to dealing damage.')),
    D('Quick Draw II', 2, 3, ('Combat Maneuvers',),
      requires=P(disciplines=('Quick Draw I',)), line=1319,
      text=('Quick Draw II (2XP): Prerequisite: Quick Draw I. You may draw a weapon or shield and move on the '
            'same turn during the Movement phase with a successful Moderate Athletics check (AD+0). Move your '
            'standee, then make your Athletics check. If you fail your check, your movement does not change but '
            'you do not draw your weapon. If you successfully draw a weapon and you do not have a free hand, then'
            ' you must drop one item from your hand in the hex where your hero is when the Athletics check is '
            'made. Alternatively, instead of drawing a weapon, you may sheath a weapon or shield while moving '
            'with a successful Athletics check. Sheathing a weapon during Movement will allow you to draw a '
            'different weapon as an Action during the Actions phase.')),
    D('Runestone Mastery', 5, 3, ('Magic',),
      line=1321,
      text=('Runestone Mastery (5XP): You may gain the bonuses of two runestones that are embedded in an item '
            'instead of only one runestone. Without mastering this Discipline, heroes can only gain the benefit '
            'of one runestone in each item.')),
    D('Spell Tenacity', 5, 3, ('Magic',),
      line=1323,
      text=('Spell Tenacity (5XP): A hero with Spell Tenacity can require the target to subtract two points from '
            'their opposed AD score for Spells that require an opposed check.')),
    D('Staff & Wand Affinity: Curse II', 5, 3, ('Mage',),
      requires=P(disciplines=('Staff & Wand Affinity: Curse I',), school_spells=('Curse', 2)), line=1325,
      text=('Staff & Wand Affinity: Curse II (5XP): Prerequisite: Staff & Wand Affinity: Curse I and learned two '
            'Curse Spells. If there is a Curse Spell in effect that you casted and if you only move a maximum of '
            'one hex, then you can make a Moderate KN check (AD+0) during the Movement phase to either extend the'
            ' duration of the Spell by one turn or to transfer the Curse Spell to another foe. However, if this '
            'foe is more than three hexes away from you, apply the range increments to your AD check as per '
            'Thrown Spell ranges (-1 for 4-6 hexes, -2 for 7-9 hexes, etc.).')),
    D('Stalker', 10, 3, ('Combat Maneuvers',),
      line=1327,
      text=('Stalker (10XP): At the beginning of combat, if the party wins Initiative then the hero with Stalker '
            'may attempt a successful KN check. If successful, the hero with Stalker gains a full Surprise turn '
            '(Movement and Action) before the combat starts, before any other hero or foe acts. After this '
            'Surprise turn, the Movement phase of combat will begin. The Stalking hero still gets their regular '
            'Movement and Action phases during the first full turn of combat.')),
    D('Stealth Attack II', 5, 3, ('Combat Maneuvers',),
      requires=P(disciplines=('Stealth Attack I',)), line=1329,
      text=('Stealth Attack II (5XP): Prerequisite: Stealth Attack I. As per Stealth Attack I, but increase '
            'damage to +3d4 instead of 2d4 when attacking from a side or rear hex or attacking prone targets. You'
            ' cannot use this Discipline if Grappled.')),
    D('Whirlwind Attack', 5, 3, ('Axe', 'Hammer', 'Sword'),
      line=1331,
      text=('Whirlwind Attack (5XP): You may make a single melee weapon attack against any number of foes that '
            'are adjacent to your front hexes, each at AD-1. Roll each attack and damage separately for each foe.')),
    D('Animal Handler III+', 5, 4, ('Utility',),
      requires=P(disciplines=('Animal Handler II',)), line=1335,
      text=('Animal Handler III+ (5XP): Prerequisite: Animal Handler II. As per Animal Handler II, except instead'
            ' of taking a full turn to control a befriended animal, you may instead spend your Movement phase to '
            'attempt the control. Control still requires a KN check. If successful, the animal can move based on '
            "your direction in the same turn if it hasn't moved yet.")),
    D('Double Shot II', 5, 4, ('Bow',),
      requires=P(disciplines=('Double Shot I',)), line=1337,
      text=('Double Shot II (5XP): Prerequisite: Double Shot I. You may shoot a War Bow twice per turn.')),
    D('Grappling Expertise', 7, 4, ('Martial Artist',),
      requires=P(disciplines=('Grappler II',)), line=1339,
      text=('Grappling Expertise (7XP): Prerequisite: Grappler II (Grappler III not required). You are allowed a '
            'second chance on unsuccessful opposed Grapple checks. If you are rolling the Grapple roll, you have '
            'Fortune, and if your foe is rolling the Grapple roll, it has Misfortune.')),
    D('Grit III', 10, 4, ('Defense',),
      requires=P(disciplines=('Grit II',), mt=5), line=1341,
      text=('Grit III (10XP): Prerequisite: MT5 and Grit II. Gain an additional +1 armor bonus.')),
    D('Quick Draw III', 1, 4, ('Combat Maneuvers',),
      requires=P(disciplines=('Quick Draw II',)), line=1343,
      text=('Quick Draw III (1XP): Prerequisite: Quick Draw II. Once per turn, as per Quick Draw II, you may draw'
            ' a weapon in combination with a Movement, but now without making an Athletics check.')),
    D('Staff & Wand Affinity: Arcane II', 15, 4, ('Mage',),
      requires=P(disciplines=('Staff & Wand Affinity: Arcane I',)), line=1345,
      text=('Staff & Wand Affinity: Arcane II (15XP): Prerequisite: Arcane I. One additional Exhaustion may be '
            'spent on Arcane spells to double the number of damage dice rolled. This does not double the '
            'Elemental effects. For example, a hero may cast Arcane Fire Barrage which would normally deal 1d6+1 '
            'damage at 0E cost because of Staff & Wand Affinity: Arcane, but the hero may choose to spend an '
            'additional E, in this case 1E total, and deal 2d6+1 damage.')),
    D('Staff & Wand Affinity: Enchantment III', 10, 4, ('Mage',),
      requires=P(disciplines=('Staff & Wand Affinity: Enchantment II',)), line=1347,
      text=('Staff & Wand Affinity: Enchantment III (10XP): Prerequisite: Staff & Wand Affinity: Enchantment II. '
            'In addition to moving, you may also cast an Enchantment Spell during the Movement phase. You may '
            'then take any Action during the Action phase, including casting any other Spell.')),
    D('Staff & Wand Affinity: Shapeshifter I', 5, 4, ('Mage',),
      line=1349,
      text=('Staff & Wand Affinity: Shapeshifter I (5XP): When you cast a Shapeshifting spell, non-weapon and '
            'non-armor magic items are still available for use. Without this Discipline, none of your items are '
            'available to you when you shapeshift.')),
    D('Double Shot III', 5, 5, ('Bow',),
      requires=P(disciplines=('Double Shot II',)), line=1353,
      text=('Double Shot III (5XP): Prerequisite: Double Shot II. You may shoot a Longbow twice per turn.')),
    D('Quick Draw IV', 1, 5, ('Combat Maneuvers',),
      requires=P(disciplines=('Quick Draw III',)), line=1355,
      text=('Quick Draw IV (1XP): Prerequisite: Quick Draw III. Once per turn, you may draw a weapon and sheath a'
            ' weapon in combination with a Movement without making an Athletics check. You may also sheath and '
            'draw a weapon as an Action.')),
    D('Staff & Wand Affinity: Curse III', 15, 5, ('Mage',),
      requires=P(disciplines=('Staff & Wand Affinity: Curse II',), school_spells=('Curse', 3)), line=1357,
      text=('Staff & Wand Affinity: Curse III (15XP): Prerequisite: Staff & Wand Affinity: Curse II and learned '
            'three Curse Spells. If you successfully casted a Curse Spell last turn, then during the Action phase'
            ' you can make a Base AD check to re-cast the same Spell at the same or a different target, paying '
            'the Exhaustion cost. You may then also take an Action.')),
    D('Staff & Wand Affinity: Shapeshifter II', 5, 6, ('Mage',),
      line=1361,
      text=('Staff & Wand Affinity: Shapeshifter II (5XP): When you cast a Shapeshifting Spell and are in your '
            'morphed form, you may cast Spells that have a KN requirement up to your KN level minus three. '
            'Without this Discipline, you cannot cast spells while morphed.')),
)
