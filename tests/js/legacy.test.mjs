// The legacy chain, `sha256-json-v1` (streams created before JCS): its bytes write floats as
// Python does (3.0), which a parsed number cannot tell from 3. The fixture is a golden log whose
// chain the server's own code rebuilt in that format (tests/js/fixtures/legacy.jsonl).
import assert from "node:assert/strict";
import { test } from "node:test";

import { CHAIN_V1, canonicalEvent, verifyBattle, verifyChain } from "../../server/web/verify.js";
import { copy, fixture, jsonLines, lines, rechain } from "./support.mjs";

const events = jsonLines("tests/js/fixtures/legacy.jsonl");
const meta = fixture("legacy.json");

test("the events without floats are recomputed; the others are reported unverifiable, not forged", async () => {
  const report = await verifyBattle({ events, dice: meta.dice });
  assert.equal(report.chain, CHAIN_V1);
  assert.deepEqual(lines(report.problems), []);
  assert.equal(report.ok, true);
  assert.equal(report.complete, false);
  assert.deepEqual(report.unverified.map((p) => p.version), meta.versions_with_floats);
  assert.match(report.unverified[0].problem, /^not recomputable outside Python/);
  assert.equal(report.rolls, meta.rolls, "the dice do not depend on the chain's format");
});

test("an event without floats edited is a forgery", async () => {
  const tampered = copy(events);
  const edited = tampered.find((e) => !meta.versions_with_floats.includes(e.version) && e.type === "seat_claimed");
  edited.data.player_id = "00000000-0000-4000-8000-000000000000";
  const report = await verifyChain(tampered);
  assert.deepEqual(lines(report.problems), [`${edited.version}: the event's content does not match its hash`]);
});

test("legacy keys sort by code point, as Python sorts them, and fractions as msgspec writes them", () => {
  const envelope = {
    battle_id: "b", version: 1, type: "t", recorded_at: "r", actor: null,
    data: { "\uE000": 1.5e-6, "\u{1F600}": 0.000015, list: [2.5, 1e-7] },
  };
  assert.equal(canonicalEvent(envelope, CHAIN_V1).text, '{"actor":null,"data":{"list":[2.5,1e-7],'
    + '"\uE000":1.5e-6,"\u{1F600}":0.000015},"recorded_at":"r","stream_id":"battle-b","type":"t","version":1}');
  assert.equal(canonicalEvent(envelope, CHAIN_V1).ambiguous, false);
});

test("the first event names the format: JCS named over a legacy log fails, a name unknown is legacy", async () => {
  const named = copy(events);
  named[0].data.chain = "sha256-jcs-v2";
  const asJcs = await verifyChain(named);
  assert.equal(asJcs.chain, "sha256-jcs-v2");
  assert.ok(asJcs.problems.length > events.length / 2, "legacy bytes are not JCS bytes");
  const unknown = copy(events);
  unknown[0].data.chain = "sha256-something-else";
  assert.equal((await verifyChain(unknown)).chain, CHAIN_V1);
});
