"""Version 6's always-on effects and tables: version 5's (v5/passives.py) with the Spells and
Disciplines version 6 enforces (v6/enforced.py), the effects of those Spells as they are cast and
of those Disciplines as they are used, gathered from each area's module (v6/body.py,
v6/control.py, v6/disciplines.py, v6/affinities.py, v6/arcanum.py, v6/shapeshifter.py, v6/field.py,
v6/tentacles.py, v6/gateway.py, v6/enemies.py), whose passives classes override `V5Passives`' hooks."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle.dice import Check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v6 import (
    affinities,
    arcanum,
    body,
    control,
    disciplines,
    enemies,
    field,
    gateway,
    karma_steps,
    runestones,
    scrolls,
    shapeshifter,
    tentacles,
)
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect
from domain.rulesets.pericle.v6.enforced import ENFORCED_DISCIPLINES_V6, ENFORCED_SPELLS_V6

# Shapeshifter's Guise of the Beast after control's (it calls control's own where no Affinity applies).
SPELL_EFFECTS: Mapping[str, SpellEffect] = {**body.SPELL_EFFECTS, **control.SPELL_EFFECTS,
                                            **disciplines.SPELL_EFFECTS, **affinities.SPELL_EFFECTS,
                                            **shapeshifter.SPELL_EFFECTS, **field.SPELL_EFFECTS,
                                            **tentacles.SPELL_EFFECTS, **gateway.SPELL_EFFECTS}
USED: Mapping[str, UsedEffect] = {**body.USED, **control.USED, **disciplines.USED, **affinities.USED,
                                  **shapeshifter.USED, **field.USED, **karma_steps.USED}


class V6Passives(disciplines.DisciplinePassives, affinities.AffinityPassives, body.BodyPassives,
                 shapeshifter.ShapeshifterPassives, control.ControlPassives, arcanum.ArcanumPassives,
                 field.FieldPassives, tentacles.TentaclesPassives, gateway.GatewayPassives,
                 karma_steps.KarmaPassives, scrolls.ScrollPassives, runestones.RunestonePassives,
                 enemies.EnemyPassives):
    """Version 6's effects (Shapeshifter's before control's, whose beast-form refusal it lets pass
    for what the form kept)."""

    rules = "6"
    spells_enforced = ENFORCED_SPELLS_V6
    disciplines_enforced = ENFORCED_DISCIPLINES_V6
    applied_when_used = frozenset(USED)

    def apply_spell(self, play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
                    second: Figure | None, rolled: Check, double: bool) -> bool:
        effect = SPELL_EFFECTS.get(spell.name)
        if effect is None:
            return False
        effect(play, caster, spell, target, command, second, rolled, double)
        return True

    def used(self, play: Play, figure: Figure, name: str, target: Figure | None, command: cmd.UseDiscipline,
             ) -> Callable[[], None] | None:
        effect = USED.get(name)
        return None if effect is None else effect(play, figure, target, command)


V6_PASSIVES = V6Passives()
