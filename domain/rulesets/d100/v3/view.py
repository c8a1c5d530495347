"""What `GET /state` shows of a version 3 adventure beyond its raw state (`state_view`)."""

from __future__ import annotations

from domain.rulesets.d100.v3.state import Adventure, Adventurer


class AdventurerView(Adventurer, frozen=True, kw_only=True):
    """A character as `GET /state` shows it: also what its conditions make of it now."""

    penalties: list[str]  # the penalty dice on every test it makes
    movement_in_full_light: float  # metres per round
    movement_reduced_by: list[str]
    combat_order_modifier: int
    conscious: bool
    natural_ceiling: int  # the hit points natural recovery may bring back
    ceiling: int  # the hit points any healing may bring back


class AdventureView(Adventure, frozen=True, kw_only=True):
    """The adventure as `GET /state` shows it: its characters' views and the clock's `day`."""

    characters: tuple[AdventurerView, ...] = ()
    day: int
