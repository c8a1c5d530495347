"""Pericle ruleset version 3: a combat played end to end. Heroes from validated hero sheets and
enemies from the encounter's stat blocks on a hex map; Initiative, the Movement phase with
Embattlement, repositioning, the Action phase in Action Order; attacks with facing, cover and
range, damage, crits, death; Blur and Clumsiness; Karma re-rolls. Versions 1 and 2 stay
registered so that their battles replay under them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Union

import msgspec

from domain.dice import Dice
from domain.errors import NotPermitted
from domain.rulesets.contract import BattleView, Events, Options, Phase, Play, RulesetVersion
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
from domain.rulesets.pericle.encounter import Encounter
from domain.rulesets.pericle.encounter import problems as encounter_problems
from domain.rulesets.pericle.evolve import apply
from domain.rulesets.pericle.joining import companion_figure, enemy_figure, submit_hero
from domain.rulesets.pericle.karma import karma
from domain.rulesets.pericle.provisional import COMBAT_RULES
from domain.rulesets.pericle.rules import Table, combat, figure_subject, hero_subject, named_figure, recorded
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.view import attack_modifiers, combat_view


class PericleOptions(Options, frozen=True, forbid_unknown_fields=True):
    """Without an encounter a battle hosts checks only (outside combat, as in version 2)."""

    encounter: Encounter | None = None


# ---- creation, set-up, evolve ----------------------------------------------------------------


def creation_problems(options: PericleOptions, settings: PericleCombatSettings, seats: tuple[str, ...]) -> list[str]:
    """Every way the encounter cannot be played on its map by these seats (checked by decide;
    without the seats, as a tournament's settings are checked, only the map and its figures)."""
    if options.encounter is None:
        return []
    return encounter_problems(options.encounter, seats)


def initial_state(options: PericleOptions, settings: PericleCombatSettings,
                  seats: tuple[str, ...]) -> CombatState | None:
    """The enemies and befriended animals in place (never refuses: `creation_problems` did)."""
    encounter = options.encounter
    if encounter is None:
        return None
    enemy_seat = encounter.enemy_seat or seats[-1]
    return CombatState(encounter=encounter, seats=seats, enemy_seat=enemy_seat,
                       settings=msgspec.to_builtins(settings),
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
# Every command after `start` but submit_hero; a command naming a figure acts for its seat.

PLAYS: tuple[Play[CombatState | None, PericleCombatSettings], ...] = (
    row(RollCheck, recorded(roll_check)), row(RollOpposedCheck, recorded(roll_opposed_check)),
    row(RollCritDie, recorded(roll_crit_die)),
    row(cmd.SubmitHero, submit_hero, phase=Phase.SETUP),
    row(cmd.RollInitiative, combat(turns.roll_initiative)), row(cmd.ChooseOrder, combat(turns.choose_order)),
    row(cmd.MoveFigure, combat(actions.move), subject=figure_subject),
    row(cmd.EndMovement, combat(turns.end_movement)),
    row(cmd.Face, combat(turns.face), subject=figure_subject),
    row(cmd.EndRepositioning, combat(turns.end_repositioning)),
    row(cmd.Defend, combat(actions.defend), subject=figure_subject),
    row(cmd.DeclareDeftStrikes, combat(turns.declare_deft_strikes), subject=figure_subject),
    row(cmd.BeginActions, combat(turns.begin_actions)),
    row(cmd.Attack, combat(acting(actions.attack)), subject=figure_subject),
    row(cmd.Grapple, combat(acting(actions.grapple)), subject=figure_subject),
    row(cmd.Escape, combat(acting(actions.escape)), subject=figure_subject),
    row(cmd.ClimbOut, combat(acting(actions.climb)), subject=figure_subject),
    row(cmd.Withdraw, combat(acting(actions.withdraw)), subject=figure_subject),
    row(cmd.CastSpell, combat(acting(actions.cast_spell)), subject=figure_subject),
    row(cmd.StandUp, combat(acting(actions.stand_up)), subject=figure_subject),
    row(cmd.ReadyWeapons, combat(acting(actions.ready_weapons)), subject=figure_subject),
    row(cmd.Reload, combat(acting(actions.reload)), subject=figure_subject),
    row(cmd.PickUp, combat(acting(actions.pick_up)), subject=figure_subject),
    row(cmd.FetchItem, combat(acting(items.fetch_item)), subject=figure_subject),
    row(cmd.UseItem, combat(acting(items.use_item)), subject=figure_subject),
    row(cmd.OpenDoor, combat(acting(actions.open_door)), subject=figure_subject),
    row(cmd.Delay, combat(actions.delay), subject=figure_subject),
    row(cmd.PassAction, combat(acting(actions.pass_action)), subject=figure_subject),
    row(cmd.ChooseTarget, combat(guidance.choose_target), subject=figure_subject),
)


def rerun(ctx: Table, command: dict[str, Any]) -> Events:
    """A recorded command decided again by its type's rule, without the command_recorded the
    rule records first (a Karma re-roll records the command itself)."""
    found = next(r for r in PLAYS if r.command.__struct_config__.tag == command["type"])
    return found.rule(ctx, msgspec.convert(command, found.command))[1:]


# Every command a Pericle combat battle takes of its own.
PericleCommand = Union[(*cmd.COMBAT_COMMANDS, RollCheck, RollOpposedCheck, RollCritDie)]  # type: ignore[valid-type]


# ---- the version -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PericleVersion(RulesetVersion[CombatState | None, PericleCombatSettings, PericleOptions]):
    """Version 3 as data, with two local answers to what the contract does not say yet:

    - a command naming a figure its player does not play is refused as `not-your-figure`
      (403), as Pericle always has, where the engine says `not-your-seat`;
    - the combat's copy of the settings (`settings`, shown by GET /state) is the battle's
      `provisional` as its creation recorded it: a battle recorded before a setting existed
      shows none, as it always has (`initial_state` only sees the settings completed)."""

    def decide(self, battle: BattleView, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        try:
            return super().decide(battle, command, dice, actor)
        except NotPermitted as refused:
            found, state = self.row_for(command), self.state_of(battle)
            owner = found.subject(state, command) if found is not None and found.subject is not None else None
            if refused.rule != "not-your-seat" or owner is None:  # a seat named, not a figure's
                raise
            figure = named_figure(state, command)
            raise NotPermitted("not-your-figure", f"{figure.name} is played by seat {figure.seat!r}") from refused

    def initial(self, options: Mapping[str, Any], seats: tuple[str, ...]) -> CombatState | None:
        state = super().initial(options, seats)
        if state is None:
            return None
        return msgspec.structs.replace(state, settings=dict(options.get(self.PROVISIONAL, {})))


PERICLE_V3 = PericleVersion(
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
    state_type=CombatState,
    initial_state=initial_state,
    evolve=evolve,
    creation_problems=creation_problems,
    creation_rule="encounter-invalid",
    start_problems=start_problems,
    setup=setup,
    winners=winners,
    end_reason="combat",
    action_seat=action_seat,
    state_view=state_view,
    preview_details=preview_details,
    plays=(*PLAYS, row(cmd.SpendKarma, karma(rerun), subject=hero_subject)),
)
