"""What an ended battle leaves a hero with (seed 001, "At the End of Combat", lines 638-656, and
"Death & Unconsciousness", lines 535-545): XP for a victory, wounds and Exhaustion, Karma spent,
healing items used, and death in Adventure mode or revival in Saga mode."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from domain.battle import BattleState
from domain.heroes.commands import FigureAtEnd, RecordOutcome
from domain.heroes.events import HeroInspirationSettled, HeroOutcomeRecorded
from domain.rulesets.pericle.catalogue import HEALING_ITEMS, is_scroll, loose_runestone
from domain.rulesets.pericle.joining import hero_id as figure_id
from domain.rulesets.pericle.state import CombatState

VICTORY_XP = 1  # "Each hero gets 1XP at the end of a combat once all enemies ... are defeated" (line 642)
DEATH_HP = -5  # "If a hero's hit points reach -5 or lower, they die." (line 541)
REVIVED_HP = 1  # "Revived heroes have 1 HP." (line 543)


def items_left(items: list[str], pack: list[str]) -> tuple[list[str], list[str]]:
    """The sheet's items (healing items; Pericle 6: Spell Scrolls) split into those still in the
    battle's pack (kept lower case there) and those gone from it, in the sheet's order and spelling."""
    remaining = Counter(item.lower() for item in pack)
    kept, used = [], []
    for item in items:
        if remaining[item.lower()] > 0:
            remaining[item.lower()] -= 1
            kept.append(item)
        else:
            used.append(item)
    return kept, used


def revived(max_hp: int, exhaustion: int) -> tuple[int, int]:
    """Wounds and Exhaustion of a hero revived with 1 HP (line 543; PER-HERO-REVIVAL-EXHAUSTION)."""
    exhaustion = min(exhaustion, max_hp - REVIVED_HP)
    return max_hp - REVIVED_HP - exhaustion, exhaustion


def karma_after(karma: int, inspiration: int, at_end: int) -> tuple[int, int]:
    """The hero's Karma and the Inspiration point it keeps after a battle whose figure began with
    `karma` + `inspiration` (Pericle 6: "Inspiration points are exactly like Karma", line 1298) and
    ended with `at_end`: Karma spent spends the Inspiration point first (PER-HERO-INSPIRATION-FIRST)."""
    spent = max(0, karma + inspiration - at_end)
    kept = max(0, inspiration - spent)
    return at_end - kept, kept


def outcome(sheet: dict[str, Any], max_hp: int, wounds: int, exhaustion: int,
            command: RecordOutcome, inspiration: int = 0) -> list[msgspec.Struct]:
    """The hero's outcome of `command.battle_id`: what the battle did to the figure (its wounds
    and Exhaustion at the end less those it began with) is added to what the hero has now, and
    the seed's thresholds apply to the sum (0 HP or lower: unconscious, line 537; -5 or lower:
    dead in Adventure mode, line 541). A hero brought as its record stood began with its own
    wounds; one whose sheet was pasted began whole."""
    items: list[str] = list(sheet.get("items", []))
    karma = int(sheet.get("karma", 0))
    figure = command.figure
    if figure is None:
        return [HeroOutcomeRecorded(battle_id=command.battle_id, mode=command.mode, won=command.won, present=False,
                                    karma=karma, items=items, wounds=wounds, exhaustion=exhaustion),
                *_settled(command.battle_id, inspiration, inspiration)]
    taken = figure.wounds - figure.wounds_at_start  # below zero when the battle healed carried wounds
    drained = figure.exhaustion - figure.exhaustion_at_start
    wounds, exhaustion = max(0, wounds + taken), max(0, exhaustion + drained)
    hp = max_hp - wounds - exhaustion
    down = figure.condition in ("unconscious", "dead") or hp <= 0
    died: str | None = None
    is_revived = False
    if command.mode == "adventure":
        if figure.condition == "dead" or hp <= DEATH_HP:
            died = "hit points reached -5 or lower (seed 001 line 541)"
        elif down:  # PER-HERO-REVIVAL-WINDOW: the battle was the party's chance to revive it
            died = "unconscious and not revived after combat (seed 001 line 541)"
    elif down:  # Saga mode: "heroes do not die ... they can be revived by their teammates" (line 543)
        wounds, exhaustion = revived(max_hp, exhaustion)
        is_revived = True
    kept, used = items_left(items, figure.pack)
    karma_left, inspiration_kept = karma_after(karma, inspiration, figure.karma)
    return [HeroOutcomeRecorded(
        battle_id=command.battle_id, mode=command.mode, won=command.won,
        xp_gained=VICTORY_XP if command.won and died is None else 0,
        wounds_taken=max(0, taken), exhaustion_gained=max(0, drained), battle_condition=figure.condition,
        karma_spent=max(0, karma - karma_left), karma=karma_left, items_used=used, items=kept,
        wounds=wounds, exhaustion=exhaustion, died=died, revived=is_revived),
        *_settled(command.battle_id, inspiration, inspiration_kept)]


def _settled(battle_id: str, carried: int, kept: int) -> list[msgspec.Struct]:
    """The Inspiration point's fate, recorded only for a hero that took one into the battle."""
    return [HeroInspirationSettled(battle_id=battle_id, kept=kept)] if carried else []


def outcome_command(battle: BattleState, hero_name: str, wounds_at_start: int = 0,
                    exhaustion_at_start: int = 0) -> RecordOutcome | None:
    """What an ended Pericle battle says of the hero named `hero_name` (its figure, by the id the
    battle gives a hero's figure), read from the battle's state, with the wounds and Exhaustion
    the figure began with (its `hero_brought` event); None for a battle that is no Pericle combat."""
    combat = battle.ruleset_state
    if not isinstance(combat, CombatState):
        return None
    figure = combat.figure(figure_id(hero_name))
    at_end = None if figure is None or figure.team != "heroes" else FigureAtEnd(
        wounds=figure.wounds, exhaustion=figure.exhaustion, condition=figure.condition, karma=figure.karma,
        # A healing item or (Pericle 6) a Spell Scroll or a runestone fetched into a hand and not used
        # is still the hero's; a scroll cast from is gone (`scroll_consumed` took it out of the hand,
        # line 491).
        pack=[*figure.pack, *(item for item in figure.in_hand
                               if item in HEALING_ITEMS or is_scroll(item) or loose_runestone(item))],
        wounds_at_start=wounds_at_start, exhaustion_at_start=exhaustion_at_start, regenerated=figure.regenerated)
    # Pericle 6: a hero brought with a mode of its own (line 545) lives or dies by it.
    mode = (figure.mode if at_end is not None and figure is not None else None) or combat.encounter.mode
    return RecordOutcome(battle_id=battle.battle_id, mode=mode, won=combat.winner == "heroes", figure=at_end)
