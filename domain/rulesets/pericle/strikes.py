"""Strikes (seed 001, 3. Actions, Attacking; Damage; Crits): which weapon and how many
strikes, what each attack roll is made of (position, range, cover, Disciplines, spells,
flight), the roll, damage through armour and shields, crit effects, the rolls to miss allies in
the way, and a Defender's Shield Bash back. Each strike is its own `attacked` event."""

from __future__ import annotations

import msgspec

from domain.dice import Roll
from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.pericle import board, discipline_effects, poison, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import DEFT_WEAPONS, Weapon, unarmed
from domain.rulesets.pericle.combat import WeaponClass, melee_position_bonus, range_penalty
from domain.rulesets.pericle.combat import damage as damage_after_armour
from domain.rulesets.pericle.crits import crit_effect
from domain.rulesets.pericle.dice import Adjustment, check, crit_die
from domain.rulesets.pericle.heroes import multiple_attack_penalties
from domain.rulesets.pericle.passives import NO_PASSIVES, Passives
from domain.rulesets.pericle.play import Play, not_after_running
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v5 import piles as v5_piles
from domain.rulesets.pericle.v5 import sight as v5_sight
from domain.rulesets.pericle.v5 import summons

SHIELD_BASH = Weapon(name="Shield", mt=0, damage="1d4", weapon_class="natural")
SHIELD_BROKEN = ": the crit is a normal hit; the Shield is destroyed"  # a Pericle 5 Magic Shield's end
RICOCHET = "Ricochet Attack"
REVERSED = "Reverse Ranged Attacks: turned back on the attacker"  # a Pericle 5 Spell
RICOCHET_SHARE = "Ricochet Attack: each takes half, rounded up"  # the half reflected at the attacker
RICOCHETS = ("melee", "reach", "grapple-strike")  # "This only impacts melee attacks, including attacks in a Grapple"


def can_strike(play: Play, attacker: Figure, target: Figure, weapon: Weapon) -> bool:
    """Whether a strike at the target with the weapon would be allowed now (rolls nothing)."""
    try:
        _plan(play, attacker, target, weapon, [], cmd.StrikeOrder(target=target.id))
    except RuleViolation:
        return False
    return True


def weapon_in_hand(figure: Figure, name: str | None) -> Weapon:
    if figure.team == "enemies":
        if not figure.weapons and name is None:
            return unarmed(figure.mt)
        chosen = figure.weapons[0] if name is None else figure.weapon(name)
        if chosen is None or chosen.name.lower() not in figure.in_hand:
            raise RuleViolation("weapon-not-in-hand", f"{figure.name} has no attack {name!r} in hand")
        return chosen
    if name is not None and name.lower() == "shield":
        if "shield" not in figure.in_hand or "Shield Bash I" not in figure.disciplines:
            raise RuleViolation("shield-bash", "a Shield Bash needs a shield in hand and Shield Bash I")
        return SHIELD_BASH
    if name is None:
        name = next((item for item in figure.in_hand if item != "shield"), None)
        if name is None:
            return unarmed(figure.mt)
    if name.lower() == "unarmed":
        if len(figure.in_hand) >= 2:
            raise RuleViolation("unarmed", "an unarmed strike needs an empty hand")
        return unarmed(figure.mt)
    weapon = figure.weapon(name)
    if weapon is None or weapon.name.lower() not in figure.in_hand:
        raise RuleViolation("weapon-not-in-hand", f"{figure.name} holds no {name!r} (in hand: {list(figure.in_hand)})")
    return weapon


def _main_hand(figure: Figure) -> str:
    """The weapon in the first hand listed in `in_hand` (an unarmed strike when it holds none)."""
    held = [item for item in figure.in_hand if item != "shield"]
    return held[0] if held else "unarmed"


def _strike_penalties(figure: Figure, weapons: list[Weapon], *, in_the_order: bool,
                      passives: Passives = NO_PASSIVES) -> list[list[Adjustment]]:
    """The AD modifiers each strike takes from the Disciplines that grant it: Deft Strikes (two
    with a dagger, knife, katar, cestus or fist, each AD-1), Dual Weapons (the off-hand weapon
    at AD-3), Shield Bash I (AD-2); then AD-1 for the 3rd attack, AD-2 for the 4th... in the
    order the attacker chose (seed 001, Multiple Attacks)."""
    if figure.team == "enemies":
        if len(weapons) > 1:
            raise RuleViolation("one-attack", "an enemy makes one attack per Action")
        return [[]]
    main = _main_hand(figure)
    uses = {name: sum(1 for w in weapons if w.name == name) for name in {w.name for w in weapons}}
    if len([name for name in uses if name != SHIELD_BASH.name]) > 2:
        raise RuleViolation("one-attack", "two hands, two weapons")
    found: list[list[Adjustment]] = []
    seen: dict[str, int] = {}
    for weapon in weapons:
        own: list[Adjustment] = []
        seen[weapon.name] = seen.get(weapon.name, 0) + 1
        granted = passives.second_strike(figure, weapon) if uses[weapon.name] > 1 else None
        if weapon is SHIELD_BASH:
            if uses[weapon.name] > 1:
                raise RuleViolation("shield-bash", "one Shield Bash a turn")
            own.append(Adjustment(-2, "Shield Bash I"))
        else:
            if granted is not None:
                # A second strike with this weapon granted by a Discipline (version 5: Quick Jab,
                # Double Shot), its modifier on the additional strike only.
                if uses[weapon.name] > 2:
                    raise RuleViolation("one-attack", f"{granted.source} gives one more attack with the {weapon.name}")
                if seen[weapon.name] == 2:
                    own.append(granted)
            elif uses[weapon.name] > 1:
                if "Deft Strikes" not in figure.disciplines or weapon.name.lower() not in DEFT_WEAPONS:
                    raise RuleViolation("one-attack", "two attacks with one weapon need Deft Strikes and a dagger, "
                                                      "knife, katar, cestus or unarmed strike")
                if uses[weapon.name] > 2:
                    raise RuleViolation("deft-strikes", "Deft Strikes gives two attacks with a weapon, not more")
                if not figure.deft_strikes and in_the_order:
                    raise RuleViolation("deft-strikes-undeclared", "Deft Strikes is declared before the Action "
                                                                   "phase (it puts the hero at AD-1 in the order)")
                own.append(Adjustment(-1, "Deft Strikes"))
            if weapon.name.lower() != main:
                if "Dual Weapons" not in figure.disciplines:
                    raise RuleViolation("one-attack", "attacking with a second weapon needs Dual Weapons")
                if weapon.two_handed:
                    raise RuleViolation("dual-weapons", "Dual Weapons wields a one-handed weapon in each hand")
                own.append(Adjustment(-3, "Dual Weapons (second weapon)"))
        found.append(own)
    for index, extra in enumerate(multiple_attack_penalties([0] * len(weapons))):
        if extra:
            found[index].append(Adjustment(extra, f"multiple attacks (attack {index + 1})"))
    return found


def _flight(attacker: Figure, target: Figure, kind: str) -> list[Adjustment]:
    """Flying: no melee between the ground and the air; a flyer attacks at AD-2; from the ground
    a ranged attack on a flyer is at AD-3."""
    if attacker.airborne != target.airborne and kind in ("melee", "reach", "grapple-strike"):
        raise RuleViolation("ground-and-air", "combatants on the ground and flying creatures cannot strike each "
                                              "other in melee")
    found = []
    if attacker.airborne:
        found.append(Adjustment(-2, "attacking while flying"))
    elif target.airborne:
        found.append(Adjustment(-3, "a flying target"))
    return found


class StrikePlan:
    """Everything an attack roll is made of, for one strike."""

    def __init__(self, kind: str, adjustments: list[Adjustment], misfortune: int, defense: list[str],
                 below_zero_cap: int, base: int, fortune: int = 0) -> None:
        self.kind = kind
        self.fortune = fortune
        self.adjustments = adjustments
        self.misfortune = misfortune
        self.defense = defense
        self.below_zero_cap = below_zero_cap
        self.base = base


def _kind(play: Play, attacker: Figure, target: Figure, weapon: Weapon) -> str:
    gap = board.gap(attacker, target)
    if attacker.grappled_with:
        if target.id not in attacker.grappled_with or not weapon.grapple:
            raise RuleViolation("grappled", "in a Grapple a figure attacks only those in its Grapple Pile, with its "
                                            "hands, a dagger, knife, katar or cestus")
        return "grapple-strike"
    if weapon.melee and gap > 1 and play.passives.across_gate(play.state, attacker, target):
        return "melee"  # version 6's Gateway: "may make a melee attack against a figure in the other gate"
    if weapon.melee and gap == 1:
        if not board.in_front(attacker, target):
            raise RuleViolation("front-hexes", f"{target.name} is not in {attacker.name}'s front hexes")
        return "melee"
    if weapon.melee and gap == 2 and weapon.reach >= 2:
        if not set(target.hexes) & board.reach_hexes(attacker):
            raise RuleViolation("front-hexes", "Reach strikes two hexes away in the direction of the front hexes")
        return "reach"
    if weapon.ranged and not (weapon.thrown and gap == 1):
        return "ranged"
    if weapon.thrown:
        return "thrown"
    raise RuleViolation("out-of-reach", f"{target.name} is {gap} hexes away: out of reach of the {weapon.name}")


def _plan(play: Play, attacker: Figure, target: Figure, weapon: Weapon, own: list[Adjustment],
          order: cmd.StrikeOrder) -> StrikePlan:
    """The seed's modifiers, each named: weapon class, Disciplines, position, range, the
    target's Defensive Fighting, Clumsiness, Blur, MT short of the weapon's, Defense Dice."""
    kind = _kind(play, attacker, target, weapon)
    adjustments = list(own) + _flight(attacker, target, kind)
    defense: list[str] = []
    if weapon.weapon_class == "sword":
        adjustments.append(Adjustment(1, "sword"))
    mastery = attacker.mastery.count(weapon.weapon_class)
    if mastery and order.mastery == "ad":
        adjustments.append(Adjustment(mastery, "Weapon Mastery"))
    if weapon.bow and "Archery" in attacker.disciplines:
        adjustments.append(Adjustment(2, "Archery"))
    adjustments += discipline_effects.attack_adjustments(attacker, target, weapon, kind)
    adjustments += spell_effects.flux_penalty(play.state, attacker)  # Pericle 5's Arcane Flux
    adjustments += play.passives.attack(play, attacker, target, weapon, kind)
    if attacker.condition == "prone" and kind in ("melee", "reach"):
        raise RuleViolation("prone", "a prone figure makes no melee attack outside a Grapple")
    if kind in ("melee", "reach"):
        where = board.zone_toward(target, attacker) or "front"
        prone = target.condition != "standing"
        bonus = melee_position_bonus(where, prone)
        if bonus:
            adjustments.append(Adjustment(bonus, "prone target" if prone else f"{where} hex"))
        if "Defensive Fighting" in target.disciplines:
            adjustments.append(Adjustment(-2 if target.defending else -1, "Defensive Fighting"))
        if spell_effects.paralysed(play.state, target):
            adjustments.append(Adjustment(spell_effects.PARALYSED_MELEE_BONUS, "paralysed target"))
    if kind in ("melee", "reach") and target.grappled_with:
        defense.append("Partial Cover (Grapple Pile)")
    if kind == "grapple-strike" and "Defensive Fighting" in target.disciplines:
        adjustments.append(Adjustment(-2 if target.defending else -1, "Defensive Fighting"))
    if kind in ("ranged", "thrown", "reach"):
        defense += _line_of_fire(play, attacker, target, weapon, kind)
        if play.passives.past_partial_cover(attacker, kind):  # version 5: Sharpshooter I
            defense = [d for d in defense if d != "Partial Cover"]
        if kind != "reach":
            penalty = range_penalty(board.gap(attacker, target), thrown=kind == "thrown")
            if penalty:
                adjustments.append(Adjustment(penalty, "range"))
        if kind != "reach" and target.condition != "standing":
            defense.append("prone target")
        defense += v5_piles.shot_defense(play, attacker, target, kind)
        if kind != "reach" and "Dodge" in target.disciplines:
            defense += ["Dodge"] * (2 if target.defending else 1)
    if target.defending and not (kind != "melee" and "Dodge" in target.disciplines):
        defense.append("Defending")
    below_zero_cap = 3
    adjustments += poison.penalty(attacker)
    for spell in play.state.spells:
        if spell.spell == "Clumsiness" and spell.target == attacker.id:
            adjustments.append(Adjustment(-2 * spell.exhaustion, "Clumsiness"))
            below_zero_cap = 1
    misfortune = max(0, weapon.mt - attacker.mt) if attacker.team == "heroes" else 0
    base = attacker.base_ad
    if spell_effects.on(play.state, target, "Blur") and not spell_effects.on(play.state, attacker, "True Vision"):
        # Blur: "forces an attacker to roll AD0 and have Misfortune"; True Vision (version 4):
        # "the ability to see through Blur".
        adjustments = [Adjustment(-base, "Blur: AD0")]
        misfortune += 1
    return StrikePlan(kind, adjustments, misfortune, defense, below_zero_cap, base,
                      fortune=play.passives.fortune(play, attacker, weapon, kind))


def _line_of_fire(play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[str]:
    if kind == "ranged" and board.embattled_by(play.state, attacker):
        raise RuleViolation("embattled-ranged", "no bow, crossbow or sling while Embattled (throwing is allowed)")
    if kind == "ranged" and not play.passives.shoots_after_running(attacker):
        not_after_running(attacker, "a ranged attack")
        if attacker.condition != "standing" and not weapon.crossbow:
            raise RuleViolation("prone", "a prone figure may fire a crossbow, not a bow or sling")
    if kind != "reach" and not any(board.in_front_arc(attacker, h) for h in target.hexes):
        raise RuleViolation("front-sides", f"{target.name} is not within {attacker.name}'s front sides")
    sight = v5_sight.line_cover(play, attacker, target)
    if sight == "complete":
        beyond = play.passives.past_complete_cover(play, attacker, target, kind)  # version 6: Sharpshooter II
        if beyond is None:
            raise RuleViolation("complete-cover", f"{target.name} has Complete Cover from {attacker.name}")
        return beyond
    return ["Partial Cover"] if sight == "partial" else []


ReadyStrike = tuple[cmd.StrikeOrder, Weapon, list[Adjustment]]


def _separate(figure: Figure, weapons: list[Weapon]) -> list[list[Adjustment]]:
    """A creature whose attacks strike separately (`Passives.separate_attacks`): each of its
    attacks once, none with a penalty."""
    names = [w.name for w in weapons]
    if len(set(names)) != len(names):
        raise RuleViolation("one-attack", f"{figure.name} strikes with each of its attacks once")
    return [[] for _ in weapons]


def ready_strikes(play: Play, attacker: Figure, orders: list[cmd.StrikeOrder], *,
                  mastery_split: bool = False) -> list[ReadyStrike]:
    """Every check the strikes must pass, made before the first die is drawn: the weapons in
    hand, the Disciplines that grant the strikes, foes that can be attacked, and each strike's
    attack as the field stands now (a refusal after a roll would let the attacker retry until
    the dice favour them). Returns each strike with its weapon and its own AD modifiers."""
    if not mastery_split and any(order.mastery_ad is not None for order in orders):
        raise RuleViolation("mastery-split", "Weapon Mastery is split between AD and damage (`mastery_ad`) from "
                                             "version 5 on, in an Attack")
    weapons = [weapon_in_hand(attacker, order.weapon) for order in orders]
    if play.passives.separate_attacks(play.state, attacker):
        penalties = _separate(attacker, weapons)
    else:
        penalties = _strike_penalties(attacker, weapons, in_the_order=play.settings.PER_DEFT_ORDER.in_the_order,
                                      passives=play.passives)
    for order, weapon, own in zip(orders, weapons, penalties, strict=True):
        target = play.figure(order.target)
        if target.team == attacker.team or not target.active:
            raise RuleViolation("target", f"{target.name} is not a foe that can be attacked")
        if weapon.crossbow and weapon.name.lower() in attacker.unloaded:
            raise RuleViolation("crossbow-unloaded", f"the {weapon.name} must be loaded (an Action) before it fires")
        _plan(play, attacker, target, weapon, own, order)
    return list(zip(orders, weapons, penalties, strict=True))


def strike_all(play: Play, attacker: Figure, orders: list[cmd.StrikeOrder], *, parry: bool = False,
               ready: list[ReadyStrike] | None = None) -> None:
    """Each strike in the order given, one `attacked` event each (with the rolls to miss allies
    and a Defender's Shield Bash back), so that each strike meets the state the last one left:
    a strike at a foe already down, or by an attacker already down, does not happen. `ready`:
    the strikes as `ready_strikes` checked them, before any die, against the field they meet
    (strikes move nobody, so what they do cannot put a later strike out of reach)."""
    for index, (order, weapon, own) in enumerate(ready if ready is not None else ready_strikes(play, attacker, orders)):
        attacker, target = play.figure(attacker.id), play.figure(order.target)
        if not (attacker.active and target.active):
            continue
        plan = _plan(play, attacker, target, weapon, own, order)
        strike = resolve_strike(play, attacker, target, weapon, plan, order,
                                reverse=reversed_at(play, target, plan.kind), first=index == 0)
        strikes = [strike, *after_the_strike(play, attacker, target, weapon, plan, strike)]
        play.emit(ev.Attacked(strikes=tuple(strikes), parry=parry))
        struck(play, strikes)


def reversed_at(play: Play, target: Figure, kind: str) -> bool:
    """Whether Pericle 5's Reverse Ranged Attacks on the target turns this strike's hit back on
    its attacker (`_reversed`)."""
    return kind in ("ranged", "thrown") and spell_effects.on_by_v5(play.state, target, spell_effects.REVERSE_RANGED)


def after_the_strike(play: Play, attacker: Figure, target: Figure, weapon: Weapon, plan: StrikePlan,
                     strike: ev.Strike) -> list[ev.Strike]:
    """What a strike brings after it, rolled: after a miss, the rolls to miss the allies in the line
    of fire (none with version 5's Sharpshooter I) or in the target's Grapple Pile; a Defender's
    Shield Bash back. (Version 5's Attack in steps rolls them too, in `attack_steps`.)"""
    strikes: list[ev.Strike] = []
    if not strike.hit and plan.kind in ("ranged", "thrown") \
            and play.passives.rolls_past_allies(play, attacker, target, plan.kind):
        strikes += _past_allies(play, attacker, target, weapon, plan, v5_sight.in_the_way(play, attacker, target))
    if not strike.hit and target.grappled_with:
        pile = [play.figure(f) for f in target.grappled_with]
        strikes += _past_allies(play, attacker, target, weapon, plan, pile)
    strikes += _shield_bash_back(play, target, attacker, strike)
    return strikes


def struck(play: Play, strikes: list[ev.Strike]) -> None:
    """What follows a strike once recorded (its `attacked` event, or version 5's `strike_finished`):
    the Disciplines' after-effects (Sunder), Pericle 5's Magic Shield broken by a crit, the half of
    a Ricochet Attack that the attacker takes, and an Image struck popping."""
    for each in strikes:
        play.passives.after_strike(play, each)
    _break_magic_shields(play, strikes)
    _ricochet(play, strikes)
    for hit in [play.figure(s.target) for s in strikes if s.hit and play.state.figure(s.target)]:
        if spell_effects.image(play.state, hit):
            summons.pop(play, hit, "struck by an attack")


def _reversed(play: Play, attacker: Figure, target: Figure, weapon: Weapon, plan: StrikePlan,
              order: cmd.StrikeOrder, strike: ev.Strike, *, crit_rolled: tuple[str, Roll] | None = None,
              mastery_damage: int | None = None) -> ev.Strike:
    """Pericle 5's Reverse Ranged Attacks (line 1476): "When the target is hit by ranged weapons,
    thrown weapons, or thrown Spells, the attacks are reversed and instead hit the original
    attacker. A second attack roll is not necessary": the hit's damage is dealt to the attacker
    (its own armour; no shield faces its own shot). `crit_rolled`, `mastery_damage`: as `_damage`
    takes them (version 5's Attack in steps)."""
    turned = msgspec.structs.replace(strike, target=attacker.id)
    hit = _damage(play, attacker, attacker, weapon, plan, order, turned, crit=strike.check.crit,
                  crit_rolled=crit_rolled, mastery_damage=mastery_damage)
    return msgspec.structs.replace(hit, protection=[*hit.protection, Adjustment(0, f"{REVERSED} by {target.id}")])


def _ricochet(play: Play, strikes: list[ev.Strike]) -> None:
    """Pericle 5's Ricochet Attack: the attacker takes its half of a reflected blow, less its own
    armour ("The armor value of each combatant is subtracted after dividing the damage")."""
    for strike in strikes:
        for share in (a.value for a in strike.protection if a.source == RICOCHET_SHARE):
            attacker = play.figure(strike.attacker)
            if attacker.condition != "dead":
                play.emit(ev.Damaged(figure=attacker.id,
                                     amount=spell_effects.hurt(play.state, attacker, max(0, share - attacker.armour),
                                                               spell=True),
                                     source=f"spell:{RICOCHET}:{strike.target}"))


def _break_magic_shields(play: Play, strikes: list[ev.Strike]) -> None:
    """Pericle 5's Magic Shield ends when it has turned a double or triple hit into a normal one."""
    for strike in strikes:
        if any(a.source.endswith(SHIELD_BROKEN) for a in strike.protection):
            for active in play.state.spells:
                if active.target == strike.target and active.rules and active.spell in spell_effects.MAGIC_SHIELDS:
                    play.emit(ev.SpellEnded(caster=active.caster, spell=active.spell, target=active.target,
                                            reason="destroyed by a critical hit"))


def _shield_bash_back(play: Play, defender: Figure, attacker: Figure, strike: ev.Strike) -> list[ev.Strike]:
    """Shield Bash I: "You may also make a Shield Bash attack against an adjacent foe that
    attacks you if you're Defending and you roll any die face other than a blank" (declared with
    Defend: `shield_bash`, on by default)."""
    if not (defender.defending and defender.shield_bash_back and "Shield Bash I" in defender.disciplines
            and "shield" in defender.in_hand and defender.standing and board.gap(defender, attacker) == 1
            and play.passives.bashes_back(play, defender, attacker)):
        return []
    if all(face == "blank" for face in strike.check.defense_faces):
        return []
    order = cmd.StrikeOrder(target=attacker.id)
    try:
        plan = _plan(play, defender, attacker, SHIELD_BASH, [Adjustment(-2, "Shield Bash I")], order)
    except RuleViolation:
        return []  # the foe is not where a shield can strike it
    return [msgspec.structs.replace(resolve_strike(play, defender, attacker, SHIELD_BASH, plan, order),
                                    kind="shield bash back")]


def resolve_strike(play: Play, attacker: Figure, target: Figure, weapon: Weapon, plan: StrikePlan,
                   order: cmd.StrikeOrder, *, stray: bool = False, reverse: bool = False,
                   first: bool = True) -> ev.Strike:
    """Roll to hit; on a hit roll damage, and the Crit Die on a Crit; subtract armour."""
    strike = roll_to_hit(play, attacker, target, weapon, plan, stray=stray)
    if not strike.hit:
        return strike
    if reverse:
        return _reversed(play, attacker, target, weapon, plan, order, strike)
    return _damage(play, attacker, target, weapon, plan, order, strike, crit=strike.check.crit and not stray,
                   first=first and not stray)


def roll_to_hit(play: Play, attacker: Figure, target: Figure, weapon: Weapon, plan: StrikePlan, *,
                stray: bool = False) -> ev.Strike:
    """The attack roll alone (version 5's Attack in steps rolls it as a step of its own): the
    Disciplines that make a hit a Crit (version 5's Swordsmanship), an Image's blows that miss."""
    label = f"{attacker.name} {'(stray) ' if stray else ''}attacks {target.name} with {weapon.name}"
    rolled = check(play.dice, label, plan.base, plan.adjustments,
                   fortune=plan.fortune + play.passives.luck(play, attacker), misfortune=plan.misfortune,
                   defense_dice=0 if stray else len(plan.defense), below_zero_cap=plan.below_zero_cap)
    if not stray and rolled.success and not rolled.crit and play.passives.crit(play, attacker, weapon, plan.kind,
                                                                              rolled):
        rolled = msgspec.structs.replace(rolled, crit=True)
    # A stray roll is made to miss the ally: success misses it, failure hits it.
    hit = not rolled.success if stray else rolled.success
    if spell_effects.image(play.state, attacker):
        hit = False  # Pericle 5's Image (line 481): "they act like they're attacking but they automatically miss"
    return ev.Strike(attacker=attacker.id, target=target.id, weapon=weapon.name,
                     kind="stray" if stray else plan.kind, check=rolled, hit=hit)


def _damage(play: Play, attacker: Figure, target: Figure, weapon: Weapon, plan: StrikePlan,
            order: cmd.StrikeOrder, strike: ev.Strike, *, crit: bool,
            crit_rolled: tuple[str, Roll] | None = None, mastery_damage: int | None = None,
            first: bool = True) -> ev.Strike:
    """`crit_rolled`: version 5 rolls the Crit Die before the damage, as its own step;
    `mastery_damage`: version 5's share of Weapon Mastery given to damage; `first`: the attack's
    first strike (version 5's Disciplines that add to it)."""
    # Divine Might (version 4): "an additional 1d6 damage per E spent", rolled with the weapon's.
    might = spell_effects.divine_might(play.state, attacker) if plan.kind in ("melee", "reach", "grapple-strike") else 0
    expression = f"{weapon.damage}+{might}d6" if might else weapon.damage
    more_dice, more_bonuses = play.passives.extra_damage(play, attacker, target, weapon, plan.kind, first)
    if more_dice:
        expression = f"{expression}+{more_dice}"
    damage_roll = roll_expression(play.dice, expression, f"{attacker.name}: {weapon.name} damage"
                                  f"{' with Divine Might' if might else ''}")
    bonuses: list[Adjustment] = list(more_bonuses)
    mastery = attacker.mastery.count(weapon.weapon_class)
    if mastery_damage is not None:
        if mastery_damage:
            bonuses.append(Adjustment(mastery_damage, "Weapon Mastery"))
    elif mastery and order.mastery == "damage":
        bonuses.append(Adjustment(mastery, "Weapon Mastery"))
    if plan.kind == "grapple-strike" and weapon.name.lower() in ("dagger", "knife"):
        bonuses.append(Adjustment(2, "dagger or knife in a Grapple"))
    if weapon.weapon_class == "axe":
        bonuses.append(Adjustment(1, "axe"))
    bonuses += discipline_effects.damage_bonuses(attacker, weapon)
    face = effect = None
    crit_roll = None
    if crit:
        face, crit_roll = crit_rolled if crit_rolled is not None else crit_die(play.dice, f"{attacker.name}: Crit Die")
        effect = crit_effect(weapon, face, order.crit_choice if attacker.team == "heroes" else "damage", target)
    factor = play.passives.damage_factor(play, attacker, target, weapon, plan.kind)  # version 5: Polearm Charge
    rolled = max(0, damage_roll.total or 0) * factor + sum(b.value for b in bonuses if b.source != "axe")
    from_front = _shield_faces(target, attacker, plan.kind)
    parry = 2 if target.parrying and plan.kind in ("melee", "reach") else 0
    shield_in, front, counted_face = target.shield, from_front, face
    magic = magic_shield_against(play, attacker, target, plan.kind)
    if magic is not None:
        # Pericle 5's Magic Shield (lines 1409, 1474): its points, not stacking with a shield;
        # "destroyed if the hero is hit with an attack that does double or triple damage.
        # However, in this case it negates the critical hit, resulting in a normal hit instead."
        shield_in, front = max(target.shield if from_front else 0, magic[1]), True
        if face is not None and "two stars" in face:
            counted_face = effect = None
    armour, shield, by_spells = spell_effects.protection(play.state, target, target.armour, shield_in, front)
    by_disciplines = play.passives.protection(play, attacker, target, weapon, plan.kind, strike.check)
    if by_disciplines:
        armour = max(0, armour + sum(a.value for a in by_disciplines))
    weapon_kind: WeaponClass = "axe" if weapon.weapon_class == "axe" else \
        "hammer" if weapon.weapon_class == "hammer" else "other"
    reflected = 0
    if plan.kind in RICOCHETS and spell_effects.on_by_v5(play.state, target, RICOCHET):
        # Pericle 5's Ricochet Attack (line 1532): "When the target is hit by a melee attack, the
        # blow is reflected back at the attacker. Both the attacker and the target take half of
        # the damage rounded up... The armor value of each combatant is subtracted after
        # dividing the damage": the hit's damage before armour, halved, then the target's armour.
        whole = damage_after_armour(rolled, weapon_kind, 0, 0, False, crit_face=counted_face)
        reflected = -(-whole // 2)
        rolled, weapon_kind, counted_face = reflected, "hammer" if weapon_kind == "hammer" else "other", None
    dealt = damage_after_armour(rolled, weapon_kind, armour + parry, shield, front, crit_face=counted_face,
                                defense_torches=strike.check.armour_bonus)
    if face == "one star or torch" and effect is not None:
        dealt = 0  # the effect without damage
    protection = [Adjustment(target.armour, "armour"), *by_spells, *by_disciplines]
    ruby = spell_effects.ruby_ward(play.state, target)  # Pericle 6's Ruby runestone in armour (line 745)
    if ruby:
        dealt = max(0, dealt - ruby)
        protection.append(Adjustment(ruby, "Ruby runestone"))
    if spell_effects.image(play.state, target):
        dealt, reflected = 0, 0  # an Image "absorb[s] attack damage from one attack before popping" (line 481)
        protection.append(Adjustment(0, "Image: pops"))
    if spell_effects.immune(play.state, target):
        dealt, reflected = 0, 0  # Pericle 5's Immunity (line 1566): "immune to all damage"
        protection.append(Adjustment(0, "Immunity: no damage"))
    if reflected:
        protection.append(Adjustment(reflected, RICOCHET_SHARE))
    if weapon.weapon_class == "hammer":
        protection.append(Adjustment(-min(2, armour), "hammer: armour penetration"))
    if parry:
        protection.append(Adjustment(parry, "Dual Weapons parry"))
    if from_front and target.shield:
        protection.append(Adjustment(target.shield, "shield"))
    if magic is not None:
        protection.append(Adjustment(magic[1], magic[0] if counted_face == face else f"{magic[0]}{SHIELD_BROKEN}"))
    if strike.check.armour_bonus:
        protection.append(Adjustment(strike.check.armour_bonus, "Defense Die torch"))
    disarmed = _disarmed(target, order.disarm) if effect == "disarm" else None
    return msgspec.structs.replace(strike, damage_roll=damage_roll, crit_face=face, crit_roll=crit_roll,
                                   crit_effect=effect, protection=protection, modifiers=bonuses, damage=dealt,
                                   disarmed=disarmed, poison=poison.delivered(weapon, target, dealt))


def _disarmed(target: Figure, chosen: str | None) -> str | None:
    """The item a Disarm makes the foe drop: "one item in hand as selected by the attacker"
    (a weapon or its shield); unchosen, the first weapon in hand, else the shield."""
    if chosen is not None and chosen.lower() in target.in_hand:
        return chosen.lower()
    weapons = [item for item in target.in_hand if item != "shield"]
    return weapons[0] if weapons else next(iter(target.in_hand), None)


def _shield_faces(target: Figure, attacker: Figure, kind: str) -> bool:
    """A shield protects only against attacks from the bearer's front hexes (front sides for a
    shot), never in a Grapple."""
    return "shield" in target.in_hand and _guarded_front(target, attacker, kind)


def magic_shield_against(play: Play, attacker: Figure, target: Figure, kind: str) -> tuple[str, int] | None:
    """Pericle 5's Magic Shield on the target, if it guards against this attack: it "blocks
    attacks in the target's front hexes" (as a shield, never in a Grapple)."""
    magic = spell_effects.magic_shield(play.state, target)
    return magic if magic is not None and _guarded_front(target, attacker, kind) else None


def _guarded_front(target: Figure, attacker: Figure, kind: str) -> bool:
    if target.grappled_with or kind == "grapple-strike":
        return False
    if board.gap(target, attacker) == 1:
        return board.zone_toward(target, attacker) == "front"
    return any(board.in_front_arc(target, h) for h in attacker.hexes)


def _past_allies(play: Play, attacker: Figure, target: Figure, weapon: Weapon, plan: StrikePlan,
                 around: list[Figure]) -> list[ev.Strike]:
    """After a miss or a block, a roll (no Defense Die, no bonus for a prone target) to miss each
    ally that gave the target cover - in the line of fire, or in its Grapple Pile; the first
    failure hits that ally with normal damage."""
    strays = []
    unbiased = StrikePlan(plan.kind, [a for a in plan.adjustments if a.source != "prone target"], plan.misfortune,
                          [], plan.below_zero_cap, plan.base)
    for ally in around:
        if ally.team != attacker.team or ally.id == attacker.id:
            continue
        stray = resolve_strike(play, attacker, ally, weapon, unbiased, cmd.StrikeOrder(target=ally.id), stray=True)
        strays.append(stray)
        if stray.hit:
            break
    return strays


# ---- other Actions -----------------------------------------------------------------------
