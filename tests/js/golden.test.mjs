// Real battles: every golden log (tests/golden/<ruleset>/<version>/*.jsonl, envelopes as GET /events
// served them) verifies clean with the GET /dice answer its final state gives, with the server's
// own counts; and a copy someone tampered with is reported, at the event tampered with.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { findRolls, verifyBattle } from "../../server/web/verify.js";
import { GOLDEN, copy, firstRollAfter, goldenEvents, lines, rechain } from "./support.mjs";

const forkedAt = (events) => events.findLast((e) => e.type === "battle_forked")?.version ?? 0;

/** The first own roll with a die that can show another face. */
function changeableRoll(events) {
  for (let from = forkedAt(events); ;) {
    const { envelope, roll } = firstRollAfter(events, from, findRolls);
    const die = roll.dice.find((d) => d.sides > 1);
    if (die) return { envelope, roll, die };
    from = envelope.version;
  }
}

const has = (report, version, text) => report.problems.some((p) => p.version === version && p.problem.includes(text));

function assertReports(report, expected) {
  for (const [version, text] of expected) {
    assert.ok(has(report, version, text), `expected "${version}: ${text}" among\n${lines(report.problems).join("\n")}`);
  }
  assert.equal(report.ok, false);
}

for (const log of GOLDEN) {
  describe(log.path, () => {
    const events = goldenEvents(log.path);

    test("verifies clean, every roll recomputed, with GET /dice and without", async () => {
      for (const dice of [log.dice, null]) {
        const report = await verifyBattle({ events, dice });
        assert.deepEqual(lines(report.problems), []);
        assert.deepEqual(lines(report.unverified), []);
        assert.equal(report.ok && report.complete, true);
        assert.equal(report.chain, log.chain);
        assert.equal(report.events, log.events);
        assert.equal(report.rolls, log.rolls, "the rolls the server's own verify recomputes");
      }
    });

    test("a die changed is reported, and still after the chain is hashed again", async () => {
      const tampered = copy(events);
      const { envelope, roll, die } = changeableRoll(tampered);
      die.index = (die.index + 1) % die.sides;
      const noted = `roll with nonce ${roll.nonce} does not match the seed`;
      assertReports(await verifyBattle({ events: tampered, dice: log.dice }),
        [[envelope.version, noted], [envelope.version, "the event's content does not match its hash"]]);
      const forged = await verifyBattle({ events: await rechain(tampered), dice: log.dice });
      assert.deepEqual(lines(forged.problems), [`${envelope.version}: ${noted}: expected ${JSON.stringify(
        findRolls(events.find((e) => e.version === envelope.version).data)
          .find((r) => r.nonce === roll.nonce).dice.map((d) => d.index))}`]);
    });

    test("a field edited is reported at its event", async () => {
      const tampered = copy(events);
      const claimed = tampered.find((e) => e.type === "seat_claimed");
      claimed.data.player_id = "00000000-0000-4000-8000-000000000000";
      const report = await verifyBattle({ events: tampered, dice: log.dice });
      assert.deepEqual(lines(report.problems), [`${claimed.version}: the event's content does not match its hash`]);
    });

    test("a client seed edited and the chain hashed again breaks the dice", async () => {
      const tampered = copy(events);
      tampered.find((e) => e.type === "seat_claimed").data.client_seed = "another luck";
      const report = await verifyBattle({ events: await rechain(tampered), dice: log.dice });
      assert.ok(has(report, null, "GET /dice answers client seeds"), lines(report.problems).join("\n"));
      if (log.rolls) assert.ok(report.problems.some((p) => p.problem.includes("does not match the seed")));
    });

    test("an event removed is reported", async () => {
      const middle = Math.floor(events.length / 2);
      const tampered = events.filter((e) => e.version !== middle);
      assertReports(await verifyBattle({ events: tampered, dice: log.dice }),
        [[middle, `event ${middle} is missing`], [middle + 1, "prev_hash does not match the previous event's hash"]]);
    });

    test("the end of the log cut off is reported against GET /dice", async () => {
      const lastRoll = events.findLast((e) => findRolls(e.data).length && e.version > forkedAt(events));
      const cut = lastRoll ? lastRoll.version - 1 : events.length - 1;
      const report = await verifyBattle({ events: events.slice(0, cut), dice: log.dice });
      assert.ok(has(report, null, "the log holds no dice_seed_revealed event"), lines(report.problems).join("\n"));
      if (lastRoll) assert.ok(report.problems.some((p) => p.problem.includes("so the end of the log was cut")));
      assert.equal(report.ok, false);
    });

    test("another seed revealed is reported against the commitment", async () => {
      const tampered = copy(events);
      const revealed = tampered.findLast((e) => e.type === "dice_seed_revealed");
      revealed.data.server_seed = "ab".repeat(32);
      const report = await verifyBattle({ events: await rechain(tampered) });
      assert.ok(has(report, revealed.version, "the seed does not match the commitment"), lines(report.problems).join("\n"));
    });
  });
}

describe("rolls across events", () => {
  const log = GOLDEN.find((l) => l.path.endsWith("pilgrimage/2/reckoning.jsonl"));
  const events = goldenEvents(log.path);

  test("a roll restated verbatim (a Karma re-run) counts once; restated otherwise, it is reported", async () => {
    const { roll } = firstRollAfter(events, 0, findRolls);
    const last = events.length - 3;
    const restated = copy(events);
    restated[last].data.kept = copy(roll);
    const report = await verifyBattle({ events: await rechain(restated), dice: log.dice });
    assert.deepEqual(lines(report.problems), []);
    assert.equal(report.rolls, log.rolls);

    const altered = copy(restated);
    altered[last].data.kept.purpose = "something else";
    assert.deepEqual(lines((await verifyBattle({ events: await rechain(altered), dice: log.dice })).problems),
      [`${altered[last].version}: nonce ${roll.nonce} is used twice`]);
  });

  test("a roll cut out of an event leaves a gap in the nonces", async () => {
    const tampered = copy(events);
    const { envelope, roll } = firstRollAfter(tampered, 20, findRolls);
    const cut = (value) => { // the roll's place in the event's data emptied
      for (const [key, inner] of Object.entries(value)) {
        if (inner === roll) value[key] = null;
        else if (inner && typeof inner === "object") cut(inner);
      }
    };
    cut(envelope.data);
    const report = await verifyBattle({ events: await rechain(tampered), dice: log.dice });
    assert.ok(report.problems.some((p) => p.problem === `nonces ${roll.nonce}..${roll.nonce} are missing: a roll was removed`),
      lines(report.problems).join("\n"));
  });

  test("a battle in play: nothing wrong, its dice left to check once the seed is revealed", async () => {
    const inPlay = events.slice(0, 60);
    const report = await verifyBattle({ events: inPlay, dice: { ...log.dice, server_seed: null, next_nonce: undefined } });
    assert.deepEqual(lines(report.problems), []);
    assert.equal(report.ok, true);
    assert.equal(report.complete, false);
    assert.match(report.unverified[0].problem, /the server seed is not revealed yet: \d+ rolls can be checked once the battle ends/);
  });
});

describe("a fork", () => {
  const log = GOLDEN.find((l) => l.path.endsWith("d100/2/fork.jsonl"));
  const events = goldenEvents(log.path);

  test("names its origin, and answers for its own rolls to its own commitment", async () => {
    const forked = events.find((e) => e.type === "battle_forked");
    const report = await verifyBattle({ events, dice: log.dice });
    assert.deepEqual(report.origin, { battle_id: forked.data.origin_battle_id, version: forked.data.origin_version });
    const report2 = await verifyBattle({ events, dice: { ...log.dice, commitment: events[0].data.dice.commitment } });
    assert.ok(has(report2, forked.version + 1, "GET /dice answers commitment"), lines(report2.problems).join("\n"));
  });
});
