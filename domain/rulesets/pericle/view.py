"""What clients see of a Pericle combat beyond its raw state, and of a previewed attack."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.rulesets.pericle import board
from domain.rulesets.pericle.combat_events import Attacked
from domain.rulesets.pericle.state import CombatState


def combat_view(combat: CombatState, shown: dict[str, Any]) -> dict[str, Any]:
    """Whose Action it is, each figure's HP and who Embattles it; of the latest command, what a
    Karma re-roll would replace (not the whole state before it)."""
    shown["current"] = combat.current
    for figure, figure_shown in zip(combat.figures, shown["figures"], strict=True):
        figure_shown["hp"] = figure.hp
        figure_shown["embattled_by"] = ([foe.id for foe in board.embattled_by(combat, figure)]
                                        if figure.active else [])
    if combat.last is not None:
        shown["last"] = {"seat": combat.last.seat, "command": combat.last.command, "rerolled": combat.last.rerolled,
                         "rolls": [roll.nonce for roll in combat.last.rolls]}
    return shown


def attack_modifiers(events: Sequence[msgspec.Struct]) -> list[dict[str, Any]]:
    """An attack's AD modifiers, strike by strike (one `attacked` event each, its first strike
    the one ordered), each with its target and source."""
    ordered = [event.strikes[0] for event in events if isinstance(event, Attacked)]
    return [{"strike": n, "target": strike.target, "value": adjustment.value, "source": adjustment.source}
            for n, strike in enumerate(ordered) for adjustment in strike.check.adjustments]
