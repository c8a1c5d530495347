"""Pilgrimage: Skirmish, ruleset version 2: Oathbands, the table, deployment, Turns, Acts and
every Deed, sight, light and weather in play, and the three Trials. Version 1 stays
registered so that battles created under it replay under it; version 2 shares its events, its
environment roll and its first two provisional rules, but not its state, options or settings
(so it is built afresh from those parts rather than revised)."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.dice import Dice
from domain.errors import RuleViolation
from domain.rulesets.contract import Creation, Events, Options, Phase, ProvisionalRule, RulesetVersion, play
from domain.rulesets.pilgrimage import GEAR, PILGRIMAGE_EVENTS, PILGRIMAGE_V1, STORMFRONT, list_problems
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.deeds import (
    activate,
    assault,
    climb,
    deploy,
    finish_act,
    fire,
    move,
    seat_acting,
    seat_of_named,
    simple_deed,
    submit_oathband,
)
from domain.rulesets.pilgrimage.environment import roll_environment
from domain.rulesets.pilgrimage.evolve import apply
from domain.rulesets.pilgrimage.oathband import Oathband
from domain.rulesets.pilgrimage.play import (
    ActBegan,
    ActEnded,
    Activate,
    Aim,
    Assault,
    CharacterDeployed,
    Climb,
    DeedPerformed,
    Deploy,
    EndAct,
    Fire,
    Guard,
    Hide,
    Move,
    PlayState,
    Stand,
    SubmitOathband,
    TrialEnded,
    Use,
)
from domain.rulesets.pilgrimage.rules import side_to_act
from domain.rulesets.pilgrimage.settings import PilgrimageV2Settings, refuse_unplayable
from domain.rulesets.pilgrimage.tables import Season

Trial = Literal["Crossing", "Vigil", "Reckoning"]
MAX_SIDES = 4  # one per table edge: south, north, west, east


class PilgrimageV2Options(Options, frozen=True, forbid_unknown_fields=True):
    season: Season | None = None
    trial: Trial = "Crossing"
    # A built-in table by name ("crossing", "vigil", "reckoning"; the Trial's own by default) or a custom one.
    # Once the options are complete (as a battle records them) it is always the table itself.
    table: str | tables.Table | None = None


def with_table(options: PilgrimageV2Options) -> PilgrimageV2Options:
    """The options with the table itself in place of a built-in table's name, checked."""
    table = options.table
    if not isinstance(table, tables.Table):
        name = (table or options.trial).lower()
        if name not in tables.BUILT_IN_TABLES:
            raise RuleViolation("table-unknown", f"no built-in table {name!r} ({sorted(tables.BUILT_IN_TABLES)})")
        table = tables.BUILT_IN_TABLES[name]
    found = tables.problems(table)
    if found:
        raise RuleViolation("table-invalid", "; ".join(found), problems=found)
    if options.trial == "Vigil" and not table.objectives:
        raise RuleViolation("table-invalid", "a Vigil needs objective markers")
    return msgspec.structs.replace(options, table=table)


def creation_problems(options: PilgrimageV2Options, settings: PilgrimageV2Settings,
                      seats: tuple[str, ...]) -> list[str]:
    """Seats are sides, one per table edge (PIL-TRIALS' deployment zones); the settings must
    leave a battle that can be played."""
    refuse_unplayable(settings)
    return ["Pilgrimage deploys at most four sides, one per table edge"] if len(seats) > MAX_SIDES else []


def initial_state(creation: Creation[PilgrimageV2Options, PilgrimageV2Settings]) -> PlayState:
    """The muster, on the battle's table (complete options, as recorded, hold the table itself).
    The state keeps a copy of the settings as the creation recorded them, because `GET /state`
    has always shown it; no rule reads it (they read `ctx.settings`)."""
    options = creation.options
    table = options.table if isinstance(options.table, tables.Table) else tables.Table()
    return PlayState(trial=options.trial, table=table, seats=creation.seats, settings=creation.recorded_settings)


def set_up(options: PilgrimageV2Options, settings: PilgrimageV2Settings, dice: Dice) -> Events:
    """`start` rolls the environment (PIL-WEATHER-STORMFRONT: its extra rolls)."""
    return (roll_environment(dice, options.season, settings.PIL_WEATHER_STORMFRONT.extra_rolls),)


def start_problems(state: PlayState) -> list[str]:
    submitted = {f.seat for f in state.figures}
    return [f"seat {s!r} has not submitted an Oathband" for s in state.seats if s not in submitted]


def army_list_command(army_list: object, seat: str) -> SubmitOathband:
    return SubmitOathband(oathband=msgspec.convert(army_list, Oathband), seat=seat)


def seat_to_act(state: PlayState) -> str | None:
    """The side whose Character is in its Act, else the side that activates next (the clock's turn)."""
    if state.activation is not None:
        figure = state.figure(state.activation.character)
        return figure.seat if figure is not None else None
    return side_to_act(state)


class PlayView(PlayState, frozen=True, kw_only=True):
    """The state as `GET /state` shows it: also `side_to_act`, whose turn it is. Between Acts it
    is the side to activate a Character next; during an Act, from version 3, the side of the
    Character acting (version 2 shows null then: its battles keep showing what they showed)."""

    side_to_act: str | None


def state_view(state: PlayState, shown: dict[str, Any]) -> dict[str, Any]:
    """Also which side activates next (`side_to_act`)."""
    return {**shown, "side_to_act": side_to_act(state)}


def preview_details(events: Events) -> dict[str, Any]:
    """A Deed's cost and the Deeds left; an attack's modifiers and Advantage."""
    deed = next((e for e in events if isinstance(e, DeedPerformed)), None)
    if deed is None:
        return {}
    attack = deed.attack
    return {"cost": deed.cost, "deeds_left": deed.deeds_left,
            "modifiers": msgspec.to_builtins(attack.modifiers) if attack else [],
            "advantage": attack.advantage if attack else None}


def action_seat(event: msgspec.Struct) -> str | None:
    if isinstance(event, ActBegan):
        return event.seat
    if isinstance(event, DeedPerformed | ActEnded | CharacterDeployed):
        return event.character.rsplit("/", 1)[0]
    return None


def winners(event: msgspec.Struct) -> tuple[str, ...] | None:
    return event.winners if isinstance(event, TrialEnded) else None


PROVISIONAL_RULES: tuple[ProvisionalRule, ...] = (
    STORMFRONT,
    GEAR,
    ProvisionalRule("PIL-HEALTH", "Each Character has Health 10; at 0 it is Out of Action and removed."),
    ProvisionalRule("PIL-ADVANTAGE", "Advantage: roll two D12 and keep the higher; sources do not stack."),
    ProvisionalRule("PIL-TIES", "On equal totals the defender wins; no damage."),
    ProvisionalRule("PIL-ASSAULT", "Assault an enemy within 1\": D12 + Might against D12 + Might, margin minus "
                                   "Ward as damage; High Ground, Shrouded and Knocked Down modify Might as for Fire."),
    ProvisionalRule("PIL-WARD", "Ward reduces Fire and Assault damage (minimum 0) and Hail damage; never falls."),
    ProvisionalRule("PIL-DEED-COST", "Move, Assault, Fire, Guard, Hide, Stand, Use 1; Aim 2; Climb 2 (+1 in Grey "
                                     "Drizzle)."),
    ProvisionalRule("PIL-INITIATIVE", "Each side rolls D12 + its highest Valour in play; the higher activates "
                                      "first; ties roll again."),
    ProvisionalRule("PIL-GUARD", "Until its next Act begins the Character adds +1 Might when it defends."),
    ProvisionalRule("PIL-HIDE", "In Cover from, or beyond the Sight of, every enemy a Character may Hide: Shrouded "
                                "to all enemies until it Fires, Assaults or ends a Move in the open."),
    ProvisionalRule("PIL-USE", "Use interacts with an objective marker within 1\"."),
    ProvisionalRule("PIL-MEASURE", "Characters are points; distances are centre to centre on the table plane; "
                                   "heights are terrain levels in inches."),
    ProvisionalRule("PIL-RANGE", "Fire needs a ranged weapon and a target in range (sling 12\", bow 24\", crossbow "
                                 "24\") whose line is not wholly blocked by blocking terrain."),
    ProvisionalRule("PIL-LENGTH", "A Battle lasts this many Turns unless a side has no Character left."),
    ProvisionalRule("PIL-TRIALS", "Crossing: deploy within 6\" of your edge, score 1 per Character ending within 6\" "
                                  "of the opposite edge. Vigil: three markers, 1 per marker held at each Turn's end "
                                  "(more Characters within 3\"). Reckoning: 1 per enemy taken Out of Action."),
    ProvisionalRule("PIL-LIGHT-DRIFT", "Darkening and Brightening change Sight by this much at the start of each "
                                       "Turn after the first, within 0\"-24\"."),
    ProvisionalRule("PIL-FROST-FALL", "Frostbound's +1 applies to a fall that deals damage."),
    ProvisionalRule("PIL-DELIBERATE-DROP", "A deliberate drop within a Move counts as distance moved and is not a "
                                           "fall: only a fall by misadventure or unwilling movement deals damage "
                                           "(seed 000)."),
)

PILGRIMAGE_V2: RulesetVersion[PlayState, PilgrimageV2Settings, PilgrimageV2Options] = RulesetVersion(
    id=PILGRIMAGE_V1.id, version="2", title=PILGRIMAGE_V1.title, sources=PILGRIMAGE_V1.sources,
    summary=("Inch-measured skirmish wargame with D12 opposed rolls: Oathbands from 600 Supplies, "
             "terrain, deployment, Turns of alternating Acts of three Deeds, Sight, light and weather, "
             "and the Crossing, Vigil and Reckoning Trials."),
    provisional_rules=PROVISIONAL_RULES,
    events=PILGRIMAGE_EVENTS,
    options_type=PilgrimageV2Options, settings_type=PilgrimageV2Settings, state_type=PlayState, view_type=PlayView,
    complete_options=with_table,
    creation_problems=creation_problems, creation_rule="seat-count",
    initial_state=initial_state,
    start_problems=start_problems,
    setup=set_up,
    evolve=apply,
    winners=winners, end_reason="trial",
    action_seat=action_seat, to_act=seat_to_act,
    state_view=state_view, preview_details=preview_details,
    list_problems=list_problems, army_list_command=army_list_command,
    plays=(
        play(SubmitOathband, submit_oathband, phase=Phase.SETUP),
        play(Deploy, deploy, subject=seat_of_named),
        play(Activate, activate, subject=seat_of_named),
        play(Move, move, subject=seat_acting),
        play(Climb, climb, subject=seat_acting),
        play(Stand, simple_deed, subject=seat_acting),
        play(Aim, simple_deed, subject=seat_acting),
        play(Guard, simple_deed, subject=seat_acting),
        play(Hide, simple_deed, subject=seat_acting),
        play(Use, simple_deed, subject=seat_acting),
        play(Fire, fire, subject=seat_acting),
        play(Assault, assault, subject=seat_acting),
        play(EndAct, finish_act, subject=seat_acting),
    ),
)
