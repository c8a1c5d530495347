"""Pilgrimage version 3 before the Turns:

- the Oathbands are chosen after `start` has rolled the environment (seed 002: "Roll them before
  the Oathband prepares ... so the weather is known when those choices are made");
- Turn 1's Initiative is rolled with every Character on the table, the last one deployed
  included (seed 002 glossary, Battle: "from deployment to the end of the final Turn"; Turn:
  "roll Initiative, then sides alternate activating").
"""

from __future__ import annotations

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pilgrimage import table as tables
from domain.rulesets.pilgrimage.deeds import submit_oathband as submit_oathband_v2
from domain.rulesets.pilgrimage.play import (
    CharacterDeployed,
    Deploy,
    SubmitOathband,
)
from domain.rulesets.pilgrimage.rules import (
    ZONE,
    Skirmish,
    begin_turn,
    zone_contains,
)
from domain.rulesets.pilgrimage.v3.acts import reading_of
from domain.rulesets.pilgrimage.v3.evolve import apply


def submit_oathband(ctx: Skirmish, command: SubmitOathband) -> Events:
    """Before `start` (a list chosen in advance, such as a tournament's registered one) or after
    it, once the environment is known, until every side has one. After `start` a side's
    Oathband, once submitted, stands: it is the list the side plays."""
    state = ctx.state
    if state.phase != "muster":
        raise RuleViolation("not-muster", "Oathbands are chosen before deployment begins")
    if state.environment is not None and any(f.seat == ctx.seat for f in state.figures):
        raise RuleViolation("oathband-submitted", f"seat {ctx.seat!r} already has its Oathband for this Battle")
    return submit_oathband_v2(ctx, command)


def deploy(ctx: Skirmish, command: Deploy) -> Events:
    """The last deployment begins Turn 1: Initiative is rolled with it on the table."""
    state = ctx.state
    if state.phase != "deployment":
        raise RuleViolation("not-deployment", "Characters deploy once every Oathband is chosen and before "
                                              "the first Turn")
    figure = state.figure(command.character)
    if figure is None:
        raise RuleViolation("character-unknown", f"no Character {command.character!r}")
    point = (command.x, command.y)
    if not tables.on_table(state.table, point) or not zone_contains(state, figure.seat, point):
        raise RuleViolation("outside-deployment-zone", f"deploy within {ZONE}\" of your own table edge (PIL-TRIALS)")
    if tables.crosses(state.table, "blocking", [point]):
        raise RuleViolation("inside-blocking-terrain", "a Character cannot stand inside blocking terrain")
    deployed = CharacterDeployed(character=figure.id, x=command.x, y=command.y,
                                 z=tables.height_at(state.table, point))
    after = apply(state, deployed)
    if any(not f.deployed for f in after.figures):
        return [deployed]
    return [deployed, begin_turn(after, 1, ctx.dice, ctx.settings, reading_of(ctx))]


