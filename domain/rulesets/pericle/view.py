"""What clients see of a Pericle combat beyond its raw state, and of a previewed attack."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from domain.rulesets.pericle import board
from domain.rulesets.pericle.combat_events import Attacked, AttackRolled
from domain.rulesets.pericle.dice import Check
from domain.rulesets.pericle.state import CombatState, Figure


class FigureView(Figure, frozen=True, kw_only=True):
    """A figure as `GET /state` shows it: also its hit points now and the foes that Embattle it."""

    hp: int
    embattled_by: list[str]


class LastView(msgspec.Struct, frozen=True):
    """Of the latest command that rolled dice: whose it was, the command, whether Karma re-rolled
    it, and the nonces of its rolls (a Karma re-roll replaces its last set of dice)."""

    seat: str
    command: dict[str, Any]
    rerolled: bool
    rolls: list[int]


class CombatView(CombatState, frozen=True, kw_only=True):
    """A combat as `GET /state` shows it (`combat_view`): also whose Action it is (`current`)."""

    figures: tuple[FigureView, ...] = ()
    last: LastView | None = None  # type: ignore[assignment]  # shown as less than the state keeps
    current: str | None
    # Shown only while set: a version 5 attack waiting in a Karma window; version 6's shapeshifted
    # forms and its revision (the state's own record of the version's reading of sight).
    shown_when_set: ClassVar[tuple[str, ...]] = ("pending", "forms", "revision")


def combat_view(combat: CombatState, shown: dict[str, Any]) -> dict[str, Any]:
    """Whose Action it is, each figure's HP and who Embattles it; of the latest command, what a
    Karma re-roll would replace (not the whole state before it)."""
    shown["current"] = combat.current
    # Fields Pericle 5 added, shown only when set: a combat of versions 3 and 4 shows what it
    # always showed.
    for figure_shown in shown["figures"]:
        _unless_set(figure_shown, {"regenerated": False, "flux_absorbed": 0, "all_front": False, "mode": None,
                                     "befriended_by": None, "convinced": False, "runestones": {}})
    for spell_shown in shown["spells"]:
        _unless_set(spell_shown, {"rules": "", "at": None, "boost": None, "foes": (), "gate": None})
    for figure, figure_shown in zip(combat.figures, shown["figures"], strict=True):
        figure_shown["hp"] = figure.hp
        if not figure.checks:  # version 5's; earlier battles' states are shown as they always were
            figure_shown.pop("checks", None)
        figure_shown["embattled_by"] = ([foe.id for foe in board.embattled_by(combat, figure)]
                                        if figure.active else [])
    if combat.pending is None:
        del shown["pending"]  # a combat of version 3 or 4 shows the state it always did
    if not combat.forms:
        del shown["forms"]  # version 6's; earlier battles' states are shown as they always were
    if not combat.revision:
        del shown["revision"]  # idem
    if combat.last is not None:
        shown["last"] = {"seat": combat.last.seat, "command": combat.last.command, "rerolled": combat.last.rerolled,
                         "rolls": [roll.nonce for roll in combat.last.rolls]}
    return shown


def _unless_set(shown: dict[str, Any], unset: dict[str, object]) -> None:
    """Drop the fields still at their unset value."""
    for name, value in unset.items():
        if name in shown and shown[name] == value and type(shown[name]) is type(value):
            del shown[name]


def attack_modifiers(events: Sequence[msgspec.Struct]) -> list[dict[str, Any]]:
    """An attack's AD modifiers, strike by strike (one `attacked` event each, its first strike
    the one ordered), each with its target and source."""
    ordered: list[tuple[str, Check]] = []
    for event in events:
        if isinstance(event, Attacked):
            ordered.append((event.strikes[0].target, event.strikes[0].check))
        elif isinstance(event, AttackRolled) and event.pending.check is not None:
            ordered.append((event.pending.target, event.pending.check))  # version 5: an attack roll's own step
    return [{"strike": n, "target": target, "value": adjustment.value, "source": adjustment.source}
            for n, (target, check) in enumerate(ordered) for adjustment in check.adjustments]
