"""A command sent without `expected_version` that keeps losing the race to append (another
node's commands commit first, again and again) is decided again on the newer state until it
is recorded, not refused after a fixed number of tries."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from domain.commands import ClaimSeat, RollDice, Start
from server.battle_service import BattleService, stream_id
from server.store.base import AppendOutcome, RecordedEvent
from server.store.postgres import PostgresStore

LOST_RACES = 30


class OutrunStore:
    """The store as one node sees it, where before each of its next `losses` appends another
    node's command commits first."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store
        self.losses = 0
        self.rival: Callable[[], Awaitable[Any]] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def append_sealed(self, stream: str, expected_version: int, sealed: list[RecordedEvent], **options: Any,
                            ) -> AppendOutcome:
        if self.losses and self.rival is not None:
            self.losses -= 1
            await self.rival()
        return await self._store.append_sealed(stream, expected_version, sealed, **options)


def nothing(stream: str, messages: Any) -> None:
    return None


async def test_a_command_that_keeps_losing_the_race_is_retried_until_it_is_recorded(
        postgres_store: PostgresStore) -> None:
    other_node = BattleService(postgres_store, nothing)
    battle_id = json.loads((await other_node.create("p1", "d100", ["a", "b"], {}, None)).body)["id"]
    await other_node.claim("p1", battle_id, ClaimSeat(seat="a"), None)
    await other_node.claim("p2", battle_id, ClaimSeat(seat="b"), None)
    await other_node.command("p1", battle_id, Start(), None, None)

    outrun = OutrunStore(postgres_store)
    this_node = BattleService(outrun, nothing)  # type: ignore[arg-type]
    outrun.rival = lambda: other_node.command("p2", battle_id, RollDice(expression="1d6"), None, None)
    outrun.losses = LOST_RACES
    answer = await this_node.command("p1", battle_id, RollDice(expression="1d8"), None, None)

    assert answer.status == 201
    rolls = [e for e in await postgres_store.read_stream(stream_id(battle_id)) if e.type == "dice_rolled"]
    assert [e.actor for e in rolls] == ["p2"] * LOST_RACES + ["p1"]
    assert json.loads(answer.body)["version"] == rolls[-1].version


async def test_a_command_refused_on_a_stale_cached_state_is_decided_again_on_the_latest(
        postgres_store: PostgresStore) -> None:
    """This node cached the battle before another node (or this node's background process, which
    has services of its own) seated the players: `start` is refused on the cached state (seats
    still empty) but not on the stored one, and is recorded."""
    this_node = BattleService(postgres_store, nothing)
    other_node = BattleService(postgres_store, nothing)
    battle_id = json.loads((await this_node.create("p1", "d100", ["a", "b"], {}, None)).body)["id"]
    await this_node.claim("p1", battle_id, ClaimSeat(seat="a"), None)
    await other_node.claim("p2", battle_id, ClaimSeat(seat="b"), None)  # this node's cache lacks it

    answer = await this_node.command("p1", battle_id, Start(), None, None)

    assert answer.status == 201
    types = [e.type for e in await postgres_store.read_stream(stream_id(battle_id))]
    assert types[-1] == "battle_started"
