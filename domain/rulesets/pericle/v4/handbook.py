"""The shape of the Hero Handbook's Discipline and Spell entries (seed 001, Appendix: Disciplines,
Appendix: Spells) and the ancestry abilities that change what learning them takes. The entries
themselves are data in `discipline_book.py` and `spell_book.py`."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.pericle.heroes import Ancestry

School = Literal["Arcane", "Conjuration", "Curse", "Enchantment", "Enigmatic", "Furtherance", "Shapeshifting",
                 "Summoning"]
Category = Literal["T", "C", "S", "T-T"]
DisciplineCategory = Literal["Defense", "Mage", "Magic", "Bow", "Crossbow", "Special", "Axe", "Hammer", "Polearm",
                             "Sword", "Martial Artist", "Combat Maneuvers", "Utility"]


class Prerequisites(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What an entry's "Prerequisite:" asks before it may be learned: Disciplines already learned,
    attributes (`dx` is the unadjusted DX: Martial Arts II's "basic DX2 (not adjusted)"), a Base
    AD, and a number of learned Spells of one school ("learned two Curse Spells")."""

    disciplines: tuple[str, ...] = ()
    mt: int = 0
    dx: int = 0
    base_ad: int = 0
    school_spells: tuple[School, int] | None = None


class HandbookDiscipline(msgspec.Struct, frozen=True):
    name: str
    xp: int
    kn: int  # the "KN<n> Disciplines" heading it is listed under
    categories: tuple[DisciplineCategory, ...]
    requires: Prerequisites = Prerequisites()
    repeatable: bool = False  # "This Discipline may be obtained more than once" (Weapon Mastery)
    exhaustion: int = 0  # E to use it (Berserk: "costs 2E")
    upkeep: int = 0  # E each later turn it is sustained (Berserk: "an additional 2E for every turn")
    line: int = 0  # its entry's line in seed 001
    text: str = ""  # the entry as printed


class HandbookSpell(msgspec.Struct, frozen=True):
    name: str
    xp: int
    kn: int  # the "KN<n> Spells" heading it is listed under
    category: Category
    school: School
    cost: str  # the E cost as printed
    exhaustion: int | None  # initial E; None for an xE spell (the caster chooses the E)
    upkeep: int | None  # E each later turn it is maintained; 0: not maintained; None: the E chosen
    upkeep_every: int = 1  # Fly: "+1 every two turns"
    heavy: tuple[int, int] | None = None  # (MT, E): the E against a target of that MT or more (Trip, Drop Item)
    hp_cost: int = 0  # Create Undead: "causes 1HP of damage from the caster instead of Exhaustion"
    min_power: int = 1  # the least E an xE spell takes ("XE, minimum of 0E" for Telekinesis)
    max_power: int = 10  # the most (Divine Might: "up to a maximum of 3E")
    duration: int = 0  # turns it lasts, when it lasts a fixed time
    outside_combat: bool = False  # "This Spell can be used outside of combat."
    line: int = 0
    text: str = ""

    @property
    def maintained(self) -> bool:
        return self.upkeep != 0


def spell_kn(spell: HandbookSpell, ancestry: Ancestry) -> int:
    """Magical Affinity (forest elves): "The knowledge requirement for learning spells is reduced by 1 point"."""
    return max(0, spell.kn - 1) if ancestry == "forest elf" else spell.kn


def spell_xp(spell: HandbookSpell, ancestry: Ancestry) -> int:
    """Arcane Insight (odrim): "The XP cost for odrim to learn spells is 1XP less"."""
    return spell.xp - 1 if ancestry == "odrim" else spell.xp


# What each ancestry changes in learning Spells (seed 001, Step 2: Ancestry, lines 835 and 856);
# no ancestry changes a Discipline's cost or requirement.
SPELL_ANCESTRY_ADJUSTMENTS: dict[Ancestry, str] = {
    "forest elf": "Magical Affinity: the KN needed to learn a Spell is 1 lower (line 835)",
    "odrim": "Arcane Insight: a Spell costs 1 XP less to learn (line 856)",
}
