"""Signed receipts of a stream's head, against truncation.

Whoever can write to the database can cut the end off a stream and rewind its head, and the
hash chain of what remains still verifies. So the server signs every new head it reaches, and
hands the signature to the client that caused it (command responses) and to every watcher
(stream messages). A receipt is Ed25519 over the UTF-8 bytes of

    chronicle-receipt-v1\\n{stream}\\n{version}\\n{hash}

where `stream` is `battle-<id>` or `tournament-<id>`, and `hash` the event's chain hash. The
public keys are at `GET /v1/receipts/keys`. `verify` accepts receipts and names any whose
version and hash the log no longer holds.

The private key never goes to the database (whoever can rewrite the log must not be able to
forge receipts): it comes from `CHRONICLE_SIGNING_KEY`, or, for the embedded single-node
server, from a key file in the data folder, made on first start.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import os
from collections import OrderedDict
from pathlib import Path

import msgspec
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat
from nacl.signing import SigningKey

log = logging.getLogger("chronicle.receipts")

ALGORITHM = "ed25519"
KEY_FILE = "receipt-signing.key"
_CACHE = 65_536


class Receipt(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The server's signature of a stream's head: the event at `version` had hash `hash`
    (`signature`: Ed25519 by key `key_id`, base64url without padding; see the README)."""

    stream: str
    version: int
    hash: str
    key_id: str
    signature: str


class PublicKey(msgspec.Struct, frozen=True):
    """A key receipts are signed with: `public_key` is the raw 32-byte Ed25519 key, base64url
    without padding; `key_id` the first 16 hex digits of its SHA-256."""

    key_id: str
    algorithm: str
    public_key: str


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def receipt_message(stream: str, version: int, hash_: str) -> bytes:
    return f"chronicle-receipt-v1\n{stream}\n{version}\n{hash_}".encode()


def _raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def key_id_of(key: Ed25519PublicKey) -> str:
    return hashlib.sha256(_raw_public(key)).hexdigest()[:16]


def new_private_key_text() -> str:
    """A fresh private key as `CHRONICLE_SIGNING_KEY` takes it (the 32-byte seed, base64url)."""
    return b64(os.urandom(32))


def private_key_from(text: str) -> Ed25519PrivateKey:
    raw = unb64(text.strip())
    if len(raw) != 32:
        raise ValueError("a receipt signing key is 32 bytes, base64url encoded")
    return Ed25519PrivateKey.from_private_bytes(raw)


def load_signing_key(configured: str | None, data_dir: Path | None) -> Ed25519PrivateKey:
    """The configured key; else the data folder's key file (made if missing); else, with no
    folder to keep it in, a key for this process only."""
    if configured:
        return private_key_from(configured)
    if data_dir is not None:
        path = data_dir / KEY_FILE
        if not path.exists():
            data_dir.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as file:
                file.write(new_private_key_text() + "\n")
        return private_key_from(path.read_text())
    log.warning("no CHRONICLE_SIGNING_KEY: receipts are signed with a key that lives only as long as this "
                "process; set one key on every node (chronicle receipt-key makes one)")
    return Ed25519PrivateKey.generate()


class Notary:
    """Signs stream heads with this node's key and checks receipts against every key it trusts
    (its own and those configured as former or other nodes' keys)."""

    def __init__(self, key: Ed25519PrivateKey, trusted: tuple[str, ...] = ()) -> None:
        # Every command's response carries a receipt, so signing is on the command path: libsodium
        # signs in about half the time of OpenSSL through `cryptography` (bench/RESULTS.md), and
        # Ed25519 is deterministic, so the signatures are the same bytes.
        self._signer = SigningKey(key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()))
        own = key.public_key()
        self.key_id = key_id_of(own)
        self._trusted: dict[str, Ed25519PublicKey] = {self.key_id: own}
        for text in trusted:
            public = Ed25519PublicKey.from_public_bytes(unb64(text.strip()))
            self._trusted[key_id_of(public)] = public
        self._signed: OrderedDict[tuple[str, int, str], Receipt] = OrderedDict()

    @classmethod
    def for_this_process(cls) -> Notary:
        """A notary whose key dies with the process (tests, and services built without one)."""
        return cls(Ed25519PrivateKey.generate())

    def sign(self, stream: str, version: int, hash_: str) -> Receipt:
        """The receipt of a head (cached: a catch-up replays the same heads to many watchers)."""
        cache_key = (stream, version, hash_)
        receipt = self._signed.get(cache_key)
        if receipt is None:
            signature = self._signer.sign(receipt_message(stream, version, hash_)).signature
            receipt = Receipt(stream=stream, version=version, hash=hash_, key_id=self.key_id, signature=b64(signature))
            self._signed[cache_key] = receipt
            if len(self._signed) > _CACHE:
                self._signed.popitem(last=False)
        return receipt

    def public_keys(self) -> list[PublicKey]:
        return [PublicKey(key_id=key_id, algorithm=ALGORITHM, public_key=b64(_raw_public(key)))
                for key_id, key in self._trusted.items()]

    def is_genuine(self, receipt: Receipt) -> bool:
        key = self._trusted.get(receipt.key_id)
        if key is None:
            return False
        try:
            key.verify(unb64(receipt.signature), receipt_message(receipt.stream, receipt.version, receipt.hash))
        except (InvalidSignature, ValueError):
            return False
        return True
