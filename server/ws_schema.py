"""The JSON Schema of the messages `GET /v1/battles/{id}/stream` sends, committed in api_schema/."""

from __future__ import annotations

from typing import Any

import msgspec

from server.api_models import CaughtUp, CaughtUpNotifications, Envelope
from server.notify.store import Notification


def stream_message_schema() -> dict[str, Any]:
    (envelope, caught_up), components = msgspec.json.schema_components([Envelope, CaughtUp],
                                                                       ref_template="#/$defs/{name}")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Chronicle battle stream message",
        "description": (
            "Messages of the websocket GET /v1/battles/{id}/stream?after=N. The server sends every "
            "event envelope with version > N in order, then one caught_up message, then each new "
            "envelope as it commits. Envelopes carry the event's own type (battle_created, "
            "dice_rolled, ...); the only control message is {\"type\": \"caught_up\", \"version\"}. "
            "Versions are consecutive: a client that reconnects sends after=<last version seen> "
            "and receives exactly what it missed. Contests arrive as ordinary events "
            "(contest_opened, contest_vote_cast, contest_ruled); an action_reverted event voids "
            "versions from_version..to_version: game events in that range no longer count "
            "(contest bookkeeping still does), so rebuild the view from GET "
            "/v1/battles/{id}/state, or by replaying the log without the voided game events."
        ),
        "oneOf": [envelope, caught_up],
        "$defs": components,
    }


def player_stream_message_schema() -> dict[str, Any]:
    (notification, caught_up), components = msgspec.json.schema_components(
        [Notification, CaughtUpNotifications], ref_template="#/$defs/{name}")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Chronicle player stream message",
        "description": (
            "Messages of the websocket GET /v1/players/me/stream?after=N (a token: the Authorization "
            "header or ?token=). The server sends every notification of the player with seq > N in "
            "order, then one {\"type\": \"caught_up\", \"seq\"} message, then each new notification as "
            "it is committed. A notification's type is battle_created, seat_claimed, battle_started, "
            "your_turn, contest_raised, contest_ruled, battle_ended or pairings_published (README: "
            "Notifications and webhooks). Seqs are consecutive per player: reconnect with "
            "after=<last seq seen>."
        ),
        "oneOf": [notification, caught_up],
        "$defs": components,
    }
