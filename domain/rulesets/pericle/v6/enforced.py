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
}

# Spells that put creatures on the map or take control of them (v6/control.py).
SPELLS_OF_CONTROL: dict[str, str] = {
}

# Disciplines (v6/disciplines.py).
DISCIPLINES_V6: dict[str, str] = {
}

# The Staff & Wand Affinities (v6/affinities.py).
AFFINITIES_V6: dict[str, str] = {
    "Staff & Wand Affinity: Arcane II": "with a staff or wand in hand, `power: 1` on Arcane Barrage, Storm or Nova "
                                        "spends 1E more to double the damage dice as cast (v5/casting.py, "
                                        "v5/arcane.py)",
    "Staff & Wand Affinity: Furtherance I": "with a staff or wand in hand when the upkeep is paid, a Furtherance "
                                            "Spell's upkeep is free on the 2nd, 4th... turn after its cast and paid "
                                            "on the 3rd, 5th... (v5/lasting.py)",
    "Staff & Wand Affinity: Furtherance II": "with a staff or wand in hand, a Furtherance Spell cast on an ally "
                                             "(and not kept off it) lies on the caster too at no cost, maintained "
                                             "and let go on its own (`cancel_spell` with `target`) (v6/affinities.py)",
    "Staff & Wand Affinity: Curse I": "declared with the declarations (`use_discipline`), with a staff or wand in "
                                      "hand and a Curse Spell known: the hero's slot comes first as with Haste, and "
                                      "its Action is a Curse Spell cast or none (v6/affinities.py)",
    "Staff & Wand Affinity: Enchantment I": "with a staff or wand in hand, `cast_spell` of an Enchantment Spell in "
                                            "the hero's team's Movement phase instead of its move, once a turn; then "
                                            "no Spell in its Action (v6/affinities.py)",
    "Staff & Wand Affinity: Enchantment II": "as Enchantment I, but before or after the hero's move (v6/affinities.py)",
    "Staff & Wand Affinity: Enchantment III": "as Enchantment II, and any Spell may still be cast as the Action "
                                              "(v6/affinities.py)",
    "Staff & Wand Affinity: Conjuration": "with a staff or wand in hand, after a successful Conjuration Spell cast as "
                                          "the Action the hero's slot waits: `use_discipline` with `target` strikes "
                                          "that foe with the first weapon in hand (not a wand), without lets it go "
                                          "(v6/affinities.py)",
    "Staff & Wand Affinity: Curse II": "with a staff or wand in hand, used once in the hero's team's Movement phase "
                                       "with a move of one hex at most (its Movement is then one hex): a Moderate KN "
                                       "check, with thrown ranges to a new foe past 3 hexes, extends a Curse Spell "
                                       "with a duration by a turn (`target`: the cursed figure) or moves it to "
                                       "another foe (`target`; `at`: the cursed figure's hex when there are "
                                       "several) (v6/affinities.py); a Curse without a duration is the table's",
    "Staff & Wand Affinity: Curse III": "with a staff or wand in hand, used in the hero's slot before its Action: "
                                        "the Curse Spell it cast successfully last turn (the latest) cast again at "
                                        "`target` (`at`: a hex) with its Base AD check and Exhaustion; the Action "
                                        "follows (v6/affinities.py)",
    "Staff & Wand Affinity: Summon": "with a staff or wand in hand, a creature the hero summons (a Summoning Spell "
                                     "with a stat block) gets a slot at the end of this turn's Action Order, in "
                                     "which it may only attack or pass (v6/affinities.py)",
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
