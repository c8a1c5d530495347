"""The ruleset registry: every plug-in by id and version."""

from __future__ import annotations

from domain.errors import RuleViolation
from domain.rulesets.contract import ProvisionalRule, Ruleset
from domain.rulesets.d100 import D100_V1
from domain.rulesets.d100.v2 import D100_V2
from domain.rulesets.d100.v3 import D100_V3
from domain.rulesets.pericle import PERICLE_V1
from domain.rulesets.pericle.checks import PERICLE_V2
from domain.rulesets.pericle.v3 import PERICLE_V3
from domain.rulesets.pericle.v4.version import PERICLE_V4
from domain.rulesets.pericle.v5.version import PERICLE_V5
from domain.rulesets.pericle.v6.version import PERICLE_V6
from domain.rulesets.pilgrimage import PILGRIMAGE_V1
from domain.rulesets.pilgrimage.v2 import PILGRIMAGE_V2
from domain.rulesets.pilgrimage.v3 import PILGRIMAGE_V3

_ALL: tuple[Ruleset, ...] = (PILGRIMAGE_V1, PILGRIMAGE_V2, PILGRIMAGE_V3, PERICLE_V1, PERICLE_V2, PERICLE_V3,
                             PERICLE_V4, PERICLE_V5, PERICLE_V6, D100_V1, D100_V2, D100_V3)

# Every version ever released stays here, so old battles replay under their own rules.
RULESETS: dict[tuple[str, str], Ruleset] = {(r.id, r.version): r for r in _ALL}
LATEST: dict[str, Ruleset] = {}
for _ruleset in _ALL:
    if _ruleset.id not in LATEST or int(_ruleset.version) > int(LATEST[_ruleset.id].version):
        LATEST[_ruleset.id] = _ruleset


def find_ruleset(ruleset_id: str, version: str | None = None) -> Ruleset:
    found = LATEST.get(ruleset_id) if version is None else RULESETS.get((ruleset_id, version))
    if found is None:
        known = ", ".join(sorted(LATEST))
        raise RuleViolation("ruleset-unknown", f"no ruleset {ruleset_id!r} (known: {known})")
    return found


__all__ = ["LATEST", "RULESETS", "ProvisionalRule", "Ruleset", "find_ruleset"]
