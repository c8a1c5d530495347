from __future__ import annotations

from typing import Any

import msgspec
from litestar import get
from litestar.params import FromPath

from domain.rulesets import LATEST, Ruleset
from domain.rulesets.base import ProvisionalRule
from server.http import problem_responses
from server.problems import not_found


class RulesetBrief(msgspec.Struct, frozen=True):
    """A hosted ruleset and its current version."""

    id: str
    title: str
    version: str
    summary: str


class RulesetDetail(msgspec.Struct, frozen=True):
    """A ruleset: its sources, the JSON schema of its battle options, its provisional rules and
    event types."""

    id: str
    title: str
    version: str
    summary: str
    sources: list[str]
    options: dict[str, Any]
    provisional_rules: list[ProvisionalRule]
    event_types: list[str]


class RulesetList(msgspec.Struct, frozen=True):
    """Every hosted ruleset."""

    rulesets: list[RulesetBrief]


def _options_schema(ruleset: Ruleset) -> dict[str, Any]:
    if ruleset.options_type is None:
        return {}
    schema: dict[str, Any] = msgspec.json.schema(ruleset.options_type)
    return schema


@get("/v1/rulesets", tags=["rulesets"], summary="The rulesets this server hosts")
async def list_rulesets() -> RulesetList:
    return RulesetList(rulesets=[RulesetBrief(id=r.id, title=r.title, version=r.version, summary=r.summary)
                                 for r in LATEST.values()])


@get("/v1/rulesets/{ruleset_id:str}", tags=["rulesets"], responses=problem_responses(404),
     summary="One ruleset: its options and its provisional rules with their settings and defaults")
async def show_ruleset(ruleset_id: FromPath[str]) -> RulesetDetail:
    ruleset = LATEST.get(ruleset_id)
    if ruleset is None:
        raise not_found(f"ruleset {ruleset_id!r}")
    return RulesetDetail(
        id=ruleset.id, title=ruleset.title, version=ruleset.version, summary=ruleset.summary,
        sources=list(ruleset.sources), options=_options_schema(ruleset),
        provisional_rules=list(ruleset.provisional_rules),
        event_types=[str(e.__struct_config__.tag) for e in ruleset.events],
    )
