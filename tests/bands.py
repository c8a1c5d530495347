"""A legal Pilgrimage Oathband for tests that need one (PIL-GEAR: 50 + 20 + 10 = 80, 50 + 20 + 10 = 80)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.rulesets.pilgrimage.oathband import Oathband

BAND: dict[str, Any] = {"name": "Pilgrims", "characters": [
    {"name": "Archer", "aim": 2, "gear": ["bow"]},
    {"name": "Brute", "might": 2, "gear": ["two-handed weapon"]},
]}


def band() -> Oathband:
    return msgspec.convert(BAND, Oathband)
