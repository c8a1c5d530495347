"""The always-on effects of the Disciplines version 5 enforces beyond version 4's (seed 001,
Appendix: Disciplines, lines 1131-1361), as the hooks of `passives.Passives` the shared rules
call (strikes.py, movement.py, actions.py, turns.py). Each effect quotes its seed line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import msgspec

from domain.errors import RuleViolation
from domain.hexes import Hex
from domain.rulesets.pericle import board
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import Weapon, unarmed
from domain.rulesets.pericle.dice import Adjustment, Check
from domain.rulesets.pericle.passives import Passives
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import CombatState, Figure
from domain.rulesets.pericle.strikes import can_strike
from domain.rulesets.pericle.v5.disciplines import ENFORCED_V5
from domain.rulesets.pericle.v5.enforced import ENFORCED_SPELLS_V5

if TYPE_CHECKING:
    from domain.rulesets.pericle.v4.handbook import HandbookSpell

MELEE = ("melee", "reach")  # the strikes of a melee weapon outside a Grapple
HIT_SYMBOLS = ("success", "crit")  # the Action Die's success icons; the Crit is one with a star
# Double Shot I-III (lines 1302, 1337, 1353): "You may shoot a recurve bow / a War Bow / a Longbow
# twice per turn."
DOUBLE_SHOT = {"recurve bow": "Double Shot I", "war bow": "Double Shot II", "longbow": "Double Shot III"}
MARKSMANSHIP = ("Marksmanship I", "Marksmanship II")  # declared for an aimed shot
SUNDER_POINTS = 2  # "your foe's armor is permanently reduced by two points" (line 1284)


def berserk(state: CombatState, figure: Figure) -> bool:
    """In Berserk: begun (line 1250) and kept with the maintained effects until it ends."""
    return any(s.spell == "Berserk" and s.caster == figure.id for s in state.spells)


def _holds(figure: Figure, test: str) -> bool:
    return any((w := figure.weapon(item)) is not None and getattr(w, test) for item in figure.in_hand
               if item != "shield")


def _sword_in_hand(figure: Figure) -> bool:
    return any((w := figure.weapon(item)) is not None and w.weapon_class == "sword" for item in figure.in_hand)


def _fights_unarmed(figure: Figure) -> bool:
    """Wielding a cestus or using unarmed strikes: nothing in hand but cesti (or a shield, whose
    bearer strikes with the other hand unarmed)."""
    return all(item in ("cestus", "shield") for item in figure.in_hand)


def _opposite(attacker: Figure, target: Figure) -> Hex | None:
    """The hex on the far side of a one-hex foe from an adjacent attacker."""
    if target.size != 1 or attacker.size != 1 or board.gap(attacker, target) != 1:
        return None
    return Hex(2 * target.hex.q - attacker.hex.q, 2 * target.hex.r - attacker.hex.r)


def flanked(state: CombatState, attacker: Figure, target: Figure) -> bool:
    """Flanking Combat I (line 1201): "an ally on the opposite side of a foe"."""
    far = _opposite(attacker, target)
    return far is not None and any(f.team == attacker.team and f.id != attacker.id and f.active
                                   and far in f.hexes for f in state.figures)


class SpellSave(msgspec.Struct, frozen=True):
    """What an ability adds to the opposed check that resists a Spell (`V5Passives.spell_save`):
    points on the caster's score, Fortune on the target's side of the check (Fortune when the
    target rolls; when the caster rolls, its roll with as much Misfortune), and the notes the check
    records (adjustments of 0, for an auditor)."""

    caster: int = 0
    fortune: int = 0
    noted: tuple[Adjustment, ...] = ()

    def rolled_with(self, roller: str, luck: int) -> tuple[int, int]:
        """The (fortune, misfortune) of the check, `roller` being "aggressor" (the caster) or
        "defender" (the target), `luck` the roller's own Fortune (Luck of Esteus)."""
        return (luck, self.fortune) if roller == "aggressor" else (luck + self.fortune, 0)


NO_SAVE_CHANGE = SpellSave()


class V5Passives(Passives):
    """Version 5's always-on Discipline effects, and the tables a later version's own (a subclass,
    e.g. v6/passives.py) replaces: the `rules` its casts are stamped with, the Spells and the
    Disciplines it enforces, and where its casting and its used Disciplines take effects of their own."""

    rules = "5"
    spells_enforced: Mapping[str, str] = ENFORCED_SPELLS_V5
    disciplines_enforced: Mapping[str, str] = ENFORCED_V5
    # Enforced Disciplines without an Exhaustion cost that a later version applies when used
    # (version 5's own are v5/using.py's APPLIED_WHEN_USED).
    applied_when_used: frozenset[str] = frozenset()
    # Spells with neither a duration nor an upkeep that a later version keeps in play until
    # something ends them (version 5's own: v5/casting.py's LASTING_UNTIL_BROKEN).
    lasting_until_broken: frozenset[str] = frozenset()

    @property
    def laid_on_hexes(self) -> frozenset[str]:
        """Spells a later version lays on a hex (`at`, else its target's) until the end of combat,
        as version 5 lays Grease and Arcane Flux (v5/casting.py): not ended as cast. (A later
        version's classes add theirs to `super()`'s.)"""
        return frozenset()

    @property
    def chosen_by_second_target(self) -> frozenset[str]:
        """[T] Spells whose `second_target` a later version reads as the caster's choice of what
        they affect (not a second figure): version 5 refuses a `second_target` on them, as version 4."""
        return frozenset()

    def apply_spell(self, play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
                    second: Figure | None, rolled: Check, double: bool) -> bool:
        """A later version's effect of a Spell it enforces, applied as the Spell is cast (True:
        applied; False: version 5's own, v5/casting.py)."""
        return False

    def spell_power(self, spell: HandbookSpell, command: cmd.CastSpell) -> int:
        """The Exhaustion of `power` in a cast (checked before any die): all of it in version 5; a
        later version may read `power` on a Spell of fixed cost as the caster's choice."""
        return command.power
    def spell_cost(self, play: Play, caster: Figure, spell: str, paid: int) -> int:
        """The Exhaustion a successful cast costs its caster, as version 5 reckons it (`paid`), or a
        later version's own (a creature that casts a Spell at no E cost)."""
        return paid

    def used(self, play: Play, figure: Figure, name: str, target: Figure | None, command: cmd.UseDiscipline,
             ) -> Callable[[], None] | None:
        """A later version's effect of a Discipline used in combat, checked now (before any die)
        and applied by the function returned (None: version 5's own, v5/using.py)."""
        return None

    def spell_tenacity(self, caster: Figure) -> int:
        """Points the caster's Spell Tenacity takes off a target's score in a Spell's opposed check
        (version 6, line 1323; none in version 5)."""
        return 0

    def cast_adjustments(self, caster: Figure) -> list[Adjustment]:
        """More AD modifiers on the caster's rolls to cast a Spell (a later version's: version 6's
        Sapphire runestone in a weapon in hand, line 747); none in version 5."""
        return []

    def scroll(self, play: Play, caster: Figure, spell: HandbookSpell) -> Adjustment | None:
        """A later version's cast of a Spell the caster has not learned from a Spell Scroll of it in
        hand (version 6, line 491): the cast check's adjustment for the scroll's KN against the
        caster's; None (version 5): no scroll casts, the Spell must be learned (or delved)."""
        return None

    def strikes_before_casting(self, play: Play, caster: Figure, command: cmd.CastSpell) -> bool:
        """A later version's strike that comes with a cast (version 6's Spell Strike), played
        wholly by the hook, the cast included (True); False: the cast as version 5 makes it."""
        return False
    def spell_save(self, caster: Figure, target: Figure) -> SpellSave:
        """What else counts in the opposed check that resists a Spell the caster casts on the
        target (beyond the caster's Spell Tenacity): version 6's Elvish Arcanum (line 836); nothing
        in version 5."""
        return NO_SAVE_CHANGE

    def attack(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[Adjustment]:
        found = []
        if weapon.name.lower() == "katar":
            # Special Weapon Proficiency: Katar (line 1157): "It gains the AD+1 property of the
            # sword class."
            found.append(Adjustment(1, "katar (the sword class's AD+1)"))
        if weapon.weapon_class == "sword" and self._swordsmanship(attacker, kind):
            # Recorded with the roll so an auditor sees why a success icon became a Crit.
            found.append(Adjustment(0, "Swordsmanship: hit markers are Crits"))
        return found

    def fortune(self, play: Play, attacker: Figure, weapon: Weapon, kind: str) -> int:
        # Berserk (line 1250): "Fortune on all attack rolls with a melee or thrown weapon".
        return int(kind in (*MELEE, "grapple-strike", "thrown") and berserk(play.state, attacker))

    def second_strike(self, figure: Figure, weapon: Weapon) -> Adjustment | None:
        name = weapon.name.lower()
        if "Quick Jab" in figure.disciplines and (name == "javelin" or "spear" in name):
            # Line 1143: "When you choose to attack with a javelin or spear during your Action
            # Phase, you may make an additional attack at AD-3."
            return Adjustment(-3, "Quick Jab")
        if DOUBLE_SHOT.get(name) in figure.disciplines:
            return Adjustment(0, DOUBLE_SHOT[name])
        return None

    def casts_after_running(self, figure: Figure) -> bool:
        # Cast on the Run (line 1189): "You may move your full Movement during the Movement phase
        # and still cast a Spell during the Action phase."
        return "Cast on the Run" in figure.disciplines

    def past_partial_cover(self, figure: Figure, kind: str) -> bool:
        # Sharpshooter I (line 1149): "When attacking with a ranged attack, if you target a foe
        # that is partially obstructed by another combatant or by a structure, the foe does not
        # gain a defense bonus for partial cover. If an ally provides partial cover and you miss
        # your shot, you need not roll to miss your ally."
        return kind in ("ranged", "thrown") and "Sharpshooter I" in figure.disciplines

    def shoots_after_running(self, figure: Figure) -> bool:
        # Shot on the Run (line 1276): "You may take up to your full Movement during the Movement
        # phase and still attack with a ranged weapon during the Action phase."
        return "Shot on the Run" in figure.disciplines

    @staticmethod
    def _swordsmanship(attacker: Figure, kind: str) -> bool:
        # Line 1286: "Prerequisite: Attacking with a sword with a Base AD of 3 or higher ...
        # Swordsmanship cannot be used while Grappling."
        return "Swordsmanship" in attacker.disciplines and attacker.base_ad >= 3 and kind != "grapple-strike" \
            and not attacker.grappled_with

    def crit(self, play: Play, attacker: Figure, weapon: Weapon, kind: str, rolled: Check) -> bool:
        # Swordsmanship (line 1286): "All hit markers on the Action Die are treated as critical
        # hit icons. With this Discipline, there are five critical hit icons on an Action Die
        # when attacking with a sword."
        if weapon.weapon_class == "sword" and self._swordsmanship(attacker, kind) and rolled.kept in HIT_SYMBOLS:
            return True
        return rolled.crit

    def extra_damage(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str,
                     first: bool) -> tuple[str, list[Adjustment]]:
        dice: list[str] = []
        bonuses: list[Adjustment] = []
        # Flanking Combat I (line 1201): "your first attack deals an extra 1d6 damage to that foe
        # with a successful hit"; II (line 1309): "you may apply the bonus damage to all of your
        # attacks in a turn".
        known = attacker.disciplines
        flanking = "Flanking Combat II" in known or (first and "Flanking Combat I" in known)
        if flanking and kind == "melee" and flanked(play.state, attacker, target):
            dice.append("1d6")
        stealth = self._stealth(attacker, target, weapon, kind)
        if stealth:
            dice.append(stealth)
        if kind == "grapple-strike" and weapon.name.lower() == "cestus":
            # Line 925: "weapons may be used in a Grapple (+2 damage in a Grapple) where marked",
            # the Cestus marked "(Grapple)" (line 921); line 989: "Knife, dagger, katar, and
            # cestus ... Each of these weapons deals +2 damage in the close-quarters fighting of a
            # Grapple." (The Katar's own entry, line 1157, takes it away from the Katar.)
            bonuses.append(Adjustment(2, "cestus in a Grapple"))
        if aimed(play.state, attacker, weapon) and declared(play.state, attacker, "Marksmanship II"):
            # Marksmanship II (line 1315): "you may add +2 damage to your attack roll if you take
            # only one attack. This damage applies if your shot hits but the aimed shot does not
            # bypass armor."
            bonuses.append(Adjustment(2, "Marksmanship II"))
        if berserk(play.state, attacker) and attacker.mt // 2:
            # Berserk (line 1250): "your attacks deal bonus damage equal to half your MT score
            # rounded down".
            bonuses.append(Adjustment(attacker.mt // 2, "Berserk"))
        return "+".join(dice), bonuses

    @staticmethod
    def _stealth(attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> str:
        """Stealth Attack I (line 1236): "When attacking with a one-handed weapon against a
        target's side hex, rear hex, or if the target is prone, add 2d4 to your damage"; II (line
        1329): "+3d4 instead of 2d4 ... You cannot use this Discipline if Grappled"."""
        if weapon.two_handed or kind not in ("melee", "grapple-strike"):
            return ""
        behind = kind == "melee" and board.zone_toward(target, attacker) in ("side", "rear")
        if not (behind or target.condition == "prone"):
            return ""
        if "Stealth Attack II" in attacker.disciplines and not attacker.grappled_with:
            return "3d4"
        return "2d4" if "Stealth Attack I" in attacker.disciplines else ""

    def protection(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str,
                   rolled: Check) -> list[Adjustment]:
        found = []
        if kind in MELEE and "Parry" in target.disciplines and _sword_in_hand(target):
            # Parry (line 1217): "When wielding a sword-type weapon, gain a +1 armor bonus against
            # melee attacks. If wielding two swords, the bonus does not increase".
            found.append(Adjustment(1, "Parry"))
        if kind in (*MELEE, "grapple-strike") and _fights_unarmed(target) and not target.deft_strikes:
            # Unarmed Defense I (line 1242): "When wielding a cestus or using unarmed strikes, gain
            # one point of armor against melee attacks provided that you only attack once in a
            # turn. This also applies when Grappling."; II (line 1292): "the total armor benefit is
            # two points". (Deft Strikes declared is two attacks this turn: see the notes.)
            if "Unarmed Defense II" in target.disciplines:
                found.append(Adjustment(2, "Unarmed Defense II"))
            elif "Unarmed Defense I" in target.disciplines:
                found.append(Adjustment(1, "Unarmed Defense I"))
        if aimed(play.state, attacker, weapon) and rolled.kept in HIT_SYMBOLS and target.armour > 0:
            # Marksmanship I (line 1262): "If the AD check to hit is a Hit Symbol, then the
            # target's armor does not provide any protection against the attack ... Marksmanship
            # is effective against natural armor".
            found.append(Adjustment(-target.armour, "Marksmanship: armour bypassed"))
        if weapon.weapon_class in ("hammer", "axe") and "Sunder" in attacker.disciplines \
                and rolled.kept in HIT_SYMBOLS and target.armour > 0:
            # Sunder (line 1284): "if your attack roll is a Hit Symbol your foe's armor is
            # permanently reduced by two points. Your foe also takes damage from your attack,
            # determined after their armor is reduced."
            found.append(Adjustment(-min(SUNDER_POINTS, target.armour), "Sunder"))
        return found

    def after_strike(self, play: Play, strike: ev.Strike) -> None:
        sundered = next((a for a in strike.protection if a.source == "Sunder"), None)
        if sundered is not None and strike.hit:
            play.emit(ev.ArmourSundered(figure=strike.target, by=-sundered.value, attacker=strike.attacker))

    def movement(self, play: Play, figure: Figure) -> int:
        # Berserk (line 1250): "While in Berserk, you gain +1 Movement"; Acrobatics II (line 1246):
        # standing up this Movement phase spent "one hex of Movement".
        stood = play.state.phase == "movement" and declared(play.state, figure, "Acrobatics II")
        return int(berserk(play.state, figure) and figure.condition == "standing") - int(stood)

    def skill(self, figure: Figure, skill: str) -> list[Adjustment]:
        if skill != "Athletics" or figure.team != "heroes":
            return []
        # Acrobatics I (line 1133): "Gain AD+1 when making Athletics Skill Checks"; II (line
        # 1246): "Gain another +1 for a total of AD+2 on Athletics checks."
        return [Adjustment(1, name) for name in ("Acrobatics I", "Acrobatics II") if name in figure.disciplines]

    def grapple_defence(self, figure: Figure) -> int:
        # Acrobatics I (line 1133): "You may add your base ranks in Athletics to your Grapple
        # score when attempting to avoid being Grappled".
        return figure.athletics if "Acrobatics I" in figure.disciplines and figure.team == "heroes" else 0

    def grapple_escape(self, figure: Figure) -> int:
        # Acrobatics I (line 1133): "... or when you attempt to escape from a Grapple"; II (line
        # 1246): "Add your base Athletics ranks, +1 more, to your Grapple score when attempting
        # to escape a Grapple."
        if "Acrobatics I" not in figure.disciplines or figure.team != "heroes":
            return 0
        return figure.athletics + (1 if "Acrobatics II" in figure.disciplines else 0)

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        taunt_binds(play, figure, command)
        if "Berserk" in getattr(command, "cancel_spells", ()) and berserk(play.state, figure):
            # Berserk (line 1250): "You must spend a Movement phase to exit Berserk" (used again
            # instead of moving), not let go at the start of an Action.
            raise RuleViolation("berserk-exit", "Berserk is left by spending a Movement phase (use it again "
                                                "instead of moving)")
        if isinstance(command, cmd.Attack) and len(command.strikes) > 1 \
                and any(declared(play.state, figure, name) for name in MARKSMANSHIP):
            # Marksmanship I (line 1262): "If so, you can only attack once in the turn, even if you
            # have Double Shot".
            raise RuleViolation("marksmanship", f"{figure.name} aims one shot this turn (Marksmanship)")

    def order_group(self, state: CombatState, figure: Figure) -> int:
        if declared(state, figure, "Marksmanship I") and not declared(state, figure, "Marksmanship II"):
            # Marksmanship I (line 1262): "you automatically attack last in the attack order after
            # all other combatants have taken their actions"; II (line 1315): "your aimed Marksman
            # attacks occur in normal attack order instead of at the end of the actions phase".
            return 2
        # Trigger Finger (line 1175): "When wielding a crossbow, you may attack at the beginning
        # of the attack order as described in the Haste Discipline."
        if "Trigger Finger" in figure.disciplines and _holds(figure, "crossbow"):
            return 0
        return super().order_group(state, figure)


def declared(state: CombatState, figure: Figure, discipline: str) -> bool:
    """Declared for this turn before the Action phase (Marksmanship I and II)."""
    return any(s.spell == discipline and s.caster == figure.id and s.cast_turn == state.turn for s in state.spells)


def aimed(state: CombatState, figure: Figure, weapon: Weapon) -> bool:
    """An aimed shot of Marksmanship (line 1262): "When attacking with a bow or crossbow"."""
    return (weapon.bow or weapon.crossbow) and any(declared(state, figure, name) for name in MARKSMANSHIP)


def taunt_binds(play: Play, figure: Figure, command: msgspec.Struct) -> None:
    """Taunt I (line 1238): "the foe must attack you during the attack phase if it is able. The
    foe cannot attack others, Defend, Withdraw, or take any other Action": a foe taunted this
    turn attacks only its taunters, or passes when it cannot attack them."""
    taunters = [t for s in play.state.spells if s.spell == "Taunt" and s.target == figure.id
                and s.cast_turn == play.state.turn and (t := play.figure(s.caster)).active]
    if not taunters:
        return
    names = " or ".join(t.name for t in taunters)
    if isinstance(command, cmd.Attack):
        if any(order.target not in {t.id for t in taunters} for order in command.strikes):
            raise RuleViolation("taunted", f"{figure.name} is taunted: it may attack only {names}")
        return
    if isinstance(command, cmd.PassAction) and not _able(play, figure, taunters):
        return
    raise RuleViolation("taunted", f"{figure.name} is taunted: it must attack {names} if it is able, and takes no "
                                   "other Action (it may pass only when it cannot)")


def _able(play: Play, figure: Figure, taunters: list[Figure]) -> bool:
    """Whether any weapon in the figure's hands (its fists when they are empty) reaches a taunter."""
    weapons = [w for w in figure.weapons if w.name.lower() in figure.in_hand]
    if not [item for item in figure.in_hand if item != "shield"]:
        weapons.append(unarmed(figure.mt))
    return any(can_strike(play, figure, t, w) for t in taunters for w in weapons)


V5_PASSIVES = V5Passives()


def edition(play: Play) -> V5Passives:
    """The version's effects and tables a rule of version 5 or later plays with."""
    assert isinstance(play.passives, V5Passives), "a rule of version 5 or later, played without its passives"
    return play.passives


def mixed(effect: type[Passives], own: Passives) -> Passives:
    """The version's own effects (`own`) with one Discipline's `effect` laid over them for one
    strike (Polearm Charge, Polearm Trip): a later version keeps its own effects in that strike."""
    key = (effect, type(own))
    if key not in _MIXED:  # each pair's class made once, not at every strike
        _MIXED[key] = type(effect.__name__, (effect, type(own)), {})
    return _MIXED[key]()


_MIXED: dict[tuple[type[Passives], type[Passives]], type[Passives]] = {}
