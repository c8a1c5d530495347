"""Pericle 5's Cast a Spell (seed 001, 3. Actions: Cast a Spell, lines 466-491; Appendix:
Spells): version 4's casting (v4/casting.py: who may be aimed at, the Exhaustion, the Base AD
check with its range, cover and Defense Dice) with more of the Handbook's effects enforced
(v5/enforced.py): Arcane damage, healing, Sleep, Fly, a [T-T] Spell's second throw; a Spell
Shield that keeps a Spell's effect off its target instead of refusing the cast; and the lasting
effects of the spells it casts (`rules: "5"` on the cast) kept as the seed lets them last."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.hexes import Hex, distance, line
from domain.rulesets.pericle import board, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.dice import Adjustment, Check, check, opposed
from domain.rulesets.pericle.movement import keep_footing
from domain.rulesets.pericle.play import Play, not_after_running
from domain.rulesets.pericle.state import ActiveSpell, Figure
from domain.rulesets.pericle.v4 import casting as v4
from domain.rulesets.pericle.v4.book import SPELLS
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5 import arcane, lasting, summons, undead
from domain.rulesets.pericle.v5 import piles as v5_piles
from domain.rulesets.pericle.v5.passives import edition

# Spells Pericle 5 keeps in play with neither a duration nor an upkeep, until something ends
# them: Sleep "sleeps until awakened or hit by an attack or another Spell" (line 1478); Terror
# until the Defend it forces (line 1415); Grease, Minor and Arcane Flux "until the end of combat"
# (lines 1403, 1430); Create Undead while it is being cast, three turns (line 1468).
LASTING_UNTIL_BROKEN = frozenset({"Sleep", "Terror", *spell_effects.GREASES, *spell_effects.FLUXES, "Trap", "Image",
                                  *undead.UNDEAD})
SLEEP_MT = 10  # Sleep (line 1478): "Only works on creatures with MT less than 10."
# Terror (line 1415): "This Spell does not work on creatures whose HP at full health is greater
# than 20. Creatures with KN3 or higher make an opposed KN check".
TERROR_MAX_HP, TERROR_OPPOSED_KN = 20, 3
# Paralysis, Mass (line 1568): "It only affects creatures with less than MT10, unless you
# intentionally target only one creature in which case it can freeze one creature up to MT30."
MASS_MT, MASS_ONE_MT = 10, 31
REVIVAL_LEAST_HP = -4  # Revival (line 1552): "the target's HP must be raised to at least -4"
DEATH_HP = -5  # Word of Death (line 1574): "dies instantly, as if at -5 HP"


def _target(play: Play, caster: Figure, spell: HandbookSpell, command: cmd.CastSpell) -> Figure:
    """Version 4's checks of the aim, but a Spell Shield no longer refuses the cast (line 1534
    says it "prevents all other Spells from affecting the target": the cast is made and paid, its
    effect kept off, see `_shielded`); then the aims of the spells version 5 enforces."""
    shields = [s for s in play.state.spells if s.spell == "Spell Shield"]
    unshielded = play.supposing(*(ev.SpellEnded(caster=s.caster, spell=s.spell, target=s.target, reason="")
                                  for s in shields))
    partner = None
    if spell.name == TELEKINESIS:
        if command.at is None:
            raise RuleViolation("spell-target", "Telekinesis: name the hex to move the target toward (`at`)")
        command = msgspec.structs.replace(command, at=None)  # the hex is where the target goes, not an aim
    if spell.name in edition(play).chosen_by_second_target:
        command = msgspec.structs.replace(command, second_target=None)  # a choice, not a figure (its passives check it)
    if spell.name == INVERSUS_MAJOR:
        partner = _inversus_partner(play, caster, command)
        command = msgspec.structs.replace(command, second_target=None)  # the partner is no thrown target
    target = v4._target(unshielded, caster, spell, command)
    if spell.name == TELEKINESIS and target.size != 1:
        raise RuleViolation("spell-target", "Telekinesis: the target must be one hex in size or smaller (line 1520)")
    if partner is not None and (target.size != 1 or target.grappled_with or partner.id == target.id):
        raise RuleViolation("spell-target", "Inversus Major: a one-hex target, not grappled, and another figure")
    if spell.name == "Sleep" and target.mt >= SLEEP_MT:
        raise RuleViolation("spell-target", f"Sleep only works on creatures with MT less than {SLEEP_MT} (line 1478)")
    if spell.name in DELVE_SECRETS:
        raise RuleViolation("spell-delve", f"{spell.name} is cast as the unknown Spell it delves: name that Spell")
    if spell.name == "Terror" and target.max_hp > TERROR_MAX_HP:
        raise RuleViolation("spell-target", "Terror does not work on creatures whose HP at full health is greater "
                                            f"than {TERROR_MAX_HP} (line 1415)")
    if spell.name == "Paralysis, Mass" and command.at is None and target.mt >= MASS_ONE_MT:
        raise RuleViolation("spell-target", "Paralysis, Mass on one creature freezes one up to MT30 (line 1568)")
    if spell.name == "Arcane Barrage" and (target.id == caster.id or command.at is not None):
        raise RuleViolation("spell-target", "Arcane Barrage is shot at a foe (`target`), not at a hex or its caster")
    if spell.name == "Regeneration" and target.team == "heroes" and target.regenerated:
        raise RuleViolation("spell-once-a-day", f"Regeneration can only be cast once per day on a target hero "
                                                f"(line 1530): {target.name} has had it")
    if spell.name in undead.UNDEAD and undead.controls_zombie(play.state, caster):
        raise RuleViolation("spell-one-zombie", "The hero can control only 1 zombie at a time (line 1468)")
    if spell.name == "Revival" and (target.condition != "dead" or target.team != "heroes"):
        raise RuleViolation("spell-target", "Revival brings a dead hero back to life (line 1552)")
    if spell.name == "Word of Death" and command.power:
        raise RuleViolation("spell-power", "Word of Death's Exhaustion is the target's HP (line 1574): no `power`")
    if spell.name == "Transfer Wounds":
        if command.second_target == target.id:
            raise RuleViolation("spell-target", "Transfer Wounds moves wounds from one target to another")
        if command.power > target.wounds:
            raise RuleViolation("spell-power", f"Transfer Wounds heals at most the damage {target.name} suffered "
                                               f"({target.wounds} HP)")
    return play.figure(target.id)


INVERSUS_MAJOR = "Inversus Major"
INVERSUS_REACH = 3  # "another one-hex figure who is within three hexes of you"


def _inversus_partner(play: Play, caster: Figure, command: cmd.CastSpell) -> Figure:
    """Inversus Major (line 1494): "change the target's position on the map with that of another
    one-hex figure who is within three hexes of you. You may choose to be the target yourself. If
    there is no other figure within three hexes of you, then you must be the figure that exchanges
    locations with the target": `second_target` names it, the caster when unnamed (not grappled,
    as Inversus Minor's swap, PER-INVERSUS-PILE)."""
    partner = play.figure(command.second_target) if command.second_target is not None else caster
    if partner.size != 1 or partner.grappled_with or (
            partner.id != caster.id and distance(partner.hex, caster.hex) > INVERSUS_REACH):
        raise RuleViolation("spell-target", "Inversus Major swaps the target with a one-hex figure, not grappled, "
                                            f"within {INVERSUS_REACH} hexes of the caster (or the caster)")
    return partner


TELEKINESIS = "Telekinesis"


def _telekinesis(play: Play, target: Figure, toward: Hex, power: int) -> None:
    """Telekinesis (line 1520): "the caster moves the target one hex for each point of Exhaustion
    spent, plus one additional hex. If the target collides with an obstruction (defined as an
    object that provides cover), then the target stops in the hex before and must make an
    Acrobatics check or fall prone. (Creatures that do not have an Acrobatics stat use their AD.)
    The difficulty check is modified by the amount of hexes the target was moved... If the target
    collides with a one-hex creature, both must make an Acrobatics check or fall prone. If the
    target collides with a creature larger than two hexes, that creature is not affected but
    Target still must make an Acrobatics check." The target goes along the hex line toward `at`,
    as far as the E allows; figures have no Acrobatics here, so they roll their Base AD."""
    steps = line(target.hex, toward)[1:power + 2]
    moved: list[Hex] = []
    struck: Figure | None = None
    collided = False
    for step in steps:
        if not board.passable(play.state, step):
            collided = True
            break
        there = board.standing_in(play.state, step, besides=target.id) or next(
            (f for f in play.state.at(step) if f.id != target.id and f.active), None)
        if there is not None:
            collided, struck = True, there
            break
        moved.append(step)
    if moved:
        play.emit(ev.FigureMoved(figure=target.id, path=tuple(moved), facing=target.facing, counted=0,
                                 reason="telekinesis"))
    if not collided:
        return
    hurled = [play.figure(target.id), *([struck] if struck is not None and struck.size == 1 else [])]
    for figure in hurled:
        rolled = check(play.dice, f"{figure.name}: Acrobatics check after Telekinesis", figure.base_ad,
                       [Adjustment(-len(moved), "hexes moved")] if moved else [],
                       fortune=play.passives.luck(play, figure))
        play.emit(ev.CheckMade(figure=figure.id, purpose="Acrobatics check (Base AD) not to fall, Telekinesis",
                               check=rolled))
        if not rolled.success and figure.condition == "standing":
            play.emit(ev.FellProne(figure=figure.id, reason="Telekinesis collision"))


def _shielded(play: Play, spell: HandbookSpell, figure: Figure) -> bool:
    """A Spell Shield "prevents all other Spells from affecting the target" (line 1534); Immunity
    makes it "immune to all damage & Spells... Dispel removes Immunity" (line 1566)."""
    if spell.name != "Spell Shield" and spell_effects.on(play.state, figure, "Spell Shield"):
        return True
    return spell.name not in (spell_effects.IMMUNITY, "Dispel") and spell_effects.immune(play.state, figure)


def _arcane_ii(caster: Figure, spell: HandbookSpell, power: int) -> bool:
    """Staff & Wand Affinity: Arcane II (line 1345): "One additional Exhaustion may be spent on
    Arcane spells to double the number of damage dice rolled" (with a staff or wand in hand, line
    966): `power: 1` on an Arcane Spell that deals damage."""
    if not power or spell.name not in arcane.ARCANE_DAMAGE:
        return False
    if power != 1 or arcane.ARCANE_II not in caster.disciplines \
            or not any(held in v4.MAGE_WEAPONS for held in caster.in_hand):
        raise RuleViolation("spell-power", f"{spell.name}: `power: 1` is Staff & Wand Affinity: Arcane II's extra E "
                                           "(with a staff or wand in hand)")
    return True


# Delve Secrets I-III (lines 1470, 1508, 1562): "You may cast a Creation [C] or Thrown [T] Spell
# that you do not know, but it costs 2E more than the normal cost for the Spell on initial
# casting... You cannot cast [S] Spells that you do not know... For Delve Secrets I, the unknown
# Spell that is cast must be KN 0-2" (II: KN 0-4; III: KN 0-7).
DELVE_SECRETS = {"Delve Secrets I": 2, "Delve Secrets II": 4, "Delve Secrets III": 7}
DELVE_COST = 2


def _delved(caster: Figure, spell: HandbookSpell | None, name: str) -> str | None:
    """The Delve Secrets a caster casts an unknown Spell by, if it may; None for a known Spell."""
    if spell is not None and name in caster.spells:
        return None
    delve = max((d for d in DELVE_SECRETS if d in caster.spells), key=DELVE_SECRETS.__getitem__, default=None)
    if spell is None or delve is None or spell.category not in ("C", "T") or spell.kn > DELVE_SECRETS[delve]:
        reach = f" and cannot delve it ({delve}: [C] or [T], KN0-{DELVE_SECRETS[delve]})" if delve else ""
        raise RuleViolation("spell-unknown", f"{caster.name} has not learned {name!r}{reach}")
    return delve


def cast_spell(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    if edition(play).strikes_before_casting(play, caster, command):  # version 6's Spell Strike
        return
    if not play.passives.casts_after_running(caster):  # Cast on the Run (line 1189), as v4/casting.py
        not_after_running(caster, "casting a spell")
    spell = SPELLS.get(command.spell)
    # Version 6: a Spell the caster has not learned, cast from its Spell Scroll in hand (line 491).
    scroll = edition(play).scroll(play, caster, spell) if spell is not None and command.spell not in caster.spells \
        else None
    delve = _delved(caster, spell, command.spell) if scroll is None else None
    assert spell is not None
    target = _target(play, caster, spell, command)
    double = _arcane_ii(caster, spell, command.power)
    cost = v4.exhaustion(caster, spell, target, 0 if double else edition(play).spell_power(spell, command)) \
        + (1 if double else 0)
    if delve is not None:
        cost += DELVE_COST  # "it costs 2E more than the normal cost for the Spell on initial casting"
    adjustments, defense = v4._aim(play, caster, spell, target, None if spell.name == TELEKINESIS else command.at)
    second = play.figure(command.second_target) if command.second_target is not None and spell.category == "T-T" \
        else None
    second_aim = v4._aim(play, caster, spell, second) if second is not None else None
    aimed_at = target
    if second is not None and second_aim is not None and target.id == caster.id:
        # Transfer Wounds (line 1556): "If the caster chooses Self as the target to heal, then only
        # one roll is required, which is the attack roll to throw the Spell at the foe".
        (adjustments, defense), aimed_at, second_aim = second_aim, second, None
    more = edition(play).cast_adjustments(caster)  # version 6's Sapphire runestone
    rolled = check(play.dice, f"{caster.name} casts {spell.name} on {aimed_at.name}", caster.base_ad,
                   [*adjustments, *more] if scroll is None else [*adjustments, *more, scroll],
                   defense_dice=len(defense), fortune=play.passives.luck(play, caster))
    thrown = None
    if second is not None and second_aim is not None and rolled.success:
        # "if successful, the caster next rolls to throw the Spell at target2" (line 1556).
        thrown = check(play.dice, f"{caster.name} throws {spell.name} at {second.name}", caster.base_ad,
                       [*second_aim[0], *more], defense_dice=len(second_aim[1]),
                       fortune=play.passives.luck(play, caster))
    worked = rolled.success and (thrown is None or thrown.success)
    free = rolled.crit and spell.school != "Arcane"  # line 182, as version 4
    paid = 0 if (not rolled.success or free) else cost
    if spell.name == "Transfer Wounds" and (not worked or (second is not None and _shielded(play, spell, second))):
        paid = 0  # "The caster loses E equal to the HP transferred": none when none is
    if spell.name == "Word of Death":
        # Line 1574: "If the caster survives, they then suffer an Exhaustion cost equal to the
        # amount of HP that the target had prior to the Spell" (a tie: PER-WORD-TIE, nothing).
        paid = max(0, target.hp) if rolled.success and not free and target.hp < caster.hp else 0
    paid = edition(play).spell_cost(play, caster, spell.name, paid)
    duration = (1 if spell.name == "Clumsiness" and target.mt >= 20 else spell.duration)
    at = _lies_at(spell, target, command.at, edition(play).laid_on_hexes)
    play.emit(ev.SpellCast(caster=caster.id, spell=spell.name, target=target.id, check=rolled,
                           success=rolled.success, exhaustion=paid, power=command.power, duration=duration,
                           rules=edition(play).rules, at=at))
    if scroll is not None and rolled.success:
        # Line 491: "Scrolls only disappear after the spell is successfully cast, and not on a failed cast."
        play.emit(ev.ScrollConsumed(figure=caster.id, item=f"scroll of {spell.name.lower()}", spell=spell.name))
    if thrown is not None and second is not None:
        play.emit(ev.SpellThrown(caster=caster.id, spell=spell.name, target=second.id, check=thrown,
                                 success=thrown.success))
    if not rolled.success:
        # A Thrown spell that misses a figure in a Grapple Pile may land on another in it (seed 001
        # lines 460, 462; v5/piles.py, PER-STRAY-SPELL): no Exhaustion, the cast failed.
        strayed = v5_piles.stray_spell(play, caster, spell.name, spell.category in ("T", "T-T"), target, adjustments)
        if strayed is None:
            return
        target, rolled = strayed
        worked, at = True, _lies_at(spell, target, command.at, edition(play).laid_on_hexes)
        play.emit(ev.SpellCast(caster=caster.id, spell=spell.name, target=target.id, check=rolled, success=True,
                               exhaustion=0, power=command.power, stray=True, rules=edition(play).rules, at=at,
                               duration=1 if spell.name == "Clumsiness" and target.mt >= 20 else spell.duration))
    # Create Undead's HP (line 1468: 1HP "instead of Exhaustion", a Crit not sparing it,
    # PER-UNDEAD-CRIT) is paid as the zombie rises, three turns on (v5/undead.py).
    if _shielded(play, spell, target) and at is None:
        kept_off = "immunity" if spell_effects.immune(play.state, target) else "spell shield"
        play.emit(ev.SpellEnded(caster=caster.id, spell=spell.name, target=target.id, reason=kept_off))
        return
    if not spell.maintained and not spell.duration and spell.name not in LASTING_UNTIL_BROKEN \
            and spell.name not in edition(play).lasting_until_broken and spell.name not in edition(play).laid_on_hexes:
        play.emit(ev.SpellEnded(caster=caster.id, spell=spell.name, target=target.id, reason="instant"))
    if spell.name not in edition(play).spells_enforced:
        play.emit(ev.TableApplied(figure=caster.id, source="spell", name=spell.name, target=target.id, at=command.at,
                                  second_target=command.second_target, line=spell.line, text=spell.text))
    elif worked:
        if edition(play).cast_waits(play, caster, command, target, rolled, lambda on: _apply(
                on, on.figure(caster.id), spell, on.figure(target.id), command,
                None if second is None else on.figure(second.id), rolled, double)):
            return  # version 6: a Karma window before the effect's dice; `apply_after_window` follows
        _apply(play, caster, spell, target, command, second, rolled, double)
    _wake_others(play, spell, target if second is None else second)


def apply_after_window(play: Play, caster: Figure, command: cmd.CastSpell, target_id: str, rolled: Check) -> None:
    """Version 6: the effect of a cast that waited in a Karma window (`cast_waits`), as `cast_spell`
    would have applied it right after its check, and what follows it."""
    spell = SPELLS[command.spell]
    target = play.figure(target_id)
    second = play.figure(command.second_target) if command.second_target is not None and spell.category == "T-T" \
        else None
    _apply(play, caster, spell, target, command, second, rolled, _arcane_ii(caster, spell, command.power))
    _wake_others(play, spell, target if second is None else second)


def _lies_at(spell: HandbookSpell, target: Figure, at: Hex | None, laid: frozenset[str] = frozenset()
             ) -> Hex | None:
    """Where a Storm or Nova lies: the hex it was thrown at, or its target's ("the Spell may be
    cast on self", lines 1450, 1486); where a creature was summoned. `laid`: the Spells a later
    version also lays on a hex (V5Passives.laid_on_hexes)."""
    if spell.name in arcane.AREA_DAMAGE:
        return at if at is not None else target.hex
    if spell.name in (*spell_effects.GREASES, *spell_effects.FLUXES, "Trap", *laid):
        return at if at is not None else target.hex  # "Select one hex": `at`, or the target's
    return at if spell.name in summons.STAT_BLOCKS else None  # where it was summoned (they stack)


def _wake_others(play: Play, spell: HandbookSpell, target: Figure) -> None:
    """Sleep ends when its sleeper is "hit by an attack or another Spell" (line 1478); an Image
    "impacted by a spell" pops (line 481)."""
    if spell.name != "Image" and play.state.figure(target.id) is not None and spell_effects.image(play.state, target):
        summons.pop(play, play.figure(target.id), "impacted by a spell")
        return
    if spell.name == "Sleep" or _shielded(play, spell, target):
        return
    for sleep in play.state.spells:
        if sleep.spell == "Sleep" and sleep.rules and sleep.target == target.id:
            play.emit(ev.SpellEnded(caster=sleep.caster, spell=sleep.spell, target=sleep.target,
                                    reason="woken by a spell"))


def _apply(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
           second: Figure | None, rolled: Check, double: bool) -> None:
    """The effects Pericle 5 applies as the Spell is cast; a lasting one works while it is in
    `state.spells` (spell_effects.py, v5/lasting.py)."""
    name = spell.name
    if edition(play).apply_spell(play, caster, spell, target, command, second, rolled, double):
        return
    if name == "Arcane Barrage":
        arcane.barrage(play, caster, target, rolled, double=double)
    elif name in arcane.AREA_DAMAGE:
        centre = command.at if command.at is not None else target.hex
        arcane.storm(play, caster, name, centre, cast=rolled, double=double)
    elif name == "Regeneration":
        # Line 1530: "Lasts three turns. Target heals 1d6 damage per turn": now, then at the
        # caster's slot while it lasts (v5/lasting.py).
        lasting.heal(play, target, lasting.REGENERATION, name)
    elif name == "Transfer Wounds" and second is not None and not _shielded(play, spell, second):
        # Line 1556: "Target1 heals all HP damage suffered in this combat. Target2 loses HP equal
        # to the amount of damage healed on target1. Armor provides no protection." The HP
        # moved are `power` ("the caster may choose to transfer less than the full amount").
        woke = target.condition == "unconscious" and target.hp + command.power > 0
        play.emit(ev.Healed(figure=target.id, amount=command.power, source=f"spell:{name}", woke=woke))
        play.emit(ev.Damaged(figure=second.id, amount=command.power, source=f"spell:{name}"))
    elif name == "Sleep":
        # Line 1478: "Target falls prone and sleeps".
        if target.condition == "standing":
            play.emit(ev.FellProne(figure=target.id, reason="Sleep"))
    elif name == "Dispel":
        _dispel(play, caster, target, command.at)
    elif name == "Terror":
        _terror(play, caster, target)
    elif name == TELEKINESIS and command.at is not None:
        _telekinesis(play, target, command.at, command.power)
    elif name == INVERSUS_MAJOR:
        partner = play.figure(command.second_target) if command.second_target is not None else caster
        if not _shielded(play, spell, partner):
            # "For the remainder of the turn, both the caster and the target remain facing in the
            # same direction they were facing when the Spell was cast."
            play.emit(ev.FigureMoved(figure=partner.id, path=(target.hex,), facing=partner.facing, counted=0,
                                     reason="inversus"))
            play.emit(ev.FigureMoved(figure=target.id, path=(partner.hex,), facing=target.facing, counted=0,
                                     reason="inversus"))
    elif name in ("Drop Item", "Sunder Item"):
        _item_spell(play, name, target)
    elif name == "Word of Death":
        _word_of_death(play, caster, target)
    elif name == "Revival":
        # Line 1552: "It costs 1E to increase the target's HP by 1. To be effective, the target's
        # HP must be raised to at least -4, in which case the target is still unconscious. Raising
        # HP to 1 will revive the target to consciousness."
        after = target.hp + command.power
        play.emit(ev.Healed(figure=target.id, amount=command.power, source=f"spell:{name}",
                            revived=after >= REVIVAL_LEAST_HP, woke=after > 0))
    elif name in spell_effects.FLUXES and command.at is not None:
        # Line 1430: "If a creature is in the hex, it causes 1HP damage."
        hexes = spell_effects.spell_hexes(name, command.at)
        for there in [f for f in play.state.figures if set(f.hexes) & hexes]:
            arcane.flux_burn(play, there, lasting.FLUX_ENTERED)
    elif name in spell_effects.GREASES:
        # Line 1403: "If grease is cast on a hex already occupied by a creature, that creature
        # must immediately roll an AD check or fall. Multi-hex creatures still have to make an AD
        # check or fall if even one of their hexes is on a greased hex."
        hexes = spell_effects.spell_hexes(name, command.at if command.at is not None else target.hex)
        for standing in [f for f in play.state.figures if set(f.hexes) & hexes and f.condition == "standing"]:
            if not keep_footing(play, standing, "keep its feet on grease", misfortune=name == "Grease, Greater"):
                play.emit(ev.FellProne(figure=standing.id, reason="slipped on grease"))
    elif name == "Paralysis, Mass" and command.at is not None:
        # Line 1568: "all creatures in seven contiguous hexes are immobilized. It only affects
        # creatures with less than MT10" (the caster not among them).
        hexes = spell_effects.seven_hexes(command.at)
        for held in play.state.figures:
            if held.id != caster.id and held.active and held.mt < MASS_MT and set(held.hexes) & hexes \
                    and not _shielded(play, spell, held):
                play.emit(ev.SpellTookHold(caster=caster.id, spell=name, target=held.id, duration=spell.duration))
        # What lasts is its hold on each creature; the cast itself (on its caster) does not.
        play.emit(ev.SpellEnded(caster=caster.id, spell=name, target=target.id, reason="took hold"))
    elif name in summons.STAT_BLOCKS and command.at is not None:
        # Line 480: "the hero summons a creature to fight for them... The summoned creature can
        # fight and be killed like a normal creature."
        play.emit(ev.FigureSummoned(caster=caster.id, spell=name,
                                    figure=summons.summoned(name, caster, command.at, play.state.turn)))
    else:
        # Version 4's enforced effects (Trip, Inversus Minor, Teleport) and the lasting ones
        # spell_effects.py reads (Blur, Magic Armor, Paralysis, Fly...).
        v4._apply(play, caster, spell, target, command.at, command.facing)


def _item_spell(play: Play, name: str, target: Figure) -> None:
    """Drop Item (line 1401): "Causes the target to drop one item in its hands, most often a
    weapon... This Spell has no effect when cast on a foe with intrinsic/natural weapons"; Sunder
    Item (line 1502): "Shatters a weapon, shield, or other visible item, rendering it useless".
    "The caster decides which item": the command has no field for it yet, so the item is the first
    weapon in hand, else the shield (as a Sword crit's Disarm unchosen), and for Sunder Item else
    the first weapon carried. Claws and bites are no items."""
    held = [target.weapon(item) for item in target.in_hand if item != "shield"]
    if any(w is not None and w.weapon_class == "natural" for w in held) and name == "Drop Item":
        return
    items = [w.name.lower() for w in held if w is not None and w.weapon_class != "natural"]
    items += ["shield"] if "shield" in target.in_hand else []
    if name == "Sunder Item":
        items += [w.name.lower() for w in target.weapons if w.weapon_class != "natural"]
    if not items:
        return
    if name == "Drop Item":
        kept = list(target.in_hand)
        kept.remove(items[0])  # one of two alike
        play.emit(ev.WeaponsReadied(figure=target.id, in_hand=tuple(kept), dropped=(items[0],)))
    else:
        play.emit(ev.ItemShattered(figure=target.id, item=items[0]))


def _word_of_death(play: Play, caster: Figure, target: Figure) -> None:
    """Word of Death (line 1574): "Compare the current HP of the target and the caster. Whichever
    has less HP dies instantly, as if at -5 HP." Equal HP: the seed is silent; neither dies
    (PER-WORD-TIE, docs/pericle-5-notes.md)."""
    loser = target if target.hp < caster.hp else caster if caster.hp < target.hp else None
    if loser is not None:
        play.emit(ev.Damaged(figure=loser.id, amount=loser.hp - DEATH_HP, source="spell:Word of Death"))


def _terror(play: Play, caster: Figure, target: Figure) -> None:
    """Terror (line 1415): "Target must Defend for its next Action. If the target has not taken an
    Action this turn, then it will Defend this turn. If the target has already taken an Action this
    turn, then its Action for next turn will be to Defend... Creatures with KN3 or higher make an
    opposed KN check, and if the target succeeds on the opposed KN check, it is not affected." The
    opposed check as seed 001 gives it (Opposed Checks: the higher score rolls at the difference,
    the aggressor on a tie); a figure already Defending this turn is not made to again."""
    if target.kn >= TERROR_OPPOSED_KN:
        # Version 6's Spell Tenacity (line 1323): the target's score counts less (0 in version 5).
        tenacity = edition(play).spell_tenacity(caster)
        # Version 6's Elvish Arcanum (line 836): the casting elf's KN a point higher, Fortune for
        # the resisting elf (nothing in version 5).
        save = edition(play).spell_save(caster, target)
        roller, ad = opposed(caster.kn + save.caster, target.kn - tenacity)
        noted = [Adjustment(0, f"Spell Tenacity: {target.name}'s KN counts {tenacity} less")] if tenacity else []
        fortune, misfortune = save.rolled_with(
            roller, play.passives.luck(play, caster if roller == "aggressor" else target))
        rolled = check(play.dice, f"{target.name} resists Terror: opposed KN", ad, [*noted, *save.noted],
                       fortune=fortune, misfortune=misfortune)
        play.emit(ev.CheckMade(figure=caster.id if roller == "aggressor" else target.id,
                               purpose="Terror: opposed KN check", check=rolled))
        if rolled.success != (roller == "aggressor"):
            play.emit(ev.SpellEnded(caster=caster.id, spell="Terror", target=target.id, reason="resisted"))
            return
    if not target.acted:
        if not target.defending:
            play.emit(ev.DefendDeclared(figure=target.id))
        play.emit(ev.SpellEnded(caster=caster.id, spell="Terror", target=target.id, reason="defends this turn"))
    # Otherwise it is kept until the next turn's Action phase begins (v5/lasting.py).


def _dispel(play: Play, caster: Figure, target: Figure, at: Hex | None) -> None:
    """Dispel (line 1528): "Dispels all Spells and Spell effects in one chosen hex... If cast on
    self, it affects every Spell within 10 hexes, including "friendly" Spells": the spells on the
    figures there and the Storms and Novas lying over it; a Spell Shield keeps its own."""
    on_self = target.id == caster.id and at is None
    chosen = at if at is not None else target.hex

    def reached(active: ActiveSpell) -> bool:
        on = play.figure(active.target)
        creature = summons.summon_of(play.state, active)
        if creature is not None or active.spell in summons.STAT_BLOCKS or summons.summoning(active):
            # "including creations and summoned creatures"
            if creature is None:
                return False
            return distance(creature.hex, caster.hex) <= v4.DISPEL_REACH if on_self else chosen in creature.hexes
        if active.at is not None:
            hexes = spell_effects.lying_hexes(active)
            if on_self:
                return any(distance(h, caster.hex) <= v4.DISPEL_REACH for h in hexes)
            return chosen in hexes
        if spell_effects.on(play.state, on, "Spell Shield"):
            return False  # "prevents all other Spells from affecting the target" (line 1534)
        return distance(on.hex, caster.hex) <= v4.DISPEL_REACH if on_self else chosen in on.hexes

    for active in play.state.spells:
        if active.spell != "Dispel" and active in play.state.spells and reached(active):
            play.emit(ev.SpellEnded(caster=active.caster, spell=active.spell, target=active.target,
                                    reason="dispelled"))
            lasting.ended(play, active)
