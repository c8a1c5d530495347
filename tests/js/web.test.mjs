// The web page's own modules (server/web/log.js, audit.js) on every golden log, in Node: every
// event of every type reads as a line with no hole in it, its dice and modifiers listed; the JSON
// Lines export reads back as the very envelopes; the dice statistics count each die once; and
// the page's audit names the event of a tampered copy.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { findRolls } from "../../server/web/verify.js";
import { describe as describeEvent, fromJsonLines, toJsonLines, toText } from "../../server/web/log.js";
import { audit, faceCounts } from "../../server/web/audit.js";
import { GOLDEN, copy, firstRollAfter, goldenEvents } from "./support.mjs";

const who = {
  seatOf: (id) => (id ? `seat-of-${id.slice(0, 4)}` : ""),
  name: (id) => (id ? `name-of-${id.slice(0, 4)}` : ""),
};

for (const log of GOLDEN) {
  describe(log.path, () => {
    const events = goldenEvents(log.path);

    test("every event reads as a line naming its actor, its dice and nothing undefined", () => {
      for (const event of events) {
        const line = describeEvent(event, who);
        assert.ok(line.text.startsWith(event.actor ? `seat-of-${event.actor.slice(0, 4)}: ` : "server: "), line.text);
        assert.doesNotMatch(line.text, /undefined|\[object Object\]|NaN/, `${event.type}: ${line.text}`);
        const rolls = findRolls(event.data);
        assert.equal(line.dice.length, rolls.length, event.type);
        rolls.forEach((roll, i) => assert.ok(line.dice[i].startsWith(`#${roll.nonce} `), line.dice[i]));
        for (const text of [...line.dice, ...line.modifiers]) assert.doesNotMatch(text, /undefined|\[object Object\]/);
      }
    });

    test("the JSON Lines export reads back as the envelopes; the text export has a line per event", () => {
      assert.deepEqual(fromJsonLines(toJsonLines(events)), events);
      const text = toText(events, who).split("\n").filter((l) => l && !l.startsWith("\t"));
      assert.deepEqual(text.map((l) => Number(l.split("\t")[0])), events.map((e) => e.version));
    });

    test("the dice statistics count every die of every roll once", () => {
      const seen = new Map();
      for (const event of events) for (const roll of findRolls(event.data)) seen.set(roll.nonce, roll);
      const dice = [...seen.values()].flatMap((roll) => roll.dice);
      const counts = faceCounts(events);
      assert.equal([...counts.values()].flat().reduce((a, b) => a + b, 0), dice.length);
      for (const [sides, faces] of counts) {
        assert.equal(faces.length, sides);
        assert.equal(faces.reduce((a, b) => a + b, 0), dice.filter((d) => d.sides === sides).length);
      }
    });
  });
}

test("the page's audit says verified for a golden log and names the event of a tampered copy", async () => {
  const log = GOLDEN.find((l) => l.path.includes("pilgrimage/2/reckoning"));
  const events = goldenEvents(log.path);
  const clean = await audit(events, log.dice);
  assert.match(clean.summary, /^verified: /);
  const tampered = copy(events);
  const { envelope } = firstRollAfter(tampered, 0, findRolls);
  const die = findRolls(envelope.data)[0].dice[0];
  die.index = (die.index + 1) % die.sides;
  const checked = await audit(tampered, log.dice);
  assert.match(checked.summary, new RegExp(`^failed: .* event ${envelope.version} \\(${envelope.type}\\)`));
  assert.ok(checked.byVersion.has(envelope.version));
});
