"""The committed API documents match what the app serves, and the API survives schemathesis."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
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
from server.settings import Rate, Settings
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
def fuzzed_server(database_url: str) -> Iterator[LiveServer]:
    """A server whose rate limits the fuzzer never reaches: it sends thousands of writes from
    one token, and each one refused by a limit would be a case that never reaches its handler
    (the limits have tests of their own, in test_rate_limits.py)."""
    unreachable = Rate(burst=1_000_000, per_second=1_000_000)
    with LiveServer(Settings(database_url=database_url, players_per_address=unreachable,
                             writes_per_token=unreachable, writes_per_address=unreachable,
                             expensive_reads_per_address=unreachable)) as server:
        yield server


@pytest.fixture(scope="module")
def bearer(fuzzed_server: LiveServer) -> dict[str, str]:
    token = httpx.post(f"{fuzzed_server.url}/v1/players", json={"name": "fuzzer"}).json()["token"]
    return {"Authorization": f"Bearer {token}"}


@schema.parametrize()
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")), deadline=None,
          suppress_health_check=list(HealthCheck))
def test_api_never_errors_and_keeps_to_its_schema(case: Any, fuzzed_server: LiveServer,
                                                   bearer: dict[str, str]) -> None:
    case.call_and_validate(
        base_url=fuzzed_server.url, headers=bearer,
        checks=[not_a_server_error, status_code_conformance, content_type_conformance,
                response_schema_conformance],
    )
