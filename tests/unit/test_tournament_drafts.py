"""Pairings a judge can fix before play (issue 18, item 1):

    "`pair_round` produces a draft that the organiser or a judge can edit (swap two players, set
    a pairing, give a manual bye) with each warning named (rematch, same club or region, score
    gap) before `publish_round` spawns the battles; a published round can be deleted and
    re-paired while none of its battles has started. Forbidden pairings per tournament (for
    example family members). All of it recorded as events with who did it and why."

The organiser's flow: create with `review_pairings`, `pair_round` (a draft: no battle yet),
judges edit it, `publish_round` (the round, its battles, its byes scored), and while nothing is
played `delete_round` and pair again."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import NotPermitted, RuleViolation
from domain.tournament import drafts
from domain.tournament.aggregate import battle_id_for
from domain.tournament.commands import (
    CloseRound,
    DeleteRound,
    Drop,
    ForbidPairing,
    GiveBye,
    NameJudge,
    PairRound,
    PublishRound,
    SetPairing,
    SwapPlayers,
)
from domain.tournament.events import DraftEdited, Pairing, ResultRecorded, RoundDrafted, RoundPaired, RoundWithdrawn
from tests.unit.tournament_helpers import TID, Driver


def drafted(count: int = 6, clubs: list[str | None] | None = None, **options: object) -> tuple[Driver, list[str]]:
    driver = Driver(review_pairings=True, **options)
    driver.run(NameJudge(player_id="judge"), "org")
    players = driver.register(count, clubs)
    return driver, players


def seated(pairings: tuple[Pairing, ...]) -> list[str]:
    return sorted(p for pairing in pairings for p in (pairing.a, pairing.b) if p is not None)


def test_pair_round_drafts_and_publish_round_makes_the_round() -> None:
    driver, players = drafted(7)
    events = driver.run(PairRound(), "org")
    assert [type(e) for e in events] == [RoundDrafted], "a draft only: no round, no bye scored, no battle"
    assert driver.state.rounds == () and driver.state.draft is not None
    assert driver.state.status == "running", "the draft of round 1 closes registration"
    draft = driver.state.draft.pairings
    assert seated(draft) == sorted(players)
    published = driver.run(PublishRound(), "judge")
    assert [type(e) for e in published] == [RoundPaired, ResultRecorded]
    paired = published[0]
    assert isinstance(paired, RoundPaired) and paired.pairings == draft and paired.round == 1
    assert [p.battle_id for p in paired.pairings if p.b] == [battle_id_for(TID, 1, n) for n in (1, 2, 3)]
    bye = published[1]
    assert isinstance(bye, ResultRecorded) and bye.source == "bye" and bye.table == 4
    assert driver.state.draft is None and len(driver.state.rounds) == 1


def test_a_judge_sets_a_pairing_and_the_warning_is_named() -> None:
    clubs: list[str | None] = ["North", "North", "South", "South", "East", "West"]
    driver, players = drafted(6, clubs)
    driver.run(PairRound(), "org")
    assert driver.state.draft is not None
    # The pairing avoided same-club games; the judge pairs the two North players all the same.
    assert not [w for w in driver.state.draft.warnings if w.code == "same-club"]
    events = driver.run(SetPairing(a=players[0], b=players[1], reason="they asked to play each other"), "judge")
    edit = events[0]
    assert isinstance(edit, DraftEdited) and edit.edit == "set_pairing" and edit.players == (players[0], players[1])
    assert edit.reason == "they asked to play each other"
    table = next(p for p in edit.pairings if {p.a, p.b} == {players[0], players[1]})
    assert [(w.table, w.code) for w in edit.warnings] == [(table.table, "same-club")]
    assert seated(edit.pairings) == sorted(players), "everyone still exactly once"


def test_a_rematch_and_a_score_gap_are_named_in_round_two() -> None:
    driver, _ = drafted(4, swiss_rounds=3)
    driver.run(PairRound(), "org")
    driver.run(PublishRound(), "org")
    first = driver.state.rounds[0].pairings
    for p in first:
        driver.result(p.table, p.a, 2)
    driver.run(CloseRound(), "org")
    driver.run(PairRound(), "org")
    assert driver.state.draft is not None and driver.state.draft.warnings == (), "Swiss pairs winners, no rematch"
    winner, loser = first[0].a, first[0].b
    assert loser is not None
    driver.run(SetPairing(a=winner, b=loser, reason="test"), "org")
    codes = {w.code for w in driver.state.draft.warnings}
    assert "rematch" in codes and "score-gap" not in codes, "3 points apart is one win: no gap warning"
    driver.run(SwapPlayers(a=first[0].a, b=first[1].b or "", reason="test"), "org")
    assert "rematch" not in {w.code for w in driver.state.draft.warnings}


def test_a_manual_bye_moves_the_bye_or_makes_two() -> None:
    driver, _ = drafted(5)
    driver.run(PairRound(), "org")
    assert driver.state.draft is not None
    holder = next(p.a for p in driver.state.draft.pairings if p.b is None)
    chosen = next(p.a for p in driver.state.draft.pairings if p.b is not None)
    driver.run(GiveBye(player_id=chosen, reason="arrived late"), "judge")
    byes = [p.a for p in driver.state.draft.pairings if p.b is None]
    assert byes == [chosen] and holder in seated(driver.state.draft.pairings)

    even, _ = drafted(4)
    even.run(PairRound(), "org")
    assert even.state.draft is not None
    table = even.state.draft.pairings[0]
    even.run(GiveBye(player_id=table.a, reason="must leave early"), "judge")
    draft = even.state.draft.pairings
    assert sorted(p.a for p in draft if p.b is None) == sorted([table.a, table.b or ""])
    assert [p.table for p in draft] == [2, 3, 4], "table 1 is freed, table 2 keeps its number, byes come after"
    published = even.run(PublishRound(), "org")
    assert sum(isinstance(e, ResultRecorded) and e.source == "bye" for e in published) == 2


@pytest.mark.parametrize(("actor", "error", "rule"), [("p05", NotPermitted, "not-judge"),
                                                        ("stranger", NotPermitted, "not-judge")])
def test_only_the_organiser_or_a_judge_edits_or_publishes(actor: str, error: type[Exception], rule: str) -> None:
    driver, players = drafted(4)
    driver.run(PairRound(), "org")
    for command in (SwapPlayers(a=players[0], b=players[1], reason="x"), PublishRound()):
        with pytest.raises(NotPermitted) as refused:
            driver.run(command, actor)
        assert refused.value.rule == rule


def test_a_judge_does_not_edit_their_own_pairing() -> None:
    driver = Driver(review_pairings=True)
    driver.run(NameJudge(player_id="p00"), "org")
    players = driver.register(4)
    driver.run(PairRound(), "org")
    with pytest.raises(NotPermitted) as own:
        driver.run(SetPairing(a=players[0], b=players[1], reason="x"), "p00")
    assert own.value.rule == "own-game"


def test_edits_need_a_draft_and_players_in_it() -> None:
    driver, players = drafted(4)
    with pytest.raises(RuleViolation) as none:
        driver.run(SwapPlayers(a=players[0], b=players[1], reason="x"), "org")
    assert none.value.rule == "no-draft"
    driver.run(PairRound(), "org")
    with pytest.raises(RuleViolation) as stranger:
        driver.run(SwapPlayers(a=players[0], b="nobody", reason="x"), "org")
    assert stranger.value.rule == "player-not-in-draft"


def test_a_draft_is_stale_once_the_players_change() -> None:
    driver, players = drafted(6)
    driver.run(PairRound(), "org")
    driver.run(Drop(), players[2])
    with pytest.raises(RuleViolation) as stale:
        driver.run(PublishRound(), "org")
    assert stale.value.rule == "draft-stale" and players[2] in stale.value.detail
    driver.run(PairRound(), "org")  # pairing again replaces the draft
    assert driver.state.draft is not None and players[2] not in seated(driver.state.draft.pairings)
    driver.run(PublishRound(), "org")


def test_forbidden_pairings_are_never_drawn_and_never_set() -> None:
    for seed in range(8):  # several dice draws: the forbidden pair would otherwise come up
        driver = Driver(review_pairings=True)
        players = driver.register(4)
        driver.run(ForbidPairing(a=players[0], b=players[1], reason="siblings"), "org")
        driver.run(ForbidPairing(a=players[0], b=players[2], reason="same household"), "org")
        for _ in range(seed + 1):  # each draft draws new dice (a later nonce)
            driver.run(PairRound(), "org")
        assert driver.state.draft is not None
        assert all({p.a, p.b} not in ({players[0], players[1]}, {players[0], players[2]})
                   for p in driver.state.draft.pairings)
        with pytest.raises(RuleViolation) as refused:
            driver.run(SetPairing(a=players[1], b=players[0], reason="x"), "org")
        assert refused.value.rule == "pairing-forbidden" and "siblings" in refused.value.detail


def test_forbidden_pairings_that_leave_no_pairing_are_refused_by_name() -> None:
    driver = Driver()
    players = driver.register(4)
    for other in players[1:]:
        driver.run(ForbidPairing(a=players[0], b=other, reason="conflict of interest"), "org")
    with pytest.raises(RuleViolation) as impossible:
        driver.run(PairRound(), "org")
    assert impossible.value.rule == "pairing-impossible"


def test_a_published_round_is_deleted_and_paired_again_with_new_battles() -> None:
    driver = Driver()
    driver.register(5)
    first = driver.pair()
    events = driver.run(DeleteRound(reason="wrong lists loaded"), "org")
    assert events == [RoundWithdrawn(round=1, reason="wrong lists loaded")]
    assert driver.state.rounds == () and driver.state.status == "running"
    again = driver.pair()
    assert again.number == 1
    assert {p.battle_id for p in again.pairings if p.b} & {p.battle_id for p in first.pairings if p.b} == set()
    assert [p.battle_id for p in again.pairings if p.b] == [battle_id_for(TID, 1, n, 1) for n in (1, 2)]
    driver.result(1, again.pairings[0].a)
    with pytest.raises(RuleViolation) as played:
        driver.run(DeleteRound(reason="too late"), "org")
    assert played.value.rule == "round-started"
    with pytest.raises(NotPermitted):
        driver.run(DeleteRound(reason="x"), "p00")


# ---- the edits themselves, whatever their order ------------------------------------------------

edit_steps = st.lists(st.tuples(st.sampled_from(["swap", "set", "bye"]), st.integers(0, 99), st.integers(0, 99)),
                      max_size=12)


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 11), steps=edit_steps)
def test_any_sequence_of_edits_keeps_every_player_exactly_once(count: int, steps: list[tuple[str, int, int]]) -> None:
    players = [f"p{n}" for n in range(count)]
    pairings = [Pairing(table=n + 1, a=players[2 * n], b=players[2 * n + 1], battle_id=None)
                for n in range(count // 2)]
    if count % 2:
        pairings.append(Pairing(table=count // 2 + 1, a=players[-1], b=None, battle_id=None))
    for kind, i, j in steps:
        x, y = players[i % count], players[j % count]
        try:
            if kind == "swap":
                pairings = drafts.swap(pairings, x, y)
            elif kind == "set":
                pairings = drafts.set_pairing(pairings, x, y)
                assert any({p.a, p.b} == {x, y} for p in pairings)
            else:
                pairings = drafts.give_bye(pairings, x)
                assert any(p.a == x and p.b is None for p in pairings)
        except RuleViolation as refused:
            assert refused.rule in ("same-player", "already-paired", "already-bye")
        assert seated(tuple(pairings)) == sorted(players)


def test_warnings_name_every_kind() -> None:
    context = drafts.Context(
        opponents={"a": {"b"}, "b": {"a"}}, points={"a": 9, "b": 0}, clubs={"a": "X", "b": "X"},
        regions={"a": "R", "b": "R"}, forbidden={frozenset(("a", "b"))}, tables_played={"a": {1}},
        had_bye={"c"}, gap_allowed=3)
    found = drafts.warnings([Pairing(1, "a", "b", None), Pairing(2, "c", None, None)], context)
    assert [w.code for w in found] == ["forbidden", "rematch", "same-club", "same-region", "score-gap",
                                       "repeat-table", "repeat-bye"]


# ---- any organiser's flow ------------------------------------------------------------------------

ACTIONS = ["pair", "swap", "set", "bye", "publish", "delete", "play", "close", "drop", "reenter", "late"]


@settings(max_examples=40, deadline=None)
@given(count=st.integers(3, 9), actions=st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 99),
                                                          st.integers(0, 99)), max_size=30))
def test_any_flow_of_drafts_edits_deletions_and_entries_keeps_every_round_sound(
        count: int, actions: list[tuple[str, int, int]]) -> None:
    from domain.errors import DomainError
    from domain.tournament.aggregate import current_standings, replay
    from domain.tournament.commands import Reenter, Register
    from tests.unit.tournament_helpers import band

    driver, players = drafted(count, swiss_rounds=3, late_registration_until_round=3, late_entry="byes")
    driver.run(ForbidPairing(a=players[0], b=players[1], reason="siblings"), "org")
    late = 0
    for action, i, j in actions:
        everyone = [e.player_id for e in driver.state.entrants]
        x, y = everyone[i % len(everyone)], everyone[j % len(everyone)]
        commands = {
            "pair": (PairRound(), "org"), "swap": (SwapPlayers(a=x, b=y, reason="r"), "judge"),
            "set": (SetPairing(a=x, b=y, reason="r"), "judge"), "bye": (GiveBye(player_id=x, reason="r"), "judge"),
            "publish": (PublishRound(), "org"), "delete": (DeleteRound(reason="r"), "org"),
            "close": (CloseRound(), "org"), "drop": (Drop(), x), "reenter": (Reenter(), x),
            "late": (Register(name="Late", army_list=band()), f"late{late}"),
        }
        try:
            if action == "play":
                current = driver.state.rounds[-1] if driver.state.rounds else None
                for p in current.pairings if current and not current.closed else ():
                    if p.b is not None and p.table not in current.results:
                        driver.result(p.table, p.a if i % 2 else p.b, j % 4)
            else:
                driver.run(*commands[action])
                late += action == "late"
        except DomainError:
            pass
        for published in driver.state.rounds:
            assert len(seated(published.pairings)) == len(set(seated(published.pairings)))
            if published.stage == "swiss":
                assert all({p.a, p.b} != {players[0], players[1]} for p in published.pairings)
        if driver.state.draft is not None:
            drafted_players = seated(driver.state.draft.pairings)
            assert len(drafted_players) == len(set(drafted_players))
        assert replay(driver.events) == driver.state, "the log alone gives the same tournament"
        table = current_standings(driver.state)
        assert sorted(s.player_id for s in table) == sorted(e.player_id for e in driver.state.entrants)
