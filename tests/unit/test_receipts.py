"""Receipts (issue #12): the server's Ed25519 signature of a stream's head, checked by anyone
with the published public key, over the exact message the README gives."""

from __future__ import annotations

from pathlib import Path

import msgspec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from server.receipts import Notary, load_signing_key, new_private_key_text, private_key_from, unb64


def test_a_receipt_verifies_with_the_published_key_over_the_documented_message() -> None:
    notary = Notary.for_this_process()
    receipt = notary.sign("battle-0b0e", 12, "ab" * 32)
    [published] = notary.public_keys()
    assert published.key_id == receipt.key_id == notary.key_id
    message = f"chronicle-receipt-v1\nbattle-0b0e\n12\n{'ab' * 32}".encode()
    Ed25519PublicKey.from_public_bytes(unb64(published.public_key)).verify(unb64(receipt.signature), message)
    assert notary.is_genuine(receipt)


def test_the_signature_is_the_one_the_key_itself_makes() -> None:
    """Receipts are signed by libsodium for speed (issue #19); Ed25519 is deterministic, so they are
    byte for byte what the configured key signs through `cryptography`, as before."""
    key = private_key_from(new_private_key_text())
    receipt = Notary(key).sign("battle-0b0e", 7, "cd" * 32)
    assert unb64(receipt.signature) == key.sign(f"chronicle-receipt-v1\nbattle-0b0e\n7\n{'cd' * 32}".encode())


def test_a_changed_receipt_or_another_key_is_not_genuine() -> None:
    notary, stranger = Notary.for_this_process(), Notary.for_this_process()
    receipt = notary.sign("battle-0b0e", 12, "ab" * 32)
    assert not notary.is_genuine(msgspec.structs.replace(receipt, version=13))
    assert not notary.is_genuine(stranger.sign("battle-0b0e", 12, "ab" * 32))
    trusting = Notary(private_key_from(new_private_key_text()), trusted=(notary.public_keys()[0].public_key,))
    assert trusting.is_genuine(receipt), "a former or another node's key, when configured, is trusted"


def test_the_embedded_servers_key_is_kept_in_its_data_folder(tmp_path: Path) -> None:
    first = load_signing_key(None, tmp_path)
    again = load_signing_key(None, tmp_path)
    assert Notary(first).key_id == Notary(again).key_id
    assert (tmp_path / "receipt-signing.key").stat().st_mode & 0o777 == 0o600
