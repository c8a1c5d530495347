"""The fixtures of the JavaScript verifier's tests (tests/js/*.test.mjs), made by the Python
reference implementations, so that `node --test tests/js/` compares the JavaScript with them:

    python -m tests.js.fixtures          # rewrite tests/js/fixtures/
    python -m tests.js.fixtures --check  # exit 1 when they differ from what the code makes

- `jcs.json`: JSON texts and their RFC 8785 form by the `rfc8785` package (floats, the edges of
  ECMAScript's number formatting, control characters, keys beyond the Basic Multilingual Plane,
  and random doubles).
- `dice.json`: rolls recomputed by `domain.dice` (rejection sampling, several HMAC blocks).
- `golden.json`: for every golden log, what `GET /dice` answers once it has ended (the state the
  log replays to, as the server builds the answer) and what the server's own verify counts
  (events, rolls recomputed, chain format).
- `receipts.json`: receipts of a golden log's heads signed by `server.receipts.Notary` with a
  fixed key, the `GET /v1/receipts/keys` answer that publishes it, and one receipt signed by a
  key it does not publish (`foreign`, by `foreign_key`).
- `legacy.jsonl` and `legacy.json`: a golden log whose chain is rebuilt in the legacy
  `sha256-json-v1` format by the server's own code (its `chain` removed from `battle_created`),
  some of whose events hold floats, with its `GET /dice` answer.
"""

from __future__ import annotations

import hashlib
import json
import random
import struct
import sys
from pathlib import Path
from typing import Any

import rfc8785

from domain.battle import BattleState, replay
from domain.codec import event_from
from domain.dice import ALGORITHM, Die, Roll, join_client_seeds, recompute
from domain.events import CHAIN_V1
from server.api_models import DiceState
from server.battle_service import stream_id
from server.receipts import Notary, b64, private_key_from
from server.store.base import RecordedEvent
from server.store.chain import GENESIS, canonical_bytes, chain_hash
from server.verification import check_chain, check_dice
from tests.golden.coverage import GOLDEN, log_files, read_log

HERE = Path(__file__).parent / "fixtures"
LEGACY_SOURCE = GOLDEN / "pilgrimage" / "2" / "vigil.jsonl"
RECEIPTS_SOURCE = GOLDEN / "d100" / "2" / "adventure.jsonl"


def _jcs_values() -> list[tuple[str, Any]]:
    values: list[tuple[str, Any]] = [
        ("an integral float", {"x": 3.0}),
        ("floats at the edges of ECMAScript's formatting",
         [1e21, 1e20, 123456789012345680000.0, 1e-7, 1e-6, 1.5e-6, 0.000001, 1e-5, 0.1 + 0.2, -0.0, 5e-324,
          1.7976931348623157e308, 2.0**53, 9007199254740991, -9007199254740991, 0, -1, 1e16, 4.5, 100.0]),
        ("control characters and escapes",
         "\u0000\u0001\b\t\n\u000b\f\r\u001f\"\\/\u007f\u0080\u2028\u2029é€😀"),
        ("keys in UTF-16 order, one beyond the Basic Multilingual Plane",
         {"\U0001F600": 1, "\uE000": 2, "a": 3, "": 4, "é": 5, "A": 6, "aa": 7, "\u0080": 8}),
        ("nesting, empties, literals",
         {"b": [[], {}, [{"z": None, "y": True, "x": False}]], "a": {"d": {"c": [1, "2", 3.5]}}}),
        ("the RFC 8785 sample",
         {"numbers": [333333333.33333329, 1e30, 4.50, 2e-3, 0.000000000000000000000000001],
          "string": "\u20ac$\u000f\nA'\u0042\u0022\u005c\\\"/", "literals": [None, True, False]}),
    ]
    generator = random.Random(16)
    doubles = []
    while len(doubles) < 400:
        value = struct.unpack("<d", generator.randbytes(8))[0]
        if value == value and abs(value) != float("inf"):
            doubles.append(value)
    doubles += [generator.uniform(-1e6, 1e6) for _ in range(100)]
    doubles += [generator.random() * 10.0 ** generator.randint(-30, 30) for _ in range(100)]
    values.append(("random doubles", doubles))
    return values


def jcs_vectors() -> dict[str, Any]:
    return {"vectors": [{"name": name, "json": json.dumps(value), "canonical": rfc8785.dumps(value).decode()}
                        for name, value in _jcs_values()]}


def dice_vectors() -> dict[str, Any]:
    cases = [
        ("a d6", "", 0, [6]),
        ("two d20 with client seeds", "alice-luck,,bob", 1, [20, 20]),
        ("a d100 with non-ASCII client seeds", "ünï,cödé😀", 7, [100]),
        ("a one-sided die", ",", 2, [1]),
        ("a die of 2**32 sides: nothing rejected", "", 3, [2**32]),
        ("three billion sides: about a third of the words rejected, several HMAC blocks", "x,y", 4, [3 * 10**9] * 12),
        ("thirty d7: several HMAC blocks", "", 123456, [7] * 30),
        ("mixed dice", "north's luck,", 9, [4, 6, 8, 10, 12, 20, 100, 2**31 + 1]),
    ]
    vectors = []
    for number, (name, client_seeds, nonce, sides) in enumerate(cases):
        seed = hashlib.sha256(f"chronicle dice vector {number}".encode()).digest()
        battle_id = f"00000000-0000-4000-8000-{number:012d}"
        roll = Roll(nonce=nonce, purpose=name, dice=tuple(Die(sides=s, index=0) for s in sides))
        dice = recompute(seed, battle_id, client_seeds, roll)
        vectors.append({"name": name, "seed": seed.hex(), "battle_id": battle_id, "client_seeds": client_seeds,
                        "nonce": nonce, "sides": sides, "dice": [{"sides": d.sides, "index": d.index} for d in dice]})
    return {"algorithm": ALGORITHM, "vectors": vectors}


def _recorded(envelope: dict[str, Any]) -> RecordedEvent:
    return RecordedEvent(stream_id=stream_id(envelope["battle_id"]), version=envelope["version"],
                         position=envelope["version"], type=envelope["type"], data=envelope["data"],
                         actor=envelope["actor"], recorded_at=envelope["recorded_at"], hash=envelope["hash"],
                         prev_hash=envelope["prev_hash"], command=envelope["command"])


def dice_answer(envelopes: list[dict[str, Any]]) -> dict[str, Any]:
    """`GET /dice` as the server builds it, from the state the log replays to."""
    state: BattleState = replay([event_from(e["type"], e["data"]) for e in envelopes])
    assert state.dice is not None
    answer = DiceState(algorithm=ALGORITHM, commitment=state.dice.commitment,
                       client_seeds=join_client_seeds(state.client_seeds), next_nonce=state.next_nonce,
                       server_seed=state.server_seed)
    return {field: getattr(answer, field) for field in answer.__struct_fields__}


def golden_reports() -> dict[str, Any]:
    logs = []
    for path in log_files():
        envelopes = [line["event"] for line in read_log(path)]
        events = [_recorded(e) for e in envelopes]
        rolls, problems = check_dice(events, envelopes[0]["battle_id"])
        assert not problems and not check_chain(events, len(events)), path
        logs.append({"path": str(path.relative_to(GOLDEN.parent.parent)), "events": len(events), "rolls": rolls,
                     "chain": envelopes[0]["data"].get("chain", CHAIN_V1), "dice": dice_answer(envelopes)})
    return {"logs": logs}


def _notary(label: str) -> Notary:
    return Notary(private_key_from(b64(hashlib.sha256(label.encode()).digest())))


def signed_receipts() -> dict[str, Any]:
    envelopes = [line["event"] for line in read_log(RECEIPTS_SOURCE)]
    notary, stranger = _notary("chronicle receipt vector"), _notary("a key nobody publishes")
    stream = stream_id(envelopes[0]["battle_id"])
    receipts = [notary.sign(stream, e["version"], e["hash"]) for e in envelopes if e["version"] % 10 == 0]
    foreign = stranger.sign(stream, envelopes[-1]["version"], envelopes[-1]["hash"])
    as_json = [{field: getattr(r, field) for field in r.__struct_fields__} for r in (*receipts, foreign)]
    return {"source": str(RECEIPTS_SOURCE.relative_to(GOLDEN.parent.parent)),
            "keys": {"signing": notary.key_id,
                     "keys": [{"key_id": k.key_id, "algorithm": k.algorithm, "public_key": k.public_key}
                              for k in notary.public_keys()]},
            "receipts": as_json[:-1], "foreign": as_json[-1],
            "foreign_key": {"key_id": stranger.key_id, "algorithm": "ed25519",
                            "public_key": stranger.public_keys()[0].public_key}}


def legacy_log() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A golden log re-chained in `sha256-json-v1`, as a stream created before JCS was."""
    envelopes = [line["event"] for line in read_log(LEGACY_SOURCE)]
    first = envelopes[0]
    envelopes[0] = {**first, "data": {k: v for k, v in first["data"].items() if k != "chain"}}
    previous = GENESIS
    rechained = []
    for envelope in envelopes:
        digest = chain_hash(previous, canonical_bytes(stream_id(envelope["battle_id"]), envelope["version"],
                                                      envelope["type"], envelope["recorded_at"], envelope["actor"],
                                                      envelope["data"], envelope["command"], CHAIN_V1))
        rechained.append({**envelope, "prev_hash": previous, "hash": digest})
        previous = digest
    events = [_recorded(e) for e in rechained]
    assert not check_chain(events, len(events)) and not check_dice(events, first["battle_id"])[1]
    floats = sorted({e["version"] for e in rechained if _has_float(e["data"])})
    return rechained, {"source": str(LEGACY_SOURCE.relative_to(GOLDEN.parent.parent)), "dice": dice_answer(rechained),
                       "versions_with_floats": floats, "rolls": check_dice(events, first["battle_id"])[0]}


def _has_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return False


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1) + "\n"


def fixtures() -> dict[str, str]:
    """Every fixture file's name and text."""
    legacy, legacy_meta = legacy_log()
    return {
        "jcs.json": _json(jcs_vectors()),
        "dice.json": _json(dice_vectors()),
        "golden.json": _json(golden_reports()),
        "receipts.json": _json(signed_receipts()),
        "legacy.jsonl": "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in legacy),
        "legacy.json": _json(legacy_meta),
    }


def stale() -> list[str]:
    """The fixture files that differ from what the code makes now."""
    return [name for name, text in fixtures().items()
            if not (HERE / name).exists() or (HERE / name).read_text(encoding="utf-8") != text]


def main() -> int:
    if "--check" in sys.argv[1:]:
        differing = stale()
        print("stale fixtures: " + ", ".join(differing) if differing else "fixtures are current")
        return 1 if differing else 0
    HERE.mkdir(exist_ok=True)
    for name, text in fixtures().items():
        (HERE / name).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
