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
    "Summon Colossus": "a colossus (HP40, MT30, AD0, Grapple 3, 8 against being Grappled, Movement 4, 4d6 with "
                       "Reach, Overrun) joins its caster's side and seat, acts from the next turn, lasts while "
                       "maintained (v6/control.py)",
    "Summon Hydra": "a four-hex hydra (HP40, MT30, AD3, Grapple 6, Movement 5, Overrun) whose five heads each "
                    "strike separately for 1d6+1d4 in one Attack, in four empty hexes (v6/control.py)",
    "Summon Djinn": "a djinn (HP50, MT40, AD3, KN6, Claw 2d6) for 10 turns: Haste in the order, crits on all hit "
                    "faces, teleports as its Movement, and acts only when its caster did not move and wins the "
                    "opposed KN check as the Action phase begins; it casts Terror at 0E; Spellstrike is the "
                    "table's (v6/control.py)",
    "Guise of the Beast I": "the caster becomes the beast (+5 HP, +5 MT, AD4, Grapple 3, Movement 6, 1d6+1), no "
                            "armour, Spells, weapons or items; the bonus HP absorbs wounds first; back by an Action "
                            "(pass_action cancelling it) or its Movement phase (cancel_spell) (v6/control.py)",
    "Guise of the Beast II": "as Guise of the Beast I, the bear: +8 HP, +8 MT, AD1, Grapple 4, Movement 5, 2d6, 1 "
                             "armour (v6/control.py)",
    "Guise of the Beast III": "as Guise of the Beast I, the hippogriff: +6 HP, +5 MT, AD1, Grapple 6, Movement 6 "
                              "(8 flying), talons 2d6, 2 armour (v6/control.py)",
    "Guise of the Beast IV": "as Guise of the Beast I, the hydra: four hexes (grown from the caster's hex into empty "
                             "hexes), +15 HP, +15 MT, AD3, Movement 5, five heads striking separately for 1d6+1d4 "
                             "(v6/control.py)",
    "Control Animal": "a foe of KN0 and MT under 20 (no zombie, no djinn) rolls at its KN minus the caster's: on "
                      "failure it joins the caster's side and seat while maintained; a save still costs 1E; an "
                      "image is dispelled; the caster names it an animal (v6/control.py)",
    "Control Humanoid": "as Control Animal, any KN and MT (no zombie, no djinn): a person another hero controls "
                        "goes to whichever wizard wins their opposed KN check (v6/control.py)",
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
