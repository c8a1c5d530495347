"""Pericle: version 1 (free rolls), version 2 (checks), version 3 (combat)."""

from __future__ import annotations

from typing import Any

from tests.golden.client import Api, Battle
from tests.golden.scripts.core import Kit, core_battles


class ChecksKit(Kit):
    """Each action is one of version 2's checks, in turn."""

    def act(self, battle: Battle, seat: str) -> tuple[str, int]:
        self.turn += 1
        bodies: list[dict[str, Any] | None] = [
            {"type": "check", "score": 2, "difficulty": "Trying", "fortune": 1, "purpose": "climb the wall"},
            {"type": "opposed_check", "aggressor_score": 3, "defender_score": 1, "misfortune": 1,
             "defense_dice": 1, "purpose": "wrestle"},
            {"type": "crit_die", "purpose": "crit"},
            {"type": "check", "score": 1, "modifier": -2, "modifier_source": "Clumsiness", "defense_dice": 2},
            None,
        ]
        body = bodies[self.turn % len(bodies)]
        if body is None:
            return super().act(battle, seat)
        result = battle.send(seat, body)
        return seat, int(result["events"][0]["version"])


def version_1(api: Api) -> dict[str, Battle]:
    return core_battles(api, Kit("pericle", "1"))


def version_2(api: Api) -> dict[str, Battle]:
    return core_battles(api, ChecksKit("pericle", "2"))


def version_3(api: Api) -> dict[str, Battle]:
    raise NotImplementedError
