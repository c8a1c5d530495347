"""The AsyncAPI document of the streams (api_schema/asyncapi.yaml) holds together: an AsyncAPI 3
document (checked against the official schema) whose every reference resolves, whose operations
send their channel's own messages, and whose close codes are the README's; and the committed file
is what the code generates. (That the streams send what it says: tests/e2e/test_stream_protocol.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema_rs
import yaml

from server.app import API_VERSION
from server.asyncapi import CLOSE_CODES, asyncapi_document
from server.cli import asyncapi_documents

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = asyncapi_document(API_VERSION)


def references(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if "$ref" in node else []
        return own + [r for value in node.values() for r in references(value)]
    if isinstance(node, list):
        return [r for value in node for r in references(value)]
    return []


def resolve(ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = DOCUMENT
    for part in ref[2:].split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def test_the_committed_document_is_the_one_the_code_generates() -> None:
    committed = (ROOT / "api_schema" / "asyncapi.yaml").read_bytes()
    stale = "api_schema/asyncapi.yaml is stale: run `chronicle asyncapi`"
    assert committed == asyncapi_documents()["asyncapi.yaml"], stale


def test_it_is_valid_against_the_official_asyncapi_3_schema() -> None:
    """tests/asyncapi/ holds the AsyncAPI Initiative's JSON Schema of a 3.0.0 document."""
    official = json.loads((ROOT / "tests" / "asyncapi" / "asyncapi-3.0.0.schema.json").read_text())
    validator = jsonschema_rs.validator_for(official)
    committed = yaml.safe_load((ROOT / "api_schema" / "asyncapi.yaml").read_text())
    problems = [f"{'/'.join(map(str, e.instance_path))}: {e.message[:200]}" for e in validator.iter_errors(committed)]
    assert problems == []
    wrong = {**committed, "operations": {"shout": {"action": "shout", "channel": {"$ref": "#/channels/battleStream"}}}}
    assert not validator.is_valid(wrong)


def test_it_is_an_asyncapi_3_document_whose_references_all_resolve() -> None:
    assert DOCUMENT["asyncapi"] == "3.0.0"
    assert {"title", "version"} <= DOCUMENT["info"].keys()
    refs = references(DOCUMENT)
    assert len(refs) > 10
    for ref in refs:
        assert resolve(ref) is not None, ref
    assert yaml.safe_load(yaml.safe_dump(DOCUMENT)) == DOCUMENT


def test_each_operation_sends_its_own_channels_messages_and_each_address_names_its_parameters() -> None:
    for name, operation in DOCUMENT["operations"].items():
        assert operation["action"] == "send", "the document describes the server, which sends"
        channel_ref = operation["channel"]["$ref"]
        for message in operation["messages"]:
            assert message["$ref"].startswith(channel_ref + "/messages/"), name
    for channel in DOCUMENT["channels"].values():
        assert set(re.findall(r"{(\w+)}", channel["address"])) == set(channel["parameters"])


def test_the_close_codes_are_the_readmes() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## The websocket protocol", 1)[1].split("\n## ", 1)[0]
    table = {int(code) for code in re.findall(r"^\| (\d{4}) \|", section, re.MULTILINE)}
    assert table == {c.code for c in CLOSE_CODES} == {c["code"] for c in DOCUMENT["x-close-codes"]}
    assert "api_schema/asyncapi.yaml" in section
