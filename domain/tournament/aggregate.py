"""The tournament aggregate: `decide(state, command, dice, actor, now)` and `evolve`.

`now` (ISO 8601, UTC) comes from the server with each command: the registration deadline
and the round time limit are judged against it, and never against a clock of our own.
"""

from __future__ import annotations

import math
import uuid
from datetime import datetime, timedelta
from typing import Any

import msgspec

from domain.dice import ALGORITHM, Dice, Roll
from domain.errors import DomainError, NotPermitted, RuleViolation
from domain.events import CHAIN_V1, DiceCommitment, DiceSeedRevealed
from domain.records import replace_where
from domain.rulesets import find_ruleset
from domain.tournament import drafts, pairing, standings, tables
from domain.tournament.commands import (
    BattleResult,
    CheckIn,
    CloseRound,
    CreateTournament,
    DeleteRound,
    Drop,
    ForbidPairing,
    GiveBye,
    NameJudge,
    OpenTournament,
    PairRound,
    PublishRound,
    RecordResult,
    Reenter,
    Register,
    ReplaceList,
    SetPairing,
    SetTables,
    SwapPlayers,
)
from domain.tournament.events import (
    DraftEdited,
    JudgeNamed,
    ListReplaced,
    Pairing,
    PairingForbidden,
    PairingWarning,
    PlayerCheckedIn,
    PlayerDropped,
    PlayerReentered,
    PlayerRegistered,
    ResultRecorded,
    RoundClosed,
    RoundDrafted,
    RoundPaired,
    RoundWithdrawn,
    TableSpec,
    TablesSet,
    TournamentCreated,
    TournamentEnded,
)

TRIAL_ROTATION = ("Crossing", "Vigil", "Reckoning")
BATTLE_NAMESPACE = uuid.UUID("5b0c5d8e-7f0a-4c55-9a53-6d1f7c3e2a10")


class Entrant(msgspec.Struct, frozen=True):
    player_id: str
    name: str
    army_list: dict[str, Any]
    club: str | None = None
    region: str | None = None
    dropped: bool = False
    checked_in: bool = False
    missed_rounds: int = 0
    byes_for_missed: bool = False


class Draft(msgspec.Struct, frozen=True):
    """A round drafted but not yet published."""

    number: int
    stage: str
    trial: str
    pairings: tuple[Pairing, ...]
    swiss_rounds: int
    drafted_at: str
    warnings: tuple[PairingWarning, ...] = ()


class RoundState(msgspec.Struct, frozen=True):
    number: int
    stage: str
    trial: str
    pairings: tuple[Pairing, ...]
    paired_at: str
    results: dict[int, ResultRecorded] = {}
    closed: bool = False


class TournamentState(msgspec.Struct, frozen=True):
    tournament_id: str = ""
    status: str = "new"  # new -> registration -> running -> ended
    name: str = ""
    organiser: str = ""
    settings: TournamentCreated | None = None
    judges: tuple[str, ...] = ()
    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[RoundState, ...] = ()
    swiss_rounds: int = 0
    champion: str | None = None
    version: int = 0
    next_nonce: int = 0
    server_seed: str | None = None
    tables: tuple[TableSpec, ...] = ()
    forbidden: tuple[PairingForbidden, ...] = ()
    draft: Draft | None = None
    withdrawn: dict[int, int] = {}  # round number -> how many times it was withdrawn (new battle ids)

    @property
    def client_seeds(self) -> list[str | None]:
        return []

    @property
    def chain(self) -> str:
        return self.settings.chain if self.settings else CHAIN_V1

    def entrant(self, player_id: str) -> Entrant | None:
        return next((e for e in self.entrants if e.player_id == player_id), None)


def battle_id_for(tournament_id: str, round_number: int, table: int, attempt: int = 0) -> str:
    """Each pairing's battle id, derived rather than drawn, so spawning it twice is harmless. A
    round paired again after it was withdrawn (`attempt` > 0) gets battles of its own."""
    suffix = f"/{attempt}" if attempt else ""
    return str(uuid.uuid5(BATTLE_NAMESPACE, f"{tournament_id}/{round_number}/{table}{suffix}"))


# ---- decide ---------------------------------------------------------------------------


def decide(state: TournamentState, command: Any, dice: Dice, actor: str, now: str) -> list[msgspec.Struct]:
    match command:
        case OpenTournament():
            return [_create(state, command.tournament_id, command.settings, dice, actor, command.chain)]
        case NameJudge():
            _organiser_only(state, actor)
            if command.player_id in state.judges:
                raise RuleViolation("judge-already-named", "that player is already a judge")
            return [JudgeNamed(player_id=command.player_id)]
        case Register():
            return [_register(state, command, actor, now)]
        case ReplaceList():
            return [_replace(state, command, actor)]
        case Drop():
            return [_drop(state, command, actor)]
        case PairRound():
            return _pair(state, dice, actor, now)
        case RecordResult():
            return [_record(state, command, actor)]
        case BattleResult():
            return _battle_result(state, command)
        case CloseRound():
            return _close(state, command, actor, now, dice)
        case CheckIn():
            return [_check_in(state, command, actor)]
        case Reenter():
            return [_reenter(state, command, actor)]
        case SetTables():
            return [_set_tables(state, command, actor)]
        case ForbidPairing():
            return [_forbid(state, command, actor)]
        case SwapPlayers() | SetPairing() | GiveBye():
            return [_edit(state, command, actor)]
        case PublishRound():
            return _publish(state, actor, now)
        case DeleteRound():
            return [_withdraw(state, command, actor)]
    raise RuleViolation("command-unknown", f"unknown command {type(command).__name__}")


def _organiser_only(state: TournamentState, actor: str) -> None:
    if actor != state.organiser:
        raise NotPermitted("not-organiser", "only the organiser may do this")


def _organiser_or_judge(state: TournamentState, actor: str) -> None:
    if actor != state.organiser and actor not in state.judges:
        raise NotPermitted("not-judge", "only the organiser or a judge may do this")


def _create(state: TournamentState, tournament_id: str, command: CreateTournament, dice: Dice,
            actor: str, chain: str) -> TournamentCreated:
    if state.status != "new":
        raise RuleViolation("tournament-exists", "a tournament is created only once")
    ruleset = find_ruleset(command.ruleset)
    if command.registration_deadline is not None:
        _parse_time(command.registration_deadline, "registration_deadline")
    return TournamentCreated(
        tournament_id=tournament_id, name=command.name, organiser=actor, ruleset=ruleset.id,
        ruleset_version=ruleset.version, swiss_rounds=command.swiss_rounds, cut=command.cut,
        trials=tuple(command.trials), scoring=command.scoring, tiebreaks=tuple(command.tiebreaks),
        registration_deadline=command.registration_deadline, round_time_limit_minutes=command.round_time_limit_minutes,
        bye_margin=command.bye_margin, rated=command.rated,
        dice=DiceCommitment(algorithm=ALGORITHM, commitment=dice.commitment), chain=chain,
        review_pairings=command.review_pairings, late_registration_until_round=command.late_registration_until_round,
        late_entry=command.late_entry, check_in=command.check_in, on_time=command.on_time,
        absent_after_seconds=command.absent_after_seconds)


def _parse_time(value: str, field: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise RuleViolation("time-invalid", f"{field} must be an ISO 8601 time with a zone") from exc
    if moment.tzinfo is None:
        raise RuleViolation("time-invalid", f"{field} must say its time zone (e.g. ...Z)")
    return moment


def _list_problems(state: TournamentState, army_list: dict[str, Any]) -> None:
    assert state.settings is not None
    problems = find_ruleset(state.settings.ruleset, state.settings.ruleset_version).army_list_problems(army_list)
    if problems:
        raise RuleViolation("army-list-invalid", "; ".join(problems), problems=problems)


def _register(state: TournamentState, command: Register, actor: str, now: str) -> PlayerRegistered:
    assert state.settings is not None
    if state.status == "running":
        return _register_late(state, command, actor)
    if state.status != "registration":
        raise RuleViolation("registration-closed", "registration closes when the first round is paired")
    deadline = state.settings.registration_deadline
    if deadline is not None and _parse_time(now, "now") > _parse_time(deadline, "registration_deadline"):
        raise RuleViolation("registration-closed", f"registration closed at {deadline}")
    if state.entrant(actor) is not None:
        raise RuleViolation("already-registered", "you are registered; replace your list instead")
    _list_problems(state, command.army_list)
    return PlayerRegistered(player_id=actor, name=command.name, army_list=command.army_list, club=command.club,
                            region=command.region)


def _register_late(state: TournamentState, command: Register, actor: str) -> PlayerRegistered:
    """A late entrant, paired from the next round: allowed while that round is a Swiss round no
    later than the organiser's `late_registration_until_round`."""
    assert state.settings is not None
    until = state.settings.late_registration_until_round
    next_round = len(state.rounds) + 1
    if until is None:
        raise RuleViolation("registration-closed", "registration closes when the first round is paired")
    if next_round > until or next_round > state.swiss_rounds:
        raise RuleViolation("registration-closed", f"late registration closed: the last round a late entrant "
                                                   f"may join is round {min(until, state.swiss_rounds)}")
    if state.entrant(actor) is not None:
        raise RuleViolation("already-registered", "you are registered (re-enter after a drop instead)")
    _list_problems(state, command.army_list)
    missed = len(state.rounds)
    return PlayerRegistered(player_id=actor, name=command.name, army_list=command.army_list, club=command.club,
                            region=command.region, missed_rounds=missed,
                            byes_for_missed=missed > 0 and state.settings.late_entry == "byes")


def _replace(state: TournamentState, command: ReplaceList, actor: str) -> ListReplaced:
    if state.entrant(actor) is None:
        raise NotPermitted("not-registered", "only a registered player has a list to replace")
    if state.status != "registration":
        raise RuleViolation("lists-locked", "lists may be replaced until the event starts")
    _list_problems(state, command.army_list)
    return ListReplaced(player_id=actor, army_list=command.army_list)


def _drop(state: TournamentState, command: Drop, actor: str) -> PlayerDropped:
    player = command.player_id or actor
    if player != actor:
        _organiser_only(state, actor)
    entrant = state.entrant(player)
    if entrant is None:
        raise RuleViolation("not-registered", "that player is not registered")
    if entrant.dropped:
        raise RuleViolation("already-dropped", "that player has already dropped")
    if state.status == "ended":
        raise RuleViolation("tournament-ended", "the tournament is over")
    return PlayerDropped(player_id=player)


def _current(state: TournamentState) -> RoundState | None:
    return state.rounds[-1] if state.rounds else None


def _draw_order(dice: Dice, players: list[str]) -> tuple[dict[str, int], Roll]:
    """A dice-drawn order of the players (Fisher-Yates, one die per place)."""
    order = list(players)
    in_progress = dice.start("pairing_order")
    for i in range(len(order) - 1, 0, -1):
        j = in_progress.draw(i + 1)
        order[i], order[j] = order[j], order[i]
    return {p: i for i, p in enumerate(order)}, in_progress.finish(result=",".join(order))


def current_standings(state: TournamentState) -> list[standings.Standing]:
    assert state.settings is not None
    swiss = [(r.pairings, r.results) for r in state.rounds if r.stage == "swiss"]
    # A late entrant's byes for the rounds they missed, when the organiser gives them (late_entry).
    missed = [standings.Game(e.player_id, None, e.player_id, state.settings.bye_margin, True)
              for e in state.entrants if e.byes_for_missed for _ in range(e.missed_rounds)]
    return standings.compute([(e.player_id, e.name, e.dropped) for e in state.entrants],
                             standings.games(swiss) + missed, state.settings.scoring, state.settings.tiebreaks)


def _trial(state: TournamentState, round_number: int) -> str:
    assert state.settings is not None
    trials = state.settings.trials or TRIAL_ROTATION
    return trials[(round_number - 1) % len(trials)]


def _pair(state: TournamentState, dice: Dice, actor: str, now: str) -> list[msgspec.Struct]:
    _organiser_only(state, actor)
    if state.status not in ("registration", "running"):
        raise RuleViolation("tournament-not-running", f"the tournament is {state.status}")
    current = _current(state)
    if current is not None and not current.closed:
        raise RuleViolation("round-open", f"round {current.number} is not closed yet")
    no_shows = _no_shows(state)
    gone = {event.player_id for event in no_shows}
    state = msgspec.structs.replace(state, entrants=tuple(
        msgspec.structs.replace(e, dropped=True) if e.player_id in gone else e for e in state.entrants))
    active = [e.player_id for e in state.entrants if not e.dropped]
    if len(active) < 2:
        raise RuleViolation("too-few-players", "pairing needs at least two players still in the event")
    assert state.settings is not None
    swiss_rounds = state.swiss_rounds or state.settings.swiss_rounds or max(1, math.ceil(math.log2(len(active))))
    number = len(state.rounds) + 1
    trial = _trial(state, number)
    # Every refusal comes before the pairing's dice are drawn (a refusal after them would let the
    # organiser see the draw and try again).
    _enough_tables(state, trial, len(active) // 2 if number <= swiss_rounds else 0)
    if number <= swiss_rounds:
        stage, pairings, rolls = "swiss", *_pair_swiss(state, dice, number, active, trial)
    else:
        stage, pairings, rolls = "cut", _pair_cut(state, number, trial), ()
    _check_terrain(state, trial, pairings)
    if state.settings.review_pairings:
        return [*no_shows, RoundDrafted(round=number, stage=stage, trial=trial, pairings=pairings, rolls=rolls,
                                        drafted_at=now, swiss_rounds=swiss_rounds,
                                        warnings=drafts.warnings(pairings, _context(state)))]
    return [*no_shows, RoundPaired(round=number, stage=stage, trial=trial, pairings=pairings, rolls=rolls,
                                   paired_at=now, swiss_rounds=swiss_rounds), *_bye_results(state, number, pairings)]


def _no_shows(state: TournamentState) -> list[PlayerDropped]:
    """With check-in, pairing round 1 drops every player who did not check in."""
    assert state.settings is not None
    if not state.settings.check_in or state.status != "registration":
        return []
    return [PlayerDropped(player_id=e.player_id, reason="did not check in") for e in state.entrants
            if not e.dropped and not e.checked_in]


def _bye_results(state: TournamentState, number: int, pairings: tuple[Pairing, ...]) -> list[ResultRecorded]:
    assert state.settings is not None
    return [ResultRecorded(round=number, table=p.table, winner=p.a, margin=state.settings.bye_margin, source="bye")
            for p in pairings if p.b is None]


def _forbidden(state: TournamentState) -> set[frozenset[str]]:
    return {frozenset((f.a, f.b)) for f in state.forbidden}


def _history(state: TournamentState) -> tuple[dict[str, set[str]], set[str], dict[str, set[int]]]:
    """Who each player has played, who has had a bye, and the tables each has played on."""
    opponents: dict[str, set[str]] = {}
    had_bye: set[str] = set()
    tables_played: dict[str, set[int]] = {}
    for past in state.rounds:
        for p in past.pairings:
            if p.b is None:
                had_bye.add(p.a)
                continue
            opponents.setdefault(p.a, set()).add(p.b)
            opponents.setdefault(p.b, set()).add(p.a)
            for player in (p.a, p.b):
                tables_played.setdefault(player, set()).add(p.table)
    return opponents, had_bye, tables_played


def _context(state: TournamentState) -> drafts.Context:
    assert state.settings is not None
    opponents, had_bye, tables_played = _history(state)
    return drafts.Context(
        opponents=opponents, points={s.player_id: s.points for s in current_standings(state)},
        clubs={e.player_id: e.club for e in state.entrants}, regions={e.player_id: e.region for e in state.entrants},
        forbidden=_forbidden(state), tables_played=tables_played if state.tables else {}, had_bye=had_bye,
        gap_allowed=state.settings.scoring.win)


def _laid_out(state: TournamentState, number: int, played: list[tuple[int, str, str]],
              byes: list[str]) -> tuple[Pairing, ...]:
    """The round's pairings: each played table (numbered) with its battle id, name and terrain,
    in table order, then the byes, numbered after every table."""
    specs = {t.number: t for t in state.tables}
    attempt = state.withdrawn.get(number, 0)
    numbered = sorted(
        (Pairing(table=n, a=a, b=b, battle_id=battle_id_for(state.tournament_id, number, n, attempt),
                 table_name=specs[n].name if n in specs else None, terrain=specs[n].terrain if n in specs else None)
         for n, a, b in played), key=lambda p: p.table)
    first_bye = max([*specs, *(n for n, _, _ in played), 0]) + 1
    return (*numbered, *(Pairing(table=first_bye + i, a=a, b=None, battle_id=None) for i, a in enumerate(byes)))


def _hosting(state: TournamentState, trial: str) -> list[int]:
    """The event's tables whose terrain can host a battle of `trial`."""
    return [t.number for t in state.tables if t.terrain is None or _terrain_problem(state, trial, t.terrain) is None]


def _enough_tables(state: TournamentState, trial: str, pairs: int) -> None:
    """Refuse a round the event's tables cannot host (`pairs` played tables), before any draw."""
    if not state.tables:
        return
    hosting = _hosting(state, trial)
    if len(hosting) >= pairs:
        return
    if len(state.tables) < pairs:
        raise RuleViolation("too-few-tables", f"the round needs {pairs} tables and the event has "
                                              f"{len(state.tables)}: set more tables (set_tables)")
    unfit = [t for t in state.tables if t.number not in hosting]
    assert unfit[0].terrain is not None
    raise RuleViolation("table-invalid", f"the round needs {pairs} tables that can host a {trial} and the event "
                                         f"has {len(hosting)}: table {unfit[0].number} cannot host a {trial}: "
                                         f"{_terrain_problem(state, trial, unfit[0].terrain)}")


def _placed(state: TournamentState, pairs: list[tuple[str, str]], trial: str) -> list[tuple[int, str, str]]:
    """Pairs (best first) on tables: 1, 2, 3... or, once the event has tables, fresh tables
    that can host the round's Trial."""
    if not state.tables:
        return [(n, a, b) for n, (a, b) in enumerate(pairs, start=1)]
    _, _, tables_played = _history(state)
    numbers = tables.assign(pairs, [t.number for t in state.tables], tables_played, _hosting(state, trial))
    return [(n, a, b) for n, (a, b) in zip(numbers, pairs, strict=True)]


def _pair_swiss(state: TournamentState, dice: Dice, number: int, active: list[str],
                trial: str) -> tuple[tuple[Pairing, ...], tuple[Roll, ...]]:
    table = current_standings(state)
    order, roll = _draw_order(dice, active)
    # Best first by points and tiebreak values; among players these cannot separate, the dice decide.
    values = {s.player_id: (-s.points, -s.sos, -s.margin) for s in table}
    ranked = sorted(active, key=lambda p: (values[p], order[p]))
    points = {s.player_id: s.points for s in table}
    opponents, had_bye, _ = _history(state)
    for p in active:
        opponents.setdefault(p, set())
    affiliations = {e.player_id: {tag for tag in (f"club:{e.club}" if e.club else None,
                                                   f"region:{e.region}" if e.region else None) if tag}
                    for e in state.entrants}
    pairs, bye = pairing.pair_swiss(ranked, points, opponents, affiliations, order, had_bye, _forbidden(state))
    return _laid_out(state, number, _placed(state, pairs, trial), [bye] if bye is not None else []), (roll,)


def _pair_cut(state: TournamentState, number: int, trial: str) -> tuple[Pairing, ...]:
    assert state.settings is not None
    cut = state.settings.cut
    previous = _current(state)
    if cut == 0 or (previous is not None and previous.stage == "cut" and len(previous.pairings) == 1):
        raise RuleViolation("no-more-rounds", "every round has been played; the round's close ends the event")
    if previous is not None and previous.stage == "cut":
        winners = [_winner(previous, p) for p in previous.pairings]
        pairs = pairing.pair_cut_next_round(winners)
    else:
        seeded = [s.player_id for s in current_standings(state) if not s.dropped][:cut]
        if len(seeded) < cut:
            raise RuleViolation("too-few-players", f"a top {cut} cut needs {cut} players still in the event")
        pairs = pairing.pair_cut_first_round(seeded)
    return _laid_out(state, number, _placed(state, pairs, trial), [])


def _check_terrain(state: TournamentState, trial: str, pairings: tuple[Pairing, ...]) -> None:
    """Every table's terrain makes a battle of this round's Trial (a Vigil needs objectives)."""
    for p in pairings:
        if p.b is not None and p.terrain is not None:
            problem = _terrain_problem(state, trial, p.terrain)
            if problem is not None:
                raise RuleViolation("table-invalid", f"table {p.table} cannot host a {trial}: {problem}")


def _terrain_problem(state: TournamentState, trial: str, terrain: str | dict[str, Any]) -> str | None:
    assert state.settings is not None
    ruleset = find_ruleset(state.settings.ruleset, state.settings.ruleset_version)
    try:
        ruleset.resolve_options({"trial": trial, "table": terrain}, ("a", "b"))
    except DomainError as exc:
        return exc.detail
    return None


# ---- a drafted round: edits, publication; a published round withdrawn ------------------


def _edit(state: TournamentState, command: SwapPlayers | SetPairing | GiveBye, actor: str) -> DraftEdited:
    _organiser_or_judge(state, actor)
    draft = state.draft
    if draft is None:
        raise RuleViolation("no-draft", "there is no drafted round to edit (pair_round drafts one when the "
                                        "event reviews its pairings)")
    players: tuple[str, ...]
    match command:
        case SwapPlayers():
            edit, players, edited = "swap", (command.a, command.b), drafts.swap(draft.pairings, command.a, command.b)
        case SetPairing():
            edit, players = "set_pairing", (command.a, command.b)
            edited = drafts.set_pairing(draft.pairings, command.a, command.b)
        case GiveBye():
            edit, players, edited = "bye", (command.player_id,), drafts.give_bye(draft.pairings, command.player_id)
    if actor in players:
        raise NotPermitted("own-game", "a judge does not edit their own pairing; another judge does")
    pairings = _renumbered(state, draft.number, edited)
    before = drafts.forbidden_pairs(draft.pairings, _forbidden(state))
    for p in drafts.forbidden_pairs(pairings, _forbidden(state)) if draft.stage == "swiss" else []:
        if all({p.a, p.b} != {q.a, q.b} for q in before):
            raise RuleViolation("pairing-forbidden", f"{p.a} and {p.b} must not be paired ({_why_forbidden(state, p)})")
    return DraftEdited(round=draft.number, edit=edit, players=players, reason=command.reason, pairings=pairings,
                       warnings=drafts.warnings(pairings, _context(state)))


def _why_forbidden(state: TournamentState, p: Pairing) -> str:
    return next(f.reason for f in state.forbidden if {f.a, f.b} == {p.a, p.b})


def _renumbered(state: TournamentState, number: int, edited: list[Pairing]) -> tuple[Pairing, ...]:
    """The edited pairings laid out again: tables keep their numbers, a new table takes the
    lowest number free (of the event's tables, when it has them), byes come last."""
    played = [(p.table, p.a, p.b) for p in edited if p.b is not None]
    used = {n for n, _, _ in played}
    free = iter(n for n in ([t.number for t in state.tables] if state.tables else range(1, 2000)) if n not in used)
    numbered = []
    for n, a, b in played:
        if n == drafts.UNNUMBERED:
            n = next(free, drafts.UNNUMBERED)
            if n == drafts.UNNUMBERED:
                raise RuleViolation("too-few-tables", "every table is in use: set more tables (set_tables)")
        assert b is not None
        numbered.append((n, a, b))
    return _laid_out(state, number, numbered, [p.a for p in edited if p.b is None])


def _publish(state: TournamentState, actor: str, now: str) -> list[msgspec.Struct]:
    _organiser_or_judge(state, actor)
    draft = state.draft
    if draft is None:
        raise RuleViolation("no-draft", "there is no drafted round to publish")
    drafted = {p for pairing in draft.pairings for p in (pairing.a, pairing.b) if p is not None}
    active = {e.player_id for e in state.entrants if not e.dropped}
    left, joined = drafted - active, active - drafted if draft.stage == "swiss" else set()
    if left or joined:
        raise RuleViolation("draft-stale", f"the players changed since the draft (left: {sorted(left)}, joined: "
                                           f"{sorted(joined)}): pair the round again")
    # A cut's bracket is fixed by seeding (TOUR-FORBIDDEN-CUT): only Swiss rounds refuse them.
    forbidden = drafts.forbidden_pairs(draft.pairings, _forbidden(state)) if draft.stage == "swiss" else []
    if forbidden:
        p = forbidden[0]
        raise RuleViolation("pairing-forbidden", f"table {p.table}: {p.a} and {p.b} must not be paired "
                                                 f"({_why_forbidden(state, p)}); edit the draft")
    _check_terrain(state, draft.trial, draft.pairings)
    return [RoundPaired(round=draft.number, stage=draft.stage, trial=draft.trial, pairings=draft.pairings, rolls=(),
                        paired_at=now, swiss_rounds=draft.swiss_rounds),
            *_bye_results(state, draft.number, draft.pairings)]


def _withdraw(state: TournamentState, command: DeleteRound, actor: str) -> RoundWithdrawn:
    """Delete the round in play so it can be paired again. That none of its battles has started
    is checked by the server, which holds the battles; here, that no table has a result."""
    _organiser_only(state, actor)
    current = _current(state)
    if current is None or current.closed:
        raise RuleViolation("no-open-round", "only the round in play, not yet closed, can be deleted")
    played = sorted(table for table, result in current.results.items() if result.source != "bye")
    if played:
        raise RuleViolation("round-started", f"tables {played} of round {current.number} have results already")
    return RoundWithdrawn(round=current.number, reason=command.reason)


# ---- check-in, re-entry, tables, forbidden pairings ------------------------------------


def _check_in(state: TournamentState, command: CheckIn, actor: str) -> PlayerCheckedIn:
    assert state.settings is not None
    if not state.settings.check_in:
        raise RuleViolation("check-in-off", "this event has no check-in")
    player = command.player_id or actor
    if player != actor:
        _organiser_or_judge(state, actor)
    entrant = state.entrant(player)
    if entrant is None:
        raise RuleViolation("not-registered", "that player is not registered")
    if state.status != "registration":
        raise RuleViolation("check-in-closed", "check-in closes when round 1 is paired")
    if entrant.dropped:
        raise RuleViolation("already-dropped", "that player has dropped")
    if entrant.checked_in:
        raise RuleViolation("already-checked-in", "that player has checked in already")
    return PlayerCheckedIn(player_id=player)


def _reenter(state: TournamentState, command: Reenter, actor: str) -> PlayerReentered:
    player = command.player_id or actor
    if player != actor:
        _organiser_only(state, actor)
    entrant = state.entrant(player)
    if entrant is None:
        raise RuleViolation("not-registered", "that player is not registered")
    if not entrant.dropped:
        raise RuleViolation("not-dropped", "that player is still in the event")
    if state.status == "ended":
        raise RuleViolation("tournament-ended", "the tournament is over")
    if state.status == "running" and len(state.rounds) >= state.swiss_rounds:
        raise RuleViolation("swiss-over", "a player may re-enter until the last Swiss round is paired")
    return PlayerReentered(player_id=player, reason=command.reason)


def _set_tables(state: TournamentState, command: SetTables, actor: str) -> TablesSet:
    _organiser_only(state, actor)
    if state.status == "ended":
        raise RuleViolation("tournament-ended", "the tournament is over")
    numbers = [t.number for t in command.tables]
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        raise RuleViolation("table-duplicate", f"table numbers {repeated} are given more than once")
    for spec in command.tables:
        # The lightest Trial: a layout that cannot host it is wrong whatever the round.
        problem = None if spec.terrain is None else _terrain_problem(state, "Crossing", spec.terrain)
        if problem is not None:
            raise RuleViolation("table-invalid", f"table {spec.number}: {problem}")
    return TablesSet(tables=tuple(sorted(command.tables, key=lambda t: t.number)))


def _forbid(state: TournamentState, command: ForbidPairing, actor: str) -> PairingForbidden:
    _organiser_only(state, actor)
    if command.a == command.b:
        raise RuleViolation("same-player", "name two different players")
    for player in (command.a, command.b):
        if state.entrant(player) is None:
            raise RuleViolation("not-registered", f"{player} is not registered")
    if frozenset((command.a, command.b)) in _forbidden(state):
        raise RuleViolation("already-forbidden", "that pairing is forbidden already")
    return PairingForbidden(a=command.a, b=command.b, reason=command.reason)


def _winner(round_state: RoundState, p: Pairing) -> str:
    """A cut game's winner; a drawn cut game goes to the higher seed (TOUR-CUT-DRAW)."""
    result = round_state.results[p.table]
    return result.winner or p.a


def _table(state: TournamentState, round_number: int, table: int) -> tuple[RoundState, Pairing]:
    if not 1 <= round_number <= len(state.rounds):
        raise RuleViolation("round-unknown", f"there is no round {round_number}")
    round_state = state.rounds[round_number - 1]
    found = next((p for p in round_state.pairings if p.table == table), None)
    if found is None:
        raise RuleViolation("table-unknown", f"round {round_number} has no table {table}")
    return round_state, found


def _record(state: TournamentState, command: RecordResult, actor: str) -> ResultRecorded:
    if actor != state.organiser and actor not in state.judges:
        raise NotPermitted("not-judge", "only the organiser or a judge may record a result by hand")
    round_state, table = _table(state, command.round, command.table)
    if actor in (table.a, table.b):
        raise NotPermitted("own-game", "an organiser or judge does not rule on their own game; "
                                       "another judge records it")
    if table.b is None:
        raise RuleViolation("table-is-bye", "a bye has no result to record")
    if command.winner not in (None, table.a, table.b):
        raise RuleViolation("winner-not-at-table", "the winner must be one of the table's two players")
    if round_state.stage == "cut" and command.winner is None:
        raise RuleViolation("cut-needs-winner", "a single-elimination game needs a winner")
    return ResultRecorded(round=command.round, table=command.table, winner=command.winner, margin=command.margin,
                          source="manual", battle_id=table.battle_id, reason=command.reason,
                          corrects=command.table in round_state.results)


def _battle_result(state: TournamentState, command: BattleResult) -> list[msgspec.Struct]:
    round_state, table = _table(state, command.round, command.table)
    if table.battle_id != command.battle_id:
        raise RuleViolation("battle-not-at-table", "that battle is not this table's")
    if command.table in round_state.results:
        return []  # already recorded (by hand, or a repeated delivery): nothing to do
    winners = [w for w in command.winners if w in (table.a, table.b)]
    winner = winners[0] if len(winners) == 1 else None
    if round_state.stage == "cut" and winner is None:
        winner = table.a
    return [ResultRecorded(round=command.round, table=command.table, winner=winner, margin=command.margin,
                           source="battle", battle_id=command.battle_id)]


def _rulings(state: TournamentState, current: RoundState, command: CloseRound, now: str) -> list[ResultRecorded]:
    """The organiser's rulings on unfinished tables, allowed once the round's time limit has passed."""
    assert state.settings is not None
    missing = [p.table for p in current.pairings if p.table not in current.results]
    ruled = {r.table: r for r in command.rulings}
    if set(ruled) - set(missing):
        raise RuleViolation("ruling-not-needed", "rulings are only for tables without a result")
    if set(missing) - set(ruled):
        raise RuleViolation("results-missing",
                            f"tables {sorted(set(missing) - set(ruled))} have no result; wait for them, or rule "
                            "on them once the round's time limit has passed")
    if not ruled:
        return []
    limit = state.settings.round_time_limit_minutes
    if limit is None:
        raise RuleViolation("no-time-limit", "this event has no round time limit; record results instead")
    ends = _parse_time(current.paired_at, "paired_at") + timedelta(minutes=limit)
    if _parse_time(now, "now") < ends:
        raise RuleViolation("time-limit-not-reached", f"round {current.number} runs until {ends.isoformat()}")
    rulings = []
    for table in current.pairings:
        if table.table in ruled:
            if state.organiser in (table.a, table.b):
                raise NotPermitted("own-game", f"the organiser plays at table {table.table}: a judge records "
                                               "its result (record_result) before the round closes")
            ruling = ruled[table.table]
            if ruling.winner not in (None, table.a, table.b):
                raise RuleViolation("winner-not-at-table", "the winner must be one of the table's two players")
            if current.stage == "cut" and ruling.winner is None:
                raise RuleViolation("cut-needs-winner", "a single-elimination game needs a winner")
            rulings.append(ResultRecorded(round=current.number, table=table.table, winner=ruling.winner,
                                          margin=ruling.margin, source="ruling", battle_id=table.battle_id,
                                          reason=command.reason or "round time limit reached"))
    return rulings


def _close(state: TournamentState, command: CloseRound, actor: str, now: str, dice: Dice) -> list[msgspec.Struct]:
    _organiser_only(state, actor)
    current = _current(state)
    if current is None or current.closed:
        raise RuleViolation("no-open-round", "there is no open round to close")
    rulings = _rulings(state, current, command, now)
    for ruling in rulings:
        current = msgspec.structs.replace(current, results={**current.results, ruling.table: ruling})
    events: list[msgspec.Struct] = [*rulings, RoundClosed(round=current.number)]
    assert state.settings is not None
    is_last_swiss = current.stage == "swiss" and current.number >= (state.swiss_rounds or 0)
    is_final = (current.stage == "cut" and len(current.pairings) == 1) or (is_last_swiss and state.settings.cut == 0)
    if is_final:
        champion = _winner(current, current.pairings[0]) if current.stage == "cut" else None
        if champion is None:
            closed = msgspec.structs.replace(current, closed=True)
            final = msgspec.structs.replace(state, rounds=(*state.rounds[:-1], closed))
            champion = current_standings(final)[0].player_id
        events += [TournamentEnded(champion=champion), DiceSeedRevealed(server_seed=dice.reveal())]
    return events


# ---- evolve ---------------------------------------------------------------------------


def _entrants(state: TournamentState, player_id: str, **changes: Any) -> tuple[Entrant, ...]:
    return replace_where(state.entrants, lambda entrant: entrant.player_id == player_id, **changes)


def _apply(state: TournamentState, event: msgspec.Struct) -> TournamentState:
    replace = msgspec.structs.replace
    match event:
        case TournamentCreated():
            return replace(state, tournament_id=event.tournament_id, status="registration", name=event.name,
                           organiser=event.organiser, settings=event)
        case JudgeNamed():
            return replace(state, judges=(*state.judges, event.player_id))
        case PlayerRegistered():
            entrant = Entrant(event.player_id, event.name, event.army_list, event.club, event.region,
                              missed_rounds=event.missed_rounds, byes_for_missed=event.byes_for_missed)
            return replace(state, entrants=(*state.entrants, entrant))
        case PlayerCheckedIn():
            return replace(state, entrants=_entrants(state, event.player_id, checked_in=True))
        case PlayerReentered():
            return replace(state, entrants=_entrants(state, event.player_id, dropped=False))
        case TablesSet():
            return replace(state, tables=event.tables)
        case PairingForbidden():
            return replace(state, forbidden=(*state.forbidden, event))
        case RoundDrafted():
            draft = Draft(number=event.round, stage=event.stage, trial=event.trial, pairings=event.pairings,
                          swiss_rounds=event.swiss_rounds, drafted_at=event.drafted_at, warnings=event.warnings)
            return replace(state, status="running", draft=draft, swiss_rounds=event.swiss_rounds)
        case DraftEdited():
            assert state.draft is not None
            return replace(state, draft=replace(state.draft, pairings=event.pairings, warnings=event.warnings))
        case RoundWithdrawn():
            return replace(state, rounds=tuple(r for r in state.rounds if r.number != event.round),
                           withdrawn={**state.withdrawn, event.round: state.withdrawn.get(event.round, 0) + 1})
        case ListReplaced():
            return replace(state, entrants=_entrants(state, event.player_id, army_list=event.army_list))
        case PlayerDropped():
            return replace(state, entrants=_entrants(state, event.player_id, dropped=True))
        case RoundPaired():
            round_state = RoundState(number=event.round, stage=event.stage, trial=event.trial,
                                     pairings=event.pairings, paired_at=event.paired_at)
            return replace(state, status="running", rounds=(*state.rounds, round_state),
                           swiss_rounds=event.swiss_rounds, draft=None)
        case ResultRecorded():
            target = state.rounds[event.round - 1]
            updated = replace(target, results={**target.results, event.table: event})
            return replace(state, rounds=tuple(updated if r.number == event.round else r for r in state.rounds))
        case RoundClosed():
            return replace(state, rounds=tuple(replace(r, closed=True) if r.number == event.round else r
                                               for r in state.rounds))
        case TournamentEnded():
            return replace(state, status="ended", champion=event.champion)
        case DiceSeedRevealed():
            return replace(state, server_seed=event.server_seed)
    return state


def evolve(state: TournamentState, event: msgspec.Struct) -> TournamentState:
    state = _apply(state, event)
    rolls = getattr(event, "rolls", ())
    next_nonce = max((r.nonce + 1 for r in rolls), default=state.next_nonce)
    return msgspec.structs.replace(state, version=state.version + 1, next_nonce=max(state.next_nonce, next_nonce))


def replay(events: Any, state: TournamentState | None = None) -> TournamentState:
    for event in events:
        state = evolve(state or TournamentState(), event)
    return state or TournamentState()


