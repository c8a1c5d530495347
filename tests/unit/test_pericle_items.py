"""Healing items in combat (seed 001, Other Actions With Items: "it requires one full turn to
fetch a potion, then one turn to drink it"; Death & Unconsciousness: items given to unconscious
heroes; the Handbook's potions chart)."""

from __future__ import annotations

from domain.rulesets.pericle.combat_events import ItemUsed
from domain.rulesets.pericle.turns import skip_reason
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA, PericleArena

HIT, MISS = 1, 10


def with_items(provisional: dict[str, dict[str, object]] | None = None) -> PericleArena:
    """Varya carries a Potion of Healing and a Healing Berry; the Action phase begins."""
    varya = {**VARYA, "items": ["Potion of Healing", "Healing Berry"]}
    arena = PericleArena(provisional=provisional, heroes={
        "ana": [{"hero": varya, "start": {"q": 0, "r": 3}}, {"hero": SINDARO, "start": {"q": 0, "r": 5}}],
        "ben": [{"hero": BAERWYN, "start": {"q": 0, "r": 4}}]})
    assert arena.figure("hero-varya").pack == ("potion of healing", "healing berry")
    arena.to_actions("heroes")
    return arena


def used(events: list[object]) -> ItemUsed:
    [found] = [e for e in events if isinstance(e, ItemUsed)]
    return found


def test_a_potion_is_fetched_in_one_turn_and_drunk_in_the_next() -> None:
    """"Potion of Healing: Heals 1d6 with Fortune. Roll 2d6 and use the highest 1d6.\""""
    arena = with_items()
    arena.put("hero-varya", 0, 3, wounds=6)
    arena.pass_until("hero-varya")
    fetch = {"type": "fetch_item", "figure": "hero-varya", "item": "Potion of Healing"}
    assert arena.rule_of("ana", fetch) == "hands", "sword and buckler fill her hands"
    drink = {"type": "use_item", "figure": "hero-varya", "item": "Potion of Healing"}
    assert arena.rule_of("ana", drink) == "not-in-hand"
    arena.put("hero-varya", 0, 3, in_hand=("short sword",))
    arena.act("hero-varya", "fetch_item", item="Potion of Healing")
    varya = arena.figure("hero-varya")
    assert varya.in_hand == ("short sword", "potion of healing") and varya.pack == ("healing berry",)
    arena.end_turn()
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    drunk = used(arena.act("hero-varya", "use_item", [2, 5], item="Potion of Healing"))
    assert drunk.roll is not None and drunk.roll.total == 5 and drunk.healed == 5 and drunk.check is None
    varya = arena.figure("hero-varya")
    assert varya.wounds == 1 and varya.in_hand == ("short sword",)


def test_healing_never_passes_the_maximum_nor_follows_a_run() -> None:
    arena = with_items()
    arena.put("hero-varya", 0, 3, wounds=2, in_hand=("short sword", "potion of healing"))
    arena.pass_until("hero-varya")
    assert used(arena.act("hero-varya", "use_item", [6, 6], item="Potion of Healing")).healed == 2
    arena = with_items()
    arena.put("hero-varya", 0, 3, moved=3, in_hand=("short sword", "healing berry"))
    arena.pass_until("hero-varya")
    assert arena.rule_of("ana", {"type": "use_item", "figure": "hero-varya", "item": "Healing Berry"}) == "ran"


def test_an_unconscious_ally_is_revived_with_a_moderate_kn_check() -> None:
    """"With failure, the hero's turn is still used. With success, the unconscious hero wakes up,
    but remains prone and cannot act until the next turn." Sindaro (11 HP) lies at 0 HP next
    to Varya (KN0: AD0); a berry brings him to 1 (PER-REVIVE)."""
    arena = with_items()
    arena.put("hero-sindaro", 1, 3, condition="unconscious", wounds=11)
    arena.put("hero-varya", 0, 3, in_hand=("short sword", "healing berry"))
    arena.pass_until("hero-varya")
    failed = used(arena.act("hero-varya", "use_item", [MISS], item="Healing Berry", target="hero-sindaro"))
    assert not failed.success and failed.check is not None and failed.check.ad == 0
    assert "healing berry" in arena.figure("hero-varya").in_hand, "the berry is not lost"
    arena.end_turn()
    arena.to_actions("heroes")
    arena.pass_until("hero-varya")
    given = used(arena.act("hero-varya", "use_item", [HIT], item="Healing Berry", target="hero-sindaro"))
    assert given.success and given.healed == 1 and given.woke
    sindaro = arena.figure("hero-sindaro")
    assert sindaro.condition == "prone" and sindaro.hp == 1
    assert sindaro.woke_turn == arena.combat.turn
    assert skip_reason(sindaro, arena.combat.turn) == "revived this turn", "a slot of his own would pass"
    assert skip_reason(sindaro, arena.combat.turn + 1) is None


def test_whether_a_revived_hero_needs_hp_above_zero_is_a_setting() -> None:
    """PER-REVIVE: at -3 HP a berry leaves Sindaro at -2: asleep by default, awake with
    `wake_at_any_hp` ("With success, the unconscious hero wakes up")."""
    for wake_at_any_hp, condition in ((False, "unconscious"), (True, "prone")):
        arena = with_items({"PER-REVIVE": {"wake_at_any_hp": wake_at_any_hp}})
        arena.put("hero-sindaro", 1, 3, condition="unconscious", wounds=14)
        arena.put("hero-varya", 0, 3, in_hand=("short sword", "healing berry"))
        arena.pass_until("hero-varya")
        given = used(arena.act("hero-varya", "use_item", [HIT], item="Healing Berry", target="hero-sindaro"))
        assert given.healed == 1 and arena.figure("hero-sindaro").condition == condition


def test_an_embattled_hero_cannot_tend_to_the_fallen() -> None:
    arena = with_items()
    arena.put("hero-sindaro", 2, 3, condition="unconscious", wounds=11)
    arena.put("hero-varya", 3, 3, facing=0, in_hand=("short sword", "healing berry"))
    arena.pass_until("hero-varya")
    body = {"type": "use_item", "figure": "hero-varya", "item": "Healing Berry", "target": "hero-sindaro"}
    assert arena.rule_of("ana", body) == "embattled", "the orc at 4,3 Embattles her"
