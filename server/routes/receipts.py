"""`GET /v1/receipts/keys`: the public keys that sign receipts, for verifiers outside the server."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, get

from server.app_state import app_state
from server.http import problem_responses
from server.receipts import PublicKey


class ReceiptKeys(msgspec.Struct, frozen=True):
    """The Ed25519 public keys receipts are signed with; `signing` is the one in use now."""

    signing: str
    keys: list[PublicKey]


@get("/v1/receipts/keys", tags=["verification"], responses=problem_responses(),
     summary="The public keys that sign receipts of a stream's head (the message signed is in the README)")
async def receipt_keys(request: Request[Any, Any, Any]) -> ReceiptKeys:
    notary = app_state(request.app).notary
    return ReceiptKeys(signing=notary.key_id, keys=notary.public_keys())
