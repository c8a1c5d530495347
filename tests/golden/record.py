"""Record golden logs by playing scripted battles through the HTTP API of a live server:

    python -m tests.golden.record                       # every version that has no logs yet
    python -m tests.golden.record --only pericle/4      # one version (--force to replace its logs)

Each battle becomes `tests/golden/<ruleset>/<version>/<name>.jsonl`, one line per event:
`{"event": <the envelope GET /events serves>, "state_sha256": <SHA-256 of the RFC 8785 form of
GET /state?at=<its version>>}`, and `<name>.final.json`, the whole final state and the revealed
server seed, for humans to diff. The server runs on DATABASE_URL's Postgres (a database made
for the recording and dropped after) or on the embedded one.

A released version's logs are recorded once and never again: they are what its battles must
keep replaying to (tests/unit/test_golden_logs.py). Record only a new version's."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import asyncpg
import httpx

from bench.harness import LiveServer, database
from server.embedded import database_dsn
from server.settings import Settings
from server.store.jcs import canonical
from tests.golden.client import Api, Battle
from tests.golden.coverage import coverage_problems, folder, log_files
from tests.golden.scripts import SCRIPTS


def state_sha256(state: Any) -> str:
    return hashlib.sha256(canonical(state)).hexdigest()


def write_log(battle: Battle, path: Path) -> int:
    """Write one battle's log and its final-state sidecar; returns the number of events."""
    lines = []
    for event in battle.events():
        lines.append(json.dumps({"event": event, "state_sha256": state_sha256(battle.state(at=event["version"]))},
                                sort_keys=True, ensure_ascii=False, separators=(",", ":")))
    final = battle.state()
    path.write_text("\n".join(lines) + "\n")
    path.with_suffix(".final.json").write_text(
        json.dumps({"server_seed": final["server_seed"], "state": final}, sort_keys=True, ensure_ascii=False,
                   indent=1) + "\n")
    return len(lines)


async def _admin(base: str, sql: str) -> None:
    connection = await asyncpg.connect(base)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@contextmanager
def recording_database() -> Iterator[str]:
    with database() as base:
        name = f"chronicle_golden_{uuid.uuid4().hex[:12]}"
        asyncio.run(_admin(base, f'CREATE DATABASE "{name}"'))
        try:
            yield database_dsn(base, name)
        finally:
            asyncio.run(_admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def record(api: Api, ruleset: str, version: str) -> None:
    target = folder(ruleset, version)
    for old in [*target.glob("*.jsonl"), *target.glob("*.final.json")]:
        old.unlink()
    target.mkdir(parents=True, exist_ok=True)
    battles = SCRIPTS[(ruleset, version)](api)
    for name, battle in battles.items():
        count = write_log(battle, target / f"{name}.jsonl")
        print(f"{ruleset}/{version}/{name}.jsonl: {count} events")
    for problem in coverage_problems(ruleset, version):
        print(f"NOT COVERED: {problem}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.record", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], metavar="RULESET/VERSION",
                        help="record this version only (repeatable)")
    parser.add_argument("--force", action="store_true",
                        help="replace the logs a version already has (never for a released version)")
    args = parser.parse_args(argv)
    wanted = [tuple(only.split("/", 1)) for only in args.only] or list(SCRIPTS)
    unknown = [w for w in wanted if w not in SCRIPTS]
    if unknown:
        parser.error(f"no golden script for {unknown}; known: {[f'{r}/{v}' for r, v in SCRIPTS]}")
    todo = []
    for ruleset, version in wanted:
        if log_files(ruleset, version) and not args.force:
            print(f"{ruleset}/{version}: kept (it has logs; --force replaces them)")
        else:
            todo.append((ruleset, version))
    if not todo:
        return 0
    with recording_database() as dsn, LiveServer(Settings(database_url=dsn, log_level="warning")) as server, \
            httpx.Client(base_url=server.url, timeout=120) as http:
        api = Api(http)
        for ruleset, version in todo:
            record(api, ruleset, version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
