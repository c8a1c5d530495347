"""The committed API documents match what the app serves, and the API survives schemathesis."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from server.cli import openapi_documents
from tests.conftest import LiveServer

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "api_schema"
REGENERATE = "chronicle openapi"


@pytest.mark.parametrize("name", ["openapi.json", "stream.schema.json"])
def test_committed_documents_match_the_app(name: str) -> None:
    committed = (SCHEMA_DIR / name).read_bytes()
    assert committed == openapi_documents()[name], f"api_schema/{name} is stale: run `{REGENERATE}`"


async def test_served_openapi_is_the_committed_one(client: httpx.AsyncClient) -> None:
    served = (await client.get("/schema/openapi.json")).json()
    assert served == json.loads((SCHEMA_DIR / "openapi.json").read_text()), f"run `{REGENERATE}`"
    assert (await client.get("/schema")).status_code == 200


def test_every_schema_says_what_it_is() -> None:
    """Each request and response body carries its struct's docstring as its description (a
    command as the API takes it, the domain command's), so /schema documents what a command
    does, not only its fields."""
    components = json.loads(openapi_documents()["openapi.json"])["components"]["schemas"]
    undescribed = sorted(name for name, body in components.items() if not body.get("description"))
    assert undescribed == []
    assert components["AttackRequest"]["description"].startswith("The Attack Action")
    assert "expected_version" in components["AttackRequest"]["properties"]


schema = schemathesis.openapi.from_dict(json.loads((SCHEMA_DIR / "openapi.json").read_text()))


@pytest.fixture(scope="module")
def bearer(live_server: LiveServer) -> dict[str, str]:
    token = httpx.post(f"{live_server.url}/v1/players", json={"name": "fuzzer"}).json()["token"]
    return {"Authorization": f"Bearer {token}"}


@schema.parametrize()
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")), deadline=None,
          suppress_health_check=list(HealthCheck))
def test_api_never_errors_and_keeps_to_its_schema(case: Any, live_server: LiveServer,
                                                   bearer: dict[str, str]) -> None:
    case.call_and_validate(
        base_url=live_server.url, headers=bearer,
        checks=[not_a_server_error, status_code_conformance, content_type_conformance,
                response_schema_conformance],
    )
