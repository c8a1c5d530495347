// Receipts: Ed25519 signatures of a stream's head by the server's key, made by server.receipts
// (tests/js/fixtures/receipts.json), checked with Web Crypto.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ed25519Supported, verifyBattle, verifyReceipt } from "../../server/web/verify.js";
import { copy, fixture, goldenEvents, lines } from "./support.mjs";

const { source, keys, receipts, foreign, foreign_key: foreignKey } = fixture("receipts.json");
const events = goldenEvents(source);

test("this Node verifies Ed25519 with Web Crypto", async () => {
  assert.equal(await ed25519Supported(), true);
});

test("the server's receipts verify against the keys it publishes, and the battle with them", async () => {
  for (const receipt of receipts) assert.equal(await verifyReceipt(receipt, keys), true);
  const report = await verifyBattle({ events, receipts, keys });
  assert.deepEqual(lines(report.problems), []);
  assert.equal(report.receipts, receipts.length);
});

test("a receipt altered, or signed by a key the server does not publish, proves nothing", async () => {
  assert.equal(await verifyReceipt({ ...receipts[0], version: receipts[0].version + 1 }, keys), false);
  assert.equal(await verifyReceipt({ ...receipts[0], signature: receipts[1].signature }, keys), false);
  assert.equal(await verifyReceipt({ ...receipts[0], signature: "AAAA" }, keys), false);
  assert.equal(await verifyReceipt(foreign, keys), false);
  const published = keys.keys[0].key_id;
  assert.equal(await verifyReceipt({ ...foreign, key_id: published }, [{ ...foreignKey, key_id: published }]), false,
    "a key listed under another key's id");
  assert.equal(await verifyReceipt(foreign, [foreignKey]), true, "the foreign receipt is genuine for its own key");
  const report = await verifyBattle({ events, receipts: [foreign], keys });
  assert.deepEqual(lines(report.problems), [`${foreign.version}: the receipt for version ${foreign.version} is not `
    + "signed by a key this server publishes: it proves nothing"]);
});

test("a log cut short or rewritten under a receipt is named", async () => {
  const last = receipts.at(-1);
  const truncated = await verifyBattle({ events: events.slice(0, last.version - 1), receipts, keys });
  assert.ok(lines(truncated.problems).includes(`${last.version}: the server signed version ${last.version} (hash `
    + `${last.hash.slice(0, 12)}...), which the log no longer holds: it was truncated`), lines(truncated.problems).join("\n"));
  const rewritten = copy(events);
  rewritten[receipts[0].version - 1].hash = "f".repeat(64);
  const report = await verifyBattle({ events: rewritten, receipts: [receipts[0]], keys });
  assert.ok(report.problems.some((p) => p.version === receipts[0].version && p.problem.endsWith("it was rewritten")));
});

test("a key or a signature that is not base64url, or of the wrong length, proves nothing", async () => {
  assert.equal(await verifyReceipt({ ...receipts[0], signature: "not base64url!" }, keys), false);
  const [key] = keys.keys;
  assert.equal(await verifyReceipt(receipts[0], [{ ...key, public_key: "%%%" }]), false);
  assert.equal(await verifyReceipt(receipts[0], [{ ...key, public_key: key.public_key.slice(0, 20) }]), false);
});
