"""Version 6: the strikes of used Disciplines (Whirlwind Attack, Polearm Charge, Polearm Trip, Martial
Arts III, Shield Bash II's and III's strikes before the push) and Staff & Wand Affinity: Conjuration's
attack, resolved in the Attack's steps, with its Karma windows (v5/attack_steps.py).

Seed 001, Karma and Ardence (lines 632-634): "A hero may immediately expend 1 Karma to force a re-roll of
any set of dice"; "A hero may use a Karma re-roll at any time"; "The re-roll may apply to any die roll,
including - but not limited to - an attack roll, a damage roll, a skill check roll or a crit die roll";
"You can only use the Karma to re-roll the most recent set of dice, not a roll from several rolls ago";
and the example (line 634): a friend's Karma makes the orc re-roll its attack after its Crit and before
its damage ("you cannot wait until after the damage is rolled to use a Karma to force a re-roll of the
attack"). Version 5 gave an Attack those windows but struck a Discipline's strikes in one shot
(`strikes.strike_all`): a Karma could then only re-roll the command's last set of dice (the damage, or
the trip check). Here each such strike's attack roll and its Crit Die end a step as an Attack's do
(`attack_steps.strike_in_steps`, the same machinery: `pending`, `go_on`); what the Discipline does
besides its strike is laid on the strike under way (`KarmaPassives`: Polearm Charge's double damage,
Polearm Trip's two points given up) or follows the strikes (`strikes_done`: the trip attempt, the
push), as version 5's v5/using.py does it in one shot. Every check is made before the first die, as
version 5 makes it. By the same lines, a successful cast whose effect rolls dice waits after its casting
check (`KarmaPassives.cast_waits`, `go_on` below)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.hexes import Hex
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment, Check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.rules import as_sent
from domain.rulesets.pericle.state import Figure, PendingStrike
from domain.rulesets.pericle.strikes import ReadyStrike
from domain.rulesets.pericle.turns import advance
from domain.rulesets.pericle.v4.book import SPELLS
from domain.rulesets.pericle.v5 import attack_steps, casting, using
from domain.rulesets.pericle.v5.passives import V5Passives, declared
from domain.rulesets.pericle.v6 import disciplines
from domain.rulesets.pericle.v6.effects import UsedEffect

CHARGE, TRIP, MARTIAL_TRIP, WHIRLWIND = "Polearm Charge", "Polearm Trip", "Martial Arts III", "Whirlwind Attack"
PUSHES = ("Shield Bash II", "Shield Bash III")  # Martial Arts II pushes without a strike: version 5's
CHARGE_FACTOR = 2  # line 1270: "If you hit, roll your damage and multiply it by two"


def in_steps(play: Play, figure: Figure, command: msgspec.Struct, ready: list[ReadyStrike], *,
             in_action: bool = True) -> None:
    """The strikes in steps: each waits after its attack roll and its Crit Die while a hero could spend
    Karma (PER-KARMA-WINDOW); `in_action`: the command is `actions.act`'s, which ends the Action when
    the strikes run through without waiting (else `go_on` ends it)."""
    attack_steps.strike_in_steps(play, figure.id, command, ready, in_action=in_action)


def _whirlwind(play: Play, figure: Figure, target: Figure | None, command: cmd.UseDiscipline) -> Callable[[], None]:
    """Whirlwind Attack (line 1331): "You may make a single melee weapon attack against any number of
    foes that are adjacent to your front hexes, each at AD-1. Roll each attack and damage separately for
    each foe." Version 5's strikes (v5/using.py `_whirlwind`), each attack roll a set of dice of its own."""
    ready = using._whirlwind(play, figure)
    return lambda: in_steps(play, figure, command, ready)


def _charge(play: Play, figure: Figure, target: Figure | None, command: cmd.UseDiscipline) -> Callable[[], None]:
    """Polearm Charge (line 1270): "your polearm attack against the foe deals double damage ... If you
    hit, roll your damage and multiply it by two" (version 5's checks, v5/using.py `_charge_strike`)."""
    ready = using._charge_strike(play, figure, target)
    return lambda: in_steps(play, figure, command, ready)


def _trip(play: Play, figure: Figure, target: Figure | None, command: cmd.UseDiscipline) -> Callable[[], None]:
    """Polearm Trip (line 1268): "When you attack with a polearm and hit with the attack roll, before
    damage is rolled you may request to subtract two points from your damage in order to get a free trip
    attempt"; Martial Arts III (line 1317): "If your attack roll is successful, you may then also attempt
    a Trip action as per the Polearm Trip Discipline in addition to dealing damage". The strike in steps,
    then (`KarmaPassives.strikes_done`) the trip attempt on a hit, as version 5's (v5/using.py `trip`)."""
    ready = using._trip_strike(play, figure, command.discipline, target)
    return lambda: in_steps(play, figure, command, ready)


def _push(play: Play, figure: Figure, target: Figure | None, command: cmd.UseDiscipline) -> Callable[[], None]:
    """Shield Bash II (line 1219) and III (line 1274) used as the Action: the main attack (and Shield
    Bash III's shield strike) in steps, then (`KarmaPassives.strikes_done`) the push, as version 5's
    (v5/using.py `push_strikes`, `_push`)."""
    ready = using.push_strikes(play, figure, command.discipline, target, command.at)
    return lambda: in_steps(play, figure, command, ready)


USED: dict[str, UsedEffect] = {WHIRLWIND: _whirlwind, CHARGE: _charge, TRIP: _trip, MARTIAL_TRIP: _trip,
                               **dict.fromkeys(PUSHES, _push)}


def _discipline(sent: dict[str, Any]) -> str | None:
    """The Discipline whose strikes these are (None: an Attack's, a Grapple's, Conjuration's...)."""
    return str(sent["discipline"]) if sent.get("type") == "use_discipline" and "discipline" in sent else None


def under_way(play: Play, attacker: Figure, target: Figure, name: str) -> PendingStrike | None:
    """The strike under way (`pending`), when it is this attacker's at this target by the Discipline."""
    pending = play.state.pending
    if pending is None or pending.attacker != attacker.id or pending.target != target.id \
            or _discipline(pending.command) != name:
        return None
    return pending


class KarmaPassives(V5Passives):
    """Version 5's effects, with the Disciplines' own on their strikes in steps: laid on the strike
    under way (`pending`), and what follows the strikes."""

    def damage_factor(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> int:
        factor = super().damage_factor(play, attacker, target, weapon, kind)
        if weapon.weapon_class == "polearm" and under_way(play, attacker, target, CHARGE) is not None:
            return factor * CHARGE_FACTOR
        return factor

    def extra_damage(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str,
                     first: bool) -> tuple[str, list[Adjustment]]:
        dice, bonuses = super().extra_damage(play, attacker, target, weapon, kind, first)
        if under_way(play, attacker, target, TRIP) is not None:
            return dice, [*bonuses, Adjustment(using.TRIPS[TRIP], TRIP)]
        return dice, bonuses

    def cast_waits(self, play: Play, caster: Figure, command: msgspec.Struct, target: Figure, rolled: Check,
                   effect: Callable[[Play], None]) -> bool:
        """Lines 632-634 as for a strike: a casting check is a set of dice (line 632: "any set of dice",
        "a skill check roll"), and once the effect's dice are rolled it is "a roll from several rolls
        ago". A successful cast in the Action phase whose effect rolls dice (Arcane Barrage's damage, a
        save...) waits after its check while a hero could spend Karma, until its caster's `go_on`. Not
        Spell Strike's cast (it follows the blow's damage in the same command), nor a Summoning Spell's
        (Staff & Wand Affinity: Summon reads its summons in the cast's command)."""
        if super().cast_waits(play, caster, command, target, rolled, effect):
            return True
        assert isinstance(command, cmd.CastSpell)
        if play.state.phase != "actions" or _struck_now(play) or SPELLS[command.spell].school == "Summoning" \
                or not attack_steps.window_open(play.state) or not _rolls_dice(play, effect):
            return False
        play.emit(ev.CastRolled(pending=PendingStrike(
            attacker=caster.id, command=as_sent(command), weapons=(), own=(), index=0, target=target.id,
            weapon=command.spell, kind=SPELL, check=rolled, hit=True)))
        return True

    def strikes_done(self, play: Play, attacker_id: str, sent: dict[str, Any], last: ev.Strike | None) -> None:
        super().strikes_done(play, attacker_id, sent, last)
        name = _discipline(sent)
        if name in (TRIP, MARTIAL_TRIP):
            if last is not None and last.hit and last.attacker == attacker_id and last.target == sent["target"]:
                using.trip(play, name, str(sent["target"]))
        elif sent.get("type") == "cast_spell":
            disciplines.cast_after_the_blow(play, attacker_id, sent, last)  # Spell Strike's cast
        elif name in PUSHES:
            at = msgspec.convert(sent["at"], Hex)  # checked before the first die (`push_strikes`)
            using._push(play, play.figure(attacker_id), str(sent["target"]), at, bool(sent.get("follow")), name)


# ---- a cast's Karma window before its effect's dice ------------------------------------------------

CONJURATION = "Staff & Wand Affinity: Conjuration"  # its attack follows the cast (v6/affinities.py)


class _FirstDie(Exception):
    """Raised by `_Unrolled` at the first die an effect would roll."""


class _Unrolled:
    """Dice that stop an effect at its first roll: whether it rolls any (nothing is recorded)."""

    commitment = "0" * 64

    def start(self, purpose: str) -> Any:
        raise _FirstDie(purpose)

    def reveal(self) -> str:
        return ""


def _rolls_dice(play: Play, effect: Callable[[Play], None]) -> bool:
    """Whether the effect, applied on the field as it stands, would roll dice."""
    trial = Play(dataclasses.replace(play.ctx, dice=_Unrolled(), state=play.state), play.passives)
    try:
        effect(trial)
    except _FirstDie:
        return True
    except RuleViolation:
        return False
    return False


def _struck_now(play: Play) -> bool:
    """Whether this command has struck (Spell Strike's cast follows its blow: no window of its own)."""
    return any(isinstance(e, ev.Attacked | ev.AttackRolled | ev.StrikeFinished) for e in play.events)


def go_on(play: Play, command: attack_steps.GoOn) -> None:
    """`go_on`: a waiting cast's effect (`cast_resumed`, then the effect and the end of the Action), or
    the next step of a waiting strike (v5/attack_steps.py)."""
    pending = play.state.pending
    if pending is None or pending.kind != SPELL:
        attack_steps.go_on(play, command)
        return
    if pending.attacker != command.figure:
        raise RuleViolation("not-your-attack", f"the cast that waits is {pending.attacker}'s")
    assert pending.check is not None, "a cast waits once its check is made"
    play.emit(ev.CastResumed(caster=pending.attacker))
    cast = attack_steps.command_of(pending.command, cmd.CastSpell)
    casting.apply_after_window(play, play.figure(pending.attacker), cast, pending.target, pending.check)
    caster = play.figure(pending.attacker)
    if play.state.current == caster.id and declared(play.state, caster, CONJURATION):
        return  # Conjuration's attack may follow in the same slot (`use_discipline`)
    play.emit(ev.ActionDone(figure=caster.id, action="cast_spell"))
    advance(play)


SPELL = "spell"  # the `kind` of a waiting cast (`PendingStrike`)
