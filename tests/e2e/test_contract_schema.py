"""The OpenAPI document says what the server does (issue #16, item 2): every tagged union has a
discriminator with its mapping; a request body refusing unknown fields says so; a 400 names the
field and what is wrong and lists the problems in the declared `errors`; each ruleset's options
schema holds `provisional`; each ruleset's command union is published, in the document and in
`GET /v1/rulesets/{id}`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs
import msgspec

from domain.rulesets import LATEST
from server.api_models import NewBattle, ReceiptCheck, SeatClaim, request_of
from server.published_schemas import CORE_COMMANDS, commands_of, tag_of, version_schemas
from tests.e2e.helpers import auth, new_battle, new_player

OPENAPI = json.loads((Path(__file__).resolve().parents[2] / "api_schema" / "openapi.json").read_text())
SCHEMAS: dict[str, Any] = OPENAPI["components"]["schemas"]
REF = "#/components/schemas/"


def unions(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        found += [node] if "oneOf" in node or "anyOf" in node else []
        found += [u for value in node.values() for u in unions(value)]
    elif isinstance(node, list):
        found += [u for value in node for u in unions(value)]
    return found


def tag_of_ref(member: dict[str, Any]) -> str | None:
    target = SCHEMAS.get(str(member.get("$ref", "")).removeprefix(REF), {})
    tag = target.get("properties", {}).get("type", {})
    if "type" not in target.get("required", ()):
        return None
    values = [tag["const"]] if "const" in tag else tag.get("enum", [])
    return str(values[0]) if len(values) == 1 else None


def test_every_union_of_tagged_structs_has_a_discriminator_with_its_mapping() -> None:
    tagged = 0
    for union in unions(OPENAPI):
        members = union.get("oneOf") or union.get("anyOf")
        tags = [tag_of_ref(m) for m in members]
        if not all(tags):
            continue
        tagged += 1
        assert union["discriminator"]["propertyName"] == "type"
        assert union["discriminator"]["mapping"] == {t: m["$ref"] for t, m in zip(tags, members, strict=True)}
    assert tagged >= 6  # commands, tournament commands, three rulesets', envelopes at least


def test_the_command_bodies_are_the_discriminated_battle_command_union() -> None:
    for path in ("/v1/battles/{battle_id}/commands", "/v1/battles/{battle_id}/preview"):
        body = OPENAPI["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert body == {"$ref": REF + "BattleCommand"}
    mapping = SCHEMAS["BattleCommand"]["discriminator"]["mapping"]
    assert {"start", "roll", "concede", "contest", "deploy", "attack", "test"} <= set(mapping)
    tournament = OPENAPI["paths"]["/v1/tournaments/{tournament_id}/commands"]["post"]["requestBody"]
    assert tournament["content"]["application/json"]["schema"] == {"$ref": REF + "TournamentCommand"}
    assert "pair_round" in SCHEMAS["TournamentCommand"]["discriminator"]["mapping"]


def test_request_bodies_refusing_unknown_fields_say_so() -> None:
    for struct in (NewBattle, SeatClaim, ReceiptCheck, *(request_of(c) for c in CORE_COMMANDS)):
        assert struct.__struct_config__.forbid_unknown_fields
        assert SCHEMAS[struct.__name__]["additionalProperties"] is False, struct.__name__
    for member in SCHEMAS["BattleCommand"]["oneOf"]:
        assert SCHEMAS[member["$ref"].removeprefix(REF)]["additionalProperties"] is False, member


def test_each_ruleset_has_its_command_union_component() -> None:
    for ruleset in LATEST.values():
        union = SCHEMAS[f"{ruleset.id[:1].upper()}{ruleset.id[1:]}Command"]
        assert set(union["discriminator"]["mapping"]) == {tag_of(c) for c in commands_of(ruleset)}
    assert "deploy" not in SCHEMAS["D100Command"]["discriminator"]["mapping"]
    assert "test" not in SCHEMAS["PilgrimageCommand"]["discriminator"]["mapping"]


def test_the_problem_detail_declares_errors() -> None:
    problem = SCHEMAS["ProblemDetail"]
    assert "errors" in problem["properties"]
    assert set(SCHEMAS["FieldProblem"]["properties"]) == {"message", "key", "source"}


async def test_a_400_names_the_field_and_what_is_wrong(client: httpx.AsyncClient) -> None:
    alice = await new_player(client)
    problem = SCHEMAS["ProblemDetail"]
    validator = jsonschema_rs.Draft202012Validator({"$ref": REF + "ProblemDetail", "components": OPENAPI["components"]})
    answer = await client.post("/v1/battles", json={"ruleset": "d100", "seats": ["a", 3]}, headers=auth(alice))
    assert answer.status_code == 400
    body = answer.json()
    assert "seats[1]" in body["detail"] and "Expected `str`, got `int`" in body["detail"], body
    assert body["errors"] == [{"message": "Expected `str`, got `int`", "key": "seats[1]", "source": "body"}]
    assert validator.is_valid(body), problem
    battle = await new_battle(client, alice, ruleset="d100")
    answer = await client.post(f"/v1/battles/{battle['id']}/commands", headers=auth(alice),
                               json={"type": "roll", "expression": "1d6", "colour": "red"})
    assert answer.status_code == 400
    assert "unknown field `colour`" in answer.json()["detail"], answer.json()
    answer = await client.get("/v1/battles", params={"limit": "many"})
    assert answer.status_code == 400
    assert "query field `limit`" in answer.json()["detail"], answer.json()


async def test_a_ruleset_publishes_its_options_with_provisional_and_its_schemas(client: httpx.AsyncClient) -> None:
    for ruleset in LATEST.values():
        detail = (await client.get(f"/v1/rulesets/{ruleset.id}")).json()
        options = detail["options"]
        root = options["$defs"][options["$ref"].rpartition("/")[2]]
        assert "provisional" in root["properties"], ruleset.id
        settings = options["$defs"][root["properties"]["provisional"]["$ref"].rpartition("/")[2]]
        assert {rule["id"] for rule in detail["provisional_rules"]} >= set(settings["properties"])
        defaults = {rule["id"]: rule["settings"] for rule in detail["provisional_rules"] if rule["settings"]}
        assert jsonschema_rs.Draft202012Validator(options).is_valid({"provisional": defaults})
        assert not jsonschema_rs.Draft202012Validator(options).is_valid({"provisional": {"NO-SUCH-RULE": {}}})
        published = msgspec.json.decode(msgspec.json.encode(version_schemas(ruleset.id, ruleset.version)))
        assert detail["schemas"] == published
        mapping = detail["schemas"]["commands"]["discriminator"]["mapping"]
        assert set(detail["command_types"]) <= set(mapping)


def strict_validator(component: str) -> jsonschema_rs.Validator:
    from tests.unit.test_published_schemas import strict

    return jsonschema_rs.Draft202012Validator({"$ref": REF + component, "components": strict(OPENAPI["components"])})


async def test_tournament_events_keep_to_the_tournament_envelope_schema(client: httpx.AsyncClient) -> None:
    from tests.e2e.test_tournament_flow import oathband, t_command

    organiser, judge = await new_player(client, "o"), await new_player(client, "j")
    players = [await new_player(client, f"q{n}") for n in range(4)]
    tid = (await client.post("/v1/tournaments", headers=auth(organiser), json={"name": "Schema night"})).json()["id"]
    await t_command(client, organiser, tid, {"type": "name_judge", "player_id": judge["id"]})
    for n, player in enumerate(players):
        await t_command(client, player, tid, {"type": "register", "name": f"Q{n}", "army_list": oathband(f"Q{n}")})
    await t_command(client, organiser, tid, {"type": "pair_round"})
    rounds = await client.get(f"/v1/tournaments/{tid}/rounds")
    assert rounds.status_code == 200, rounds.text
    for table in rounds.json()[0]["tables"]:
        body = {"type": "record_result", "round": 1, "table": table["table"], "winner": table["a"], "margin": 1,
                "reason": "played on a kitchen table"}
        assert (await t_command(client, judge, tid, body)).status_code == 201
    assert (await t_command(client, organiser, tid, {"type": "close_round"})).status_code == 201
    events = (await client.get(f"/v1/tournaments/{tid}/events")).json()["events"]
    assert {e["type"] for e in events} >= {"tournament_created", "judge_named", "player_registered", "round_paired",
                                           "result_recorded", "round_closed"}
    validator = strict_validator("TournamentEnvelope")
    assert [(e["type"], str(error)[:200]) for e in events for error in validator.iter_errors(e)] == []


def test_component_names_read_as_type_names() -> None:
    """Two structs of one name get their ruleset's name first, not a module path, so that a
    generated client's types read well (`PilgrimageCharacter`, `D100Character`)."""
    assert [name for name in SCHEMAS if not name.replace("_", "").isalnum()] == []
    assert {"PilgrimageCharacter", "D100Character", "PilgrimageFigure", "PericleFigure"} <= set(SCHEMAS)
