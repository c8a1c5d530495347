"""The JavaScript verifier (server/web/verify.js) on battles played against the live server: a
finished battle and its fork, their `GET /events` and `GET /dice` answers and the receipts the
players were given written to a file, verified by `node` as a third party would, with the same
counts as the server's own verify; and read by the module from the server itself."""

from __future__ import annotations

import asyncio
import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.helpers import auth, command, started_battle

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "js" / "verify_battle.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (.ci/run installs Debian's nodejs)")


async def node_verify(*args: str) -> tuple[int, dict[str, Any]]:
    """Run the verifier script; its exit code and the report it prints."""
    assert NODE is not None
    done = await asyncio.to_thread(subprocess.run, [NODE, str(SCRIPT), *args], capture_output=True, text=True,
                                   timeout=60, check=False)
    assert done.stdout, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return done.returncode, report


async def published(client: httpx.AsyncClient, battle_id: str) -> dict[str, Any]:
    """What a verifier reads: every page of GET /events, and GET /dice."""
    events: list[dict[str, Any]] = []
    after: int | None = 0
    while after is not None:
        page = (await client.get(f"/v1/battles/{battle_id}/events", params={"after": after, "limit": 5})).json()
        events += page["events"]
        after = page["next"]
    dice = (await client.get(f"/v1/battles/{battle_id}/dice")).json()
    return {"events": events, "dice": dice}


async def played(client: httpx.AsyncClient, player: dict[str, str], battle_id: str,
                 bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Send the commands; the receipts they were answered with."""
    receipts = []
    for body in bodies:
        response = await command(client, player, battle_id, body)
        assert response.status_code == 201, response.text
        receipts.append(response.json()["receipt"])
    return receipts


async def test_a_finished_battle_and_its_fork_verify_in_node(client: httpx.AsyncClient, tmp_path: Path) -> None:
    battle, alice, bob = await started_battle(client, ruleset="d100", client_seeds=("alice's luck", None))
    battle_id = battle["id"]
    rolls = [{"type": "roll", "expression": "3d6+1d20", "purpose": f"roll {n}"} for n in range(3)]
    receipts = await played(client, alice, battle_id, [*rolls, {"type": "test", "skill": 55, "purpose": "climb"}])
    at = receipts[-1]["version"]
    receipts += await played(client, bob, battle_id, [*rolls[:1], {"type": "concede"}])
    forked = await client.post(f"/v1/battles/{battle_id}/fork", headers=auth(alice), json={"at": at})
    assert forked.status_code == 201, forked.text
    fork_id = forked.json()["id"]
    await played(client, bob, fork_id, [*rolls[:2], {"type": "concede"}])
    keys = (await client.get("/v1/receipts/keys")).json()

    for verified_id, kept in ((battle_id, receipts), (fork_id, [])):
        answers = await published(client, verified_id)
        path = tmp_path / f"{verified_id}.json"
        path.write_text(json.dumps({**answers, "receipts": kept, "keys": keys}))
        code, report = await node_verify(str(path))
        server = (await client.get(f"/v1/battles/{verified_id}/verify")).json()
        assert server["ok"] is True
        assert (code, report["problems"], report["unverified"]) == (0, [], [])
        assert (report["ok"], report["complete"], report["chain"]) == (True, True, server["chain"])
        assert (report["events"], report["rolls"], report["receipts"]) == (server["events"], server["rolls"], len(kept))
        assert report["rolls"] >= 2
        _, from_server = await node_verify(str(client.base_url).rstrip("/"), verified_id)
        assert from_server == {**report, "receipts": 0}
    assert report["origin"] == {"battle_id": battle_id, "version": at}


async def test_node_names_the_event_whose_die_was_changed(client: httpx.AsyncClient, tmp_path: Path) -> None:
    battle, alice, bob = await started_battle(client, ruleset="d100")
    await played(client, alice, battle["id"], [{"type": "roll", "expression": "4d6", "purpose": "stats"}])
    await played(client, bob, battle["id"], [{"type": "concede"}])
    answers = await published(client, battle["id"])
    tampered = copy.deepcopy(answers)
    rolled = next(e for e in tampered["events"] if e["type"] == "dice_rolled")
    die = rolled["data"]["roll"]["dice"][0]
    die["index"] = (die["index"] + 1) % die["sides"]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(tampered))
    code, report = await node_verify(str(path))
    assert code == 1 and report["ok"] is False
    assert {(p["version"], p["problem"].split(":")[0]) for p in report["problems"]} == {
        (rolled["version"], "the event's content does not match its hash"),
        (rolled["version"], f"roll with nonce {rolled['data']['roll']['nonce']} does not match the seed")}
