"""Pilgrimage: Skirmish, ruleset version 2: Oathbands, the table, deployment, Turns, Acts and
every Deed, sight, light and weather in play, and the three Trials. Version 1 stays
registered so that battles created under it replay under it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

import msgspec

from domain.dice import Dice
from domain.errors import RuleViolation
from domain.rulesets.base import ProvisionalRule, provisional
from domain.rulesets.pilgrimage import Pilgrimage, rules
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.environment import EnvironmentRolled
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
from domain.rulesets.pilgrimage.tables import Season

Trial = Literal["Crossing", "Vigil", "Reckoning"]


class PilgrimageV2Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    season: Season | None = None
    trial: Trial = "Crossing"
    # A built-in table by name ("crossing", "vigil", "reckoning"; the Trial's own by default) or a custom one.
    table: str | tables.Table | None = None


class PilgrimageV2(Pilgrimage):
    version: ClassVar[str] = "2"
    summary: ClassVar[str] = (
        "Inch-measured skirmish wargame with D12 opposed rolls: Oathbands from 600 Supplies, "
        "terrain, deployment, Turns of alternating Acts of three Deeds, Sight, light and weather, "
        "and the Crossing, Vigil and Reckoning Trials."
    )
    provisional_rules: ClassVar[tuple[ProvisionalRule, ...]] = (
        *Pilgrimage.provisional_rules,
        provisional("PIL-HEALTH", "Each Character has Health 10; at 0 it is Out of Action and removed.", health=10),
        provisional("PIL-ADVANTAGE", "Advantage: roll two D12 and keep the higher; sources do not stack."),
        provisional("PIL-TIES", "On equal totals the defender wins; no damage."),
        provisional("PIL-ASSAULT", "Assault an enemy within 1\": D12 + Might against D12 + Might, margin minus "
                                   "Ward as damage; High Ground, Shrouded and Knocked Down modify Might as for Fire."),
        provisional("PIL-WARD", "Ward reduces Fire and Assault damage (minimum 0) and Hail damage; never falls."),
        provisional("PIL-DEED-COST", "Move, Assault, Fire, Guard, Hide, Stand, Use 1; Aim 2; Climb 2 (+1 in Grey "
                                     "Drizzle)."),
        provisional("PIL-INITIATIVE", "Each side rolls D12 + its highest Valour in play; the higher activates first; "
                                      "ties roll again."),
        provisional("PIL-GUARD", "Until its next Act begins the Character adds +1 Might when it defends."),
        provisional("PIL-HIDE", "In Cover from, or beyond the Sight of, every enemy a Character may Hide: Shrouded to "
                                "all enemies until it Fires, Assaults or ends a Move in the open."),
        provisional("PIL-USE", "Use interacts with an objective marker within 1\"."),
        provisional("PIL-MEASURE", "Characters are points; distances are centre to centre on the table plane; heights "
                                   "are terrain levels in inches."),
        provisional("PIL-RANGE", "Fire needs a ranged weapon and a target in range (sling 12\", bow 24\", crossbow "
                                 "24\") whose line is not wholly blocked by blocking terrain."),
        provisional("PIL-LENGTH", "A Battle lasts this many Turns unless a side has no Character left.", turns=6),
        provisional("PIL-TRIALS", "Crossing: deploy within 6\" of your edge, score 1 per Character ending within 6\" "
                                  "of the opposite edge. Vigil: three markers, 1 per marker held at each Turn's end "
                                  "(more Characters within 3\"). Reckoning: 1 per enemy taken Out of Action."),
        provisional("PIL-LIGHT-DRIFT", "Darkening and Brightening change Sight by this much at the start of each Turn "
                                       "after the first, within 0\"-24\".", inches_per_turn=3),
        provisional("PIL-FROST-FALL", "Frostbound's +1 applies to a fall that deals damage."),
        provisional("PIL-DELIBERATE-DROP", "A deliberate drop within a Move counts as distance moved and is not a "
                                           "fall: only a fall by misadventure or unwilling movement deals damage "
                                           "(seed 000)."),
    )
    options_type: ClassVar[type[msgspec.Struct]] = PilgrimageV2Options
    events: ClassVar[tuple[type[msgspec.Struct], ...]] = ()  # version 1 registers the shared event types
    commands: ClassVar[tuple[type[msgspec.Struct], ...]] = (
        SubmitOathband, Deploy, Activate, Move, Climb, Stand, Aim, Guard, Hide, Use, Fire, Assault, EndAct)
    state_type: ClassVar[type[msgspec.Struct] | None] = PlayState
    end_reason: ClassVar[str] = "trial"

    def resolve_options(self, options: Mapping[str, Any], seats: tuple[str, ...] = ()) -> dict[str, Any]:
        resolved = super().resolve_options(options, seats)
        table = resolved.get("table")
        if table is None or isinstance(table, str):
            name = (table or resolved["trial"]).lower()
            if name not in tables.BUILT_IN_TABLES:
                raise RuleViolation("table-unknown", f"no built-in table {name!r} ({sorted(tables.BUILT_IN_TABLES)})")
            resolved["table"] = msgspec.to_builtins(tables.BUILT_IN_TABLES[name])
        found = tables.problems(msgspec.convert(resolved["table"], tables.Table))
        if found:
            raise RuleViolation("table-invalid", "; ".join(found), problems=found)
        if resolved["trial"] == "Vigil" and not resolved["table"]["objectives"]:
            raise RuleViolation("table-invalid", "a Vigil needs objective markers")
        return self._as_json(resolved)

    def initial_state(self, options: dict[str, Any], seats: Sequence[str]) -> PlayState:  # type: ignore[override]
        if len(seats) > 4:
            raise RuleViolation("seat-count", "Pilgrimage deploys at most four sides, one per table edge")
        return PlayState(trial=options["trial"], table=msgspec.convert(options["table"], tables.Table),
                         seats=tuple(seats), settings=options["provisional"])

    def start_problems(self, state: Any) -> list[str]:
        submitted = {f.seat for f in state.figures}
        return [f"seat {s!r} has not submitted an Oathband" for s in state.seats if s not in submitted]

    def army_list_command(self, army_list: Any, seat: str) -> SubmitOathband:
        return SubmitOathband(oathband=msgspec.convert(army_list, Oathband), seat=seat)

    def decide(self, battle: Any, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        state: PlayState = battle.ruleset_state
        match command:
            case SubmitOathband():
                return [rules.submit_oathband(battle, state, command, actor)]
            case Deploy():
                return rules.deploy(battle, state, command, actor, dice)
            case Activate():
                return [rules.activate(battle, state, command, actor)]
            case Move():
                return rules.move(battle, state, command, actor, dice)
            case Climb():
                return rules.climb(battle, state, command, actor, dice)
            case Stand() | Aim() | Guard() | Hide() | Use():
                return rules.simple_deed(battle, state, command, actor, dice)
            case Fire():
                return rules.fire(battle, state, command, actor, dice)
            case Assault():
                return rules.assault(battle, state, command, actor, dice)
            case EndAct():
                return rules.finish_act(battle, state, command, actor, dice)
        return super().decide(battle, command, dice, actor)

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        if isinstance(event, EnvironmentRolled):
            return msgspec.structs.replace(state, environment=event, phase="deployment", sight=event.sight)
        return rules.apply(state, event)

    def state_view(self, state: Any, shown: dict[str, Any]) -> dict[str, Any]:
        """Also which side activates next (`side_to_act`)."""
        return {**shown, "side_to_act": rules.side_to_act(state)}

    def preview_details(self, events: Sequence[msgspec.Struct]) -> dict[str, Any]:
        """A Deed's cost and the Deeds left; an attack's modifiers and Advantage."""
        deed = next((e for e in events if isinstance(e, DeedPerformed)), None)
        if deed is None:
            return {}
        attack = deed.attack
        return {"cost": deed.cost, "deeds_left": deed.deeds_left,
                "modifiers": msgspec.to_builtins(attack.modifiers) if attack else [],
                "advantage": attack.advantage if attack else None}

    def action_seat(self, event: msgspec.Struct) -> str | None:
        if isinstance(event, ActBegan):
            return event.seat
        if isinstance(event, DeedPerformed | ActEnded | CharacterDeployed):
            return event.character.rsplit("/", 1)[0]
        return None

    def winners(self, event: msgspec.Struct) -> tuple[str, ...] | None:
        return event.winners if isinstance(event, TrialEnded) else None

