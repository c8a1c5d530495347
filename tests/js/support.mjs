// Shared by the tests of server/web/verify.js: the fixtures tests/js/fixtures.py made with the
// Python reference code, the golden logs, and a forger's tools.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { CHAIN_V2, GENESIS, chainHash } from "../../server/web/verify.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A fixture of tests/js/fixtures/, parsed. */
export function fixture(name) {
  return JSON.parse(readFileSync(join(ROOT, "tests", "js", "fixtures", name), "utf8"));
}

/** The lines of a JSON Lines file under the repository. */
export function jsonLines(path) {
  return readFileSync(join(ROOT, path), "utf8").split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
}

/** A golden log's envelopes, as GET /events serves them. */
export function goldenEvents(path) {
  return jsonLines(path).map((line) => line.event);
}

/** The golden logs, each with the GET /dice answer and the server's counts fixtures.py made. */
export const GOLDEN = fixture("golden.json").logs;

export const copy = (value) => structuredClone(value);

/** What a forger with write access to the database does after editing: hash the chain again. */
export async function rechain(envelopes, format = CHAIN_V2) {
  let previous = GENESIS;
  const out = [];
  for (const envelope of envelopes) {
    const linked = { ...envelope, prev_hash: previous };
    linked.hash = await chainHash(previous, linked, format);
    out.push(linked);
    previous = linked.hash;
  }
  return out;
}

/** The first event after `from` (a version) that holds a roll, and that roll. */
export function firstRollAfter(envelopes, from, findRolls) {
  for (const envelope of envelopes) {
    if (envelope.version <= from) continue;
    const [roll] = findRolls(envelope.data);
    if (roll) return { envelope, roll };
  }
  throw new Error("no roll in the log");
}

/** The problems of a report as "version: text" lines, for readable assertion failures. */
export const lines = (problems) => problems.map((p) => `${p.version}: ${p.problem}`);
