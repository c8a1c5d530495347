"""Version 5's rows for the commands its Disciplines change: every combat command is played with
version 5's always-on Discipline effects (`V5_PASSIVES`: attacks, armour, movement, grappling,
Athletics, the Action Order, a taunted foe's Action), `use_discipline` by version 5's table, and a
Karma re-roll decides the latest command again by version 5's rules."""

from __future__ import annotations

from domain.rulesets.contract import Play
from domain.rulesets.contract import play as row
from domain.rulesets.pericle import actions, guidance, items, turns
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle.actions import acting
from domain.rulesets.pericle.passives import Passives
from domain.rulesets.pericle.rules import combat, figure_subject
from domain.rulesets.pericle.settings import PericleCombatSettings
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pericle.v3 import NOT_YOURS
from domain.rulesets.pericle.v4 import casting
from domain.rulesets.pericle.v5 import using
from domain.rulesets.pericle.v5.passives import V5_PASSIVES

Row = Play[CombatState | None, PericleCombatSettings]


def rows(passives: Passives) -> tuple[Row, ...]:
    """Every combat command played with `passives`, a version's always-on Discipline effects (and
    its tables: v5/passives.py)."""
    return (
        row(cmd.RollInitiative, combat(turns.roll_initiative, passives)),
        row(cmd.ChooseOrder, combat(turns.choose_order, passives)),
        row(cmd.MoveFigure, combat(actions.move, passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.EndMovement, combat(turns.end_movement, passives)),
        row(cmd.Face, combat(turns.face, passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.EndRepositioning, combat(turns.end_repositioning, passives)),
        row(cmd.Defend, combat(actions.defend, passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.DeclareDeftStrikes, combat(turns.declare_deft_strikes, passives), subject=figure_subject,
            not_yours=NOT_YOURS),
        row(cmd.BeginActions, combat(turns.begin_actions, passives)),
        row(cmd.Attack, combat(acting(actions.attack), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.Grapple, combat(acting(actions.grapple), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.Escape, combat(acting(actions.escape), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.ClimbOut, combat(acting(actions.climb), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.Withdraw, combat(acting(actions.withdraw), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.CastSpell, combat(acting(casting.cast_spell), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.StandUp, combat(acting(actions.stand_up), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.ReadyWeapons, combat(acting(actions.ready_weapons), passives),
            subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.Reload, combat(acting(actions.reload), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.PickUp, combat(acting(actions.pick_up), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.FetchItem, combat(acting(items.fetch_item), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.UseItem, combat(acting(items.use_item), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.OpenDoor, combat(acting(actions.open_door), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.Delay, combat(actions.delay, passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.PassAction, combat(acting(actions.pass_action), passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.ChooseTarget, combat(guidance.choose_target, passives), subject=figure_subject, not_yours=NOT_YOURS),
        row(cmd.UseDiscipline, combat(using.use, passives), subject=figure_subject, not_yours=NOT_YOURS),
    )


ROWS = rows(V5_PASSIVES)

