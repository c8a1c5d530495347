"""Drive the tournament aggregate in pure tests."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import HmacDice
from domain.tournament.aggregate import TournamentState, decide, evolve
from domain.tournament.commands import CreateTournament, OpenTournament, PairRound, RecordResult, Register

SEED = b"\x11" * 32
NOW = "2026-12-01T10:00:00Z"
TID = "00000000-0000-4000-8000-0000000000aa"


def band(name: str = "Band", characters: int = 3) -> dict[str, Any]:
    return {"name": name, "characters": [{"name": f"C{n}", "gear": ["hand weapon"]} for n in range(characters)]}


class Driver:
    def __init__(self, **options: Any) -> None:
        self.state = TournamentState()
        self.events: list[msgspec.Struct] = []
        self.run(OpenTournament(tournament_id=TID, settings=CreateTournament(name="Cup", **options)), "org")

    def run(self, command: Any, actor: str, now: str = NOW) -> list[msgspec.Struct]:
        dice = HmacDice(SEED, TID, [], self.state.next_nonce)
        events = decide(self.state, command, dice, actor, now)
        for event in events:
            self.state = evolve(self.state, event)
        self.events += events
        return events

    def register(self, count: int, clubs: list[str | None] | None = None) -> list[str]:
        players = [f"p{n:02d}" for n in range(count)]
        for n, player in enumerate(players):
            club = clubs[n] if clubs else None
            self.run(Register(name=player.upper(), army_list=band(), club=club), player)
        return players

    def pair(self) -> Any:
        self.run(PairRound(), "org")
        return self.state.rounds[-1]

    def result(self, table: int, winner: str | None, margin: int = 0) -> None:
        self.run(RecordResult(round=len(self.state.rounds), table=table, winner=winner, margin=margin,
                              reason="played"), "org")
