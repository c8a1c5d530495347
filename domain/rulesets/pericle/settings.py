"""The settings of Pericle's provisional rules, one type per version: one field per rule, named by
its id (GET /v1/rulesets/pericle lists them with their schema). Three rules of version 3 hold a
choice (PER-DEFT-ORDER, PER-OVERRUN, PER-REVIVE); the others have nothing to choose. A released
version's settings never change: a battle's creation records them."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from domain.rulesets.contract import NoSetting, Settings


class PericleV1Settings(Settings, frozen=True, forbid_unknown_fields=True):
    """Version 1 has no provisional rules."""


class PericleChecksSettings(Settings, frozen=True, forbid_unknown_fields=True):
    """Version 2: the dice's provisional rules."""

    PER_CRIT_DIE: NoSetting = NoSetting()
    PER_FORTUNE_MISFORTUNE: NoSetting = NoSetting()
    PER_EMPTY_TORCH: NoSetting = NoSetting()


class DeftOrder(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`in_the_order: false` leaves the Action Order alone and needs no declaration."""

    in_the_order: bool = True


class Overrun(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`armour_counts: true` subtracts the target's armour from Overrun damage."""

    armour_counts: bool = False


class Revive(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`wake_at_any_hp: true` wakes an unconscious hero given a healing item whatever its HP."""

    wake_at_any_hp: bool = False


class PericleCombatSettings(PericleChecksSettings, frozen=True, forbid_unknown_fields=True):
    """Version 3: version 2's, then the combat's, in the order GET /v1/rulesets lists them."""

    # Not a setting (a class constant, never recorded): the version whose reading of the seed
    # decides where a shared rule changed in a later version (3 for versions 3 and 4).
    REVISION: ClassVar[int] = 3

    PER_FACING: NoSetting = NoSetting()
    PER_ENEMY_CHOICE: NoSetting = NoSetting()
    PER_WEAPON_GAPS: NoSetting = NoSetting()
    PER_HAZARD: NoSetting = NoSetting()
    PER_FURNITURE: NoSetting = NoSetting()
    PER_COMBATANT_COVER: NoSetting = NoSetting()
    PER_KARMA_WINDOW: NoSetting = NoSetting()
    PER_DEFT_ORDER: DeftOrder = DeftOrder()
    PER_SURPRISE: NoSetting = NoSetting()
    PER_GRAPPLE_SIZE: NoSetting = NoSetting()
    PER_POISON: NoSetting = NoSetting()
    PER_OVERRUN: Overrun = Overrun()
    PER_REVIVE: Revive = Revive()
    PER_DOOR: NoSetting = NoSetting()
    PER_COMPANION: NoSetting = NoSetting()
    PER_STUN: NoSetting = NoSetting()
    PER_CLIMB_OUT: NoSetting = NoSetting()


class DeftOrderV5(DeftOrder, frozen=True, forbid_unknown_fields=True):
    """Version 5: Deft Strikes' AD-1 is always on the Action Order ("Each of these attacks takes
    AD-1 when determining both the order of your attack and when making the attack roll", seed 001
    line 1191); version 3's `in_the_order: false` contradicted the seed and is not offered."""

    in_the_order: Literal[True] = True


class PericleV5Settings(PericleCombatSettings, frozen=True, forbid_unknown_fields=True):
    """Version 5: version 4's rules, read again against the seed where its combat chapter was
    re-checked (PER-COMBATANT-COVER and PER-DEFT-ORDER keep their ids with new readings:
    v5/provisional.py)."""

    REVISION: ClassVar[int] = 5
    PER_DEFT_ORDER: DeftOrderV5 = DeftOrderV5()
    PER_STRAY_SPELL: NoSetting = NoSetting()
    PER_ARMOR_PROFICIENCY: NoSetting = NoSetting()


class PericleV6Settings(PericleV5Settings, frozen=True, forbid_unknown_fields=True):
    """Version 6: version 5's rules and settings, with more of the Handbook enforced."""

    REVISION: ClassVar[int] = 6
    # Labels version 5 kept only in its notes, listed from version 6 (v6/provisional.py).
    PER_INVERSUS_PILE: NoSetting = NoSetting()
    PER_UNDEAD_CRIT: NoSetting = NoSetting()
    PER_BARRAGE_MT: NoSetting = NoSetting()
    PER_WORD_TIE: NoSetting = NoSetting()
    PER_SEVEN_HEXES: NoSetting = NoSetting()
    # Spells of control and summoning (v6/control.py).
    PER_SUMMON_STATS: NoSetting = NoSetting()
    PER_DJINN_WILL: NoSetting = NoSetting()
    PER_GUISE_ABSORB: NoSetting = NoSetting()
    PER_CONTROL_KIND: NoSetting = NoSetting()
    # The field of battle (v6/field.py).
    PER_RAISED_HEX: NoSetting = NoSetting()
    PER_BEFRIENDED: NoSetting = NoSetting()
    # Tentacles of Gaia and Gateway (v6/tentacles.py, v6/gateway.py).
    PER_TENTACLES: NoSetting = NoSetting()
    PER_GATEWAY: NoSetting = NoSetting()
    # Enemies' stat blocks with several attacks (v6/enemies.py).
    PER_ENEMY_BLOCK: NoSetting = NoSetting()
