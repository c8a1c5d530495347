"""The schemas Chronicle publishes describe what it records and serves (issue #16, item 1): every
envelope and every state of every golden log (real battles of every released version, played
through the API) validates against the committed OpenAPI document's components and against the
schemas `GET /v1/rulesets/{id}` publishes for its version. Checked strictly: an object whose
schema lists its properties may hold no other, so a field the server sends that no schema names
fails here."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from domain.battle import BattleState, evolve, replay
from domain.codec import event_from
from domain.contests import ActionReverted
from domain.rulesets import RULESETS
from server.published_schemas import TAG, commands_of, tag_of, version_schemas
from tests.golden.coverage import GOLDEN, final_of, log_files, read_log
from tests.unit.test_golden_logs import as_served

OPENAPI = Path(__file__).resolve().parents[2] / "api_schema" / "openapi.json"
LOGS = log_files()


def strict(schema: Any) -> Any:
    """The schema with `additionalProperties: false` on every object that lists its properties
    and says nothing of others."""
    if isinstance(schema, dict):
        tightened = {key: strict(value) for key, value in schema.items()}
        if "properties" in schema and "additionalProperties" not in schema:
            tightened["additionalProperties"] = False
        return tightened
    if isinstance(schema, list):
        return [strict(value) for value in schema]
    return schema


@cache
def openapi_validator(component: str) -> jsonschema_rs.Validator:
    document = json.loads(OPENAPI.read_text())
    return jsonschema_rs.Draft202012Validator(
        {"$ref": f"#/components/schemas/{component}", "components": strict(document["components"])})


@cache
def version_validator(ruleset: str, version: str, what: str) -> jsonschema_rs.Validator:
    return jsonschema_rs.Draft202012Validator(strict(getattr(version_schemas(ruleset, version), what)))


def problems(validator: jsonschema_rs.Validator, instance: Any) -> list[str]:
    return [f"{error.instance_path}: {error.message}"[:300] for error in validator.iter_errors(instance)][:5]


@pytest.mark.parametrize("path", LOGS, ids=[str(p.relative_to(GOLDEN)) for p in LOGS])
def test_every_envelope_and_state_of_a_golden_log_keeps_to_the_published_schemas(path: Path) -> None:
    ruleset, version = path.parent.parent.name, path.parent.name
    commands = {tag_of(c) for c in commands_of(RULESETS[(ruleset, version)])}
    envelopes = [line["event"] for line in read_log(path)]
    events = [event_from(e["type"], e["data"]) for e in envelopes]
    state = BattleState()
    for index, (envelope, event) in enumerate(zip(envelopes, events, strict=True)):
        where = f"{path.name} event {envelope['version']} ({envelope['type']})"
        assert problems(openapi_validator("Envelope"), envelope) == [], where
        assert problems(version_validator(ruleset, version, "events"), envelope) == [], where
        if envelope["command"] is not None and envelope["command"][TAG] in commands:
            assert problems(version_validator(ruleset, version, "commands"), envelope["command"]) == [], where
        state = replay(events[:index + 1]) if isinstance(event, ActionReverted) else evolve(state, event)
        served = as_served(state)
        assert problems(openapi_validator("BattleState"), served) == [], where
        assert problems(version_validator(ruleset, version, "state"), served) == [], where
    final = final_of(path)["state"]
    assert problems(version_validator(ruleset, version, "state"), final) == [], path.name


def test_a_schema_refuses_what_the_server_would_not_send() -> None:
    """The schemas are not vacuous: a wrong field type, a missing field, an unknown event type
    and a state of another ruleset's shape are refused."""
    path = log_files("pilgrimage", "2")[0]
    envelope = next(line["event"] for line in read_log(path) if line["event"]["type"] == "dice_rolled"
                    or line["event"]["type"] == "deed_performed")
    validator = openapi_validator("Envelope")
    assert problems(validator, envelope) == []
    broken = copy.deepcopy(envelope)
    broken["type"] = "no_such_event"
    assert problems(validator, broken) != []
    broken = copy.deepcopy(envelope)
    broken["data"].pop(next(iter(broken["data"])))
    assert problems(validator, broken) != []
    broken = copy.deepcopy(envelope)
    broken["data"]["surprise"] = 1
    assert problems(validator, broken) != []
    state = final_of(path)["state"]
    assert problems(version_validator("pilgrimage", "2", "state"), state) == []
    d100_state = final_of(log_files("d100", "3")[0])["state"]
    mixed = {**state, "ruleset_state": d100_state["ruleset_state"]}
    assert problems(version_validator("pilgrimage", "2", "state"), mixed) != []


def test_each_version_publishes_a_command_union_discriminated_on_type() -> None:
    for (ruleset_id, version), ruleset in RULESETS.items():
        commands = version_schemas(ruleset_id, version).commands
        mapping = commands["discriminator"]["mapping"]
        assert commands["discriminator"]["propertyName"] == TAG
        assert set(mapping) == {tag_of(c) for c in commands_of(ruleset)}
        for ref in mapping.values():
            assert commands["$defs"][ref.rpartition("/")[2]]["additionalProperties"] is False
