"""The commands version 3 adds to d100's (commands.py holds those it shares with version 2)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.rulesets.d100.adventuring import Illumination, Sense
from domain.rulesets.d100.commands import AfflictionName, CharacterId, D100Command, LightSource, Skill
from domain.rulesets.d100.v3.catalogue import Affliction


class MoveCharacter(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="move_character"):
    """In combat, a character moves `metres` this round, no further than its Movement in the light
    reaching it (`light`, `light_source`, its best `sense`), all its moves of the round counted."""

    character: CharacterId
    metres: Annotated[float, msgspec.Meta(gt=0, le=1000)]
    light: Illumination | None = None
    light_source: LightSource | None = None
    sense: Sense | None = None
    natural_night: bool = False


class PassTime(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="pass_time"):
    """Time passes out of combat without rest: Delays run, effects end, diseases deal their daily
    damage, the knocked-out wake."""

    minutes: Annotated[int, msgspec.Meta(ge=1, le=60 * 24 * 30)]


class Expose(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="expose"):
    """A character meets a poison or a disease: the seed's by name ("Gorgon Serpent Venom", "The
    Shakes") or one described in full. Its Delay is rolled: the resistance test comes after it."""

    character: CharacterId
    affliction: AfflictionName | Affliction


class Resist(D100Command, frozen=True, forbid_unknown_fields=True, kw_only=True, tag="resist"):
    """After the Delay, the victim's opposed Resilience test against the affliction's Potency
    (`healed`: a successful Healing test first gives +1B)."""

    character: CharacterId
    name: AfflictionName
    resilience: Skill
    healed: bool = False
