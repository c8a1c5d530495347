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
from domain.rulesets.pericle.v5 import using
from domain.rulesets.pericle.v5.passives import V5_PASSIVES

Row = Play[CombatState | None, PericleCombatSettings]


_V5 = V5_PASSIVES
ROWS: tuple[Row, ...] = (
    row(cmd.RollInitiative, combat(turns.roll_initiative, _V5)), row(cmd.ChooseOrder, combat(turns.choose_order, _V5)),
    row(cmd.MoveFigure, combat(actions.move, _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.EndMovement, combat(turns.end_movement, _V5)),
    row(cmd.Face, combat(turns.face, _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.EndRepositioning, combat(turns.end_repositioning, _V5)),
    row(cmd.Defend, combat(actions.defend, _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.DeclareDeftStrikes, combat(turns.declare_deft_strikes, _V5), subject=figure_subject,
        not_yours=NOT_YOURS),
    row(cmd.BeginActions, combat(turns.begin_actions, _V5)),
    row(cmd.Attack, combat(acting(actions.attack), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Grapple, combat(acting(actions.grapple), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Escape, combat(acting(actions.escape), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.ClimbOut, combat(acting(actions.climb), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Withdraw, combat(acting(actions.withdraw), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.CastSpell, combat(acting(casting.cast_spell), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.StandUp, combat(acting(actions.stand_up), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.ReadyWeapons, combat(acting(actions.ready_weapons), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Reload, combat(acting(actions.reload), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.PickUp, combat(acting(actions.pick_up), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.FetchItem, combat(acting(items.fetch_item), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.UseItem, combat(acting(items.use_item), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.OpenDoor, combat(acting(actions.open_door), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.Delay, combat(actions.delay, _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.PassAction, combat(acting(actions.pass_action), _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.ChooseTarget, combat(guidance.choose_target, _V5), subject=figure_subject, not_yours=NOT_YOURS),
    row(cmd.UseDiscipline, combat(using.use, _V5), subject=figure_subject, not_yours=NOT_YOURS),
)


def karma_row(plays: Callable[[], tuple[Row, ...]]) -> Row:
    """`spend_karma`, deciding the latest command again by the rule of its type among `plays()`
    (the version's whole table, read when a re-roll is made)."""

    def rerun(ctx: Table, command: dict[str, Any]) -> Events:
        found = next(r for r in plays() if r.command.__struct_config__.tag == command["type"])
        return found.rule(ctx, msgspec.convert(command, found.command))[1:]

    return row(cmd.SpendKarma, karma(rerun), subject=hero_subject, not_yours=NOT_YOURS)
