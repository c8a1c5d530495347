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
}

# Disciplines used between combats, at a Rest or a Recovery (domain/heroes/), by a hero record.
BETWEEN_COMBATS_V6: dict[str, str] = {
    "Healer I": "At the Rest after a battle (POST /v1/heroes/{id}/rest, `healer`: the hero itself or an ally who "
                "fought that battle and lives): 1 HP of the wounds that battle inflicted, never an older "
                "combat's; one Healer per Rest (domain/heroes/recovery.py `rest`)",
    "Healer II": "As Healer I (POST /v1/heroes/{id}/rest, `healer`), 2 HP of that battle's wounds "
                 "(domain/heroes/recovery.py `rest`)",
    "Meditate I": "At the Rest after a battle (POST /v1/heroes/{id}/rest), 1 more Exhaustion recovered: 2 in all "
                  "(domain/heroes/recovery.py `rest`)",
    "Meditate II": "At the Rest after a battle (POST /v1/heroes/{id}/rest), 1 more again: 3 Exhaustion in all "
                   "(domain/heroes/recovery.py `rest`)",
    "Quick Study": "Raising MT, DX or KN with XP costs 1 XP less: 7, 7 and 2 (POST /v1/heroes/{id}/xp; "
                   "domain/heroes/growth.py `attribute_cost`)",
    "Alchemy": "During a Recovery (POST /v1/heroes/{id}/recover, `alchemy`: the Skill or attribute), a Moderate KN "
               "check (AD+0) on the hero's dice; on a success the hero record holds an Alchemy potion of +2 to "
               "that Skill or +1 to that attribute (`alchemy_potions`); drinking it and its day-long bonus are "
               "the table's (domain/heroes/recovery.py `recovery_checks`)",
    "Herbalism": "During a Recovery (POST /v1/heroes/{id}/recover, `herbalism`), a Moderate KN check (AD+0) on the "
                 "hero's dice; on a success a Potion of Healing (1d6 with Fortune) joins the hero's pack, drunk "
                 "in battle or at a Rest like any other (domain/heroes/recovery.py `recovery_checks`)",
    "Bardic Arts": "During a Recovery (POST /v1/heroes/{id}/recover, `bardic_arts`), a Moderate KN check (AD+0) on "
                   "the hero's dice; on a success the hero record holds its Inspiration point (`inspiration`, never "
                   "more than one), which goes into the hero's next battle as one more Karma, spent before its "
                   "Karma and back on the record if unspent (PER-HERO-INSPIRATION-FIRST; domain/heroes/recovery.py "
                   "`recovery_checks`, outcome.py `karma_after`, server/routes/heroes.py `_inspiration`)",
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
