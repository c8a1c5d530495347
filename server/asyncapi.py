"""The AsyncAPI 3 document of the live streams (`api_schema/asyncapi.yaml`), built from the
structs the streams send and the close codes they use, so that it cannot drift from them.

`chronicle asyncapi` (and `chronicle openapi`, which writes every document of api_schema/)
regenerates it; a test fails when the committed file differs."""

from __future__ import annotations

from typing import Any

import msgspec
import yaml

from server.api_models import CaughtUp, Envelope
from server.limits.websockets import TOO_MANY_CONNECTIONS
from server.routes.stream import BAD_REQUEST, INTERNAL_ERROR, MAX_VERSION, NOT_FOUND, TRY_AGAIN_LATER
from server.tournament_service import TournamentEnvelope

ASYNCAPI_VERSION = "3.0.0"
SERVICE_RESTART = 1012  # uvicorn closes every websocket with it when the node shuts down


class CloseCode(msgspec.Struct, frozen=True):
    code: int
    when: str
    then: str  # what a client should do


CLOSE_CODES = (
    CloseCode(INTERNAL_ERROR, "an unexpected server error (logged with its traceback)", "reconnect with `after`"),
    CloseCode(SERVICE_RESTART, "the node shuts down", "reconnect with `after`, to another node"),
    CloseCode(TRY_AGAIN_LATER, "the database is unreachable", "reconnect with `after` a little later"),
    CloseCode(BAD_REQUEST, f"`after` is not a whole number up to {MAX_VERSION}", "fix the URL"),
    CloseCode(NOT_FOUND, "no such battle (or tournament), or a path where no stream lives", "do not retry"),
    CloseCode(TOO_MANY_CONNECTIONS, "the address already has as many websockets open on that node as it may",
              "close one first"),
)

_PROTOCOL = (
    "The server accepts every connection, then sends JSON text frames: every envelope with "
    "version > `after`, in order; then one `caught_up` message naming the version the stream has "
    "reached (an `after` beyond it counts as that version); then each new envelope as soon as it "
    "commits. No version is skipped or sent twice. To resume after a dropped connection, "
    "reconnect (to any node) with `after` = the last version received. The client sends nothing; "
    "the server ends the connection with one of the close codes in `x-close-codes` (always after "
    "accepting it, so the code reaches the client)."
)



def _after() -> dict[str, Any]:
    """The query of a stream's URL (a new dict each time: YAML would write a shared one as an alias)."""
    return {"type": "object", "properties": {"after": {
        "type": "integer", "minimum": 0, "maximum": MAX_VERSION, "default": 0,
        "description": "the last version the client has received (a negative one counts as 0)"}}}


def _schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    """The three message payloads as references, and every schema they use, under
    `#/components/schemas/`."""
    (battle, tournament, caught_up), components = msgspec.json.schema_components(
        [Envelope, TournamentEnvelope, CaughtUp], ref_template="#/components/schemas/{name}")
    components["CaughtUp"].setdefault(
        "description", "Everything up to `version`, the version the stream has reached, has been sent; "
                       "live envelopes follow.")
    return {"battle": battle, "tournament": tournament, "caught_up": caught_up}, components


def _message(name: str, title: str, summary: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "title": title, "summary": summary, "contentType": "application/json",
            "payload": payload}


def _channel(address: str, parameter: str, what: str, event: str) -> dict[str, Any]:
    return {
        "address": address,
        "title": f"The live stream of a {what}",
        "description": _PROTOCOL,
        "parameters": {parameter: {"description": f"the {what}'s id (a UUID)"}},
        "messages": {
            event: {"$ref": f"#/components/messages/{event}"},
            "caughtUp": {"$ref": "#/components/messages/caughtUp"},
        },
        "bindings": {"ws": {"method": "GET", "query": _after()}},
    }


def _operation(channel: str, event: str, what: str) -> dict[str, Any]:
    return {
        "action": "send",
        "title": f"Send a {what}'s events",
        "summary": f"Every event of the {what} after `after`, then `caught_up`, then each new event live.",
        "channel": {"$ref": f"#/channels/{channel}"},
        "messages": [{"$ref": f"#/channels/{channel}/messages/{event}"},
                     {"$ref": f"#/channels/{channel}/messages/caughtUp"}],
    }


def asyncapi_document(version: str) -> dict[str, Any]:
    payloads, schemas = _schemas()
    return {
        "asyncapi": ASYNCAPI_VERSION,
        "info": {
            "title": "Chronicle live streams",
            "version": version,
            "description": "The websockets of a battle's and a tournament's events. The HTTP API is "
                           "api_schema/openapi.json; the README's 'The websocket protocol' explains both.",
        },
        "servers": {
            "local": {"host": "127.0.0.1:8000", "protocol": "ws",
                      "description": "`chronicle serve` on its defaults (use wss behind TLS)"},
        },
        "defaultContentType": "application/json",
        "channels": {
            "battleStream": _channel("/v1/battles/{battle_id}/stream", "battle_id", "battle", "battleEvent"),
            "tournamentStream": _channel("/v1/tournaments/{tournament_id}/stream", "tournament_id",
                                         "tournament", "tournamentEvent"),
        },
        "operations": {
            "sendBattleEvents": _operation("battleStream", "battleEvent", "battle"),
            "sendTournamentEvents": _operation("tournamentStream", "tournamentEvent", "tournament"),
        },
        "components": {
            "messages": {
                "battleEvent": _message("battle_event", "A battle event",
                                        "A committed event of the battle, as GET /v1/battles/{id}/events "
                                        "serves it, with the server's signed receipt of its version.",
                                        payloads["battle"]),
                "tournamentEvent": _message("tournament_event", "A tournament event",
                                            "A committed event of the tournament, as "
                                            "GET /v1/tournaments/{id}/events serves it.", payloads["tournament"]),
                "caughtUp": _message("caught_up", "Caught up",
                                     "Sent once, after the catch-up: the version the stream has reached.",
                                     payloads["caught_up"]),
            },
            "schemas": schemas,
        },
        "x-close-codes": [msgspec.structs.asdict(code) for code in CLOSE_CODES],
    }


def asyncapi_yaml(version: str) -> bytes:
    text = yaml.safe_dump(asyncapi_document(version), sort_keys=False, allow_unicode=True, width=100)
    return text.encode()
