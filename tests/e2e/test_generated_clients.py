"""Clients generated from the committed OpenAPI document work as they are (issue #16, item 5).

Each is generated at test time from `api_schema/openapi.json` as committed, never edited: the
TypeScript client (openapi-typescript types, openapi-fetch calls, `clients/ts/`) must type-check
with `tsc` and then play a d100 adventure from Node against a live server; the Python client
(openapi-python-client, into a temporary folder) is imported and plays one too. Commands are built
without writing their `type` tag: the Python models fill it in themselves, and the TypeScript
types reject a wrong one (`clients/ts/src/contract_checks.ts`). Every battle is then checked through
our own HTTP reading: the chain, the dice and every command verify.

Node.js and npm are required, not optional: `.ci/run` installs them; without them these tests
fail and say so."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import types
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import httpx
import pytest

from tests.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "api_schema" / "openapi.json"
TS = ROOT / "clients" / "ts"
NODE_MISSING = ("the generated TypeScript client's test needs Node.js and npm on PATH: "
                "`apt-get install nodejs npm` (.ci/run installs them when missing)")


def run(argv: list[str], cwd: Path, timeout: float = 300) -> str:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    output = f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert done.returncode == 0, f"{' '.join(argv)} exited {done.returncode}:\n{output}"
    return done.stdout


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(NODE_MISSING)
    return found


def older_than(target: Path, sources: list[Path]) -> bool:
    return not target.exists() or any(source.stat().st_mtime > target.stat().st_mtime for source in sources)


@pytest.fixture(scope="module")
def ts_client() -> Path:
    """clients/ts with its pinned packages (`npm ci` when node_modules is not theirs), the client
    generated from the committed schema and compiled by `tsc`, which type-checks it. `.ci/run`
    does all three just before; each is done again here whenever what it is made from is newer."""
    npm = tool("npm")
    tool("node")
    lock = TS / "package-lock.json"
    if older_than(TS / "node_modules" / ".package-lock.json", [lock]):
        run([npm, "ci", "--no-audit", "--no-fund"], TS)
    generated = TS / "src" / "generated" / "schema.ts"
    if older_than(generated, [SCHEMA, lock]):
        run([npm, "run", "--silent", "generate"], TS)
    built = TS / "dist" / "play_d100.js"
    if older_than(built, [generated, lock, TS / "tsconfig.json", *(TS / "src").glob("*.ts")]):
        run([npm, "run", "--silent", "build"], TS)
        built.touch()  # tsc leaves an unchanged output's time alone
    return built


def test_the_typescript_client_is_generated_from_the_committed_schema_and_type_checks(ts_client: Path) -> None:
    generated = (TS / "src" / "generated" / "schema.ts").read_text()
    committed = json.loads(SCHEMA.read_text())
    for path in committed["paths"]:
        assert f'"{path}": {{' in generated, path
    # Built, so tsc found a type error on each line src/contract_checks.ts expects one on: a
    # wrong tag, a field of the wrong type, a missing field do not compile against the schema.
    checks = (TS / "src" / "contract_checks.ts").read_text()
    assert checks.count("// @ts-expect-error") >= 4
    assert ts_client.exists() and (TS / "dist" / "contract_checks.js").exists()


def test_the_typescript_client_plays_a_d100_adventure(ts_client: Path, live_server: LiveServer) -> None:
    summary = json.loads(run([tool("node"), str(ts_client), live_server.url], TS, timeout=120))
    assert summary["status"] == "ended" and summary["server_seed_revealed"] is True
    assert summary["event_types"][:2] == ["battle_started", "character_added"]
    assert {"test_rolled", "fall_resolved", "exposed", "time_passed", "rested", "dice_rolled",
            "battle_ended"} <= set(summary["event_types"])
    assert summary["verify"]["ok"] is True and summary["verify"]["problems"] == []
    assert_verified_through_http(live_server, summary["battle_id"], summary["versions"][-1])


def assert_verified_through_http(server: LiveServer, battle_id: str, last_version: int) -> None:
    """What the client played is there, read by our own HTTP reading, and verifies."""
    with httpx.Client(base_url=server.url, timeout=20) as http:
        events = http.get(f"/v1/battles/{battle_id}/events", params={"limit": 1000}).json()["events"]
        verified = http.get(f"/v1/battles/{battle_id}/verify").json()
    assert events[-1]["version"] >= last_version
    assert verified["ok"] is True, verified["problems"]
    assert verified["rolls"] >= 3 and verified["commands"] >= 10


@pytest.fixture(scope="module")
def python_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[types.ModuleType]:
    """The package openapi-python-client generates from the committed schema, imported."""
    out = tmp_path_factory.mktemp("python-client")
    name = f"chronicle_client_{uuid.uuid4().hex[:8]}"
    # No post hooks: the generator would run ruff over the code it wrote, which only formats it.
    (out / "config.json").write_text(json.dumps({"post_hooks": []}))
    run([sys.executable, "-m", "openapi_python_client", "generate", "--path", str(SCHEMA), "--meta", "none",
         "--config", str(out / "config.json"), "--output-path", str(out / name)], out)
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module(name)
    finally:
        sys.path.remove(str(out))
        for module in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
            del sys.modules[module]


def command_schemas() -> dict[str, str]:
    """Every command `POST /v1/battles/{id}/commands` takes in the committed schema: its tag and
    its component's name (whatever way the union is written: inline or a named component)."""
    document = json.loads(SCHEMA.read_text())

    def resolve(node: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        name = ""
        while "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            node = document["components"]["schemas"][name]
        return name, node

    body = document["paths"]["/v1/battles/{battle_id}/commands"]["post"]["requestBody"]["content"]
    _, union = resolve(body["application/json"]["schema"])
    commands = {}
    for variant in union.get("oneOf") or union["anyOf"]:
        name, schema = resolve(variant)
        tag = schema["properties"]["type"]
        commands[tag["const"] if "const" in tag else tag["enum"][0]] = name
    return commands


def command_models(client: types.ModuleType) -> dict[str, type]:
    """Each command's generated model by its tag, each checked to fill its tag in itself: built
    with its required fields only, it says which command it is."""
    models = importlib.import_module(f"{client.__name__}.models")
    found: dict[str, type] = {}
    for tag, name in command_schemas().items():
        model = getattr(models, name)
        assert attrs.fields_dict(model)["type_"].default == tag, f"{name} does not set its tag {tag!r} itself"
        found[tag] = model
    return found


def test_every_generated_python_command_sets_its_own_tag(python_client: types.ModuleType) -> None:
    commands = command_models(python_client)
    assert len(commands) >= 70 and {"start", "roll", "concede", "test", "fall", "attack", "move"} <= commands.keys()
    assert python_client.models.ConcedeRequest().to_dict() == {"type": "concede"}


class Play:
    """The generated client's calls, by the generated modules' names."""

    def __init__(self, client: types.ModuleType, url: str) -> None:
        self.client = client
        self.url = url
        self.models = importlib.import_module(f"{client.__name__}.models")
        self.commands = command_models(client)
        self.opened: list[Any] = []

    def connection(self, player: Any = None) -> Any:
        """A generated client (as `player` when given); each is closed by `close`."""
        if player is None:
            opened = self.client.Client(base_url=self.url, raise_on_unexpected_status=True)
        else:
            opened = self.client.AuthenticatedClient(base_url=self.url, token=player.token,
                                                     raise_on_unexpected_status=True)
        self.opened.append(opened)
        return opened

    async def close(self) -> None:
        for opened in self.opened:
            await opened.get_async_httpx_client().aclose()

    def api(self, tag: str, operation: str) -> Any:
        return importlib.import_module(f"{self.client.__name__}.api.{tag}.{operation}")

    def parsed(self, what: str, response: Any, status: int = 201) -> Any:
        assert response.status_code == status, f"{what}: {response.status_code} {response.content[:2000]!r}"
        return response.parsed

    async def player(self, name: str) -> Any:
        created = await self.api("players", "v1_players_create_player").asyncio_detailed(
            client=self.connection(), body=self.models.NewPlayer(name=name))
        return self.parsed(f"player {name}", created)

    async def send(self, player: Any, battle_id: uuid.UUID, tag: str, **fields: Any) -> list[Any]:
        """The command built by its generated model, the tag left to the model."""
        body = self.commands[tag](**fields)
        assert body.to_dict()["type"] == tag
        sent = await self.api("battles", "v1_battles_battle_id_commands_send_command").asyncio_detailed(
            battle_id=battle_id, client=self.connection(player), body=body)
        events: list[Any] = self.parsed(tag, sent).events
        return events


async def play_d100(play: Play) -> tuple[Any, list[Any]]:
    """A d100 adventure through the generated Python client: the battle and the events it recorded."""
    assert {"start", "roll", "concede", "test", "fall", "add_character", "rest"} <= play.commands.keys()
    models = play.models
    alice, bob = await play.player("py-alice"), await play.player("py-bob")
    created = await play.api("battles", "v1_battles_create_battle").asyncio_detailed(
        client=play.connection(alice),
        body=models.NewBattle(ruleset="d100", seats=["north", "south"]))
    battle = play.parsed("create battle", created)
    battle_id = uuid.UUID(battle.id)
    for player, seat in ((alice, "north"), (bob, "south")):
        claimed = await play.api("battles", "v1_battles_battle_id_seats_claim_seat").asyncio_detailed(
            battle_id=battle_id, seat=seat, client=play.connection(player),
            body=models.SeatClaim(client_seed=f"py-{seat}"))
        play.parsed(f"claim {seat}", claimed)
    events = await play.send(alice, battle_id, "start")
    arden = models.Characteristics(str_=12, con=12, siz=13, dex=11, int_=14, pow_=10, cha=9)
    added = await play.send(alice, battle_id, "add_character", name="Arden", characteristics=arden)
    tested = await play.send(alice, battle_id, "test", skill=55, bonus=1, purpose="climb the wall")
    fell = await play.send(bob, battle_id, "fall", metres=6.0, acrobatics=40)
    rested = await play.send(alice, battle_id, "rest", hours=8)
    rolled = await play.send(bob, battle_id, "roll", expression="1d100", purpose="the way home")
    ended = await play.send(alice, battle_id, "concede")
    played = [*events, *added, *tested, *fell, *rested, *rolled, *ended]
    assert [e.type_ if hasattr(e, "type_") else e.type for e in played][:3] == [
        "battle_started", "character_added", "test_rolled"]
    dice = play.parsed("dice", await play.api("battles", "v1_battles_battle_id_dice_show_dice").asyncio_detailed(
        battle_id=battle_id, client=play.connection()), 200)
    assert isinstance(dice.server_seed, str), "the seed is revealed once the battle has ended"
    verified = play.parsed("verify", await play.api("battles", "v1_battles_battle_id_verify_verify_battle")
                           .asyncio_detailed(battle_id=battle_id, client=play.connection()), 200)
    assert verified.ok is True
    return battle, played


async def test_the_python_client_plays_a_d100_adventure(python_client: types.ModuleType,
                                                        live_server: LiveServer) -> None:
    play = Play(python_client, live_server.url)
    try:
        battle, played = await play_d100(play)
    finally:
        await play.close()
    assert_verified_through_http(live_server, battle.id, played[-1].version)


def test_the_generators_are_pinned() -> None:
    """The TypeScript generator and its runtime are pinned exactly, with a lock file `npm ci` installs."""
    package = json.loads((TS / "package.json").read_text())
    pinned = {**package["dependencies"], **package["devDependencies"]}
    assert {"openapi-typescript", "openapi-fetch", "typescript"} <= pinned.keys()
    assert all(version[0].isdigit() for version in pinned.values()), pinned
    lock = json.loads((TS / "package-lock.json").read_text())
    assert lock["packages"][""]["devDependencies"] == package["devDependencies"]
    assert os.path.exists(TS / ".gitignore") and "src/generated/" in (TS / ".gitignore").read_text()
