"""d100 version 3 against seed 004: poisons and diseases do what their entries say (Poison and
Disease), a deprivation withholds only its own damage (Exposure, starvation, and thirst), and
natural recovery (Surgery and natural recovery)."""

from __future__ import annotations

from domain.rulesets.d100.v3.catalogue import GORGON_SERPENT_VENOM, THE_SHAKES, Change
from tests.unit.d100_table import Table, roll

VENOM = {"type": "resist", "character": "arden", "name": "Gorgon Serpent Venom", "resilience": 50}
SHAKES = {"type": "resist", "character": "arden", "name": "The Shakes", "resilience": 40}
DAY_MINUTES = 24 * 60


def test_the_seeds_poison_and_disease_are_transcribed() -> None:
    """"Gorgon Serpent Venom: Ingested or smeared; Delay 1D3 rounds; Potency 34; Effect 1D3 HP
    damage and -3 CON; Duration 6D10 minutes." "The Shakes: Spread by touch; Delay 1D2 days;
    Potency 50; Effect halves DEX and deals 1D6 damage each day while active.\""""
    venom = GORGON_SERPENT_VENOM
    assert (venom.kind, venom.vector, venom.delay, venom.delay_unit, venom.potency) == (
        "poison", "Ingested or smeared", "1d3", "rounds", 34)
    assert (venom.damage, venom.changes, venom.duration, venom.duration_unit) == (
        "1d3", (Change(characteristic="con", add=-3),), "6d10", "minutes")
    shakes = THE_SHAKES
    assert (shakes.kind, shakes.vector, shakes.delay, shakes.delay_unit, shakes.potency) == (
        "disease", "Spread by touch", "1d2", "days", 50)
    assert (shakes.damage, shakes.daily, shakes.changes, shakes.duration) == (
        "1d6", True, (Change(characteristic="dex", halve=True),), None)


def test_gorgon_serpent_venom_waits_for_its_delay_then_takes_3_con_with_hit_points_following() -> None:
    """Poison: "After the Delay, make one opposed Resilience-versus-Potency test ... If the poison
    wins, apply its full Effect for its Duration." The venom: "Delay 1D3 rounds; Potency 34;
    Effect 1D3 HP damage and -3 CON; Duration 6D10 minutes." Arden (CON 12, SIZ 13: 13 HP, Major
    Wound Level 7) at CON 9 has 11 HP and a Major Wound Level of 6 (D100-CHARACTER)."""
    table = Table(None, "Arden")
    exposed = table.send({"type": "expose", "character": "arden", "affliction": "Gorgon Serpent Venom"}, [2])
    assert exposed.delay_roll.total == 2 and exposed.test_at == 10, "two rounds of 5 seconds (D100-CLOCK)"
    assert table.refused(VENOM) == "delay-not-over"
    table.send({"type": "begin_combat"})
    table.rounds(1)
    assert table.refused(VENOM) == "delay-not-over"
    table.rounds(1)
    bitten = table.send(VENOM, roll(7, 0) + roll(2, 0) + [5] * 6 + [3])
    assert bitten.poison_won and bitten.duration_roll.total == 30 and bitten.dealt == 3
    arden = table.who("arden")
    assert (arden.characteristics.con, arden.max_hp, arden.major_wound_level) == (9, 11, 6)
    assert arden.hp == 13 - 2 - 3, "hit points follow the maximum (D100-EFFECTS), then the damage"
    assert not arden.wounded, "poison is no hit"
    assert table.refused(VENOM) == "not-exposed", "Poison still allows only one resistance test"
    hit = table.send({"type": "damage", "character": "arden", "amount": 6})
    assert hit.major_wound, "the Major Wound Level follows CON"
    table.send({"type": "battlefield_healing", "helper": "arden", "patient": "arden", "healing": 1}, roll(9, 0, 9))
    table.send({"type": "end_combat"})
    table.send({"type": "battlefield_healing", "helper": "arden", "patient": "arden", "healing": 90}, roll(1, 0, 1))
    table.send({"type": "pass_time", "minutes": 29})
    assert table.who("arden").characteristics.con == 9
    ended = table.send({"type": "pass_time", "minutes": 1})
    assert [e.source for e in ended.ended] == ["Gorgon Serpent Venom"]
    arden = table.who("arden")
    assert (arden.characteristics.con, arden.max_hp, arden.major_wound_level, arden.hp) == (12, 13, 7, 4)


def test_the_victim_who_wins_takes_nothing() -> None:
    """"If the victim wins, the poison has no effect"; D100-AFFLICTION: a stalemate goes to the
    victim."""
    table = Table(None, "Arden")
    table.send({"type": "expose", "character": "arden", "affliction": "Gorgon Serpent Venom"}, [1])
    table.send({"type": "pass_time", "minutes": 1})
    stalemate = table.send(VENOM, roll(7, 0) + roll(8, 0))
    assert not stalemate.poison_won and table.who("arden").hp == 13 and table.who("arden").exposures == ()


def test_the_shakes_halve_dex_and_deal_1d6_each_day_until_the_victim_wins() -> None:
    """Disease: "After exposure and the first Delay, make an opposed Resilience-versus-Potency
    test ... If the disease wins, apply its Effect, wait another Delay, and test again. Continue
    until the victim wins." "Ongoing effects remain, and damage from the disease cannot heal,
    while the disease is active. Normal recovery begins after the victim wins." The Shakes:
    "Delay 1D2 days; Potency 50; Effect halves DEX and deals 1D6 damage each day while active."
    (Arden: DEX 11, CON 12: 3 HP a day of recovery.)"""
    table = Table(None, "Arden")
    exposed = table.send({"type": "expose", "character": "arden", "affliction": "The Shakes"}, [1])
    assert exposed.test_at == 86_400
    assert table.refused(SHAKES) == "delay-not-over"
    table.send({"type": "pass_time", "minutes": DAY_MINUTES})
    hold = table.send(SHAKES, roll(6, 0) + roll(3, 0) + [4] + [2])
    assert hold.disease_won and hold.dealt == 4 and hold.delay_roll.total == 2
    arden = table.who("arden")
    assert arden.characteristics.dex == 6 and arden.hp == 9, "DEX halved (D100-EFFECTS: rounded up)"
    assert table.refused(SHAKES) == "delay-not-over", "wait another Delay"
    rested, rest = table.send_all({"type": "rest", "hours": 24}, [2])
    assert [h.dealt for h in rested.harms] == [2] and rest.recovered == {}
    assert table.who("arden").hp == 7, "its damage cannot heal while it is active"
    table.send({"type": "pass_time", "minutes": DAY_MINUTES}, [1])
    assert table.who("arden").hp == 6
    beaten = table.send(SHAKES, roll(2, 0) + roll(6, 0))
    assert not beaten.disease_won
    arden = table.who("arden")
    assert arden.characteristics.dex == 11 and arden.exposures == () and arden.unhealed == ()
    table.send_all({"type": "rest", "hours": 24})
    assert table.who("arden").hp == 9, "normal recovery begins after the victim wins"


def test_a_disease_that_wins_again_keeps_its_effect_without_doubling_it() -> None:
    """"If the disease wins, apply its Effect, wait another Delay, and test again": DEX stays
    halved once; its damage keeps to "each day while active" (D100-AFFLICTION)."""
    table = Table(None, "Arden")
    table.send({"type": "expose", "character": "arden", "affliction": "The Shakes"}, [1])
    table.send({"type": "pass_time", "minutes": DAY_MINUTES})
    table.send(SHAKES, roll(6, 0) + roll(3, 0) + [1] + [1])
    table.send({"type": "pass_time", "minutes": DAY_MINUTES}, [1])
    again = table.send(SHAKES, roll(6, 0) + roll(3, 0) + [1])
    assert again.disease_won and again.damage_roll is None and again.dealt == 0
    assert table.who("arden").characteristics.dex == 6 and table.who("arden").hp == 11


def test_an_affliction_described_in_full() -> None:
    """"Poisons and diseases list a Type, Delay, Potency from 10 to 100, Effect, and—where
    needed—Duration": a battle may describe its own; one that cannot work is refused."""
    table = Table(None, "Arden")
    nightshade = {"name": "Nightshade", "kind": "poison", "delay": "1D4", "delay_unit": "minutes", "potency": 60,
                  "changes": [{"characteristic": "str", "add": -2}], "duration": "1d6", "duration_unit": "hours"}
    exposed = table.send({"type": "expose", "character": "arden", "affliction": nightshade}, [4])
    assert exposed.test_at == 240 and exposed.affliction.delay == "1d4"
    assert table.refused({"type": "expose", "character": "arden", "affliction": nightshade}) == "already-exposed"
    bad = {**nightshade, "name": "Dud", "duration": None}
    assert table.refused({"type": "expose", "character": "arden", "affliction": bad}) == "affliction-invalid"
    assert table.refused({"type": "expose", "character": "arden", "affliction": "Wyvern"}) == "affliction-unknown"


# ---- Deprivation -------------------------------------------------------------------------------

THIRST = {"type": "deprived_day", "character": "arden", "resilience": 50, "deprivations": ["thirst"]}


def test_a_deprivation_withholds_only_its_own_damage_from_natural_recovery() -> None:
    """Exposure, starvation, and thirst: "The character also takes 1D6 damage per day for each
    active deprivation. This damage cannot recover naturally until adequate shelter, food, or
    water remedies its cause." Other damage recovers ("recovers a quarter of CON in HP per 24
    hours"); version 2 stopped all of it."""
    table = Table(None, "Arden")
    table.send(THIRST, [*roll(1, 0, 1), 3])
    table.send({"type": "damage", "character": "arden", "amount": 2})
    assert table.who("arden").hp == 8
    rest = table.send_all({"type": "rest", "hours": 24})[-1]
    assert rest.recovered == {"arden": 2} and table.who("arden").hp == 10, "the thirst's 3 wait"
    table.send({"type": "remedy", "character": "arden", "deprivation": "thirst"})
    table.send_all({"type": "rest", "hours": 24})
    assert table.who("arden").hp == 13


def test_treatment_is_no_natural_recovery() -> None:
    """"This damage cannot recover naturally": a Healing attempt (1D4 HP) may mend it."""
    table = Table(None, "Arden", "Mira")
    table.send(THIRST, [*roll(1, 0, 1), 4])
    treated = table.send({"type": "treat", "helper": "mira", "patient": "arden", "healing": 60}, [*roll(1, 0), 3])
    assert treated.restored == 3 and table.who("arden").hp == 12
    assert sum(u.hp for u in table.who("arden").unhealed) == 1


def test_one_days_test_for_each_deprivation_a_day() -> None:
    """"make one Fatigue test at -1P for that deprivation each day": a second the same day is
    refused; the next day it is due again."""
    table = Table(None, "Arden")
    day = table.send(THIRST, [*roll(1, 0, 1), 1])
    assert day.day == 1
    assert table.refused(THIRST) == "once-a-day"
    table.send({"type": "pass_time", "minutes": DAY_MINUTES})
    assert table.send(THIRST, [*roll(1, 0, 1), 1]).day == 2


def test_natural_recovery_waits_for_surgery_and_counts_whole_days() -> None:
    """Surgery and natural recovery: "A Wounded character cannot recover HP naturally until
    successful Surgery"; "recovers a quarter of CON in HP per 24 hours" (D100-RECOVERY: per full
    24 hours of one rest, rounded down); "Wounded ends once current HP is greater than Major Wound
    Level"."""
    table = Table(None, "Arden", "Mira")
    table.send({"type": "damage", "character": "arden", "amount": 8})
    table.send({"type": "battlefield_healing", "helper": "mira", "patient": "arden", "healing": 60}, roll(1, 0))
    assert table.send_all({"type": "rest", "days": 2})[-1].recovered == {}
    surgery = table.send({"type": "surgery", "helper": "mira", "patient": "arden", "healing": 60}, roll(4, 0))
    assert surgery.success and surgery.restored == 1 and table.who("arden").operated
    assert table.send_all({"type": "rest", "hours": 47})[-1].recovered == {"arden": 3}
    assert table.who("arden").hp == 9 and not table.who("arden").wounded
