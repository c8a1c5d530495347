"""Version 5: strikes resolved in steps, with a Karma window after each set of dice (the Attack Action,
a Grapple's immediate strike and a strike on joining a Grapple Pile).

Seed 001, Karma and Ardence (lines 632-634): "A hero may immediately expend 1 Karma to force a re-roll
of any set of dice ... The re-roll may apply to any die roll, including - but not limited to - an attack
roll, a damage roll, a skill check roll or a crit die roll ... You can only use the Karma to re-roll the
most recent set of dice, not a roll from several rolls ago." And its example: an orc "rolls a Crit"; a
friend's Karma makes "the orc re-roll its attack"; "you cannot wait until after the damage is rolled to
use a Karma to force a re-roll of the attack ... You can only use a Karma to re-roll the damage in that
instance." Version 4 rolled a strike's attack, damage and Crit Die in one command, so only its last set
could ever be re-rolled. Here a strike's attack roll (Action Die with the Defense Dice, rolled "at the
same time", line 188) and its Crit Die (rolled when the Crit is, line 162, before the damage that it
doubles, line 164) each end a step: the attack waits (`pending`) while any hero could spend Karma
(PER-KARMA-WINDOW, version 5), and the attacker's seat sends `go_on` for the next step. Each step is its
own command, so a Karma re-roll (karma.py: the last set of dice of the latest command) re-rolls exactly
the most recent set. Every input is checked when the Attack is sent, before its first die (as version 4's
`ready_strikes`); `go_on` checks only that this attacker's attack waits."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

import msgspec

from domain.dice import rolls_in
from domain.errors import RuleViolation
from domain.rulesets.contract import Context, Events
from domain.rulesets.contract import Play as Row
from domain.rulesets.pericle import actions
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import ANIMAL_ACTIONS, _check_parry, _slot_figure, not_paralysed
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.combat_commands import FigureId, SeatName
from domain.rulesets.pericle.dice import Adjustment, crit_die
from domain.rulesets.pericle.movement import pile_to_join
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.rules import as_sent
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState, Figure, PendingStrike
from domain.rulesets.pericle.strikes import (
    ReadyStrike,
    StrikePlan,
    _damage,
    _plan,
    _reversed,
    after_the_strike,
    ready_strikes,
    reversed_at,
    roll_to_hit,
    struck,
)
from domain.rulesets.pericle.turns import advance, can_move, upkeep

T = TypeVar("T", bound=msgspec.Struct)


class GoOn(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="go_on"):
    """Version 5: the attacker's seat closes the Karma window of its waiting attack: the next step
    (the Crit Die, the damage, the next strike) is rolled."""

    figure: FigureId
    seat: SeatName | None = None


def window_open(state: CombatState) -> bool:
    """Whether anyone could spend Karma now: a hero, not dead, with Karma left ("You may even expend
    Karma if you're unconscious", line 632). With none, nothing waits: the attack runs on."""
    return any(f.team == "heroes" and f.condition != "dead" and f.karma > 0 for f in state.figures)


def _slot_open(play: Play, command: cmd._Action) -> Figure | None:
    """As version 4's `act` opens an Action: the figure whose slot it is pays its upkeep; None when the
    upkeep knocked it out (its slot is then done)."""
    figure = _slot_figure(play, command)
    play.passives.check_action(play, figure, command)
    upkeep(play, figure, list(command.cancel_spells))
    figure = play.figure(figure.id)
    if not figure.active:  # the upkeep's Exhaustion can knock a caster out
        play.emit(ev.ActionDone(figure=figure.id, action="none (unconscious)"))
        advance(play)
        return None
    if figure.companion and not isinstance(command, ANIMAL_ACTIONS):
        raise RuleViolation("companion-action", "a befriended animal moves, attacks, fetches items and keeps its "
                                                "feet; it does not " + str(command.__struct_config__.tag))
    return figure


def _done(play: Play, figure_id: str, sent: dict[str, Any], last: ev.Strike | None = None, *,
          in_action: bool = False) -> None:
    """The strikes are over: what follows them (`Passives.strikes_done`: version 6's Discipline strikes,
    a trip or a push), then the Action is done, unless `actions.act` ends it (`in_action`: the strikes
    ran through within the command that `act` plays)."""
    play.passives.strikes_done(play, figure_id, sent, last)
    if in_action:
        return
    play.emit(ev.ActionDone(figure=figure_id, action=str(sent["type"])))
    advance(play)


def attack(play: Play, command: cmd.Attack) -> None:
    """The Attack Action: the slot's upkeep, then every check of every strike before the first die,
    then the strikes step by step."""
    figure = _slot_open(play, command)
    if figure is None:
        return
    not_paralysed(play, figure)
    if command.parry:
        _check_parry(figure, command)
    ready = ready_strikes(play, first_weapon_first(figure, command.strikes), command.strikes, mastery_split=True)
    for order, weapon, _ in ready:
        if order.mastery_ad is not None and order.mastery_ad > figure.mastery.count(weapon.weapon_class):
            raise RuleViolation("mastery-split", f"{figure.name} has {figure.mastery.count(weapon.weapon_class)} "
                                                 f"Weapon Mastery in {weapon.weapon_class}s to distribute")
    _strikes_from(play, figure.id, as_sent(command), *_prepared(ready), 0)


def _prepared(ready: list[ReadyStrike]) -> tuple[tuple[Weapon, ...], tuple[tuple[Adjustment, ...], ...]]:
    return tuple(weapon for _, weapon, _ in ready), tuple(tuple(adjustments) for _, _, adjustments in ready)


def grapple(play: Play, command: cmd.Grapple) -> None:
    """The Grapple Action (version 4's check), its immediate strike then in steps like an Attack's: "the
    attacker may also immediately make a melee attack against the Grappled defender" (line 442)."""
    figure = _slot_open(play, command)
    if figure is None:
        return
    if command.strike is None:
        actions.grapple(play, figure, command)
        _done(play, figure.id, as_sent(command))
        return
    # Checked, as the Grapple would leave the field, before the Grapple check is rolled (as version 4).
    if command.strike.target != command.target:
        raise RuleViolation("grapple-strike", "the follow-up attack is against the Grappled defender")
    won = play.supposing(*actions._into_pile(figure, play.figure(command.target)))
    ready = ready_strikes(won, won.figure(figure.id), [command.strike])
    actions.grapple(play, figure, msgspec.structs.replace(command, strike=None))
    # An Image grappled is a Base AD check, no Grapple (line 481: `actions._grapple_an_image`): no strike.
    grappled = next((e for e in reversed(play.events) if isinstance(e, ev.Grappled)), None)
    if grappled is not None and grappled.success:
        _start(play, figure.id, as_sent(command), ready)
    else:
        _done(play, figure.id, as_sent(command))


def move(play: Play, command: cmd.MoveFigure) -> None:
    """A move (version 4's); the Move Action that joins a Grapple Pile with a strike ("may then immediately
    make an attack roll as a Grappler", line 464) strikes in steps like an Attack."""
    if play.state.phase != "actions" or command.strike is None:
        actions.move(play, command)
        return
    figure = _slot_open(play, command)
    if figure is None:
        return
    if command.overrun is not None:
        raise RuleViolation("overrun", "Overrun happens in the Movement phase")
    if not command.join_pile:
        raise RuleViolation("strike-needs-pile", "a Move brings a strike only when it joins a Grapple Pile")
    can_move(play, figure)
    pile = pile_to_join(play, figure, list(command.path), command.fly)
    in_pile = play.supposing(*actions._into_pile(figure, play.figure(pile[0]), tuple(command.path), command.facing))
    ready = ready_strikes(in_pile, in_pile.figure(figure.id), [command.strike])
    actions.move_action(play, figure, msgspec.structs.replace(command, strike=None))
    if play.figure(figure.id).grappled_with:
        _start(play, figure.id, as_sent(command), ready)
    else:
        _done(play, figure.id, as_sent(command))


def first_weapon_first(figure: Figure, orders: list[cmd.StrikeOrder]) -> Figure:
    """Dual Weapons (seed 001 line 1306): "Attack with both weapons. The first attack is normal and the
    second attack is at AD-3"; line 410, Tarkan "may choose the order of the attacks, that is if he takes
    his extra attack from Dual Weapons first or if he takes the extra attack from Deft Strikes first": the
    extra attacks come after the first. So the weapon of an Attack's first strike is its first weapon,
    whichever hand holds it, and only the other weapon's strikes take AD-3 (version 4 gave AD-3 to the
    weapon not listed first in hand, even for a single strike, and let a hero open with it)."""
    name = orders[0].weapon.lower() if orders and orders[0].weapon else None
    if name is None or name == "shield" or name not in figure.in_hand:
        return figure
    held = list(figure.in_hand)
    held.remove(name)
    return msgspec.structs.replace(figure, in_hand=(name, *held))


def go_on(play: Play, command: GoOn) -> None:
    """The next step of the attacker's waiting attack."""
    pending = play.state.pending
    if pending is None:
        raise RuleViolation("no-attack-waiting", "no attack waits for a Karma re-roll")
    if pending.attacker != command.figure:
        raise RuleViolation("not-your-attack", f"the attack that waits is {pending.attacker}'s")
    if pending.check is None:  # the strike waits to be rolled
        _strikes_from(play, pending.attacker, pending.command, pending.weapons, pending.own, pending.index)
    elif (finished := _finish_strike(play, pending)) is not None:
        _after(play, pending.attacker, pending.command, pending.weapons, pending.own, pending.index, finished)


def _orders(sent: dict[str, Any]) -> list[cmd.StrikeOrder]:
    """The strikes of the command as recorded: an Attack's `strikes`, a Grapple's or a Move's `strike`."""
    return msgspec.convert(sent["strikes"] if "strikes" in sent else [sent["strike"]], list[cmd.StrikeOrder])


def _next_strike(play: Play, attacker_id: str, orders: list[cmd.StrikeOrder], start: int) -> int | None:
    """The first strike from `start` that still happens: a strike at a foe already down, or by an attacker
    already down, does not."""
    for index in range(start, len(orders)):
        if play.figure(attacker_id).active and play.figure(orders[index].target).active:
            return index
    return None


def strike_in_steps(play: Play, attacker_id: str, command: msgspec.Struct, ready: list[ReadyStrike], *,
                    in_action: bool) -> None:
    """Version 6: the strikes of another command than an Attack (a Discipline's, Conjuration's attack,
    Spell Strike's blow) in the Attack's steps, with its Karma windows. The command is recorded in the
    waiting strike with its strikes' orders under `strikes` (`_orders` reads them back when `go_on`
    resumes, `Passives.strikes_done` what follows them); `in_action`: `actions.act` plays the command
    and ends the Action when the strikes run through without waiting (else `go_on` ends it)."""
    orders = [{k: v for k, v in msgspec.to_builtins(order).items() if v is not None} for order, _, _ in ready]
    _strikes_from(play, attacker_id, {**as_sent(command), "strikes": orders}, *_prepared(ready), 0,
                  in_action=in_action)


def command_of(sent: dict[str, Any], kind: type[T]) -> T:
    """The command recorded with the strikes (`strike_in_steps`), as sent."""
    return msgspec.convert({k: v for k, v in sent.items() if k != "strikes"}, kind)


def _strikes_from(play: Play, attacker_id: str, sent: dict[str, Any], weapons: tuple[Weapon, ...],
                  own: tuple[tuple[Adjustment, ...], ...], start: int, *, in_action: bool = False) -> None:
    """Strikes `start` onwards, each meeting the state the last one left; stops when one waits."""
    orders = _orders(sent)
    index = _next_strike(play, attacker_id, orders, start)
    last: ev.Strike | None = None
    while index is not None:
        attacker, target = play.figure(attacker_id), play.figure(orders[index].target)
        weapon = weapons[index]
        plan = strike_plan(play, attacker, target, weapon, list(own[index]), orders[index])
        rolled = resolve_strike_roll(play, attacker.id, target.id, weapon, plan, orders[index])
        pending = PendingStrike(attacker=attacker.id, command=sent, weapons=weapons, own=own, index=index,
                                target=target.id, weapon=weapon.name, kind=plan.kind, check=rolled.check,
                                hit=rolled.hit)
        play.emit(ev.AttackRolled(pending=pending))
        if window_open(play.state):
            return
        last = _finish_strike(play, pending)
        if last is None:
            return
        index = _next_strike(play, attacker_id, orders, index + 1)
        if index is not None and window_open(play.state):
            _ready(play, attacker_id, sent, weapons, own, index)
            return
    _done(play, attacker_id, sent, last, in_action=in_action)


def _after(play: Play, attacker_id: str, sent: dict[str, Any], weapons: tuple[Weapon, ...],
           own: tuple[tuple[Adjustment, ...], ...], finished: int, last: ev.Strike) -> None:
    """After a strike is finished: the next one waits for Karma on that strike's damage (or whatever dice
    came last), or the Action is done."""
    index = _next_strike(play, attacker_id, _orders(sent), finished + 1)
    if index is None:
        _done(play, attacker_id, sent, last)
    elif window_open(play.state):
        _ready(play, attacker_id, sent, weapons, own, index)
    else:
        _strikes_from(play, attacker_id, sent, weapons, own, index)


def _ready(play: Play, attacker_id: str, sent: dict[str, Any], weapons: tuple[Weapon, ...],
           own: tuple[tuple[Adjustment, ...], ...], index: int) -> None:
    """The strike `index` waits, not yet rolled, so that the dice rolled last (a strike's damage, a Grapple
    check, an Athletics check on the way into a pile) may be re-rolled with Karma first."""
    order = _orders(sent)[index]
    attacker, target = play.figure(attacker_id), play.figure(order.target)
    plan = strike_plan(play, attacker, target, weapons[index], list(own[index]), order)
    play.emit(ev.StrikeReady(pending=PendingStrike(
        attacker=attacker_id, command=sent, weapons=weapons, own=own, index=index, target=target.id,
        weapon=weapons[index].name, kind=plan.kind)))


def _start(play: Play, attacker_id: str, sent: dict[str, Any], ready: list[ReadyStrike]) -> None:
    """A Grapple's or a join's strike, after the dice that brought it: it waits first while Karma could
    re-roll them."""
    weapons, own = _prepared(ready)
    if window_open(play.state) and _rolled_now(play):
        _ready(play, attacker_id, sent, weapons, own, 0)
    else:
        _strikes_from(play, attacker_id, sent, weapons, own, 0)


def _rolled_now(play: Play) -> bool:
    """Whether this command has rolled dice yet (a join without an Athletics check rolled none)."""
    return any(True for event in play.events for _ in rolls_in(event))


def strike_plan(play: Play, attacker: Figure, target: Figure, weapon: Weapon, own: list[Adjustment],
                order: cmd.StrikeOrder) -> StrikePlan:
    """Version 4's plan of a strike, with the Defending target's die against Reach blows and grapple
    strikes when it has Dodge. Seed 001 line 438: "Whenever an enemy attempts to attack or cast a spell on a
    Defending target, the Defender gets to roll a Defense Die"; line 454 (Grappled): Defend "grants you a
    Defense Die against all attacks for the remainder of the turn"; line 1254, Dodge: "one Defense Die
    whenever an opponent attacks you with a ranged attack or a ranged Spell. If you are Defending, roll two
    Defense Dice." Dodge speaks of ranged attacks only; version 4 let it take away the Defending die of a
    Dodger struck by a Reach weapon (a melee attack, line 406) or in a Grapple, leaving it none."""
    plan = _plan(play, attacker, target, weapon, own, order)
    if order.mastery_ad is not None and not any(a.source.startswith("Blur") for a in plan.adjustments):
        # Line 1177: "a hero with three Weapon Masteries in swords may apply them as AD+2 and +1 damage".
        plan.adjustments = [a for a in plan.adjustments if a.source != "Weapon Mastery"]
        if order.mastery_ad:
            plan.adjustments.append(Adjustment(order.mastery_ad, "Weapon Mastery"))
    if target.defending and "Dodge" in target.disciplines and plan.kind in ("reach", "grapple-strike") \
            and "Defending" not in plan.defense:
        plan.defense.append("Defending")
    return plan


def resolve_strike_roll(play: Play, attacker_id: str, target_id: str, weapon: Weapon, plan: StrikePlan,
                        order: cmd.StrikeOrder) -> ev.Strike:
    """The attack roll alone: `resolve_strike`'s `roll_to_hit` (a miss rolls no more)."""
    return roll_to_hit(play, play.figure(attacker_id), play.figure(target_id), weapon, plan)


def _finish_strike(play: Play, pending: PendingStrike) -> ev.Strike | None:
    """The Crit Die (a step of its own: None when the attack then waits), then the damage (or, under
    Reverse Ranged Attacks, the damage turned on the attacker), the rolls to miss allies after a miss
    and a Defender's Shield Bash back, then what follows a recorded strike (`struck`), as
    `strikes.strike_all` resolves them."""
    attacker, target = play.figure(pending.attacker), play.figure(pending.target)
    orders = _orders(pending.command)
    order, weapon = orders[pending.index], pending.weapons[pending.index]
    plan = strike_plan(play, attacker, target, weapon, list(pending.own[pending.index]), order)
    rolled = pending.check
    assert rolled is not None, "a strike is finished once rolled"
    crit = pending.hit and rolled.crit
    if crit and pending.crit_roll is None:
        face, roll = crit_die(play.dice, f"{attacker.name}: Crit Die")
        play.emit(ev.StrikeCritRolled(attacker=attacker.id, face=face, roll=roll))
        pending = msgspec.structs.replace(pending, crit_face=face, crit_roll=roll)
        if window_open(play.state):
            return None
    strike = ev.Strike(attacker=attacker.id, target=target.id, weapon=weapon.name, kind=pending.kind,
                       check=rolled, hit=pending.hit)
    if pending.hit:
        rolled_crit = (pending.crit_face, pending.crit_roll) if crit else None
        split = None if order.mastery_ad is None else attacker.mastery.count(weapon.weapon_class) - order.mastery_ad
        if reversed_at(play, target, plan.kind):
            strike = _reversed(play, attacker, target, weapon, plan, order, strike,
                               crit_rolled=rolled_crit, mastery_damage=split)  # type: ignore[arg-type]
        else:
            strike = _damage(play, attacker, target, weapon, plan, order, strike, crit=crit,
                             crit_rolled=rolled_crit, mastery_damage=split,  # type: ignore[arg-type]
                             first=pending.index == 0)
    after = after_the_strike(play, attacker, target, weapon, plan, strike)
    parry = bool(pending.command.get("parry", False))
    play.emit(ev.StrikeFinished(damage_roll=strike.damage_roll, crit_effect=strike.crit_effect,
                                modifiers=strike.modifiers, protection=strike.protection, damage=strike.damage,
                                disarmed=strike.disarmed, poison=strike.poison, after=tuple(after), parry=parry,
                                target=None if strike.target == pending.target else strike.target))
    struck(play, [strike, *after])
    return strike


# ---- while an attack waits, nothing else is played ---------------------------------------------

WHILE_WAITING = (GoOn, cmd.SpendKarma)


def waiting_refused(plays: tuple[Row[CombatState | None, PericleCombatSettings], ...],
                    ) -> tuple[Row[CombatState | None, PericleCombatSettings], ...]:
    """Every row but `go_on` and `spend_karma` refused while an attack waits in a Karma window
    (before any die: the refusal depends on the state only)."""

    def guarded(row: Row[CombatState | None, PericleCombatSettings]) -> Row[CombatState | None,
                                                                             PericleCombatSettings]:
        if row.command in WHILE_WAITING:
            return row
        rule = row.rule

        def waiting(ctx: Context[CombatState | None, PericleCombatSettings], sent: msgspec.Struct) -> Events:
            if ctx.state is not None and ctx.state.pending is not None:
                raise RuleViolation("attack-waiting", f"{ctx.state.pending.attacker}'s attack waits for a Karma "
                                                      "re-roll or its `go_on`")
            return rule(ctx, sent)

        return dataclasses.replace(row, rule=waiting)

    return tuple(guarded(row) for row in plays)


def strikes_in(events: Iterable[msgspec.Struct]) -> Iterator[ev.Strike]:
    """Every strike in these events, whole, in order: those of version 4's `attacked` events and those
    of version 5's steps (an attack roll, its Crit Die, its finish), for clients and tests that read
    strikes as one record each. A strike a Karma re-roll replaced is among them if its events are: the
    events after `karma_spent` replace those of the command it names."""
    pending: PendingStrike | None = None
    for event in events:
        if isinstance(event, ev.Attacked):
            yield from event.strikes
        elif isinstance(event, ev.AttackRolled):
            pending = event.pending
        elif isinstance(event, ev.StrikeCritRolled) and pending is not None:
            pending = msgspec.structs.replace(pending, crit_face=event.face, crit_roll=event.roll)
        elif isinstance(event, ev.StrikeFinished) and pending is not None:
            yield event.whole(pending)
            yield from event.after
            pending = None
