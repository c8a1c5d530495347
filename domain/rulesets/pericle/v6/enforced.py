"""The Spells and Disciplines whose effects Pericle 6's server enforces, and where: version 5's
and those version 6 adds (each with a test citing its seed line). Version 5's tables
(v5/enforced.py, v5/disciplines.py) are unchanged: GET /v1/rulesets/pericle/catalogue serves the
table of the version it describes. Each area of version 6 keeps its entries in a table of its own."""

from __future__ import annotations

from domain.rulesets.pericle.v4.book import ENFORCED_DISCIPLINES, Enforcement
from domain.rulesets.pericle.v4.book import ENFORCED_SPELLS as ENFORCED_SPELLS_V4
from domain.rulesets.pericle.v5.disciplines import ENFORCED_V5
from domain.rulesets.pericle.v5.enforced import ENFORCED_SPELLS_V5

# Spells of movement, fortune, the senses and readied strikes (v6/body.py).
SPELLS_OF_THE_BODY: dict[str, str] = {
    "Slow/Speed Movement": "v6/body.py: the target's Movement halved (rounded down; `power: 1`) or doubled "
                           "(`power: 2`) for 4 turns, as the caster selects (line 1411)",
    "Luck of Esteus": "v6/body.py: Fortune on the target's next AD roll (attack, casting, skill, footing, Grapple, "
                      "save...), then spent; lost unrolled after one turn (line 1407)",
    "Heightened Senses": "v6/body.py, board.py: for five turns every hex around the target is a front hex (no side "
                         "or rear attacks on it, its shield and strikes all around, it Embattles all around; "
                         "line 1444)",
    "Arcane Flux, Greater": "v6/body.py, spell_effects.py: as Arcane Flux (v5) on a row of three hexes from `at` the "
                            "way `power` (0-5) points, to the end of combat; flux hexes are no obstruction, so grant "
                            "no cover (line 1488)",
    "Boon": "v6/body.py, evolve.py: `power` temporary points (and E) in MT (with as many HP), DX (Base AD), KN or "
            "a Skill named by `second_target`, for five turns, a hero's Grapple score following (line 1434)",
    "Readied Strike": "v6/body.py, evolve.py: for 10 turns while its target does not move, a foe that becomes "
                      "Embattled by it puts it first in that turn's Action Order, and its first attack on that foe "
                      "then (at its normal AD) is a Crit on a hit; not against foes Embattled with it as it was cast "
                      "or as the turn began (line 1446)",
}

# Spells that put creatures on the map or take control of them (v6/control.py).
SPELLS_OF_CONTROL: dict[str, str] = {
}

# Disciplines (v6/disciplines.py).
DISCIPLINES_V6: dict[str, str] = {
}

# The Staff & Wand Affinities (v6/affinities.py).
AFFINITIES_V6: dict[str, str] = {
}

# Disciplines used between combats, at a Rest or a Recovery (domain/heroes/).
BETWEEN_COMBATS_V6: dict[str, str] = {
}

ENFORCED_SPELLS_V6: dict[str, str] = {**ENFORCED_SPELLS_V5, **SPELLS_OF_THE_BODY, **SPELLS_OF_CONTROL}
ENFORCED_DISCIPLINES_V6: dict[str, str] = {**ENFORCED_V5, **DISCIPLINES_V6, **AFFINITIES_V6, **BETWEEN_COMBATS_V6}


def enforced_spells(version: str) -> dict[str, str]:
    """The Spells a Pericle version enforces, by name, with where."""
    return {"3": ENFORCED_SPELLS_V4, "4": ENFORCED_SPELLS_V4, "5": ENFORCED_SPELLS_V5}.get(version, ENFORCED_SPELLS_V6)


def enforced_disciplines(version: str) -> dict[str, str]:
    """The Disciplines whose effect the server applies in a Pericle version, and where."""
    return {"3": ENFORCED_DISCIPLINES, "4": ENFORCED_DISCIPLINES, "5": ENFORCED_V5}.get(version,
                                                                                       ENFORCED_DISCIPLINES_V6)


def discipline_enforcement(name: str, version: str) -> Enforcement:
    return "enforced" if name in enforced_disciplines(version) else "table-applied"
