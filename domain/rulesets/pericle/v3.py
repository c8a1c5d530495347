"""Pericle ruleset version 3: a combat played end to end. Heroes from validated hero sheets and
enemies from the encounter's stat blocks on a hex map; Initiative, the Movement phase with
Embattlement, repositioning, the Action phase in Action Order; attacks with facing, cover and
range, damage, crits, death; Blur and Clumsiness; Karma re-rolls. Versions 1 and 2 stay
registered so that their battles replay under them."""

from __future__ import annotations

from typing import Any, Union

import msgspec

from domain.dice import Dice
from domain.errors import RuleViolation
from domain.rulesets.contract import Creation, Events, Options, Phase, Play, RulesetVersion
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import actions, guidance, items, turns
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import acting
from domain.rulesets.pericle.checks import (
    PERICLE_V2,
    RollCheck,
    RollCritDie,
    RollOpposedCheck,
    roll_check,
    roll_crit_die,
    roll_opposed_check,
)
from domain.rulesets.pericle.encounter import Encounter, first_ability_from_v6
from domain.rulesets.pericle.encounter import problems as encounter_problems
from domain.rulesets.pericle.evolve import apply
from domain.rulesets.pericle.joining import companion_figure, enemy_figure, submit_hero
from domain.rulesets.pericle.karma import karma
from domain.rulesets.pericle.provisional import COMBAT_RULES
from domain.rulesets.pericle.rules import Table, combat, figure_subject, hero_subject, recorded
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.view import CombatView, attack_modifiers, combat_view


class PericleOptions(Options, frozen=True, forbid_unknown_fields=True):
    """Without an encounter a battle hosts checks only (outside combat, as in version 2)."""

    encounter: Encounter | None = None


# ---- creation, set-up, evolve ----------------------------------------------------------------


def creation_problems(options: PericleOptions, settings: PericleCombatSettings, seats: tuple[str, ...]) -> list[str]:
    """Every way the encounter cannot be played on its map by these seats (checked by decide;
    without the seats, as a tournament's settings are checked, only the map and its figures)."""
    if options.encounter is None:
        return []
    if settings.REVISION < 6 and options.encounter.map.raised is not msgspec.UNSET:
        # Pericle 6's field (raised hexes, seed 001 line 404): refused as an unknown field was before.
        raise RuleViolation("options-invalid", "pericle options: Object contains unknown field `raised` - at "
                                               "`$.encounter.map`")
    unknown = first_ability_from_v6(options.encounter) if settings.REVISION < 6 else None
    if unknown is not None:
        # Pericle 6's stat block `spells` and "Separate Attacks" (PER-ENEMY-BLOCK): refused as an unknown
        # field or ability was before.
        raise RuleViolation("options-invalid", f"pericle options: {unknown}")
    return encounter_problems(options.encounter, seats)


def initial_state(creation: Creation[PericleOptions, PericleCombatSettings]) -> CombatState | None:
    """The enemies and befriended animals in place (never refuses: `creation_problems` did). The
    combat keeps a copy of the settings as the creation recorded them (GET /state shows it; a
    battle recorded before a setting existed shows none); no rule reads it."""
    encounter, seats = creation.options.encounter, creation.seats
    if encounter is None:
        return None
    enemy_seat = encounter.enemy_seat or seats[-1]
    return CombatState(encounter=encounter, seats=seats, enemy_seat=enemy_seat,
                       settings=creation.recorded_settings,
                       figures=(*(enemy_figure(e, enemy_seat) for e in encounter.enemies),
                                *(companion_figure(c) for c in encounter.companions)))


def start_problems(state: CombatState | None) -> list[str]:
    if state is None:
        return []
    heroes = {f.seat for f in state.team("heroes") if not f.companion}
    found = [f"seat {s!r} has not submitted a hero" for s in state.seats if s != state.enemy_seat and s not in heroes]
    return found or ([] if heroes else ["no hero has joined the encounter"])


def setup(options: PericleOptions, settings: PericleCombatSettings, dice: Dice) -> Events:
    encounter = options.encounter
    if encounter is None:
        return ()
    opening: list[msgspec.Struct] = [ev.CombatBegan()]
    if encounter.surprise is not None:
        opening.append(ev.SurpriseTurnBegan(team=encounter.surprise))
    elif encounter.first_turn is not None:
        opening.append(ev.InitiativeRolled(turn=1, winner=encounter.first_turn))
    return opening


def evolve(state: CombatState | None, event: msgspec.Struct) -> CombatState | None:
    return state if state is None else apply(state, event)


def state_view(state: CombatState | None, shown: dict[str, Any]) -> dict[str, Any]:
    return shown if state is None else combat_view(state, shown)


def seat_to_act(state: CombatState | None) -> str | None:
    """The seat of the figure whose turn it is in the Actions phase (the clock's turn)."""
    current = state.current if state is not None else None
    figure = state.figure(current) if state is not None and current is not None else None
    return figure.seat if figure is not None else None


def preview_details(events: Events) -> dict[str, Any]:
    return {"modifiers": attack_modifiers(events)}


def action_seat(event: msgspec.Struct) -> str | None:
    # Each command's first event stands for the whole action (its checks included); a Karma
    # re-roll is one action, the spender's, from `karma_spent` through the re-run command.
    if isinstance(event, ev.CommandRecorded):
        return None if event.karma else event.seat
    return event.seat if isinstance(event, ev.KarmaSpent | ev.HeroJoined) else None


def winners(event: msgspec.Struct) -> tuple[str, ...] | None:
    return event.winners if isinstance(event, ev.CombatEnded) else None


# ---- the rule table --------------------------------------------------------------------------
# A command naming another player's figure is refused with Pericle's own rule id.
NOT_YOURS = "not-your-figure"
# Every command after `start` but submit_hero; a command naming a figure acts for its seat.

PLAYS: tuple[Play[CombatState | None, PericleCombatSettings], ...] = (
    row(RollCheck, recorded(roll_check)), row(RollOpposedCheck, recorded(roll_opposed_check)),
    row(RollCritDie, recorded(roll_crit_die)),
    row(cmd.SubmitHero, submit_hero, phase=Phase.SETUP),
    row(cmd.RollInitiative, combat(turns.roll_initiative)), row(cmd.ChooseOrder, combat(turns.choose_order)),
    row(cmd.MoveFigure, combat(actions.move), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.EndMovement, combat(turns.end_movement)),
    row(cmd.Face, combat(turns.face), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.EndRepositioning, combat(turns.end_repositioning)),
    row(cmd.Defend, combat(actions.defend), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.DeclareDeftStrikes, combat(turns.declare_deft_strikes), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.BeginActions, combat(turns.begin_actions)),
    row(cmd.Attack, combat(acting(actions.attack)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Grapple, combat(acting(actions.grapple)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Escape, combat(acting(actions.escape)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.ClimbOut, combat(acting(actions.climb)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Withdraw, combat(acting(actions.withdraw)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.CastSpell, combat(acting(actions.cast_spell)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.StandUp, combat(acting(actions.stand_up)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.ReadyWeapons, combat(acting(actions.ready_weapons)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Reload, combat(acting(actions.reload)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.PickUp, combat(acting(actions.pick_up)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.FetchItem, combat(acting(items.fetch_item)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.UseItem, combat(acting(items.use_item)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.OpenDoor, combat(acting(actions.open_door)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Delay, combat(actions.delay), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.PassAction, combat(acting(actions.pass_action)), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.ChooseTarget, combat(guidance.choose_target), subject=figure_subject, not_yours=NOT_YOURS),
)


def rerun(ctx: Table, command: dict[str, Any]) -> Events:
    """A recorded command decided again by its type's rule, without the command_recorded the
    rule records first (a Karma re-roll records the command itself)."""
    found = next(r for r in PLAYS if r.command.__struct_config__.tag == command["type"])
    return found.rule(ctx, msgspec.convert(command, found.command))[1:]


# Every command a Pericle combat battle takes of its own.
PericleCommand = Union[(*cmd.COMBAT_COMMANDS, RollCheck, RollOpposedCheck, RollCritDie)]  # type: ignore[valid-type]


# ---- the version -----------------------------------------------------------------------------


PERICLE_V3: RulesetVersion[CombatState | None, PericleCombatSettings, PericleOptions] = RulesetVersion(
    id=PERICLE_V2.id, version="3", title=PERICLE_V2.title, sources=PERICLE_V2.sources, events=PERICLE_V2.events,
    summary=(
        "Hex-grid fantasy RPG, heroes against enemies, played end to end: hero sheets checked against the Hero "
        "Handbook, enemies from the encounter, facing and Embattlement, Initiative, the Movement and Action "
        "phases, Surprise, melee, Reach, ranged and thrown attacks with cover and range, damage, crits, death, "
        "Grapple Piles, monster abilities (Grappling Expertise, Overrun, venom), healing items, Blur and "
        "Clumsiness, Karma re-rolls; every die verifiable."
    ),
    provisional_rules=(*PERICLE_V2.provisional_rules, *COMBAT_RULES),
    options_type=PericleOptions,
    settings_type=PericleCombatSettings,
    state_type=CombatState, view_type=CombatView,
    initial_state=initial_state,
    evolve=evolve,
    creation_problems=creation_problems,
    creation_rule="encounter-invalid",
    # A seat that conceded still plays its figures: they keep their slots in the Action Order,
    # and nobody else may pass for them (as in every Pericle 3 battle recorded).
    conceded_seats_act=True,
    start_problems=start_problems,
    setup=setup,
    winners=winners,
    end_reason="combat",
    action_seat=action_seat, to_act=seat_to_act,
    state_view=state_view,
    preview_details=preview_details,
    plays=(*PLAYS, row(cmd.SpendKarma, karma(rerun), subject=hero_subject, not_yours=NOT_YOURS)),
)
