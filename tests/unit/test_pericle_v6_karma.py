"""Pericle 6: Karma windows in the strikes of used Disciplines and of Conjuration's attack (seed 001,
Karma and Ardence, lines 632-634; v6/karma_steps.py).

Line 632: "A hero may immediately expend 1 Karma to force a re-roll of any set of dice ... The re-roll
may apply to any die roll, including - but not limited to - an attack roll, a damage roll, a skill check
roll or a crit die roll ... You can only use the Karma to re-roll the most recent set of dice, not a roll
from several rolls ago." Line 634: "you cannot wait until after the damage is rolled to use a Karma to
force a re-roll of the attack ... You can only use a Karma to re-roll the damage in that instance."

Version 5 gave the Attack these windows (after each attack roll and Crit Die) but rolled a Discipline's
strike, its damage and what follows in one command: only the last set (the trip check, the push, the
last strike's damage) could be re-rolled. Version 6 strikes them in the Attack's steps."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.battle import replay
from domain.hexes import Hex
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import WEAPONS
from domain.rulesets.pericle.v5.attack_steps import strikes_in
from domain.rulesets.pericle.v5.provisional import KARMA_WINDOW
from domain.rulesets.pericle.v5.version import PERICLE_V5
from domain.rulesets.pericle.v6.enforced import STRIKES_IN_STEPS_V6, enforced_disciplines
from domain.rulesets.pericle.v6.version import PERICLE_V6
from tests.unit.pericle_arena import PericleArena, of
from tests.unit.test_pericle_v4_play import BRAM, YSOLDE
from tests.unit.test_pericle_v6_affinities import AFFINITY, at_her_action, cast, field
from tests.unit.test_pericle_v6_disciplines import striking

HIT, CRIT, MISS = 1, 5, 10  # Action Die faces: a success icon, the Crit, the critical failure
ONE_STAR = 1  # Crit Die face
SPEAR = {"weapons": (WEAPONS["short spear"],), "in_hand": ("short spear",)}


def duel(version: str = "6", karma: int = 1, **varya: Any) -> PericleArena:
    """Varya west of the orc, facing it, her Action come; she alone holds Karma (`karma`). The attacks
    are played step by step (`go_on` sent by the test)."""
    play = PericleArena(version=version, stepwise=True)
    play.put("hero-varya", 3, 3, facing=0, karma=karma, **varya)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-varya")
    assert [f.id for f in play.combat.figures if f.team == "heroes" and f.karma] == (["hero-varya"] if karma else [])
    return play


def go_on(play: PericleArena, faces: list[int] | None = None, figure: str = "hero-varya") -> list[msgspec.Struct]:
    return play.command("ana", {"type": "go_on", "figure": figure}, faces)


def spend_karma(play: PericleArena, faces: list[int], hero: str = "hero-varya") -> list[msgspec.Struct]:
    return play.command("ana", {"type": "spend_karma", "hero": hero}, faces)


def use(play: PericleArena, faces: list[int], discipline: str, **fields: Any) -> list[msgspec.Struct]:
    return play.act("hero-varya", "use_discipline", faces, discipline=discipline, **fields)


def action_done(play: PericleArena, figure: str = "hero-varya") -> int:
    return len([e for e in play.events if isinstance(e, ev.ActionDone) and e.figure == figure])


def test_polearm_trips_attack_roll_waits_and_karma_rerolls_it_before_the_damage() -> None:
    """Polearm Trip (line 1268): "When you attack with a polearm and hit with the attack roll, before
    damage is rolled you may request to subtract two points from your damage in order to get a free trip
    attempt." Varya's attack roll misses; the strike waits in a Karma window (nothing else rolled); her
    Karma re-rolls the attack (line 632: "an attack roll"), which hits; `go_on` rolls its damage, then
    the trip. Version 5 rolled all of it in one command: its Karma could re-roll only the trip check."""
    play = duel(disciplines=("Polearm Trip",), **SPEAR)
    events = use(play, [MISS], "Polearm Trip", target="orc")
    [rolled] = of(events, ev.AttackRolled)
    assert not rolled.pending.hit and not of(events, ev.StrikeFinished) and not of(events, ev.CheckMade)
    assert play.combat.pending is not None and play.combat.current == "hero-varya" and action_done(play) == 0
    assert play.rule_of("gm", {"type": "pass_action", "figure": "orc"}) == "attack-waiting"

    again = spend_karma(play, [HIT, 4, 4, MISS])
    assert of(again, ev.KarmaSpent)[0].replaces == rolled.pending.check.roll.nonce
    [hit] = of(again, ev.AttackRolled)
    assert hit.pending.hit and play.figure("hero-varya").karma == 0
    # Nobody holds Karma now: the re-run rolls the rest at once (damage 4 + 4 - 2 through armour 3 and
    # shield 1, then the orc's check at AD+2, failed).
    [strike] = strikes_in(again)
    assert ("Polearm Trip", -2) in [(m.source, m.value) for m in strike.modifiers] and strike.damage == 2
    assert play.figure("orc").condition == "prone" and action_done(play) == 1
    assert play.combat.pending is None and play.combat.current != "hero-varya"

    five = duel(version="5", disciplines=("Polearm Trip",), **SPEAR)
    events = use(five, [HIT, 4, 4, MISS], "Polearm Trip", target="orc")
    assert of(events, ev.Attacked) and not of(events, ev.AttackRolled) and five.combat.pending is None
    [trip] = of(events, ev.CheckMade)
    assert of(spend_karma(five, [HIT]), ev.KarmaSpent)[0].replaces == trip.check.roll.nonce, \
        "version 5: only the trip check, the last set"


def test_polearm_trips_two_points_and_trip_come_with_go_on() -> None:
    """Line 1268: the two points are given up "before damage is rolled", and "Tripped foes must make an
    opposed AD check at AD+2 to avoid being tripped ... Your attack damage applies regardless": both are
    the strike's, though its damage comes in the next command (`go_on`). A failed attack roll brings no
    trip ("hit with the attack roll")."""
    play = duel(disciplines=("Polearm Trip",), **SPEAR)
    use(play, [HIT], "Polearm Trip", target="orc")
    events = go_on(play, [4, 4, HIT])
    [finished] = of(events, ev.StrikeFinished)
    assert [(m.source, m.value) for m in finished.modifiers] == [("Polearm Trip", -2)] and finished.damage == 2
    [kept] = of(events, ev.CheckMade)
    assert kept.figure == "orc" and kept.check.ad == 3 and kept.check.success
    assert play.figure("orc").condition == "standing" and action_done(play) == 1
    assert replay(play.events).ruleset_state.pending is None  # type: ignore[union-attr]

    missed = duel(disciplines=("Polearm Trip",), **SPEAR)
    use(missed, [MISS], "Polearm Trip", target="orc")
    events = go_on(missed)
    assert not of(events, ev.CheckMade) and not of(events, ev.AttackRolled) and action_done(missed) == 1


def test_martial_arts_iii_trips_after_the_damage_rolled_in_go_on() -> None:
    """Martial Arts III (line 1317): "If your attack roll is successful, you may then also attempt a
    Trip action as per the Polearm Trip Discipline in addition to dealing damage." Unarmed: +3 damage,
    no two points given up; the attack waits, then damage and trip."""
    play = duel(disciplines=("Martial Arts I", "Martial Arts II", "Martial Arts III"), in_hand=())
    assert not of(use(play, [HIT], "Martial Arts III", target="orc"), ev.StrikeFinished)
    events = go_on(play, [4, MISS])
    [finished] = of(events, ev.StrikeFinished)
    assert [(m.source, m.value) for m in finished.modifiers] == [("Martial Arts III", 3)]
    assert play.figure("orc").condition == "prone" and action_done(play) == 1


def charging(version: str = "6") -> PericleArena:
    """Varya runs two hexes to the orc in the Movement phase (line 1270's run-up), her Action comes."""
    play = PericleArena(version=version, stepwise=True)
    play.put("hero-varya", 1, 3, facing=0, disciplines=("Polearm Charge",), **SPEAR)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.run_to_action("hero-varya", [{"q": 2, "r": 3}, {"q": 3, "r": 3}], facing=0)
    return play


def test_polearm_charge_waits_after_its_crit_and_its_crit_die_and_doubles_the_damage_after() -> None:
    """Polearm Charge (line 1270): "your polearm attack against the foe deals double damage. If you hit,
    roll your damage and multiply it by two." Varya's charge rolls a Crit: it waits (line 634: the
    orc's Crit, re-rollable before its damage); `go_on` rolls the Crit Die (line 632: "a crit die roll"),
    which waits too; `go_on` rolls the damage, doubled: (3 + 3) x 2 through armour 3 and shield 1."""
    play = charging()
    [rolled] = of(use(play, [CRIT], "Polearm Charge", target="orc"), ev.AttackRolled)
    assert rolled.pending.check.crit and play.combat.pending is not None
    [crit] = of(go_on(play, [ONE_STAR]), ev.StrikeCritRolled)
    assert crit.face == "one star" and play.combat.pending is not None, "the Crit Die waits for Karma too"
    events = go_on(play, [3, 3])
    [strike] = strikes_in([rolled, crit, *events])
    assert strike.crit_face == "one star" and strike.damage == (3 + 3) * 2 - 3 - 1
    assert play.figure("orc").wounds == 8 and action_done(play) == 1


def test_whirlwind_attack_lets_karma_reroll_the_first_foes_damage_before_the_next_strike() -> None:
    """Whirlwind Attack (line 1331): "Roll each attack and damage separately for each foe." The orc's
    strike waits after its attack roll, then, its damage rolled, the spearman's strike waits before it is
    rolled (StrikeReady): Varya's Karma re-rolls the orc's damage (the most recent set), then, nobody
    holding Karma any more, the spearman's strike follows in the same re-run. Version 5 rolled both
    strikes in one command: the first strike's damage was never the most recent set."""
    play = duel(disciplines=("Whirlwind Attack",))
    play.put("spearman", 4, 2, facing=3)
    [first] = of(use(play, [HIT], "Whirlwind Attack"), ev.AttackRolled)
    assert first.pending.target == "orc" and ("Whirlwind Attack", -1) in [
        (a.source, a.value) for a in first.pending.check.adjustments]
    events = go_on(play, [1, 1])
    [damage] = of(events, ev.StrikeFinished)
    [ready] = of(events, ev.StrikeReady)
    assert ready.pending.target == "spearman" and ready.pending.check is None and damage.damage == 0
    assert play.figure("orc").wounds == 0
    again = spend_karma(play, [6, 4, HIT, 1, 1])
    assert of(again, ev.KarmaSpent)[0].replaces == damage.damage_roll.nonce  # type: ignore[union-attr]
    found = list(strikes_in([first, *again]))
    assert [s.target for s in found] == ["orc", "spearman"] and found[0].damage == 6 + 4 - 3 - 1
    assert play.figure("orc").wounds == 6 and action_done(play) == 1 and play.combat.pending is None


def test_shield_bash_ii_pushes_after_its_strike_finished_in_go_on() -> None:
    """Shield Bash II (line 1219): "Instead of taking a second attack with your shield, you may instead
    choose to make a MT check against a foe Embattled with you ... you push your foe backwards one hex".
    Varya's short sword strikes in steps; the push follows the strike in `go_on`."""
    play = duel(disciplines=("Shield Bash I", "Shield Bash II"))
    events = use(play, [HIT], "Shield Bash II", target="orc", at={"q": 5, "r": 3}, follow=True)
    assert of(events, ev.AttackRolled) and not of(events, ev.CheckMade) and play.figure("orc").hex == Hex(4, 3)
    events = go_on(play, [1, 1, HIT])
    assert of(events, ev.StrikeFinished) and of(events, ev.CheckMade)
    assert play.figure("orc").hex == Hex(5, 3) and play.figure("hero-varya").hex == Hex(4, 3)
    assert action_done(play) == 1


def test_without_karma_the_strikes_run_through_in_one_command_and_the_action_ends_once() -> None:
    """Line 632: only a hero's Karma re-rolls: with none left to anyone, nothing waits: the whole
    Discipline is one command (in the steps' events), and its Action ends once."""
    play = duel(karma=0, disciplines=("Polearm Trip",), **SPEAR)
    events = use(play, [HIT, 4, 4, MISS], "Polearm Trip", target="orc")
    assert of(events, ev.AttackRolled) and of(events, ev.StrikeFinished) and not of(events, ev.Attacked)
    assert play.figure("orc").condition == "prone" and play.combat.pending is None
    assert len(of(events, ev.ActionDone)) == 1 and play.combat.current != "hero-varya"


def test_conjurations_attack_waits_for_karma_and_go_on_ends_the_cast_action() -> None:
    """Staff & Wand Affinity: Conjuration (line 1226): "If you successfully cast a Conjuration spell, you
    can immediately make an attack with a weapon." The staff's attack roll waits (Ysolde holds Karma);
    `go_on` rolls its damage (1d6 = 6 through armour 3 and shield 1) and the turn goes on to Bram."""
    play = field("Grease, Minor", disciplines=("Conjuration",), bram=(2, 2), mt=1, karma=1)
    play.stepwise = True
    play.put("orc", 3, 3, facing=3)
    at_her_action(play)
    cast(play, [HIT], "Grease, Minor", "hero-ysolde", at={"q": 2, "r": 4})
    use_ = {"type": "use_discipline", "figure": "hero-ysolde", "discipline": AFFINITY + "Conjuration"}
    [rolled] = of(play.command("ana", {**use_, "target": "orc"}, [HIT]), ev.AttackRolled)
    assert play.combat.pending is not None and play.combat.current == "hero-ysolde"
    events = go_on(play, [6], figure="hero-ysolde")
    [strike] = strikes_in([rolled, *events])
    assert (strike.weapon, strike.damage) == ("Staff", 2) and play.combat.current == "hero-bram"
    assert len([e for e in play.events if isinstance(e, ev.ActionDone) and e.figure == "hero-ysolde"]) == 1


def test_spell_strikes_blow_waits_and_its_spell_is_cast_after_the_blow_finished_in_go_on() -> None:
    """Spell Strike (line 1167): "If you successfully strike with your melee weapon, you may then roll an
    AD check to cast your Spell against the target you just hit with your weapon. If your weapon attack
    misses, the Spell is also automatically unsuccessful." The blow's attack roll waits; `go_on` rolls its
    damage, then the Trip Spell's casting check (line 1462: the orc falls prone), and ends the cast's
    Action. A Karma re-roll that turns the hit into a miss leaves no cast to make."""
    play = striking()
    play.stepwise = True
    events = play.act("hero-varya", "cast_spell", [HIT], spell="Trip", target="orc")
    assert of(events, ev.AttackRolled) and not of(events, ev.SpellCast) and play.combat.pending is not None
    events = go_on(play, [3, 3, HIT])
    names = [type(e).__name__ for e in events]
    assert names.index("StrikeFinished") < names.index("SpellCast") and of(events, ev.SpellCast)[0].success
    assert play.figure("orc").condition == "prone" and action_done(play) == 1
    assert [e.action for e in play.events if isinstance(e, ev.ActionDone)][-1] == "cast_spell"

    missed = striking()
    missed.stepwise = True
    missed.act("hero-varya", "cast_spell", [HIT], spell="Trip", target="orc")
    again = spend_karma(missed, [MISS])
    [blow] = strikes_in(again)
    assert not blow.hit and not of(again, ev.SpellCast)
    assert missed.figure("orc").condition == "standing" and missed.combat.pending is None
    assert action_done(missed) == 1


def casting(version: str = "6", karma: int = 1, spells: tuple[str, ...] = ("Arcane Barrage",)) -> PericleArena:
    """Ysolde (MT4, alone holding Karma) at (2,3) facing the orc two hexes east; Bram beside her; her
    Action come. Played step by step."""
    play = PericleArena(version=version, stepwise=True,
                        heroes={"ana": [{"hero": YSOLDE, "start": {"q": 0, "r": 3}}],
                                "ben": [{"hero": BRAM, "start": {"q": 0, "r": 4}}]})
    play.put("hero-ysolde", 2, 3, facing=0, spells=spells, mt=4, karma=karma)
    play.put("hero-bram", 2, 2, facing=0, karma=0)
    play.put("spearman", 7, 0)
    play.put("zombie", 7, 7)
    play.to_actions("heroes")
    play.pass_until("hero-ysolde")
    return play


def barrage(play: PericleArena, faces: list[int]) -> list[msgspec.Struct]:
    return play.act("hero-ysolde", "cast_spell", faces, spell="Arcane Barrage", target="orc")


def test_arcane_barrage_waits_after_its_casting_check_and_go_on_rolls_its_damage() -> None:
    """Lines 632-634, read for a Spell: the casting check is a set of dice (line 632: "any set of dice",
    "a skill check roll"), and once the effect's dice are rolled it is "a roll from several rolls ago".
    Arcane Barrage (line 1419) "deals damage corresponding to your MT": the cast is recorded (its
    Exhaustion paid), then waits; `go_on` rolls the MT4 bolt, 1d6+1d4 = 6 + 4, less the orc's armour 3
    and shield 1, and ends the Action."""
    play = casting()
    events = barrage(play, [HIT])
    [cast_] = of(events, ev.SpellCast)
    assert cast_.success and cast_.exhaustion == 1 and of(events, ev.CastRolled)
    assert not of(events, ev.SpellDamage) and play.combat.pending is not None and action_done(play, "hero-ysolde") == 0
    assert play.rule_of("ben", {"type": "pass_action", "figure": "hero-bram"}) == "attack-waiting"
    assert play.rule_of("gm", {"type": "go_on", "figure": "orc"}) == "not-your-attack"
    events = go_on(play, [6, 4], figure="hero-ysolde")
    [damage] = of(events, ev.SpellDamage)
    assert damage.roll.total == 10 and play.figure("orc").wounds == 6 and of(events, ev.CastResumed)
    assert action_done(play, "hero-ysolde") == 1 and play.combat.pending is None
    assert play.combat.current != "hero-ysolde"
    assert replay(play.events).ruleset_state.pending is None  # type: ignore[union-attr]


def test_karma_rerolls_a_casting_check_before_its_damage_version_5_only_the_damage() -> None:
    """Line 632: "You can only use the Karma to re-roll the most recent set of dice": while Arcane
    Barrage waits, Ysolde's Karma re-rolls its casting check, which fails: no damage, no Exhaustion
    (line 470). Version 5 rolled the check and the damage in one command: a Karma there re-rolls the
    damage (the last set), never the check."""
    play = casting()
    [rolled] = of(barrage(play, [HIT]), ev.SpellCast)
    again = spend_karma(play, [MISS], hero="hero-ysolde")
    assert of(again, ev.KarmaSpent)[0].replaces == rolled.check.roll.nonce
    [failed] = of(again, ev.SpellCast)
    assert not failed.success and failed.exhaustion == 0 and not of(again, ev.SpellDamage)
    assert play.figure("orc").wounds == 0 and play.combat.pending is None and action_done(play, "hero-ysolde") == 1

    five = casting(version="5")
    events = barrage(five, [HIT, 6, 4])
    [damage] = of(events, ev.SpellDamage)
    assert not of(events, ev.CastRolled) and five.combat.pending is None
    assert of(spend_karma(five, [1, 1], hero="hero-ysolde"), ev.KarmaSpent)[0].replaces == damage.roll.nonce


def test_a_cast_whose_effect_rolls_no_dice_or_made_with_no_karma_left_does_not_wait() -> None:
    """Nothing waits where no Karma could be spent (no hero holds any), nor after a check whose effect
    rolls no dice (Blur, line 1401: the check is already the most recent set)."""
    none_left = casting(karma=0)
    events = barrage(none_left, [HIT, 6, 4])
    assert of(events, ev.SpellDamage) and not of(events, ev.CastRolled) and none_left.combat.pending is None
    blur = casting(spells=("Blur",))
    events = blur.act("hero-ysolde", "cast_spell", [HIT], spell="Blur", target="hero-ysolde")
    assert of(events, ev.SpellCast)[0].success and not of(events, ev.CastRolled) and blur.combat.pending is None
    assert action_done(blur, "hero-ysolde") == 1


def test_per_karma_window_and_the_catalogue_name_the_discipline_strikes_in_version_6_only() -> None:
    """The provisional rule's text says what each version does; version 5's is unchanged."""
    [six] = [r for r in PERICLE_V6.provisional_rules if r.id == KARMA_WINDOW.id]
    [five] = [r for r in PERICLE_V5.provisional_rules if r.id == KARMA_WINDOW.id]
    assert five is KARMA_WINDOW and "Version 5: an Attack waits" in five.summary
    assert "Polearm Trip" in six.summary and "Conjuration" in six.summary and "Version 6" in six.summary
    assert [r.id for r in PERICLE_V6.provisional_rules].count(KARMA_WINDOW.id) == 1
    # The catalogue's `enforced_as` says it for version 6 only.
    for name in STRIKES_IN_STEPS_V6:
        assert "Karma windows" in enforced_disciplines("6")[name], name
        assert "Karma" not in enforced_disciplines("5").get(name, ""), name
