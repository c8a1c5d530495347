// RFC 8785 (JCS) in JavaScript against the `rfc8785` package's output (tests/js/fixtures/jcs.json).
import assert from "node:assert/strict";
import { test } from "node:test";

import { canonicalize, chainHash, GENESIS } from "../../server/web/verify.js";
import { fixture } from "./support.mjs";

for (const vector of fixture("jcs.json").vectors) {
  test(`JCS: ${vector.name}`, () => {
    assert.equal(canonicalize(JSON.parse(vector.json)), vector.canonical);
  });
}

test("JCS writes an integral float as an integer and 1e21 as ECMAScript does", () => {
  assert.equal(canonicalize(JSON.parse('{"x": 3.0, "big": 1e21, "small": 1e-7, "neg": -0.0}')),
    '{"big":1e+21,"neg":0,"small":1e-7,"x":3}');
});

test("JCS sorts keys by UTF-16 code units: a key beyond U+FFFF before U+E000", () => {
  assert.equal(canonicalize({ "\uE000": 1, "\u{1F600}": 2 }), '{"\u{1F600}":2,"\uE000":1}');
});

test("JCS refuses what has no JSON form", () => {
  assert.throws(() => canonicalize(Number.NaN), RangeError);
  assert.throws(() => canonicalize(Infinity), RangeError);
  assert.throws(() => canonicalize({ f() {} }.f), TypeError);
});

test("the README's worked example of the chain hashes as the README says", async () => {
  const envelope = {
    actor: "p-1", command: { seats: ["north", "south"], type: "create_battle" },
    data: { scale: 1.0, seats: ["north", "south"] }, recorded_at: "2026-12-01T10:00:00.000000Z",
    battle_id: "5b0c7a4e-0000-4000-8000-000000000001", type: "battle_created", version: 1,
  };
  assert.equal(await chainHash(GENESIS, envelope), "10d4516c5724209e944eb43281bdd8c2930f0e7c3d8963330a0488b5827ad8fc");
});
