"""Version 4's Actions for the whole Hero Handbook: casting any Spell a hero has learned and
using any Discipline that is used rather than always on (seed 001, 3. Actions: Cast a Spell,
lines 466-491; Appendix: Spells; Appendix: Disciplines).

What the server judges for every Spell: that the caster learned it, where it may be aimed by its
category ([S] self, [T] a figure in the front sides and sight with thrown ranges, [T-T] two,
[C] a hex within 3), its Exhaustion (fixed, chosen for xE, heavier against big targets, Arcane I),
the Base AD check with its range, cover and Defense Dice, no Exhaustion on a failure or on a
Crit of a non-Arcane Spell, and its duration or upkeep. An effect the server models is applied
(book.ENFORCED_SPELLS); any other is recorded for the table with the entry's text."""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleViolation
from domain.hexes import Hex, distance
from domain.rulesets.pericle import board, poison, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.actions import act
from domain.rulesets.pericle.combat import range_penalty
from domain.rulesets.pericle.dice import Adjustment, check
from domain.rulesets.pericle.play import Play, not_after_running, require_phase
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.turns import can_move
from domain.rulesets.pericle.v4.book import DISCIPLINES, ENFORCED_DISCIPLINES, SPELLS, spell_enforcement
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5 import piles as v5_piles
from domain.rulesets.pericle.v5 import sight as v5_sight

# "Staves and wands allow heroes to gain the benefits of the Staff & Wand Disciplines" (line 966).
MAGE_WEAPONS = frozenset({"staff", "wand", "great staff"})
CORPSE_SPELLS = frozenset({"Create Undead", "Create Undead, Greater"})
CREATION_RANGE = 3  # "up to 3 hexes from the hero" (line 476)
# Thrown spells that "use the range increments for a ranged weapon" (Arcane Barrage, Inversus Major).
RANGED_INCREMENTS = frozenset({"Arcane Barrage", "Inversus Major"})


def _target(play: Play, caster: Figure, spell: HandbookSpell, command: cmd.CastSpell) -> Figure:
    target = play.figure(command.target)
    if spell.category in ("S", "C") and target.id != caster.id:
        kind = "a Self spell is cast on its caster" if spell.category == "S" else \
            "a Creation spell names its caster as target and the hex it appears in as `at`"
        raise RuleViolation("spell-target", f"{spell.name}: {kind}")
    if spell.category == "C":
        if command.at is None:
            raise RuleViolation("spell-target", f"{spell.name} is a Creation spell: name the hex it appears in (`at`)")
        _creation_hex(play, caster, spell, command.at)
    if spell.category == "T-T" and command.second_target is None:
        raise RuleViolation("spell-target", f"{spell.name} is thrown at two targets: name `second_target`")
    if spell.category != "T-T" and command.second_target is not None:
        raise RuleViolation("spell-target", f"{spell.name} has one target: `second_target` is for [T-T] spells")
    if spell.category in ("S", "T-T") and command.at is not None and spell.name != "Teleport":
        raise RuleViolation("spell-target", f"{spell.name}: `at` is for Creation spells and spells thrown at a hex")
    if command.facing is not None and spell.name != "Teleport":
        raise RuleViolation("spell-target", f"{spell.name}: `facing` is Teleport's")
    if spell.name == "Teleport":
        _teleport_hex(play, caster, command.at)
    if spell.category == "T" and command.at is not None and target.id != caster.id:
        raise RuleViolation("spell-target", f"{spell.name} thrown at a hex (`at`) names its caster as target")
    if spell.name in ("Clumsiness",) and target.team == caster.team:
        raise RuleViolation("spell-target", f"{spell.name} is cast on a foe")
    if spell.name == "Inversus Minor" and (target.size != 1 or target.grappled_with or caster.grappled_with):
        # "Throw your Spell against a one-hex target" (line 1456); the seed does not say how a
        # figure would leave a Grapple Pile by it, so neither may be in one.
        raise RuleViolation("spell-target", "Inversus Minor swaps places with a one-hex target, neither grappled")
    for aimed_at in (target, *([play.figure(command.second_target)] if command.second_target else [])):
        if spell.name != "Spell Shield" and spell_effects.on(play.state, aimed_at, "Spell Shield"):
            # Line 1534: Spell Shield "prevents all other Spells from affecting the target".
            raise RuleViolation("spell-shield", f"{aimed_at.name} is behind a Spell Shield")
    if spell.name == "Paralysis" and target.mt >= 10:
        raise RuleViolation("spell-target", "Paralysis does not affect creatures with MT10+ (line 1496)")
    if spell.name in CORPSE_SPELLS:
        # Create Undead (line 1468): "Creates a zombie from a corpse... may only be cast on a
        # corpse of MT5 or less" (Greater, line 1526: "no limit to zombie corpse size").
        if target.condition != "dead":
            raise RuleViolation("spell-target", f"{spell.name} is cast on a corpse")
        if spell.name == "Create Undead" and target.mt > 5:
            raise RuleViolation("spell-target", "Create Undead raises a corpse of MT5 or less")
    elif not target.active and target.condition != "unconscious" and spell.name != "Revival":
        raise RuleViolation("spell-target", f"{target.name} is {target.condition}")
    return target


def _teleport_hex(play: Play, caster: Figure, at: Hex | None) -> None:
    """Teleport (line 1540): "Teleport anywhere on the battlemap. Move your standee to any hex":
    one the caster's base fits in (on the map, no wall, furniture, pit or standing figure)."""
    if at is None:
        raise RuleViolation("spell-target", "Teleport: name the hex to appear in (`at`)")
    if caster.grappled_with or not board.base_fits(play.state, caster, at, caster.facing):
        raise RuleViolation("spell-target", f"{caster.name} cannot stand in {at}")


def _creation_hex(play: Play, caster: Figure, spell: HandbookSpell, at: Hex) -> None:
    """Creation spells appear "up to 3 hexes from the hero"; "Summoned creatures and Images must
    be created in an empty hex" (line 476)."""
    if distance(caster.hex, at) > CREATION_RANGE:
        raise RuleViolation("spell-range", f"{spell.name} appears within {CREATION_RANGE} hexes of its caster")
    if (spell.school == "Summoning" or spell.name == "Image") and play.state.at(at):
        raise RuleViolation("spell-target", f"{spell.name} appears in an empty hex; {at} is taken")


def exhaustion(caster: Figure, spell: HandbookSpell, target: Figure, power: int) -> int:
    """The E the casting costs: as listed, the E chosen for an xE spell, the heavier figure
    against a big target (Trip: "4E if target has MT20+"), one less for Arcane Spells with Staff &
    Wand Affinity: Arcane I and a staff or wand in hand ("The Exhaustion cost cannot be negative",
    line 1278)."""
    if spell.exhaustion is None:
        if not spell.min_power <= power <= spell.max_power:
            raise RuleViolation("spell-power", f"{spell.name} costs xE: put {spell.min_power} to {spell.max_power} "
                                               f"Exhaustion into it (`power`)")
        cost = power
    elif power:
        raise RuleViolation("spell-power", f"{spell.name} costs {spell.cost}: `power` is for xE spells")
    else:
        cost = spell.exhaustion
        if spell.heavy is not None and target.mt >= spell.heavy[0]:
            cost = spell.heavy[1]
    if spell.school == "Arcane" and "Staff & Wand Affinity: Arcane I" in caster.disciplines \
            and any(held in MAGE_WEAPONS for held in caster.in_hand):
        cost = max(0, cost - 1)
    return cost


def _aim(play: Play, caster: Figure, spell: HandbookSpell, target: Figure,
         at: Hex | None = None) -> tuple[list[Adjustment], list[str]]:
    """The check's adjustments and Defense Dice, as version 3 aims a Thrown spell at a figure; a
    spell thrown at a hex (Grease, Arcane Storm, Dispel...) takes its range and front sides."""
    adjustments: list[Adjustment] = poison.penalty(caster)
    if spell.category in ("T", "T-T") and "Spell Throwing" in caster.disciplines:
        adjustments.append(Adjustment(2, "Spell Throwing"))
    if target.id != caster.id and "Dodge Projectiles" in target.disciplines:
        adjustments.append(Adjustment(-1, "Dodge Projectiles"))  # "a ranged attack or Spell" (line 1139)
    if caster.airborne:
        adjustments.append(Adjustment(-1, "casting while flying"))
    elif target.airborne:
        adjustments.append(Adjustment(-3, "a flying target"))
    defense: list[str] = []
    hostile = target.team != caster.team
    if at is not None and spell.category == "T":
        if not board.in_front_arc(caster, at):
            raise RuleViolation("front-sides", f"{at} is not within {caster.name}'s front sides")
        penalty = range_penalty(distance(caster.hex, at), thrown=spell.name not in RANGED_INCREMENTS)
        if penalty:
            adjustments.append(Adjustment(penalty, "range"))
    elif target.id != caster.id:
        gap = board.gap(caster, target)
        penalty = range_penalty(gap, thrown=spell.name not in RANGED_INCREMENTS)
        if penalty:
            adjustments.append(Adjustment(penalty, "range"))
        if not any(board.in_front_arc(caster, h) for h in target.hexes):
            raise RuleViolation("front-sides", f"{target.name} is not within {caster.name}'s front sides")
        sight = v5_sight.line_cover(play, caster, target)
        if sight == "complete":
            raise RuleViolation("complete-cover", f"{target.name} has Complete Cover")
        if hostile and sight == "partial":
            defense.append("Partial Cover")
        if hostile and target.condition != "standing" and gap > 1:
            defense.append("prone target")
    defense += v5_piles.spell_defense(play, caster, target)
    if hostile and target.defending:
        defense.append("Defending")
    return adjustments, defense


def cast_spell(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    if not play.passives.casts_after_running(caster):  # version 5: Cast on the Run
        not_after_running(caster, "casting a spell")
    spell = SPELLS.get(command.spell)
    if spell is None or command.spell not in caster.spells:
        raise RuleViolation("spell-unknown", f"{caster.name} has not learned {command.spell!r}")
    target = _target(play, caster, spell, command)
    cost = exhaustion(caster, spell, target, command.power)
    adjustments, defense = _aim(play, caster, spell, target, command.at)
    if command.second_target is not None:
        # [T-T]: the second target must be a fair aim too (front sides, no Complete Cover); its
        # own throw, after the first succeeds, is left to the table (not judged yet).
        _aim(play, caster, spell, play.figure(command.second_target))
    rolled = check(play.dice, f"{caster.name} casts {spell.name} on {target.name}", caster.base_ad, adjustments,
                   defense_dice=len(defense))
    # "for all spells other than Arcane Spells, if a Crit is rolled on the Action Die the caster
    # does not expend Exhaustion for the spell" (line 182); Exhaustion "accrues after applying the
    # effects" (line 487), so only a cast that worked costs it.
    free = rolled.crit and spell.school != "Arcane"
    paid = 0 if (not rolled.success or free) else cost
    duration = (1 if spell.name == "Clumsiness" and target.mt >= 20 else spell.duration)
    play.emit(ev.SpellCast(caster=caster.id, spell=spell.name, target=target.id, check=rolled, success=rolled.success,
                           exhaustion=paid, power=command.power, duration=duration))
    if not rolled.success:
        # Version 5: a Thrown spell that misses a figure in a Grapple Pile may land on another
        # in it (seed 001 lines 460, 462; v5/piles.py); versions 3 and 4: nothing more.
        strayed = v5_piles.stray_spell(play, caster, spell.name, spell.category in ("T", "T-T"), target, adjustments)
        if strayed is None:
            return
        target, rolled = strayed
        play.emit(ev.SpellCast(caster=caster.id, spell=spell.name, target=target.id, check=rolled, success=True,
                               exhaustion=0, power=command.power, stray=True,
                               duration=1 if spell.name == "Clumsiness" and target.mt >= 20 else spell.duration))
    if spell.hp_cost:
        # Create Undead (line 1468): "this Spell causes 1HP of damage from the caster instead of
        # Exhaustion"; the Crit that spares Exhaustion (line 182) does not spare these HP.
        play.emit(ev.Damaged(figure=caster.id, amount=spell.hp_cost, source=f"spell:{spell.name}"))
    if not spell.maintained and not spell.duration:
        # Instant: nothing lasts to be maintained (the effect is applied now, or by the table).
        play.emit(ev.SpellEnded(caster=caster.id, spell=spell.name, target=target.id, reason="instant"))
    if spell_enforcement(spell.name) == "table-applied":
        play.emit(ev.TableApplied(figure=caster.id, source="spell", name=spell.name, target=target.id, at=command.at,
                                  second_target=command.second_target, line=spell.line, text=spell.text))
    else:
        _apply(play, caster, spell, target, command.at, command.facing)


DISPEL_REACH = 10  # "If cast on self, it affects every Spell within 10 hexes" (line 1528)


def _apply(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, at: Hex | None,
           facing: int | None) -> None:
    """The effects of the enforced Spells that happen as they are cast (a lasting one, Blur,
    Clumsiness, Magic Armor, Armor Penetration, works while it is in `state.spells`)."""
    if spell.name == "Trip" and target.condition == "standing" and not target.airborne:
        # Line 1462: "The target is tripped and knocked prone."
        play.emit(ev.FellProne(figure=target.id, reason="Trip"))
    elif spell.name == "Inversus Minor" and target.id != caster.id:
        # Line 1456: "you immediately change positions with the target. For the remainder of the
        # turn, both the caster and the target face the directions they were facing".
        play.emit(ev.FigureMoved(figure=caster.id, path=(target.hex,), facing=caster.facing, counted=0,
                                 reason="inversus"))
        play.emit(ev.FigureMoved(figure=target.id, path=(caster.hex,), facing=target.facing, counted=0,
                                 reason="inversus"))
    elif spell.name == "Teleport" and at is not None:
        # Line 1540: "Move your standee to any hex and face the desired direction."
        play.emit(ev.FigureMoved(figure=caster.id, path=(at,), facing=caster.facing if facing is None else facing,
                                 counted=0, reason="teleport"))
    elif spell.name == "Dispel":
        # Line 1528: "Dispels all Spells and Spell effects in one chosen hex... If cast on self,
        # it affects every Spell within 10 hexes, including "friendly" Spells."
        for active in play.state.spells:
            on = play.figure(active.target)
            if spell_effects.on(play.state, on, "Spell Shield"):
                continue  # "prevents all other Spells from affecting the target" (line 1534)
            if (on.id == target.id) if target.id != caster.id else distance(on.hex, caster.hex) <= DISPEL_REACH:
                play.emit(ev.SpellEnded(caster=active.caster, spell=active.spell, target=active.target,
                                        reason="dispelled"))


# "Instead of moving during the Movement phase, you may..." (Taunt I, line 1238; Berserk, line
# 1250; Taunt II is "As per Taunt I", line 1288): used as the figure's move, not its Action.
INSTEAD_OF_MOVING = frozenset({"Taunt I", "Taunt II", "Berserk"})


# Used "After combat, as part of a Rest" or "During Recovery" (Healer I, line 1209; Meditate I,
# line 1213; Alchemy, line 1248; Herbalism, line 1260; Bardic Arts, line 1298; Healer II and
# Meditate II as per them): never in a combat.
BETWEEN_COMBATS = frozenset({"Healer I", "Healer II", "Meditate I", "Meditate II", "Alchemy", "Herbalism",
                             "Bardic Arts"})


def use(play: Play, command: cmd.UseDiscipline) -> None:
    """A Discipline used in the Movement phase instead of moving, or else as the Action."""
    if command.at is not None or command.on_failure is not None or command.follow is not None:
        raise RuleViolation("discipline-unknown", "`at`, `on_failure` and `follow` are version 5's")
    if command.discipline in INSTEAD_OF_MOVING:
        use_instead_of_moving(play, command)
    else:
        act(play, command, use_discipline)


def use_instead_of_moving(play: Play, command: cmd.UseDiscipline,
                          used: Callable[..., None] | None = None) -> None:
    """A Discipline used in its team's Movement phase, before the figure has moved, as its move
    (`used`: the version's use of a Discipline; this version's by default)."""
    figure = play.figure(command.figure)
    require_phase(play.state, "movement")
    if figure.team != play.state.moving or figure.id in play.state.moved_figures:
        raise RuleViolation("not-your-movement", f"{command.discipline} is used instead of moving, when "
                                                 f"{figure.name}'s team moves and before it has moved")
    can_move(play, figure)
    (used or use_discipline)(play, figure, command, instead_of_moving=True)


def use_discipline(play: Play, figure: Figure, command: cmd.UseDiscipline, instead_of_moving: bool = False) -> None:
    """A learned Discipline used. Those the server applies on its own whenever they count
    (Archery, Dodge...) are not used: they are refused here, so nothing is paid twice."""
    discipline = DISCIPLINES.get(command.discipline)
    if discipline is None or command.discipline not in figure.disciplines:
        raise RuleViolation("discipline-unknown", f"{figure.name} has not learned {command.discipline!r}")
    if discipline.name in BETWEEN_COMBATS:
        raise RuleViolation("discipline-between-combats", f"{discipline.name} is used during a Rest or Recovery, "
                                                          "not in combat")
    if discipline.name in ENFORCED_DISCIPLINES and not discipline.exhaustion:
        raise RuleViolation("discipline-passive", f"{discipline.name} applies by itself: "
                                                  f"{ENFORCED_DISCIPLINES[discipline.name]}")
    if command.target is not None:
        play.figure(command.target)
    sustained = discipline.upkeep > 0
    if sustained and any(s.spell == discipline.name and s.caster == figure.id for s in play.state.spells):
        raise RuleViolation("discipline-active", f"{figure.name} is already in {discipline.name}")
    play.emit(ev.DisciplineUsed(figure=figure.id, discipline=discipline.name, target=command.target,
                                exhaustion=discipline.exhaustion, sustained=sustained,
                                instead_of_moving=instead_of_moving))
    if discipline.name not in ENFORCED_DISCIPLINES:
        play.emit(ev.TableApplied(figure=figure.id, source="discipline", name=discipline.name, target=command.target,
                                  line=discipline.line, text=discipline.text))
