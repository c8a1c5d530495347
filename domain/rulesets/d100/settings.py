"""The settings of d100 version 2's provisional rules: one field per rule, named by its id
(GET /v1/rulesets/d100 lists them with their schema). Only D100-GRADES holds a number in this
version; a released version's settings never change (they are part of what a battle records
when it is created)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.rulesets.contract import NoSetting, Settings


class Grades(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """At most `cap` bonus or penalty dice apply to one test."""

    cap: Annotated[int, msgspec.Meta(ge=0, le=10)] = 3


class D100Settings(Settings, frozen=True, forbid_unknown_fields=True):
    D100_TEST: NoSetting = NoSetting()
    D100_GRADES: Grades = Grades()
    D100_OPPOSED: NoSetting = NoSetting()
    D100_TRAVEL: NoSetting = NoSetting()
    D100_CHARACTER: NoSetting = NoSetting()
    D100_DYING: NoSetting = NoSetting()
    D100_RECOVERY: NoSetting = NoSetting()
    D100_AFFLICTION: NoSetting = NoSetting()
    D100_LIGHT: NoSetting = NoSetting()
    D100_FATIGUE: NoSetting = NoSetting()
