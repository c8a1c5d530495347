"""The `chronicle` command: serve, migrate, verify, openapi."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import msgspec

from server.settings import Settings
from server.store.base import EventStore

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "api_schema"
STARTUP_FAILURE = 3  # the exit code uvicorn.run gives when the app does not start


def _settings(args: argparse.Namespace) -> Settings:
    settings = Settings.from_env()
    changes = {}
    if getattr(args, "host", None):
        changes["host"] = args.host
    if getattr(args, "port", None):
        changes["port"] = args.port
    return msgspec.structs.replace(settings, **changes)


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from server.app import create_app
    from server.limits.serving import uvicorn_config
    from server.observability import configure_logging

    settings = _settings(args)
    configure_logging(settings.log_level)
    server = uvicorn.Server(uvicorn_config(create_app(settings), settings, log_config=None))
    server.run()
    return 0 if server.started else STARTUP_FAILURE


@asynccontextmanager
async def _opened_store(settings: Settings) -> AsyncIterator[EventStore]:
    from server.app import open_store

    store, embedded = await open_store(settings)
    try:
        yield store
    finally:
        await store.close()
        if embedded is not None:
            embedded.stop()


def migrate(args: argparse.Namespace) -> int:
    async def run() -> None:
        async with _opened_store(_settings(args)):  # connecting applies the migrations
            pass

    asyncio.run(run())
    print("migrations applied")
    return 0


def verify(args: argparse.Namespace) -> int:
    from server.battle_service import stream_id
    from server.verification import verify as verify_events

    async def run() -> int:
        async with _opened_store(_settings(args)) as store:
            row = await store.stream(stream_id(args.battle_id))
            if row is None:
                print(f"no battle {args.battle_id}", file=sys.stderr)
                return 2
            events = await store.read_stream(stream_id(args.battle_id))
            report = verify_events(events, row.version, args.battle_id)
        print(json.dumps(msgspec.to_builtins(report), indent=2))
        return 0 if report.ok else 1

    return asyncio.run(run())


def rebuild_projections(args: argparse.Namespace) -> int:
    from server.projector import Projector

    async def run() -> None:
        async with _opened_store(_settings(args)) as store:
            await Projector(store).rebuild()

    asyncio.run(run())
    print("read models rebuilt from the event log")
    return 0


def openapi_documents() -> dict[str, bytes]:
    """The documents committed under api_schema/, generated from the app."""
    from litestar.serialization import encode_json

    from server.app import create_app
    from server.store.memory import MemoryStore
    from server.ws_schema import stream_message_schema

    app = create_app(Settings(), store=MemoryStore())
    served = json.loads(encode_json(app.openapi_schema.to_schema()))
    return {
        "openapi.json": json.dumps(served, indent=2, sort_keys=True).encode() + b"\n",
        "stream.schema.json": json.dumps(stream_message_schema(), indent=2, sort_keys=True).encode() + b"\n",
    }


def openapi(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, content in openapi_documents().items():
        (out / name).write_bytes(content)
        print(f"wrote {out / name}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chronicle", description="Chronicle battle server")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="run the server (embedded Postgres unless DATABASE_URL is set)")
    run.add_argument("--host")
    run.add_argument("--port", type=int)
    run.set_defaults(func=serve)
    commands.add_parser("migrate", help="apply database migrations").set_defaults(func=migrate)
    check = commands.add_parser("verify", help="check a battle's hash chain and dice")
    check.add_argument("battle_id")
    check.set_defaults(func=verify)
    projections = commands.add_parser("projections", help="manage read models")
    projection_commands = projections.add_subparsers(dest="action", required=True)
    projection_commands.add_parser("rebuild", help="rebuild the battle list and player records from the log") \
        .set_defaults(func=rebuild_projections)
    export = commands.add_parser("openapi", help="write the OpenAPI and websocket schemas")
    export.add_argument("--out", default=str(SCHEMA_DIR))
    export.set_defaults(func=openapi)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
