"""Hero numbers against the Hero Handbook's examples (seed 001)."""

from __future__ import annotations

from domain.rulesets.pericle.heroes import (
    Combatant,
    Item,
    action_order,
    carrying_capacity,
    carrying_points,
    grapple_score,
    hit_points,
    magic_item_capacity,
    magic_items_counted,
    movement,
    multiple_attack_penalties,
    overburden,
    starting_xp,
)


def test_starting_xp_hit_points_and_movement() -> None:
    assert starting_xp(kn=2, ancestry="odrim") == 30 and starting_xp(kn=0, ancestry="human") == 30
    assert hit_points(mt=3, ancestry="human") == 13 and hit_points(mt=3, ancestry="stone dwarf") == 16
    assert movement("human") == 5 and movement("forest elf") == 6 and movement("human", armor_penalty=2) == 3


def test_grapple_score() -> None:
    """ "a hero with MT3 and AD2 will have a Grapple score of 1, while a hero with MT1, AD1
    will have a score of -1\""""
    assert grapple_score(mt=3, base_ad=2) == 1
    assert grapple_score(mt=1, base_ad=1) == -1


def test_varyas_carrying_capacity() -> None:
    """Varya, MT3: CC 5; a short sword, a dagger, leather armour, three healing potions and a
    buckler: "she takes no penalties". (The example counts the dagger as 1 point, the chart as
    0 — daggers (MT1) are in its 0-point row; the chart is the rule here, and either way she is
    within 5.)"""
    gear = [Item("short sword", "weapon", mt_requirement=3), Item("dagger", "weapon", mt_requirement=1),
            Item("leather", "armor"), Item("buckler", "shield"),
            *(Item("healing potion", "other", magic="potion") for _ in range(3))]
    assert carrying_capacity(3) == 5
    assert sum(carrying_points(i) for i in gear) == 2
    assert overburden(3, gear) == 0
    assert overburden(0, [*gear, Item("great axe", "weapon", mt_requirement=4, two_handed=True)]) == 2


def test_sindaros_magic_item_capacity() -> None:
    """Sindaro, KN2: MC 3; a healing potion (lesser), a bow with a diamond runestone (magic), a
    Charm of Esteus figurine (magic) and a wand (mundane): 2 count, so he may carry one more."""
    gear = [Item("healing potion", "other", magic="potion"), Item("recurve bow", "weapon", 2, True, "magic"),
            Item("Charm of Esteus", "other", magic="magic"), Item("wand", "weapon")]
    assert magic_item_capacity(2) == 3 and magic_items_counted(gear) == 2


def test_the_action_order_example() -> None:
    """Varya (AD3), then Callan and the Bandit Lord tied at AD1 — Callan first if the allies won
    initiative — then the zombies (AD0)."""
    fighters = [Combatant("Callan", "heroes", 1), Combatant("Bandit Lord", "enemies", 1),
                Combatant("Zombies", "enemies", 0), Combatant("Varya", "heroes", 3)]
    assert action_order(fighters, "heroes") == ["Varya", "Callan", "Bandit Lord", "Zombies"]
    assert action_order(fighters, "enemies") == ["Varya", "Bandit Lord", "Callan", "Zombies"]


def test_tarkans_four_attacks() -> None:
    """Deft Strikes: two dagger attacks at AD-1; with Dual Weapons' AD-3, two more at AD-4; the
    3rd attack taken has an extra AD-1, the 4th an extra AD-2, whichever order he chooses."""
    assert multiple_attack_penalties([-1, -1, -4, -4]) == [-1, -1, -5, -6]
    assert multiple_attack_penalties([-4, -4, -1, -1]) == [-4, -4, -2, -3]
    assert multiple_attack_penalties([0, -3]) == [0, -3], "no extra penalty up to two attacks"
