"""The Action phase's Actions (seed 001, 3. Actions): attacks, Grapple, escape, Withdraw, Move,
spells, standing up, weapons and items, Defend when Grappled, Delay."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.hexes import distance
from domain.rulesets.pericle import board, items, poison
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import DEFT_WEAPONS, SPELLS, Weapon, unarmed
from domain.rulesets.pericle.combat import damage as damage_after_armour
from domain.rulesets.pericle.combat import melee_position_bonus, range_penalty
from domain.rulesets.pericle.crits import crit_effect
from domain.rulesets.pericle.dice import Adjustment, check, crit_die, opposed
from domain.rulesets.pericle.heroes import multiple_attack_penalties
from domain.rulesets.pericle.movement import climb_out, walk
from domain.rulesets.pericle.play import RUNNING, Play, not_after_running, own_figure, require_phase
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.turns import advance, can_move, declare_defend, upkeep

SHIELD_BASH = Weapon(name="Shield", mt=0, damage="1d4", weapon_class="natural")


def act(play: Play, command: cmd._Action, actor: str) -> None:
    """Run one Action for the figure whose slot it is (or a hero that delayed)."""
    figure = own_figure(play, command.figure, actor)
    require_phase(play.state, "actions")
    if figure.id != play.state.current and figure.id not in play.state.delayed:
        raise RuleViolation("not-your-action", f"it is {play.state.current}'s Action, not {figure.name}'s")
    if isinstance(command, cmd.Delay):
        if figure.team != "heroes" or figure.id in play.state.delayed:
            raise RuleViolation("delay", "heroes may delay their Action once, until later in the turn")
        play.emit(ev.ActionDelayed(figure=figure.id))
        advance(play)
        return
    upkeep(play, figure, list(command.cancel_spells))
    figure = play.figure(figure.id)
    if not figure.active:  # the upkeep's Exhaustion can knock a caster out
        play.emit(ev.ActionDone(figure=figure.id, action="none (unconscious)"))
        advance(play)
        return
    action = next(run for kind, run in ACTIONS.items() if isinstance(command, kind))
    action(play, figure, command)
    play.emit(ev.ActionDone(figure=figure.id, action=str(command.__struct_config__.tag)))
    advance(play)


def _grapple_only(figure: Figure, what: str) -> None:
    if figure.grappled_with:
        raise RuleViolation("grappled", f"a Grappled figure cannot {what}")


# ---- attacks -----------------------------------------------------------------------------


def _weapon_in_hand(figure: Figure, name: str | None) -> Weapon:
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


def _strike_penalties(figure: Figure, weapons: list[Weapon]) -> list[list[Adjustment]]:
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
    for weapon in weapons:
        own: list[Adjustment] = []
        if weapon is SHIELD_BASH:
            if uses[weapon.name] > 1:
                raise RuleViolation("shield-bash", "one Shield Bash a turn")
            own.append(Adjustment(-2, "Shield Bash I"))
        else:
            if uses[weapon.name] > 1:
                if "Deft Strikes" not in figure.disciplines or weapon.name.lower() not in DEFT_WEAPONS:
                    raise RuleViolation("one-attack", "two attacks with one weapon need Deft Strikes and a dagger, "
                                                      "knife, katar, cestus or unarmed strike")
                if uses[weapon.name] > 2:
                    raise RuleViolation("deft-strikes", "Deft Strikes gives two attacks with a weapon, not more")
                if not figure.deft_strikes:
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
                 below_zero_cap: int, base: int) -> None:
        self.kind = kind
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
    if kind in ("melee", "reach") and target.grappled_with:
        defense.append("Partial Cover (Grapple Pile)")
    if kind == "grapple-strike" and "Defensive Fighting" in target.disciplines:
        adjustments.append(Adjustment(-2 if target.defending else -1, "Defensive Fighting"))
    if kind in ("ranged", "thrown", "reach"):
        defense += _line_of_fire(play, attacker, target, weapon, kind)
        if kind != "reach":
            penalty = range_penalty(board.gap(attacker, target), thrown=kind == "thrown")
            if penalty:
                adjustments.append(Adjustment(penalty, "range"))
        if kind != "reach" and target.condition != "standing":
            defense.append("prone target")
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
    if any(s.spell == "Blur" and s.target == target.id for s in play.state.spells):
        # Blur: "forces an attacker to roll AD0 and have Misfortune".
        adjustments = [Adjustment(-base, "Blur: AD0")]
        misfortune += 1
    return StrikePlan(kind, adjustments, misfortune, defense, below_zero_cap, base)


def _line_of_fire(play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[str]:
    if kind == "ranged" and board.embattled_by(play.state, attacker):
        raise RuleViolation("embattled-ranged", "no bow, crossbow or sling while Embattled (throwing is allowed)")
    if kind == "ranged":
        not_after_running(attacker, "a ranged attack")
        if attacker.condition != "standing" and not weapon.crossbow:
            raise RuleViolation("prone", "a prone figure may fire a crossbow, not a bow or sling")
    if kind != "reach" and not any(board.in_front_arc(attacker, h) for h in target.hexes):
        raise RuleViolation("front-sides", f"{target.name} is not within {attacker.name}'s front sides")
    sight = board.line_cover(play.state, attacker, target)
    if sight == "complete":
        raise RuleViolation("complete-cover", f"{target.name} has Complete Cover from {attacker.name}")
    return ["Partial Cover"] if sight == "partial" else []


def attack(play: Play, attacker: Figure, command: cmd._Action) -> None:
    assert isinstance(command, cmd.Attack)
    if command.parry:
        _check_parry(attacker, command)
    strike_all(play, attacker, command.strikes, parry=command.parry)


def _check_parry(attacker: Figure, command: cmd.Attack) -> None:
    """Dual Weapons, option 2: attack with the first weapon and parry with the second."""
    held = [item for item in attacker.in_hand if item != "shield"]
    if "Dual Weapons" not in attacker.disciplines or len(held) < 2:
        raise RuleViolation("parry", "parrying needs Dual Weapons and a weapon in each hand")
    if len(command.strikes) != 1 or (command.strikes[0].weapon or held[0]).lower() != held[0]:
        raise RuleViolation("parry", "a parrying figure attacks once, with its first weapon")


def strike_all(play: Play, attacker: Figure, orders: list[cmd.StrikeOrder], *, parry: bool = False) -> None:
    """Each strike in the order given, one `attacked` event each (with the rolls to miss allies
    and a Defender's Shield Bash back), so that each strike meets the state the last one left:
    a strike at a foe already down, or by an attacker already down, does not happen."""
    weapons = [_weapon_in_hand(attacker, order.weapon) for order in orders]
    penalties = _strike_penalties(attacker, weapons)
    for order, weapon in zip(orders, weapons, strict=True):
        target = play.figure(order.target)
        if target.team == attacker.team or not target.active:
            raise RuleViolation("target", f"{target.name} is not a foe that can be attacked")
        if weapon.crossbow and weapon.name.lower() in attacker.unloaded:
            raise RuleViolation("crossbow-unloaded", f"the {weapon.name} must be loaded (an Action) before it fires")
    for order, weapon, own in zip(orders, weapons, penalties, strict=True):
        attacker, target = play.figure(attacker.id), play.figure(order.target)
        if not (attacker.active and target.active):
            continue
        plan = _plan(play, attacker, target, weapon, own, order)
        strike = resolve_strike(play, attacker, target, weapon, plan, order)
        strikes = [strike]
        if not strike.hit and plan.kind in ("ranged", "thrown"):
            strikes += _past_allies(play, attacker, target, weapon, plan, board.figures_in_the_way(
                play.state, attacker, target))
        if not strike.hit and target.grappled_with:
            pile = [play.figure(f) for f in target.grappled_with]
            strikes += _past_allies(play, attacker, target, weapon, plan, pile)
        strikes += _shield_bash_back(play, target, attacker, strike)
        play.emit(ev.Attacked(strikes=tuple(strikes), parry=parry))


def _shield_bash_back(play: Play, defender: Figure, attacker: Figure, strike: ev.Strike) -> list[ev.Strike]:
    """Shield Bash I: "You may also make a Shield Bash attack against an adjacent foe that
    attacks you if you're Defending and you roll any die face other than a blank" (declared with
    Defend: `shield_bash`, on by default)."""
    if not (defender.defending and defender.shield_bash_back and "Shield Bash I" in defender.disciplines
            and "shield" in defender.in_hand and defender.standing and board.gap(defender, attacker) == 1):
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


def reload(play: Play, figure: Figure, command: cmd._Action) -> None:
    assert isinstance(command, cmd.Reload)
    if command.weapon.lower() not in figure.unloaded:
        raise RuleViolation("crossbow-loaded", f"{figure.name} has no fired {command.weapon} to load")
    play.emit(ev.WeaponReloaded(figure=figure.id, weapon=command.weapon.lower()))


def resolve_strike(play: Play, attacker: Figure, target: Figure, weapon: Weapon, plan: StrikePlan,
                   order: cmd.StrikeOrder, *, stray: bool = False) -> ev.Strike:
    """Roll to hit; on a hit roll damage, and the Crit Die on a Crit; subtract armour."""
    label = f"{attacker.name} {'(stray) ' if stray else ''}attacks {target.name} with {weapon.name}"
    rolled = check(play.dice, label, plan.base, plan.adjustments, misfortune=plan.misfortune,
                   defense_dice=0 if stray else len(plan.defense), below_zero_cap=plan.below_zero_cap)
    # A stray roll is made to miss the ally: success misses it, failure hits it.
    hit = not rolled.success if stray else rolled.success
    strike = ev.Strike(attacker=attacker.id, target=target.id, weapon=weapon.name,
                       kind="stray" if stray else plan.kind, check=rolled, hit=hit)
    if not hit:
        return strike
    return _damage(play, attacker, target, weapon, plan, order, strike, crit=rolled.crit and not stray)


def _damage(play: Play, attacker: Figure, target: Figure, weapon: Weapon, plan: StrikePlan,
            order: cmd.StrikeOrder, strike: ev.Strike, *, crit: bool) -> ev.Strike:
    damage_roll = roll_expression(play.dice, weapon.damage, f"{attacker.name}: {weapon.name} damage")
    bonuses: list[Adjustment] = []
    mastery = attacker.mastery.count(weapon.weapon_class)
    if mastery and order.mastery == "damage":
        bonuses.append(Adjustment(mastery, "Weapon Mastery"))
    if plan.kind == "grapple-strike" and weapon.name.lower() in ("dagger", "knife"):
        bonuses.append(Adjustment(2, "dagger or knife in a Grapple"))
    if weapon.weapon_class == "axe":
        bonuses.append(Adjustment(1, "axe"))
    face = effect = None
    crit_roll = None
    if crit:
        face, crit_roll = crit_die(play.dice, f"{attacker.name}: Crit Die")
        effect = crit_effect(weapon, face, order.crit_choice if attacker.team == "heroes" else "damage", target)
    rolled = max(0, damage_roll.total or 0) + sum(b.value for b in bonuses if b.source != "axe")
    from_front = _shield_faces(target, attacker, plan.kind)
    parry = 2 if target.parrying and plan.kind in ("melee", "reach") else 0
    dealt = damage_after_armour(rolled, "axe" if weapon.weapon_class == "axe" else
                                "hammer" if weapon.weapon_class == "hammer" else "other",
                                target.armour + parry, target.shield, from_front, crit_face=face,
                                defense_torches=strike.check.armour_bonus)
    if face == "one star or torch" and effect is not None:
        dealt = 0  # the effect without damage
    protection = [Adjustment(target.armour, "armour")]
    if weapon.weapon_class == "hammer":
        protection.append(Adjustment(-min(2, target.armour), "hammer: armour penetration"))
    if parry:
        protection.append(Adjustment(parry, "Dual Weapons parry"))
    if from_front and target.shield:
        protection.append(Adjustment(target.shield, "shield"))
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
    if target.grappled_with or kind == "grapple-strike":
        return False
    if "shield" not in target.in_hand:
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


def grapple(play: Play, attacker: Figure, command: cmd._Action) -> None:
    """An Opposed Grapple Check (the higher score rolls at the difference; on a tie the heroes
    roll); success puts both prone in the defender's hex, a Grapple Pile."""
    assert isinstance(command, cmd.Grapple)
    _grapple_only(attacker, "start another Grapple")
    if attacker.condition != "standing":
        raise RuleViolation("prone", "a prone figure cannot Grapple")
    if attacker.pinned_turn >= play.state.turn:
        raise RuleViolation("pinned", "a Pinned combatant cannot grapple")
    target = play.figure(command.target)
    if target.team == attacker.team or not target.active:
        raise RuleViolation("target", f"{target.name} cannot be Grappled")
    if attacker.size > 1 or target.size > 1:
        raise RuleViolation("grapple-size", "only figures of one hex grapple and are grappled (PER-GRAPPLE-SIZE)")
    if board.gap(attacker, target) != 1 or not board.in_front(attacker, target):
        raise RuleViolation("front-hexes", f"{target.name} is not in {attacker.name}'s front hexes")
    if attacker.airborne != target.airborne:
        raise RuleViolation("ground-and-air", "the ground and the air do not grapple")
    defending_score = target.grapple + (3 if target.everkin else 0)  # Grappling Evasion
    roller, ad = opposed(attacker.grapple, defending_score)
    if attacker.grapple == defending_score:
        roller = "aggressor" if attacker.team == "heroes" else "defender"
    # Grappling Expertise: "two rolls are taken and the better outcome for the combatant with
    # Grappling Expertise is used", whichever side rolls.
    expert = "Grappling Expertise" in attacker.disciplines
    rolled = check(play.dice, f"{attacker.name} grapples {target.name}", ad, [],
                   fortune=int(expert and roller == "aggressor"), misfortune=int(expert and roller == "defender"))
    success = rolled.success if roller == "aggressor" else not rolled.success
    play.emit(ev.Grappled(attacker=attacker.id, defender=target.id,
                          roller=attacker.id if roller == "aggressor" else target.id, check=rolled, success=success))
    if success and command.strike is not None:
        # "the attacker may also immediately make a melee attack against the Grappled defender"
        if command.strike.target != target.id:
            raise RuleViolation("grapple-strike", "the follow-up attack is against the Grappled defender")
        strike_all(play, play.figure(attacker.id), [command.strike])


def escape(play: Play, figure: Figure, command: cmd._Action) -> None:
    """An opposed Grapple check against the pile's best grappler, each other foe in it adding a
    Defense Die; success crawls to an adjacent empty hex, still prone."""
    assert isinstance(command, cmd.Escape)
    if not figure.grappled_with:
        raise RuleViolation("not-grappled", f"{figure.name} is not Grappled")
    if distance(figure.hex, command.to) != 1 or not board.passable(play.state, command.to) or play.state.at(command.to):
        raise RuleViolation("escape-hex", "escape to an adjacent empty hex")
    pile = [play.figure(f) for f in figure.grappled_with]
    foes = sorted((f for f in pile if f.team != figure.team), key=lambda f: -f.grapple)
    strongest = foes[0] if foes else pile[0]
    roller, ad = opposed(figure.grapple, strongest.grapple)
    extra = len(foes) - 1 if roller == "aggressor" else 0
    rolled = check(play.dice, f"{figure.name} escapes the Grapple", ad, [], defense_dice=max(0, extra))
    success = rolled.success if roller == "aggressor" else not rolled.success
    play.emit(ev.EscapedGrapple(figure=figure.id, check=rolled, success=success, to=command.to if success else None))


def withdraw(play: Play, figure: Figure, command: cmd._Action) -> None:
    """Move one hex in any direction, Embattled or not (seed 001, Withdraw)."""
    assert isinstance(command, cmd.Withdraw)
    _grapple_only(figure, "Withdraw (escape the Grapple first)")
    if figure.condition != "standing":
        raise RuleViolation("prone", "a prone figure Withdraws by standing up into an adjacent hex")
    if figure.pinned_turn >= play.state.turn:
        raise RuleViolation("pinned", f"{figure.name} is Pinned")
    if distance(figure.hex, command.to) != 1 or not board.base_fits(play.state, figure, command.to, figure.facing):
        raise RuleViolation("withdraw-hex", "Withdraw moves to an adjacent hex with no standing combatant")
    play.emit(ev.FigureMoved(figure=figure.id, path=(command.to,), facing=figure.facing if command.facing is None
                             else command.facing, counted=0, reason="withdraw"))


def move_action(play: Play, figure: Figure, command: cmd._Action) -> None:
    """A second Move as the Action, by the Movement phase's rules. A hero joining a Grapple Pile
    this way "may then immediately make an attack roll as a Grappler" (`strike`)."""
    assert isinstance(command, cmd.MoveFigure)
    if command.overrun is not None:
        raise RuleViolation("overrun", "Overrun happens in the Movement phase")
    if command.strike is not None and not command.join_pile:
        raise RuleViolation("strike-needs-pile", "a Move brings a strike only when it joins a Grapple Pile")
    can_move(play, figure)
    joined = walk(play, figure, list(command.path), command.facing, reason="action", fly=command.fly,
                  join_pile=command.join_pile)
    if joined and command.strike is not None:
        strike_all(play, play.figure(figure.id), [command.strike])


def cast_spell(play: Play, caster: Figure, command: cmd._Action) -> None:
    """A Base AD check; Thrown spells use a thrown weapon's range and cover; Exhaustion is paid
    after the effect, only on success, and not at all on a Crit (these are not Arcane spells)."""
    assert isinstance(command, cmd.CastSpell)
    not_after_running(caster, "casting a spell")
    spell = SPELLS.get(command.spell)
    if spell is None or command.spell not in caster.spells:
        raise RuleViolation("spell-unknown", f"{caster.name} has not learned {command.spell!r}")
    target = play.figure(command.target)
    hostile = target.team != caster.team
    if spell.target == "foe" and not hostile:
        raise RuleViolation("spell-target", f"{spell.name} is cast on a foe")
    if not target.active and target.condition != "unconscious":
        raise RuleViolation("spell-target", f"{target.name} is {target.condition}")
    power = command.power if spell.initial_exhaustion == 0 else 0
    if spell.initial_exhaustion == 0 and power < 1:
        raise RuleViolation("spell-power", f"{spell.name} costs xE: put at least 1 Exhaustion into it")
    adjustments: list[Adjustment] = poison.penalty(caster)
    if caster.airborne:
        adjustments.append(Adjustment(-1, "casting while flying"))
    elif target.airborne:
        adjustments.append(Adjustment(-3, "a flying target"))
    defense: list[str] = []
    if target.id != caster.id:
        gap = board.gap(caster, target)
        penalty = range_penalty(gap, thrown=True)
        if penalty:
            adjustments.append(Adjustment(penalty, "range"))
        if not any(board.in_front_arc(caster, h) for h in target.hexes):
            raise RuleViolation("front-sides", f"{target.name} is not within {caster.name}'s front sides")
        sight = board.line_cover(play.state, caster, target)
        if sight == "complete":
            raise RuleViolation("complete-cover", f"{target.name} has Complete Cover")
        if hostile and sight == "partial":
            defense.append("Partial Cover")
        if hostile and target.condition != "standing" and gap > 1:
            defense.append("prone target")
    if hostile and target.defending:
        defense.append("Defending")
    rolled = check(play.dice, f"{caster.name} casts {spell.name} on {target.name}", caster.base_ad, adjustments,
                   defense_dice=len(defense))
    cost = 0 if (not rolled.success or rolled.crit) else (spell.initial_exhaustion or power)
    duration = (1 if target.mt >= 20 else spell.duration) if spell.duration else 0
    play.emit(ev.SpellCast(caster=caster.id, spell=spell.name, target=target.id, check=rolled, success=rolled.success,
                           exhaustion=cost, power=power, duration=duration))


def climb(play: Play, figure: Figure, command: cmd._Action) -> None:
    assert isinstance(command, cmd.ClimbOut)
    climb_out(play, figure, command.to)


def stand_up(play: Play, figure: Figure, command: cmd._Action) -> None:
    assert isinstance(command, cmd.StandUp)
    if figure.hex in play.state.encounter.map.pits:
        raise RuleViolation("clinging", f"{figure.name} clings to a pit's edge: it climbs out first")
    not_after_running(figure, "standing up")
    _grapple_only(figure, "stand up (escape the Grapple first)")
    if figure.condition != "prone":
        raise RuleViolation("not-prone", f"{figure.name} is not prone")
    to = command.to or figure.hex
    if to == figure.hex and not board.base_fits(play.state, figure, to, figure.facing):
        raise RuleViolation("stand-hex", "another combatant stands in this hex: stand in an adjacent empty hex")
    occupied = [f for f in play.state.at(to) if f.id != figure.id]
    if to != figure.hex and (distance(to, figure.hex) != 1 or occupied
                             or not board.base_fits(play.state, figure, to, figure.facing)):
        raise RuleViolation("stand-hex", "stand in your hex or an adjacent empty hex")
    play.emit(ev.StoodUp(figure=figure.id, hex=to))
    if command.facing is not None:
        play.emit(ev.FigureFaced(figure=figure.id, facing=command.facing, reason="standing up"))


def ready_weapons(play: Play, figure: Figure, command: cmd._Action) -> None:
    """After moving 1 hex or less: sheathe and draw freely. After running: drop what is in hand
    (where it stands) and draw one item. Two hands: a two-handed weapon takes both."""
    assert isinstance(command, cmd.ReadyWeapons)
    wanted = tuple(item.lower() for item in command.in_hand)
    carried = {w.name.lower() for w in figure.weapons} | ({"shield"} if figure.shield else set()) | set(figure.in_hand)
    unknown = [item for item in wanted if item not in carried]
    if unknown:
        raise RuleViolation("not-carried", f"{figure.name} does not carry {unknown}")
    if figure.hands(wanted) > 2:
        raise RuleViolation("hands", "two hands: a two-handed weapon takes both")
    if figure.grappled_with:
        drawing = [figure.weapon(i) for i in wanted if i not in figure.in_hand]
        if len(drawing) > 1 or any(weapon is None or not weapon.grapple for weapon in drawing):
            raise RuleViolation("grappled", "in a Grapple a figure may draw one weapon usable there")
    dropped: tuple[str, ...] = ()
    if figure.moved > RUNNING:
        drawn = [i for i in wanted if i not in figure.in_hand]
        if len(drawn) > 1:
            raise RuleViolation("ran", "after running a figure may drop what it holds and draw one item")
        dropped = tuple(i for i in figure.in_hand if i not in wanted)
    play.emit(ev.WeaponsReadied(figure=figure.id, in_hand=wanted, dropped=dropped))


def pick_up(play: Play, figure: Figure, command: cmd._Action) -> None:
    assert isinstance(command, cmd.PickUp)
    not_after_running(figure, "picking up a weapon")
    item = command.item.lower()
    lying = next((g for g in play.state.ground if g.item == item
                  and min(distance(g.hex, h) for h in figure.hexes) <= 1), None)
    if lying is None:
        raise RuleViolation("nothing-there", f"no {command.item!r} lies in or next to {figure.name}'s hex")
    if item == "shield" and figure.shield:
        raise RuleViolation("one-shield", f"{figure.name} already carries a shield")
    if figure.hands(figure.in_hand) >= 2:
        raise RuleViolation("hands", "a free hand is needed")
    play.emit(ev.ItemPickedUp(figure=figure.id, item=item, hex=lying.hex))


def defend_grappled(play: Play, figure: Figure, command: cmd._Action) -> None:
    """Becoming Grappled lets a figure that has not acted choose Defend as its Action."""
    assert isinstance(command, cmd.Defend)
    if not figure.grappled_with:
        raise RuleViolation("defend-declared", "Defend is declared before the Action phase begins")
    if figure.defending:
        raise RuleViolation("already-defending", f"{figure.name} is Defending this turn")
    # Taken as the Action, Defend is no declaration: a Deft Strikes declared earlier does not bar it.
    play.emit(ev.DefendDeclared(figure=figure.id, shield_bash=command.shield_bash))


def pass_action(play: Play, figure: Figure, command: cmd._Action) -> None:
    """Take no Action."""


ACTIONS: dict[type, Callable[[Play, Figure, cmd._Action], None]] = {
    cmd.Attack: attack, cmd.Grapple: grapple, cmd.Escape: escape, cmd.ClimbOut: climb, cmd.Withdraw: withdraw,
    cmd.MoveFigure: move_action, cmd.CastSpell: cast_spell, cmd.StandUp: stand_up,
    cmd.ReadyWeapons: ready_weapons, cmd.Reload: reload, cmd.PickUp: pick_up, cmd.PassAction: pass_action,
    cmd.Defend: defend_grappled, cmd.FetchItem: items.fetch_item, cmd.UseItem: items.use_item,
}


def defend(play: Play, command: cmd.Defend, actor: str) -> None:
    """Declared in the declarations before the Action phase; when Grappled, taken as the Action."""
    if play.state.phase == "actions":
        act(play, command, actor)
        return
    require_phase(play.state, "declare")
    declare_defend(play, own_figure(play, command.figure, actor), command.shield_bash)

