// The dice of `chronicle-hmac-sha256-v1` against Python's domain.dice (tests/js/fixtures/dice.json).
import assert from "node:assert/strict";
import { test } from "node:test";

import { DICE_ALGORITHM, findRolls, joinClientSeeds, rollFaces } from "../../server/web/verify.js";
import { fixture } from "./support.mjs";

const { algorithm, vectors } = fixture("dice.json");

test("the fixture is of the algorithm the module implements", () => {
  assert.equal(algorithm, DICE_ALGORITHM);
});

for (const vector of vectors) {
  test(`dice: ${vector.name}`, async () => {
    const dice = await rollFaces(vector.seed, vector.battle_id, vector.client_seeds, vector.nonce, vector.sides);
    assert.deepEqual(dice, vector.dice);
  });
}

test("client seeds given in seat order are joined as the server joins them", async () => {
  const vector = vectors.find((v) => v.client_seeds === "alice-luck,,bob");
  assert.equal(joinClientSeeds(["alice-luck", null, "bob"]), "alice-luck,,bob");
  assert.deepEqual(await rollFaces(vector.seed, vector.battle_id, ["alice-luck", null, "bob"], vector.nonce,
    vector.sides), vector.dice);
});

test("another nonce, battle or client seed gives other dice", async () => {
  const vector = vectors.find((v) => v.sides.length === 30);
  const roll = (battle, seeds, nonce) => rollFaces(vector.seed, battle, seeds, nonce, vector.sides);
  for (const other of [await roll(vector.battle_id, vector.client_seeds, vector.nonce + 1),
    await roll(vector.battle_id, "x", vector.nonce), await roll(vector.battle_id.replace("0", "1"), "", vector.nonce)]) {
    assert.notDeepEqual(other, vector.dice);
  }
});

test("a die needs a whole number of sides from 1 to 2**32", async () => {
  for (const sides of [0, -6, 2.5, 2 ** 32 + 1]) {
    await assert.rejects(rollFaces(vectors[0].seed, "b", "", 0, [sides]), RangeError);
  }
});

test("rolls are found by their shape anywhere in an event's data", () => {
  const roll = (nonce) => ({ nonce, purpose: "p", dice: [{ sides: 6, index: 1 }] });
  const data = { first: { roll: roll(0), grade: 1 }, list: [roll(1), { deeper: [roll(2)] }], nonce: 7, dice: [] };
  assert.deepEqual(findRolls(data).map((r) => r.nonce), [0, 1, 2]);
});
