"""Pericle 6's provisional rules: version 5's (v5/provisional.py), and those version 6 adds
where the seed is silent or contradicts itself (each with both line numbers in its text or in
docs/pericle-6-notes.md)."""

from __future__ import annotations

from domain.rulesets.contract import ProvisionalRule
from domain.rulesets.pericle.v5.provisional import V5_RULES
from domain.rulesets.pericle.v6.control import CONTROL_RULES

V6_RULES: tuple[ProvisionalRule, ...] = (*V5_RULES, *CONTROL_RULES)
