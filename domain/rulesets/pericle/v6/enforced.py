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
    "Quick Draw I": "`ready_weapons` in the hero's team's Movement phase before it moves, instead of moving: one "
                    "weapon drawn, a held item dropped only when no hand is free (v6/disciplines.py)",
    "Quick Draw II": "`ready_weapons` in the hero's team's Movement phase after its move, once a turn: one weapon or "
                     "shield drawn (a held item dropped for a free hand) or one sheathed, on a Moderate Athletics "
                     "check; a failure changes nothing in hand (v6/disciplines.py)",
    "Quick Draw III": "as Quick Draw II, with no Athletics check (v6/disciplines.py)",
    "Quick Draw IV": "as Quick Draw III, and one weapon drawn and one sheathed together; as the Action, one sheathed "
                     "and one drawn after a run too, nothing dropped (v6/disciplines.py)",
    "Sharpshooter II": "a shot (ranged or thrown) through allies that give Complete Cover; Complete Cover from other "
                       "combatants is one Defense Die; walls and closed doors still bar the shot; after a miss "
                       "through an ally's Complete Cover, the roll to miss each ally in the way (strikes.py hooks, "
                       "v6/disciplines.py)",
    "Shield Bash II": "used as the Action: the main attack at `target`, then instead of the shield's strike a MT "
                      "check (the hero's MT minus the foe's) pushing the foe into `at`, one of the three hexes behind "
                      "it (v5/using.py); when Defending, declared with `use_discipline` after Defend (`follow`): an "
                      "adjacent foe that attacks the hero and meets a Defense Die face other than a blank is pushed "
                      "straight back instead of bashed (v6/disciplines.py)",
    "Shield Bash III": "used as the Action: the main attack, the shield's strike (Shield Bash I) and the push of "
                       "Shield Bash II, all at `target` (v5/using.py); when Defending, declared as Shield Bash II's: "
                       "the bash back and the push (v6/disciplines.py)",
    "Spell Strike": "declared with the Defend declarations (`use_discipline`); the hero's Action is then a "
                    "`cast_spell` of a thrown Spell at a foe: one strike with the melee weapon in its first hand, and "
                    "only on a hit the cast (version 5's casting, Base AD check, Exhaustion on success); both judged "
                    "before any die (v6/disciplines.py)",
    "Stalker": "the combat's first Initiative won by the party: a KN check for each hero with Stalker; those that "
               "succeed take turn 1 alone as a Surprise turn (the others neither move, turn, declare nor act; the "
               "enemies are surprised); the Initiative won stands for turn 2 (`roll_initiative` rolls no die) "
               "(v6/disciplines.py, turns.py)",
    "Spell Tenacity": "the target's score in a Spell's opposed check counts 2 less: Terror's opposed KN check "
                      "(v5/casting.py, `spell_tenacity` of v6/disciplines.py)",
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
