"""A character's body under damage, healing and afflictions (seed 004, Healing and Recovery; Poison
and Disease; Exposure, starvation, and thirst): pure functions from a character to its `Vitals`
after what happened, which the event records and `evolve` sets."""

from __future__ import annotations

import math
from collections.abc import Sequence

import msgspec

from domain.rulesets.d100.body import Effect, Unhealed, Vitals
from domain.rulesets.d100.characters import Characteristics, hit_points, major_wound_level
from domain.rulesets.d100.v3.settings import Effects
from domain.rulesets.d100.v3.state import Adventurer


def harmed(character: Adventurer, dealt: int, *, hit: bool) -> Vitals:
    """Damage applied. "A post-armour hit that deals damage equal to or greater than the target's
    Major Wound Level makes the target Wounded and Bleeding after damage is applied" (a poison's,
    a disease's or a deprivation's damage is no hit: D100-AFFLICTION); "At 0 HP, fall unconscious"
    and Dying; HP do not fall below 0 (D100-DYING)."""
    vitals = character.vitals()
    hp = max(0, vitals.hp - dealt)
    major = hit and dealt > 0 and dealt >= vitals.major_wound_level
    return msgspec.structs.replace(vitals, hp=hp, wounded=vitals.wounded or major, bleeding=vitals.bleeding or major,
                                   dying_rounds=vitals.dying_rounds if vitals.dying_rounds is not None or hp > 0
                                   else 0)


def withheld(vitals: Vitals, cause: str, kind: str, dealt: int) -> Vitals:
    """Damage `cause` dealt that cannot heal yet (a deprivation's, a disease's), added to what it
    dealt before."""
    if dealt <= 0:
        return vitals
    before = next((u.hp for u in vitals.unhealed if u.cause == cause), 0)
    others = tuple(u for u in vitals.unhealed if u.cause != cause)
    entry = Unhealed(cause=cause, kind="disease" if kind == "disease" else "deprivation", hp=before + dealt)
    return msgspec.structs.replace(vitals, unhealed=(*others, entry))


def released(vitals: Vitals, cause: str) -> Vitals:
    """The cause remedied, or the disease beaten: its damage may heal again ("Normal recovery
    begins after the victim wins")."""
    return msgspec.structs.replace(vitals, unhealed=tuple(u for u in vitals.unhealed if u.cause != cause))


def ceiling(vitals: Vitals, *, natural: bool) -> int:
    """The most hit points healing can bring back: a disease's damage "cannot heal, while the
    disease is active"; a deprivation's "cannot recover naturally until ... remedies its cause"
    (treatment and surgery may heal it)."""
    held = sum(u.hp for u in vitals.unhealed if natural or u.kind == "disease")
    return max(0, vitals.max_hp - held)


def healed(vitals: Vitals, amount: int, *, natural: bool) -> Vitals:
    """Hit points restored, never past what may heal; "Wounded ends once current HP is greater
    than Major Wound Level"; at 1 HP or more a character is no longer Dying."""
    hp = max(vitals.hp, min(ceiling(vitals, natural=natural), vitals.hp + max(0, amount)))
    wounded = vitals.wounded and hp <= vitals.major_wound_level
    return _kept_within(msgspec.structs.replace(vitals, hp=hp, wounded=wounded, operated=vitals.operated and wounded,
                                                dying_rounds=None if hp > 0 else vitals.dying_rounds))


def _kept_within(vitals: Vitals) -> Vitals:
    """What cannot heal yet is never more than the hit points missing: healing that is not
    natural (treatment) mends a deprivation's damage first."""
    excess = sum(u.hp for u in vitals.unhealed) - (vitals.max_hp - vitals.hp)
    if excess <= 0:
        return vitals
    kept = []
    for entry in sorted(vitals.unhealed, key=lambda u: u.kind == "disease"):
        cut = min(entry.hp, excess)
        excess -= cut
        if entry.hp - cut > 0:
            kept.append(msgspec.structs.replace(entry, hp=entry.hp - cut))
    return msgspec.structs.replace(vitals, unhealed=tuple(kept))


def _changed(value: int, effect: Effect, rules: Effects) -> int:
    if effect.halve:
        value = value // 2 if rules.halving == "down" else math.ceil(value / 2)
    return value + effect.add


def characteristics_under(base: Characteristics, effects: Sequence[Effect], rules: Effects) -> Characteristics:
    """The characteristics an afflicted character has: each effect in the order it came ("-3 CON",
    "halves DEX"), never below D100-EFFECTS' floor."""
    values: dict[str, int] = msgspec.to_builtins(base)
    for effect in effects:
        values[effect.characteristic] = _changed(values[effect.characteristic], effect, rules)
    return msgspec.convert({name: max(rules.floor, value) for name, value in values.items()}, Characteristics)


def reshaped(character: Adventurer, effects: Sequence[Effect], rules: Effects) -> Vitals:
    """The body under these effects: the characteristics, and "everything derived from a
    characteristic" with them: maximum hit points (D100-CHARACTER) and the Major Wound Level;
    current hit points move with the maximum (D100-EFFECTS `shifted`) or only stay within it
    (`capped`). At 0 HP the character is Dying; above the Major Wound Level no longer Wounded."""
    vitals = character.vitals()
    now = characteristics_under(character.base, effects, rules)
    max_hp = hit_points(now.con, now.siz)
    shift = max_hp - vitals.max_hp if rules.current_hp == "shifted" else 0
    hp = max(0, min(max_hp, vitals.hp + shift))
    level = major_wound_level(max_hp)
    dying = vitals.dying_rounds if hp == 0 else None
    if hp == 0 and dying is None and not vitals.dead:
        dying = 0
    wounded = vitals.wounded and hp <= level
    return _kept_within(msgspec.structs.replace(
        vitals, characteristics=now, max_hp=max_hp, major_wound_level=level, hp=hp, wounded=wounded,
        operated=vitals.operated and wounded, dying_rounds=dying))
