"""Version 6's Spells that put creatures on the map or take control of them (seed 001,
Appendix: Spells): their effects as cast (`SPELL_EFFECTS`) and while they last (`ControlPassives`).

- Summon Colossus, Summon Hydra, Summon Djinn (lines 1538, 1554, 1570): a figure with the Spell's
  stat block joins its caster's side and seat, as version 5's summons do (v5/summons.py: it acts
  from the next turn, lasts while the Spell does, vanishes with it, is sent away by a Dispel).
- Guise of the Beast I-IV (lines 1472, 1512, 1548, 1564): the caster takes the beast's form
  (`ShapeTaken`, its own form kept in `CombatState.forms`) and returns to it (`ShapeLeft`).
- Control Animal, Control Humanoid (lines 1466, 1524): the target's opposed KN check; on its failure
  it joins its controller's side and seat (`ControlTaken`) until the Spell ends (`ControlLost`)."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.hexes import Hex
from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle import board
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment, Check, check, opposed
from domain.rulesets.pericle.encounter import Enemy, EnemyAttack
from domain.rulesets.pericle.joining import enemy_figure
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.spell_effects import image, summon_id
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure, by_rules_of
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5.passives import HIT_SYMBOLS, V5Passives, edition
from domain.rulesets.pericle.v5.undead import zombie_id
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

# Where seed 001 is silent on these Spells (docs/pericle-6-notes.md gives the lines).
CONTROL_RULES: tuple[ProvisionalRule, ...] = (
    ProvisionalRule(
        "PER-SUMMON-STATS",
        "What the stat blocks of Summon Colossus, Hydra and Djinn (seed 001 lines 1538, 1554, 1570) leave out: "
        "the colossus stands on one hex (no base is given); the colossus and the hydra have Overrun but no "
        "listed Overrun damage (line 609: \"as per their listed Overrun damage\"), so those they trample fall "
        "prone and take none; the djinn has Grapple 0 and no Movement on foot (it teleports: `move_figure` "
        "with the one hex it appears in); the hydra's four-hex base faces as its caster faces."),
    ProvisionalRule(
        "PER-DJINN-WILL",
        "Summon Djinn (line 1570): \"The casting hero must use their Movement phase each turn to force the djinn "
        "to act... by rolling an opposed KN check. With failure, the djinn taunts the caster and does not act\". "
        "The check is rolled as the Action phase begins, for a caster that did not move in the Movement phase "
        "(one that moved did not use it: the djinn does not act); a djinn that does not act has no slot that "
        "turn. It casts Terror (its Base AD check, as any caster) at no E cost; its Spellstrike (undefined in "
        "the seed) is left to the table."),
    ProvisionalRule(
        "PER-GUISE-ABSORB",
        "Guise of the Beast (line 1472): \"The bonus HP obtained while in beast form absorbs wounds and/or "
        "Exhaustion first\": the bonus absorbs the wounds taken in beast form first, then its Exhaustion. "
        "Morphing back: as the Action, `pass_action` with the Guise in `cancel_spells`; in the Movement phase, "
        "`cancel_spell` while the caster's side moves and before it moves (it then moves no more). A Dispel "
        "returns it too; it lands if aloft (the fall is not modelled); it may not morph back by itself aloft. "
        "Guise of the Beast IV gives no Grapple: the caster keeps its own; its four-hex base grows from the "
        "caster's hex as it faces (PER-FACING), into empty hexes, not in a Grapple Pile, and shrinks back to "
        "that hex."),
    ProvisionalRule(
        "PER-CONTROL-KIND",
        "Control Animal and Control Humanoid (lines 1466, 1524): an encounter's stat block does not say whether a "
        "creature is an animal, a humanoid, undead or a devil; the caster's player names the Spell, and the server "
        "checks what it can: a foe (or, Control Humanoid, a person another hero controls), KN0 and MT under 20 for "
        "Control Animal, no zombie raised by Create Undead, no djinn. Only heroes cast Spells here, so a foe's "
        "controlled or summoned animal (line 1466) does not arise. A controlled foe is on the heroes' side: "
        "with every other foe dead, the heroes win."),
)

COLOSSUS, HYDRA, DJINN = "Summon Colossus", "Summon Hydra", "Summon Djinn"
HYDRA_HEADS = 5  # line 1554: "It has five heads which each attack separately"
# Line 1538: "Grapple 3 except 8 to avoid being Grappled".
COLOSSUS_GRAPPLE_DEFENCE = 8 - 3

# Each Summoning Spell's stat block as printed (the Spell's seed line in the comment).
STAT_BLOCKS: dict[str, Enemy] = {
    # 1538: "Colossus: HP40, MT30, DX0, AD0, KN0, Grapple 3 except 8 to avoid being Grappled,
    # Movement 4, 4d6 damage. Has Reach and Overrun." No Overrun damage is listed (line 609:
    # "as per their listed Overrun damage"): it deals none (PER-SUMMON-OVERRUN); a one-hex base
    # (the seed gives none: PER-FACING's default).
    COLOSSUS: Enemy(id="summoned", name="Colossus", hp=40, mt=30, base_ad=0, kn=0, grapple=3, movement=4,
                    attacks=[EnemyAttack(name="Colossal blow", damage="4d6", reach=2, natural=True)],
                    abilities=["Overrun"]),
    # 1554: "a hydra or similar four-hex beast... Hydra: HP40, MT30, DX3, AD3, KN0, Grapple 6,
    # Movement 5. It has five heads which each attack separately and do 1d6+1d4 damage. Has Overrun."
    HYDRA: Enemy(id="summoned", name="Hydra", hp=40, mt=30, base_ad=3, kn=0, grapple=6, movement=5, size=4,
                 attacks=[EnemyAttack(name=f"Head {n}", damage="1d6+1d4", natural=True)
                          for n in range(1, HYDRA_HEADS + 1)],
                 abilities=["Overrun"]),
    # 1570: "Djinn: HP50, MT40, AD3 but Haste in attack order, KN6, can teleport without E cost as
    # Movement. Actions: Claw 2d6 + Spellstrike". No Grapple is given (0), and no Movement on
    # foot: it teleports (`DjinnMovement`).
    DJINN: Enemy(id="summoned", name="Djinn", hp=50, mt=40, base_ad=3, kn=6, grapple=0, movement=0,
                 attacks=[EnemyAttack(name="Claw", damage="2d6", natural=True)]),
}
# The djinn's "Terror Spell at no E cost" (line 1570): it knows Terror, cast as its Action at 0E.
# Its "Spellstrike" is left to the table (the seed does not say what it is).
DJINN_SPELL = "Terror"
DJINN_DEFIANCE = "Djinn's defiance"  # kept on the djinn for the turn it refuses to act


def summoned(spell: str, caster: Figure, at: Hex, turn: int) -> Figure:
    block = STAT_BLOCKS[spell]
    figure = enemy_figure(msgspec.structs.replace(block, id=summon_id(spell, caster.id, turn)), caster.seat)
    # The djinn's "Haste in attack order" (line 1570) is the Haste Discipline's place (turns.py).
    return msgspec.structs.replace(figure, team=caster.team, hex=at, facing=caster.facing,
                                   name=f"{block.name} ({caster.name})",
                                   disciplines=("Haste",) if spell == DJINN else figure.disciplines,
                                   spells=(DJINN_SPELL,) if spell == DJINN else figure.spells)


def summon(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
           second: Figure | None, rolled: Check, double: bool) -> None:
    """Line 480: "the hero summons a creature to fight for them... The summoned creature can fight
    and be killed like a normal creature"; where the Spell was cast (`at`, checked before the roll:
    `ControlPassives.check_action`)."""
    assert command.at is not None
    play.emit(ev.FigureSummoned(caster=caster.id, spell=spell.name,
                                figure=summoned(spell.name, caster, command.at, play.state.turn)))


def summon_in(state: CombatState, figure: Figure, spell: str) -> ActiveSpell | None:
    """The Summoning Spell of version 6 or later that keeps this figure on the map, if it is that one."""
    return next((s for s in state.spells if s.spell == spell and by_rules_of(s.rules, 6)
                 and summon_id(s.spell, s.caster, s.cast_turn) == figure.id), None)


def _defiant(state: CombatState, figure: Figure) -> bool:
    return any(s.spell == DJINN_DEFIANCE and s.target == figure.id and s.cast_turn == state.turn
               for s in state.spells)


def _force_djinn(play: Play, djinn_spell: ActiveSpell) -> None:
    """Line 1570: "The casting hero must use their Movement phase each turn to force the djinn to act
    according to the hero's will by rolling an opposed KN check. With failure, the djinn taunts the
    caster and does not act." Rolled as the Action phase begins, for a djinn summoned before this
    turn: a caster that moved this Movement phase (or cannot act) did not use it, and the djinn does
    not act; otherwise the opposed KN check of seed 001 (Opposed Checks: the higher score rolls at the
    difference, the aggressor on a tie), the caster the aggressor."""
    djinn = play.state.figure(summon_id(djinn_spell.spell, djinn_spell.caster, djinn_spell.cast_turn))
    caster = play.figure(djinn_spell.caster)
    if djinn is None or not djinn.active or djinn_spell.cast_turn >= play.state.turn:
        return
    obeys = False
    if caster.active and caster.id not in play.state.moved_figures:
        roller, ad = opposed(caster.kn, djinn.kn)
        rolled = check(play.dice, f"{caster.name} forces the djinn to act: opposed KN", ad, [])
        play.emit(ev.CheckMade(figure=caster.id if roller == "aggressor" else djinn.id,
                               purpose="Summon Djinn: opposed KN check to force the djinn to act", check=rolled))
        obeys = rolled.success == (roller == "aggressor")
    if not obeys:
        play.emit(ev.SpellTookHold(caster=caster.id, spell=DJINN_DEFIANCE, target=djinn.id, duration=1))


# ---- Guise of the Beast ----------------------------------------------------------------------


class Beast(msgspec.Struct, frozen=True):
    """A beast form's statistics as a Guise of the Beast Spell gives them."""

    hp: int  # added to the caster's HP
    mt: int  # added to the caster's MT
    ad: int
    grapple: int | None  # None: the caster's own (Guise IV gives none)
    movement: int
    attack: str
    damage: str
    armour: int = 0
    flying: int = 0
    heads: int = 1  # separate attacks, each once in an Attack ("Head 1".."Head 5")
    size: int = 1  # hexes of its base, grown from the caster's hex as it faces (PER-FACING)


GUISES: dict[str, Beast] = {
    # 1472: "+5 HP, +5 MT, DX 4, AD 4, Grapple 3, Movement 6, 1d6+1 damage"
    "Guise of the Beast I": Beast(5, 5, 4, 3, 6, "Bite/claws", "1d6+1"),
    # 1512: "+8 HP, +8 MT, DX 1, AD 1, Grapple 4, Movement 5, 2d6 damage, 1pt armor"
    "Guise of the Beast II": Beast(8, 8, 1, 4, 5, "Bite/claws", "2d6", armour=1),
    # 1548: "+6 HP, +5 MT, DX1, AD1, Grapple 6, Movement 6 on the ground, 8 flying, Talons 2d6
    # damage. 2 armor protection"
    "Guise of the Beast III": Beast(6, 5, 1, 6, 6, "Talons", "2d6", armour=2, flying=8),
    # 1564: "transforms into a hydra or similar beast, becomes four hexes in size, and gains the
    # following statistics: MT+15, HP+15 DX3, AD3, Movement 5, five separate attacks each 1d6+1d4"
    "Guise of the Beast IV": Beast(15, 15, 3, None, 5, "Head", "1d6+1d4", heads=5, size=4),
}
# Line 1472: the caster "can't cast Spells nor use weapons or items while in beast form".
NOT_IN_BEAST_FORM = (cmd.CastSpell, cmd.ReadyWeapons, cmd.FetchItem, cmd.UseItem, cmd.PickUp, cmd.Reload)


def guise_of(state: CombatState, figure: Figure) -> ActiveSpell | None:
    """The Guise of the Beast the figure is in (version 6), if any."""
    return next((s for s in state.spells if s.spell in GUISES and s.caster == figure.id
                 and by_rules_of(s.rules, 6)), None)


def own_form(state: CombatState, figure_id: str) -> Figure | None:
    return next((f for f in state.forms if f.id == figure_id), None)


def beast_form(own: Figure, beast: Beast) -> Figure:
    """Line 1472: "gains the following statistics"; "Armor does not carry over to beast form"; no
    weapons, items or Spells; its wounds and Exhaustion go with it (the bonus HP above them)."""
    names = [beast.attack] if beast.heads == 1 else [f"{beast.attack} {n}" for n in range(1, beast.heads + 1)]
    weapons = tuple(Weapon(name=name, mt=0, damage=beast.damage, weapon_class="natural", grapple=True)
                    for name in names)
    return msgspec.structs.replace(
        own, max_hp=own.max_hp + beast.hp, mt=own.mt + beast.mt, base_ad=beast.ad,
        grapple=own.grapple if beast.grapple is None else beast.grapple, movement=beast.movement,
        flying_speed=beast.flying, armour=beast.armour, shield=0, weapons=weapons, size=beast.size,
        in_hand=tuple(name.lower() for name in names), unloaded=(), parrying=False, spells=(), pack=())


def guise(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
          second: Figure | None, rolled: Check, double: bool) -> None:
    """Line 1472: "The caster transforms into a wolf or similar beast" (its Exhaustion already paid:
    the bonus HP absorbs wounds and Exhaustion taken from now on)."""
    own = play.figure(caster.id)  # (its Exhaustion for the cast paid)
    play.emit(ev.ShapeTaken(figure=caster.id, spell=spell.name, form=beast_form(own, GUISES[spell.name])))


def returned(beast: Figure, own: Figure, bonus: int) -> Figure:
    """Line 1472: "The bonus HP obtained while in beast form absorbs wounds and/or Exhaustion first.
    Example: with +5 HP, if a hero takes 6 HP damage, when returning to normal form they will only
    accrue 1 HP of damage." The bonus absorbs the wounds taken in beast form first, then the
    Exhaustion (PER-GUISE-ABSORB); healing in beast form heals the hero's own wounds. The rest of
    the figure (where it is, its condition, its Grapple, bleeding...) is the beast's."""
    wounded = beast.wounds - own.wounds
    tired = beast.exhaustion - own.exhaustion
    absorbed = min(bonus, max(0, wounded))
    left = bonus - absorbed
    return msgspec.structs.replace(
        beast, name=own.name, max_hp=own.max_hp, mt=own.mt, base_ad=own.base_ad, grapple=own.grapple,
        movement=own.movement, flying_speed=own.flying_speed, airborne=False, armour=own.armour, shield=own.shield,
        size=own.size,
        weapons=own.weapons, in_hand=own.in_hand, unloaded=own.unloaded, spells=own.spells, pack=own.pack,
        wounds=max(0, own.wounds + wounded - absorbed),
        exhaustion=max(0, own.exhaustion + tired - min(left, max(0, tired))))


def morph_back(play: Play, figure: Figure, spell: ActiveSpell, reason: str) -> None:
    own = own_form(play.state, figure.id)
    if own is None:
        return
    play.emit(ev.ShapeLeft(figure=figure.id, spell=spell.spell, reason=reason,
                           form=returned(play.figure(figure.id), own, GUISES[spell.spell].hp)))


# ---- Control Animal, Control Humanoid -------------------------------------------------------------

CONTROL_ANIMAL, CONTROL_HUMANOID = "Control Animal", "Control Humanoid"
CONTROLS = (CONTROL_ANIMAL, CONTROL_HUMANOID)
ANIMAL_MT = 20  # line 1466: "one animal or magic beast that has KN0 and MT less than 20"


def _controlled_by(state: CombatState, figure: Figure) -> ActiveSpell | None:
    """The version 6 Control Spell that holds the figure, if any."""
    return next((s for s in state.spells if s.spell in CONTROLS and s.target == figure.id
                 and by_rules_of(s.rules, 6)), None)


def _undead(figure: Figure) -> bool:
    """The undead the server knows of: zombies raised by Create Undead (v5/undead.py's ids). An
    encounter's stat block does not say what a creature is (PER-CONTROL-KIND)."""
    return figure.id.startswith(zombie_id("", "").split("-")[0] + "-")


def _control_target(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """Who a Control Spell may be thrown at, checked before the cast's roll. Line 1466: "Gain control
    of one animal or magic beast that has KN0 and MT less than 20... All undead, including undead
    (zombie) animals, are not affected"; line 1524: "Humanoids are defined as all creatures with two
    legs and two arms, excluding undead, djinn, and devils". An Image may be its target (it is
    dispelled). Whether a foe is an animal or a humanoid the encounter's stat block does not say: the
    caster's player names it (PER-CONTROL-KIND); its KN, MT, and being a zombie or a djinn are checked."""
    if command.spell not in CONTROLS or command.spell not in caster.spells:
        return
    target = play.figure(command.target)
    if image(play.state, target):
        return
    held = _controlled_by(play.state, target)
    mine = held is not None and held.caster == caster.id
    theirs = held is not None and not mine and command.spell == CONTROL_HUMANOID and held.spell == CONTROL_HUMANOID
    if caster.team != "heroes" or target.id == caster.id or mine or (target.team == caster.team and not theirs):
        raise RuleViolation("spell-target", f"{command.spell} is thrown at a foe (or at a person another wizard "
                                            "controls, Control Humanoid), not at one's own side")
    if _undead(target) or summon_in(play.state, target, DJINN) is not None:
        raise RuleViolation("spell-target", f"{command.spell} does not affect undead (lines 1466, 1524) nor a "
                                            "djinn (line 1524)")
    if command.spell == CONTROL_ANIMAL and (target.kn != 0 or target.mt >= ANIMAL_MT):
        raise RuleViolation("spell-target", f"Control Animal controls an animal with KN0 and MT less than "
                                            f"{ANIMAL_MT} (line 1466)")


def control(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
            second: Figure | None, rolled: Check, double: bool) -> None:
    """Line 1466: "The animal immediately gets an opposed KN check to prevent being controlled (roll AD
    equal to the animal's KN minus the caster's KN, which will be a negative AD.). If the target makes
    the save, the caster still expends 1E but the Spell fails. If the animal fails the save, the caster
    may immediately control the animal, deciding all movements and actions on the animal's turn for as
    long as the Spell is maintained. If cast on an image, the image is dispelled and disappears."
    Line 1524 (Control Humanoid) the same, and: "If cast on a person who is controlled by another
    wizard, there is no opposed check. Instead, both wizards make opposed KN checks against one
    another to determine which wizard gains control of the target" (seed 001, Opposed Checks: the
    higher KN rolls at the difference, the aggressor, the caster, on a tie)."""
    target = play.figure(target.id)
    if image(play.state, target):
        return  # version 5 pops an image "impacted by a spell" as the cast ends (v5/casting.py)
    other = next((s for s in play.state.spells if s.spell in CONTROLS and s.target == target.id
                  and s.caster != caster.id and by_rules_of(s.rules, 6)), None)
    if other is not None:
        rival = play.figure(other.caster)
        roller, ad = opposed(caster.kn, rival.kn)
        contest = check(play.dice, f"{caster.name} and {rival.name} contend for {target.name}: opposed KN", ad, [],
                        fortune=play.passives.luck(play, caster if roller == "aggressor" else rival))
        play.emit(ev.CheckMade(figure=caster.id if roller == "aggressor" else rival.id,
                               purpose=f"{spell.name}: opposed KN check between the wizards", check=contest))
        won = contest.success == (roller == "aggressor")
    else:
        # The target rolls at its KN minus the caster's (lines 1466, 1524), less Spell Tenacity's two
        # (line 1323), with Elvish Arcanum's point and Fortune (line 836) and Luck of Esteus.
        tenacity = edition(play).spell_tenacity(caster)
        kept = edition(play).spell_save(caster, target)
        fortune, misfortune = kept.rolled_with("defender", play.passives.luck(play, target))
        noted = [Adjustment(0, f"Spell Tenacity: {target.name}'s KN counts {tenacity} less")] if tenacity else []
        save = check(play.dice, f"{target.name} resists {spell.name}: opposed KN",
                     target.kn - tenacity - (caster.kn + kept.caster), [*noted, *kept.noted],
                     fortune=fortune, misfortune=misfortune)
        play.emit(ev.CheckMade(figure=target.id, purpose=f"{spell.name}: opposed KN check not to be controlled",
                               check=save))
        won = not save.success
    if not won:
        play.emit(ev.SpellEnded(caster=caster.id, spell=spell.name, target=target.id, reason="resisted"))
        return
    if other is not None:
        play.emit(ev.SpellEnded(caster=other.caster, spell=other.spell, target=other.target, reason="control taken"))
        _release(play, other, "control taken")
    play.emit(ev.ControlTaken(figure=target.id, spell=spell.name, caster=caster.id, team=caster.team,
                              seat=caster.seat))


def _release(play: Play, spell: ActiveSpell, reason: str) -> None:
    """As a Control Spell ends, the creature goes back to its side: the enemies (only heroes cast)."""
    figure = play.state.figure(spell.target)
    if figure is not None and figure.team != "enemies":
        play.emit(ev.ControlLost(figure=figure.id, spell=spell.spell, team="enemies", seat=play.state.enemy_seat,
                                 reason=reason))


SPELL_EFFECTS: dict[str, SpellEffect] = {COLOSSUS: summon, HYDRA: summon, DJINN: summon,
                                         **{name: guise for name in GUISES}, **{name: control for name in CONTROLS}}
USED: dict[str, UsedEffect] = {}


class ControlPassives(V5Passives):
    """Hooks of `V5Passives` this area overrides (each calls `super()` for the rest)."""

    lasting_until_broken = frozenset({*V5Passives.lasting_until_broken, *GUISES})

    def resist_grapple(self, play: Play, figure: Figure) -> int:
        found = super().resist_grapple(play, figure)
        if summon_in(play.state, figure, COLOSSUS):
            found += COLOSSUS_GRAPPLE_DEFENCE  # line 1538: "Grapple 3 except 8 to avoid being Grappled"
        return found

    def separate_attacks(self, state: CombatState, figure: Figure) -> bool:
        # Line 1554: "It has five heads which each attack separately"; line 1564 (Guise of the Beast
        # IV): "five separate attacks".
        if summon_in(state, figure, HYDRA) is not None:
            return True
        guise_in = guise_of(state, figure)
        if guise_in is not None and GUISES[guise_in.spell].heads > 1:
            return True
        return super().separate_attacks(state, figure)

    def crit(self, play: Play, attacker: Figure, weapon: Weapon, kind: str, rolled: Check) -> bool:
        # Line 1570: the djinn "crits on all hit faces as per Swordsmanship" (line 1286: "All hit
        # markers on the Action Die are treated as critical hit icons").
        if summon_in(play.state, attacker, DJINN) and rolled.kept in HIT_SYMBOLS:
            return True
        return super().crit(play, attacker, weapon, kind, rolled)

    def teleports(self, state: CombatState, figure: Figure) -> bool:
        # Line 1570: the djinn "can teleport without E cost as Movement".
        return summon_in(state, figure, DJINN) is not None or super().teleports(state, figure)

    def spell_cost(self, play: Play, caster: Figure, spell: str, paid: int) -> int:
        # Line 1570: the djinn's "Terror Spell at no E cost".
        if spell == DJINN_SPELL and summon_in(play.state, caster, DJINN) is not None:
            return 0
        return super().spell_cost(play, caster, spell, paid)

    def actions_begin(self, play: Play) -> None:
        super().actions_begin(play)
        for spell in play.state.spells:
            if spell.spell == DJINN and by_rules_of(spell.rules, 6):
                _force_djinn(play, spell)

    def order_group(self, state: CombatState, figure: Figure) -> int:
        if summon_in(state, figure, DJINN) and _defiant(state, figure):
            return -1  # "the djinn taunts the caster and does not act": no slot this turn
        return super().order_group(state, figure)

    def spell_ended(self, play: Play, spell: ActiveSpell) -> None:
        super().spell_ended(play, spell)
        if spell.spell in CONTROLS and by_rules_of(spell.rules, 6):
            _release(play, spell, "spell ended")
        if spell.spell in GUISES and by_rules_of(spell.rules, 6):
            figure = play.figure(spell.caster)
            reason = next((e.reason for e in reversed(play.events) if isinstance(e, ev.SpellEnded)
                           and e.spell == spell.spell and e.caster == spell.caster), "ended")
            if reason == "cancelled":
                _spend_movement(play, figure)
            morph_back(play, play.figure(figure.id), spell, reason)

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        super().check_action(play, figure, command)
        if isinstance(command, cmd.CastSpell):
            _summoning_hex(play, figure, command)
            _control_target(play, figure, command)
            _guise_base(play, figure, command)
        in_guise = guise_of(play.state, figure)
        if in_guise is None:
            return
        if isinstance(command, NOT_IN_BEAST_FORM):
            raise RuleViolation("beast-form", f"{figure.name} is in beast form ({in_guise.spell}): it can't cast "
                                              "Spells nor use weapons or items (line 1472)")
        if in_guise.spell in getattr(command, "cancel_spells", ()):
            # Line 1472: "The caster may return to normal by spending the Movement phase or an
            # Action morphing back": the Action is a `pass_action` letting the Guise go.
            _not_aloft(figure)
            if not isinstance(command, cmd.PassAction):
                raise RuleViolation("beast-form", "morphing back takes the Action: `pass_action` with the Guise "
                                                  "in `cancel_spells` (or `cancel_spell` in the Movement phase)")
            play.emit(ev.SpellEnded(caster=figure.id, spell=in_guise.spell, target=in_guise.target,
                                    reason="morphed back"))
            morph_back(play, figure, in_guise, "morphed back (an Action)")


def _not_aloft(figure: Figure) -> None:
    if figure.airborne:
        raise RuleViolation("beast-form", f"{figure.name} lands before morphing back (PER-GUISE-ABSORB)")


def _spend_movement(play: Play, figure: Figure) -> None:
    """Morphing back by `cancel_spell` is "spending the Movement phase" (line 1472): only while its
    team moves and before it has moved; it then moves no more this phase."""
    _not_aloft(figure)
    state = play.state
    if state.phase != "movement" or state.moving != figure.team or figure.id in state.moved_figures:
        raise RuleViolation("beast-form", f"{figure.name} returns to normal by spending its Movement phase (before "
                                          "it moves, while its side moves) or an Action (`pass_action` with the "
                                          "Guise in `cancel_spells`), line 1472")
    play.emit(ev.FigureMoved(figure=figure.id, path=(), facing=figure.facing, counted=0, reason="movement"))


def _guise_base(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """Guise of the Beast IV (line 1564): the caster "becomes four hexes in size": its base grows from
    its hex as it faces (PER-FACING's four-hex shape), into hexes that must be on the map, passable and
    empty, and not in a Grapple Pile (PER-GUISE-ABSORB); checked before the cast's roll."""
    beast = GUISES.get(command.spell)
    if beast is None or beast.size == 1 or command.spell not in caster.spells:
        return
    grown = msgspec.structs.replace(caster, size=beast.size)
    if caster.grappled_with or not board.base_fits(play.state, grown, caster.hex, caster.facing) or any(
            f.id != caster.id for h in grown.hexes for f in play.state.at(h)):
        raise RuleViolation("spell-target", f"{command.spell}: the beast's {beast.size}-hex base (grown from "
                                            f"{caster.name}'s hex as it faces) must fit in empty hexes, out of a "
                                            "Grapple")


def _summoning_hex(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """A four-hex Hydra's base must fit where it is summoned: "Summoned creatures and Images must be
    created in an empty hex" (line 476), every hex of its base (facing as its caster faces), checked
    before the cast's roll."""
    if command.spell != HYDRA or command.at is None or command.spell not in caster.spells:
        return
    hydra = summoned(HYDRA, caster, command.at, play.state.turn)
    if not board.base_fits(play.state, hydra, command.at, caster.facing) \
            or any(play.state.at(h) for h in hydra.hexes):
        raise RuleViolation("spell-target", "Summon Hydra: the hydra's four-hex base (facing as its caster faces) "
                                            f"must fit in empty hexes at {command.at}")
