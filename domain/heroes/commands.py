"""What a player asks of a hero."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.events import CURRENT_CHAIN
from domain.rulesets.pericle.catalogue import HealingItemName, RunestoneName
from domain.rulesets.pericle.sheet import HeroSheet, Name, Skill


class CreateHero(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="create_hero"):
    """A new hero from a sheet the Hero Handbook allows (checked by the newest Pericle version)."""

    sheet: HeroSheet
    ruleset: Literal["pericle"] = "pericle"
    # Pericle 6: the hero's own mode, "one player may wish to play Saga Mode, whereas another
    # player in the party may choose Adventure Mode" (seed 001 line 545); None: each encounter's.
    mode: Literal["adventure", "saga"] | None = None


class OpenHero(msgspec.Struct, frozen=True, tag="open_hero"):
    """CreateHero with the id the server gave it and the ruleset version that checks it (the
    newest when created; recorded, so deciding it again later applies the same checks)."""

    hero_id: str
    hero: CreateHero
    ruleset_version: str
    chain: str = CURRENT_CHAIN


class EnterBattle(msgspec.Struct, frozen=True, omit_defaults=True, tag="enter_battle"):
    """Record that the battle accepted the hero's sheet at `seat` (the server sends it after the
    battle's own `submit_hero` has committed)."""

    battle_id: str
    seat: str
    # Pericle 6: the Inspiration point (Bardic Arts, line 1298) the battle took as one more Karma
    # on the hero's sheet: "Inspiration points are exactly like Karma".
    inspiration: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0




# ---- after a battle (sent by the outcome subscriber, as the server) ----


class FigureAtEnd(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The hero's figure as the ended battle left it (its state, read, never decided here)."""

    wounds: int
    exhaustion: int
    condition: str  # standing, prone, unconscious, dead
    karma: int
    pack: list[str]  # healing items still carried (lower case, as the battle keeps them)
    # What the figure began with: a hero brought as its record stood (Pericle 5's `bring_hero`)
    # carries its wounds and Exhaustion in; one pasted as a sheet (`submit_hero`) begins whole.
    wounds_at_start: int = 0
    exhaustion_at_start: int = 0
    # Regeneration was cast on the figure ("can only be cast once per day on a target hero", line 1530).
    regenerated: bool = False


class RecordOutcome(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="record_outcome"):
    """A battle the hero entered has ended: what it left the hero with. `figure` is None when
    the battle ended without the hero's figure in it."""

    battle_id: str
    mode: Literal["adventure", "saga"]
    won: bool  # the heroes' team won
    figure: FigureAtEnd | None


# ---- between encounters (sent by the hero's owner) ----


class HealerHelp(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The hero who tends the resting hero's wounds with Healer I or II (itself or an ally), as the
    server read it from that hero's record: its Disciplines, its battles, whether it lives."""

    hero_id: str
    disciplines: list[str]
    battles: list[str]
    alive: bool


class Rest(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="rest"):
    """The Rest at the end of the combat `battle_id` (seed 001 line 646); `items`: healing items
    from the hero's pack it uses on itself during the Rest (line 648)."""

    battle_id: str
    healer: HealerHelp | None = None
    items: Annotated[list[HealingItemName], msgspec.Meta(max_length=20)] = []


Days = Annotated[int, msgspec.Meta(ge=1, le=365, description="days of Recovery (the Loremaster's call, line 654)")]


# What an Alchemy potion raises: +1 to an attribute or +2 to a Skill (seed 001 line 1248).
AlchemyBonus = Literal["MT", "DX", "KN", "Athletics", "Lore", "Navigation", "Perception", "Persuasion", "Scoundrel"]


class Recover(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="recover"):
    """A Recovery in a safe and comfortable setting, of `days` days (seed 001 line 652), and what
    the hero attempts "regardless of and in addition to" it (Pericle 6 hero records): `alchemy`,
    the skill or attribute of the potion Alchemy tries to create (line 1248); `herbalism`, a
    healing potion (line 1260); `bardic_arts`, an Inspiration point (line 1298). Each is a
    Moderate KN check (AD+0) rolled on the hero's own dice."""

    days: Days = 1
    alchemy: AlchemyBonus | None = None
    herbalism: bool = False
    bardic_arts: bool = False


class RecoverFully(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="recover_fully"):
    """An Extended Recovery (seed 001 line 656)."""


class RaiseAttribute(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="attribute"):
    """Raise MT or DX (8 XP) or KN (3 XP) by 1, out of XP gained adventuring only (lines 889-893)."""

    attribute: Literal["MT", "DX", "KN"]


class RaiseSkill(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="skill"):
    """Raise a Skill by one rank: 2 XP (line 884), at most rank 5."""

    skill: Skill


class LearnDiscipline(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="discipline"):
    """Learn a Discipline of the hero's Pericle version's catalogue: its XP, KN and prerequisites."""

    discipline: Name
    mastery: Literal["axe", "hammer", "polearm", "sword"] | None = None  # for Weapon Mastery: its class


class LearnSpell(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="spell"):
    """Learn a Spell of the catalogue: its XP (odrim 1 less) and KN (forest elves 1 lower)."""

    spell: Name


class BuyKarma(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="karma"):
    """Buy Karma: 5 XP each (line 636)."""

    count: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1


Purchase = RaiseAttribute | RaiseSkill | LearnDiscipline | LearnSpell | BuyKarma


class SpendXp(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="spend_xp"):
    """Spend XP on one thing the Hero Handbook sells (Step 3, lines 876-895; Karma line 636)."""

    buy: Purchase


class EmbedRunestone(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="embed_runestone"):
    """Pericle 6: embed a runestone the hero carries in its pack ("Ruby Runestone") into `item`, one of
    its weapons or its armour (seed 001 line 733: "Any hero may embed a runestone into an applicable item
    during Rest or Recovery. Heroes must spend 1E to embed a runestone")."""

    runestone: RunestoneName
    item: Name


class ExtractRunestone(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="extract_runestone"):
    """Pericle 6: take a runestone out of `item` into the hero's pack (line 735: "this may be done any
    time heroes are not in combat, draining 1E from the hero who is extracting the runestone")."""

    runestone: RunestoneName
    item: Name


HERO_COMMANDS: tuple[type[msgspec.Struct], ...] = (OpenHero, EnterBattle, RecordOutcome, Rest, Recover, RecoverFully,
                                                   SpendXp, EmbedRunestone, ExtractRunestone)
