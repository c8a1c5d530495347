"""The `chronicle` command: serve, migrate, verify, openapi."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from server.settings import Settings
from server.store.base import EventStore

if TYPE_CHECKING:
    from server.receipts import Receipt

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "api_schema"
STARTUP_FAILURE = 3  # the exit code uvicorn.run gives when the app does not start


def _settings(args: argparse.Namespace) -> Settings:
    settings = Settings.from_env()
    changes = {}
    if getattr(args, "host", None):
        changes["host"] = args.host
    if getattr(args, "port", None):
        changes["port"] = args.port
    if getattr(args, "workers", None):
        changes["workers"] = args.workers
    return msgspec.structs.replace(settings, **changes)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from server.app import create_app
    from server.limits.serving import uvicorn_config
    from server.observability import configure_logging

    settings = _settings(args)
    configure_logging(settings.log_level)
    if settings.workers > 1:
        from server.workers import serve_workers

        return serve_workers(settings)
    if settings.background == "process":
        return _serve_with_background(settings)
    server = uvicorn.Server(uvicorn_config(create_app(settings), settings, log_config=None))
    server.run()
    return 0 if server.started else STARTUP_FAILURE


def _serve_with_background(settings: Settings) -> int:
    """One serving process (this one, as without a background process: signals, exit status)
    and the node's background process (server/background.py), started once the database is
    ready. The background process is stopped, and the embedded Postgres this process started,
    by the app's last shutdown hook: uvicorn re-raises a SIGTERM once its graceful shutdown is
    done, so nothing after `run` would be reached."""
    import uvicorn

    from server.app import create_app
    from server.background import start_background_process
    from server.limits.serving import uvicorn_config
    from server.workers import prepare, start_method, stop_process

    settings, embedded = prepare(settings)
    background = start_background_process(settings, start_method())
    stopped = False

    def stop_node() -> None:
        nonlocal stopped
        if not stopped:
            stopped = True
            stop_process(background, settings.shutdown_timeout)
            if embedded is not None:
                embedded.stop()

    async def on_shutdown() -> None:
        await asyncio.to_thread(stop_node)

    app = create_app(msgspec.structs.replace(settings, background="none"))
    app.on_shutdown.append(on_shutdown)
    server = uvicorn.Server(uvicorn_config(app, settings, log_config=None))
    try:
        server.run()
    finally:
        stop_node()
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


def _read_receipts(path: Path) -> list[Receipt]:
    """A JSON array of receipts, or one receipt per line (JSON Lines)."""
    from server.receipts import Receipt

    text = path.read_text().strip()
    if text.startswith("["):
        return msgspec.json.decode(text, type=list[Receipt])
    return [msgspec.json.decode(line, type=Receipt) for line in text.splitlines() if line.strip()]


def verify(args: argparse.Namespace) -> int:
    from server.battle_service import BATTLE_RULES, stream_id
    from server.hero_service import HERO_RULES, HEROES
    from server.receipts import Notary, load_signing_key
    from server.tournament_service import TOURNAMENT_RULES, TOURNAMENTS
    from server.verification import verify_stream

    settings = _settings(args)
    receipts = _read_receipts(Path(args.receipts)) if args.receipts else []
    notary = Notary(load_signing_key(settings.signing_key, None if settings.database_url else settings.data_dir),
                    settings.receipt_public_keys)

    async def run() -> int:
        async with _opened_store(settings) as store:
            report = await verify_stream(store, stream_id(args.id), args.id, BATTLE_RULES, notary, receipts)
            if report is None:
                report = await verify_stream(store, TOURNAMENTS.stream_id(args.id), args.id, TOURNAMENT_RULES,
                                             notary, receipts)
            if report is None:
                report = await verify_stream(store, HEROES.stream_id(args.id), args.id, HERO_RULES, notary, receipts)
            if report is None:
                print(f"no battle, tournament or hero {args.id}", file=sys.stderr)
                return 2
        print(json.dumps(msgspec.to_builtins(report), indent=2))
        return 0 if report.ok else 1

    return asyncio.run(run())


def receipt_key(args: argparse.Namespace) -> int:
    from server.receipts import Notary, new_private_key_text, private_key_from

    key = new_private_key_text()
    print(f"CHRONICLE_SIGNING_KEY={key}")
    print(f"# its public key id: {Notary(private_key_from(key)).key_id}", file=sys.stderr)
    return 0


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
    from server.openapi_contract import completed
    from server.store.memory import MemoryStore
    from server.ws_schema import player_stream_message_schema, stream_message_schema

    app = create_app(Settings(), store=MemoryStore())
    served = completed(json.loads(encode_json(app.openapi_schema.to_schema())))
    return {
        "openapi.json": json.dumps(served, indent=2, sort_keys=True).encode() + b"\n",
        "stream.schema.json": json.dumps(stream_message_schema(), indent=2, sort_keys=True).encode() + b"\n",
        "player_stream.schema.json": json.dumps(player_stream_message_schema(), indent=2,
                                                sort_keys=True).encode() + b"\n",
    }


def asyncapi_documents() -> dict[str, bytes]:
    """The AsyncAPI document of the live streams, committed as api_schema/asyncapi.yaml."""
    from server.app import API_VERSION
    from server.asyncapi import asyncapi_yaml

    return {"asyncapi.yaml": asyncapi_yaml(API_VERSION)}


def openapi(args: argparse.Namespace) -> int:
    return _write(Path(args.out), {**openapi_documents(), **asyncapi_documents()})


def asyncapi(args: argparse.Namespace) -> int:
    return _write(Path(args.out), asyncapi_documents())


def _write(out: Path, documents: dict[str, bytes]) -> int:
    out.mkdir(parents=True, exist_ok=True)
    for name, content in documents.items():
        (out / name).write_bytes(content)
        print(f"wrote {out / name}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chronicle", description="Chronicle battle server")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="run the server (embedded Postgres unless DATABASE_URL is set)")
    run.add_argument("--host")
    run.add_argument("--port", type=int)
    run.add_argument("--workers", type=_positive, help="server processes on the port, each a node "
                     "(default CHRONICLE_WORKERS, or 1)")
    run.set_defaults(func=serve)
    commands.add_parser("migrate", help="apply database migrations").set_defaults(func=migrate)
    check = commands.add_parser("verify",
                                help="check a battle's, tournament's or hero's chain, dice, rules and receipts")
    check.add_argument("id", help="a battle, tournament or hero id")
    check.add_argument("--receipts", help="a file of receipts (a JSON array, or JSON Lines) the log must still hold")
    check.set_defaults(func=verify)
    commands.add_parser("receipt-key", help="print a new receipt signing key (CHRONICLE_SIGNING_KEY)") \
        .set_defaults(func=receipt_key)
    projections = commands.add_parser("projections", help="manage read models")
    projection_commands = projections.add_subparsers(dest="action", required=True)
    projection_commands.add_parser("rebuild", help="rebuild the battle list and player records from the log") \
        .set_defaults(func=rebuild_projections)
    export = commands.add_parser("openapi", help="write the OpenAPI, AsyncAPI and websocket schemas")
    export.add_argument("--out", default=str(SCHEMA_DIR))
    export.set_defaults(func=openapi)
    streams = commands.add_parser("asyncapi", help="write the AsyncAPI document of the live streams")
    streams.add_argument("--out", default=str(SCHEMA_DIR))
    streams.set_defaults(func=asyncapi)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
