"""What a hero's stream records."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import Roll
from domain.events import CHAIN_V1
from domain.rulesets.pericle.dice import Check


class HeroCreated(msgspec.Struct, frozen=True, tag="hero_created"):
    """A new hero, owned by `owner`, its sheet checked by Pericle `ruleset_version`."""

    hero_id: str
    owner: str
    name: str
    ruleset: str
    ruleset_version: str
    sheet: dict[str, Any]
    xp: int  # unspent XP after the sheet and its Karma
    max_hp: int
    chain: str = CHAIN_V1  # the stream's hash chain format


class HeroModeChosen(msgspec.Struct, frozen=True, kw_only=True, tag="hero_mode_chosen"):
    """Pericle 6: the hero plays its own mode in every battle, Adventure or Saga, whatever the
    encounter's (seed 001 line 545); recorded at creation, after `hero_created`."""

    mode: str


class HeroEnteredBattle(msgspec.Struct, frozen=True, omit_defaults=True, tag="hero_entered_battle"):
    """The hero joined a battle at `seat`; the battle recorded `sheet` as it was then."""

    battle_id: str
    seat: str
    sheet: dict[str, Any]
    inspiration: int = 0  # Pericle 6: the Inspiration point it took in, as one more Karma (line 1298)




# ---- after a battle and between encounters (seed 001, "At the End of Combat", lines 638-656) ----


class HeroOutcomeRecorded(msgspec.Struct, frozen=True, kw_only=True, tag="hero_outcome_recorded"):
    """What a battle the hero fought left it with, recorded by the outcome subscriber once the
    battle ended. `wounds_taken` and `exhaustion_gained` are what the battle did (the figure's at
    the end less what it began with); `wounds` and `exhaustion` are the hero's after it."""

    battle_id: str
    mode: str  # "adventure" or "saga" (lines 539-545)
    won: bool  # the heroes won: every enemy defeated (line 642)
    present: bool = True  # False: the battle ended with no figure of this hero in it
    xp_gained: int = 0
    wounds_taken: int = 0
    exhaustion_gained: int = 0
    battle_condition: str = "standing"  # standing, prone, unconscious or dead as the battle left it
    karma_spent: int = 0
    karma: int = 0  # the hero's Karma after the battle
    items_used: list[str] = []  # healing items gone from the pack
    items: list[str] = []  # the pack after the battle
    wounds: int = 0
    exhaustion: int = 0
    died: str | None = None  # why the hero died (adventure mode)
    revived: bool = False  # saga mode: revived by its teammates with 1 HP (line 543)


class HeroInspirationSettled(msgspec.Struct, frozen=True, kw_only=True, tag="hero_inspiration_settled"):
    """Pericle 6: what became of the Inspiration point (Bardic Arts, line 1298) the hero took into
    the battle `battle_id` as one more Karma: `kept` 1, unspent and back on its record; 0, spent
    (PER-HERO-INSPIRATION-FIRST: Karma spent in the battle spends it first). Recorded with the
    battle's outcome, whose `karma` is then the hero's Karma without it."""

    battle_id: str
    kept: int


class HeroRegenerationUsed(msgspec.Struct, frozen=True, kw_only=True, tag="hero_regeneration_used"):
    """Pericle 6: Regeneration was cast on the hero in the battle `battle_id`. "Regeneration can
    only be cast once per day on a target hero" (line 1530): the hero's next battles take it as
    cast, until a Recovery, when "all magic items and spells that may only be used X times per day
    will reset" (line 652)."""

    battle_id: str


class ItemHealing(msgspec.Struct, frozen=True, kw_only=True):
    """A healing item used during a Rest: what it healed, and its roll when it rolls (a Potion
    of Healing: "Roll 2d6 and use the highest 1d6")."""

    item: str
    healed: int
    roll: Roll | None = None


class HeroRested(msgspec.Struct, frozen=True, kw_only=True, tag="hero_rested"):
    """A Rest after the combat `battle_id` (line 646): Exhaustion recovered (1, more with Meditate
    I and II) and wounds of that combat healed by one hero's Healer I or II (lines 1209, 1313)."""

    battle_id: str
    exhaustion_recovered: int
    meditate: list[str] = []  # the hero's own Meditate Disciplines that added to it
    healed: int = 0
    healer: str | None = None  # the hero id of whoever used Healer on it (itself or an ally)
    healer_discipline: str | None = None
    items: list[ItemHealing] = []  # healing items from the pack used during the Rest (line 648)


class HeroRecovered(msgspec.Struct, frozen=True, kw_only=True, tag="hero_recovered"):
    """A Recovery of `days` days in a safe and comfortable setting (line 652): `healed` HP (1 a day,
    2 for stone dwarves, line 867) and every point of Exhaustion (one night's sleep)."""

    days: int
    healed: int
    exhaustion_recovered: int


class HeroRecoveredFully(msgspec.Struct, frozen=True, kw_only=True, tag="hero_recovered_fully"):
    """An Extended Recovery (line 656): full health and no Exhaustion."""

    healed: int
    exhaustion_recovered: int


class HeroRecoveryCheck(msgspec.Struct, frozen=True, kw_only=True, tag="hero_recovery_check"):
    """A Discipline's Moderate KN check (AD+0) made during a Recovery, "regardless of and in
    addition to" it (Pericle 6 hero records): Alchemy (line 1248), Herbalism (line 1260) or Bardic
    Arts (line 1298); on a success, what it made: an Alchemy potion of +2 to `bonus` (a Skill) or
    +1 (an attribute), a Potion of Healing in the pack, or the hero's one Inspiration point."""

    discipline: str
    check: Check
    made: str | None = None  # None: the check failed
    bonus: str | None = None  # Alchemy: the Skill or attribute the potion raises


class XpSpent(msgspec.Struct, frozen=True, kw_only=True, tag="xp_spent"):
    """XP spent between encounters (Hero Handbook Step 3, lines 876-895; Karma line 636): what was
    bought, its cost, how much of it came from XP earned adventuring, and the sheet after it."""

    bought: str  # "MT", "DX", "KN", a Skill, a Discipline, a Spell, or "Karma"
    kind: str  # attribute, skill, discipline, spell or karma
    xp: int
    earned_xp: int  # of `xp`, how much was XP gained adventuring
    sheet: dict[str, Any]
    max_hp: int


class HeroRunestoneEmbedded(msgspec.Struct, frozen=True, kw_only=True, tag="hero_runestone_embedded"):
    """Pericle 6: the runestone `runestone` ("Ruby") left the hero's pack ("Ruby Runestone") for its
    weapon or armour `item` (as the sheet spells it), during a Rest or Recovery, for `exhaustion` 1E
    (seed 001 line 733)."""

    runestone: str
    item: str
    exhaustion: int = 1


class HeroRunestoneExtracted(msgspec.Struct, frozen=True, kw_only=True, tag="hero_runestone_extracted"):
    """Pericle 6: the runestone `runestone` left the item `item` for the hero's pack, out of combat,
    draining `exhaustion` 1E (seed 001 line 735)."""

    runestone: str
    item: str
    exhaustion: int = 1


HERO_EVENTS: tuple[type[msgspec.Struct], ...] = (
    HeroCreated, HeroEnteredBattle, HeroOutcomeRecorded, HeroRested, HeroRecovered, HeroRecoveredFully, XpSpent,
    HeroRecoveryCheck, HeroInspirationSettled, HeroModeChosen, HeroRegenerationUsed, HeroRunestoneEmbedded,
    HeroRunestoneExtracted)
