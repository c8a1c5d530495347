from __future__ import annotations

from typing import Any

import msgspec
from litestar import get
from litestar.params import FromPath

from domain.rulesets import LATEST, Ruleset
from domain.rulesets.contract import RulesetVersion, settings_of_rules
from domain.rulesets.pericle.v4.catalogue import PericleCatalogue, handbook_catalogue
from server.http import problem_responses
from server.problems import not_found
from server.published_schemas import VersionSchemas, version_schemas


class RulesetBrief(msgspec.Struct, frozen=True):
    """A hosted ruleset and its current version."""

    id: str
    title: str
    version: str
    summary: str


class ProvisionalRuleView(msgspec.Struct, frozen=True):
    """A rule the seeds leave unsaid, as this version reads it: `settings` are its numbers and
    choices with their defaults, changed per battle by `options.provisional.<id>`, and
    `settings_schema` their JSON schema."""

    id: str
    summary: str
    settings: dict[str, Any]
    settings_schema: dict[str, Any]


class RulesetDetail(msgspec.Struct, frozen=True):
    """A ruleset's latest version: its sources, the JSON schema of its battle options (with
    `provisional`, the settings of its provisional rules), its provisional rules, the event types
    of its own it records and the command types of its own it decides (besides the core and
    contest ones every battle has), `schemas`: JSON Schemas of its battles' events, commands
    and state, and `reference`: the base values a client needs to build an army and set a battle
    up (Pilgrimage: the Oathband's Supplies, stats as raises from a base of 0 with their costs,
    gear names and costs, the Move and Climb inches, the deployment edge of each seat), with the
    defaults of the provisional rules."""

    id: str
    title: str
    version: str
    summary: str
    sources: list[str]
    options: dict[str, Any]
    provisional_rules: list[ProvisionalRuleView]
    event_types: list[str]
    command_types: list[str] = []
    reference: dict[str, Any] = {}
    schemas: VersionSchemas | None = None


class RulesetList(msgspec.Struct, frozen=True):
    """Every hosted ruleset."""

    rulesets: list[RulesetBrief]


def _options_schema(ruleset: Ruleset) -> dict[str, Any]:
    """The options a battle is created with: the version's own and `provisional`, the settings
    of its provisional rules by rule id (each defaulting to the rule's own)."""
    with_settings = msgspec.defstruct(
        f"{ruleset.options_type.__name__}WithSettings",
        [(RulesetVersion.PROVISIONAL, ruleset.settings_type, msgspec.field(default_factory=ruleset.settings_type))],
        bases=(ruleset.options_type,), kw_only=True, frozen=True, forbid_unknown_fields=True)
    schema: dict[str, Any] = msgspec.json.schema(with_settings)
    return schema


def _provisional(ruleset: Ruleset) -> list[ProvisionalRuleView]:
    return [ProvisionalRuleView(id=found.rule.id, summary=found.rule.summary, settings=found.defaults,
                                settings_schema=found.schema) for found in settings_of_rules(ruleset)]


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
        provisional_rules=_provisional(ruleset),
        event_types=[str(e.__struct_config__.tag) for e in ruleset.events],
        command_types=[str(c.__struct_config__.tag) for c in ruleset.client_commands],
        reference=ruleset.reference_values(),
        schemas=version_schemas(ruleset.id, ruleset.version),
    )


# Built once: the Handbook's catalogues do not change while the server runs.
_PERICLE_CATALOGUE = handbook_catalogue(LATEST["pericle"].version)


@get("/v1/rulesets/pericle/catalogue", tags=["rulesets"],
     summary="The Pericle Hero Handbook's catalogues a client builds a hero from",
     description="Ancestries, weapons, armour and shields, Disciplines, Spells, Skills, items and prices, each with "
                 "its seed reference (source file and line). Each Discipline and Spell says whether its effect is "
                 "`enforced` by the server or `table-applied` (its use is judged and recorded with its cost, check and "
                 "duration, and its event carries the entry's text for the table).")
async def pericle_catalogue() -> PericleCatalogue:
    return _PERICLE_CATALOGUE
