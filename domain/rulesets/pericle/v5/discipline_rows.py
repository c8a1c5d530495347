"""Version 5's rows for the commands its Disciplines change: every combat command is played with
version 5's always-on Discipline effects (`V5_PASSIVES`: attacks, armour, movement, grappling,
Athletics, the Action Order, a taunted foe's Action), `use_discipline` by version 5's table, and a
Karma re-roll decides the latest command again by version 5's rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.rulesets.contract import Events, Play
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import actions, guidance, items, turns
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle.actions import acting
from domain.rulesets.pericle.karma import karma
from domain.rulesets.pericle.rules import Table, combat, figure_subject, hero_subject
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.v3 import NOT_YOURS
from domain.rulesets.pericle.v4 import casting
from domain.rulesets.pericle.v5 import disciplines
from domain.rulesets.pericle.v5.passives import V5_PASSIVES

Row = Play[CombatState | None, PericleCombatSettings]


def _figure_row(command: type[msgspec.Struct], run: Callable[..., None]) -> Row:
    return row(command, combat(run, V5_PASSIVES), subject=figure_subject, not_yours=NOT_YOURS)


def _team_row(command: type[msgspec.Struct], run: Callable[..., None]) -> Row:
    return row(command, combat(run, V5_PASSIVES))


ROWS: tuple[Row, ...] = (
    _team_row(cmd.RollInitiative, turns.roll_initiative), _team_row(cmd.ChooseOrder, turns.choose_order),
    _figure_row(cmd.MoveFigure, actions.move), _team_row(cmd.EndMovement, turns.end_movement),
    _figure_row(cmd.Face, turns.face), _team_row(cmd.EndRepositioning, turns.end_repositioning),
    _figure_row(cmd.Defend, actions.defend), _figure_row(cmd.DeclareDeftStrikes, turns.declare_deft_strikes),
    _team_row(cmd.BeginActions, turns.begin_actions),
    _figure_row(cmd.Attack, acting(actions.attack)), _figure_row(cmd.Grapple, acting(actions.grapple)),
    _figure_row(cmd.Escape, acting(actions.escape)), _figure_row(cmd.ClimbOut, acting(actions.climb)),
    _figure_row(cmd.Withdraw, acting(actions.withdraw)), _figure_row(cmd.CastSpell, acting(casting.cast_spell)),
    _figure_row(cmd.StandUp, acting(actions.stand_up)), _figure_row(cmd.ReadyWeapons, acting(actions.ready_weapons)),
    _figure_row(cmd.Reload, acting(actions.reload)), _figure_row(cmd.PickUp, acting(actions.pick_up)),
    _figure_row(cmd.FetchItem, acting(items.fetch_item)), _figure_row(cmd.UseItem, acting(items.use_item)),
    _figure_row(cmd.OpenDoor, acting(actions.open_door)), _figure_row(cmd.Delay, actions.delay),
    _figure_row(cmd.PassAction, acting(actions.pass_action)), _figure_row(cmd.ChooseTarget, guidance.choose_target),
    _figure_row(cmd.UseDiscipline, disciplines.use),
)


def karma_row(plays: Callable[[], tuple[Row, ...]]) -> Row:
    """`spend_karma`, deciding the latest command again by the rule of its type among `plays()`
    (the version's whole table, read when a re-roll is made)."""

    def rerun(ctx: Table, command: dict[str, Any]) -> Events:
        found = next(r for r in plays() if r.command.__struct_config__.tag == command["type"])
        return found.rule(ctx, msgspec.convert(command, found.command))[1:]

    return row(cmd.SpendKarma, karma(rerun), subject=hero_subject, not_yours=NOT_YOURS)
