// @ts-check
/**
 * Chronicle's verifier in JavaScript: recomputes a battle's hash chain and every die from what
 * the public API serves (`GET /v1/battles/{id}/events` and `GET /v1/battles/{id}/dice`), with
 * Web Crypto only, in a browser (on a page served over https or from localhost: browsers keep
 * Web Crypto from other pages, and the verifier then rejects with that reason) or in Node (20
 * and later have `globalThis.crypto`; Node 18 takes it from `node:crypto`). No dependencies, no
 * build step: an ES module a page loads as it is.
 *
 * What it checks, as the server's `GET /verify` does: the chain in the stream's own format and
 * that no version is missing; the revealed seed against the commitment; every roll recomputed
 * (`chronicle-hmac-sha256-v1`); the nonces (no gap, an identical restatement is one roll);
 * and, given `GET /dice`, that its commitment, client seeds, seed and next nonce agree with
 * the log (a log cut short at its end shows there). Given receipts and `GET /v1/receipts/keys`,
 * the receipts too (Ed25519). What it does not do: evaluate dice expressions again or decide
 * commands again (that needs the rules, which live in Python).
 *
 * Everything it could not check is listed apart from what it found wrong: `unverified` holds
 * the dice of a battle still in play (the seed is secret until the end), and the events of a
 * legacy `sha256-json-v1` chain whose bytes depend on how Python wrote a float (`3.0`), which
 * no JSON reader can tell from `3` once parsed.
 */

export const CHAIN_V1 = "sha256-json-v1";
export const CHAIN_V2 = "sha256-jcs-v2";
export const DICE_ALGORITHM = "chronicle-hmac-sha256-v1";
export const GENESIS = "0".repeat(64);
const RECEIPT_HEADER = "chronicle-receipt-v1";
const FORKED = "battle_forked";
const REVEALED = "dice_seed_revealed";
const SEAT_CLAIMED = "seat_claimed";
const WORD_SPACE = 2 ** 32;

/**
 * @typedef {{version: number | null, problem: string}} Problem
 * @typedef {{
 *   battle_id?: string, tournament_id?: string, version: number, type: string,
 *   recorded_at: string, actor: string | null, data: Record<string, any>,
 *   hash: string, prev_hash: string, command?: Record<string, any> | null
 * }} Envelope  an event as `GET /events` serves it
 * @typedef {{
 *   algorithm: string, commitment: string, client_seeds: string, next_nonce: number,
 *   server_seed: string | null
 * }} DiceAnswer  the answer of `GET /v1/battles/{id}/dice`
 * @typedef {{sides: number, index: number}} Die  `index` is 0-based: a numbered die shows index + 1
 * @typedef {{
 *   nonce: number, purpose: string, dice: Die[], expression: string | null,
 *   total: number | null, result: string | null
 * }} Roll
 * @typedef {{stream: string, version: number, hash: string, key_id: string, signature: string}} Receipt
 * @typedef {{key_id: string, algorithm: string, public_key: string}} PublicKey
 * @typedef {{
 *   ok: boolean, complete: boolean, events: number, rolls: number, receipts: number,
 *   chain: string, problems: Problem[], unverified: Problem[],
 *   origin: {battle_id: string, version: number} | null
 * }} Report  `ok`: nothing found wrong; `complete`: nothing left unchecked (`unverified` empty).
 *   A battle is proven honest when both hold.
 * @typedef {ReturnType<TextEncoder["encode"]>} Bytes  bytes Web Crypto takes
 */

const utf8 = new TextEncoder();

/** @param {number | null} version @param {string} problem @returns {Problem} */
const problemAt = (version, problem) => ({ version, problem });

/** @returns {Promise<SubtleCrypto>} */
async function subtle() {
  if (globalThis.crypto?.subtle) return globalThis.crypto.subtle;
  const host = /** @type {any} */ (globalThis);
  if (host.process?.versions?.node) {
    // Node 18 has Web Crypto only as a module; named in a variable, so that neither a browser's
    // type check nor a bundler looks for it.
    const module = "node:crypto";
    const { webcrypto } = await import(module);
    return webcrypto.subtle;
  }
  throw new Error("Web Crypto (crypto.subtle) is unavailable: browsers offer it only to pages served over "
    + "https or from localhost");
}

/** @param {string} hex @returns {Bytes} */
function hexBytes(hex) {
  if (typeof hex !== "string" || !/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError(`not hex: ${hex}`);
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** @param {ArrayBuffer | Uint8Array} bytes @returns {string} */
function hexOf(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {string} text base64url without padding @returns {Bytes} */
function unbase64url(text) {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(plain + "=".repeat((4 - (plain.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/**
 * The SHA-256 of a text's UTF-8 bytes, or of bytes, as lower-case hex.
 * @param {string | Bytes} input
 * @returns {Promise<string>}
 */
export async function sha256Hex(input) {
  const bytes = typeof input === "string" ? utf8.encode(input) : input;
  return hexOf(await (await subtle()).digest("SHA-256", bytes));
}

// ---- canonical JSON ---------------------------------------------------------------------------

/**
 * The RFC 8785 (JCS) text of a JSON value: keys sorted by UTF-16 code units (JavaScript's own
 * sort), numbers as ECMAScript writes them, strings as `JSON.stringify` escapes them, no space.
 * Hash its UTF-8 bytes.
 * @param {unknown} value a parsed JSON value
 * @returns {string}
 */
export function canonicalize(value) {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
    case "string":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new RangeError(`${value} has no JSON form`);
      return JSON.stringify(value); // ECMAScript's Number::toString; -0 as 0
    case "object": {
      if (Array.isArray(value)) return `[${value.map(canonicalize).join(",")}]`;
      const object = /** @type {Record<string, unknown>} */ (value);
      const keys = Object.keys(object).filter((key) => object[key] !== undefined).sort();
      return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalize(object[key])}`).join(",")}}`;
    }
    default:
      throw new TypeError(`a ${typeof value} has no JSON form`);
  }
}

/** Sorts strings by code point, as Python does (UTF-16 order differs beyond U+FFFF). */
function byCodePoint(/** @type {string} */ a, /** @type {string} */ b) {
  const left = Array.from(a, (c) => /** @type {number} */ (c.codePointAt(0)));
  const right = Array.from(b, (c) => /** @type {number} */ (c.codePointAt(0)));
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i] - right[i];
  }
  return left.length - right.length;
}

/**
 * The `sha256-json-v1` text of a value, as far as JavaScript can tell it: Python's msgspec
 * writes a float with a fraction as JavaScript does (scientific below 1e-5, without `+`), but
 * an integral float as `3.0`, which a parsed number cannot tell from the integer 3: `ambiguous`
 * says whether the value holds such a number.
 * @param {unknown} value
 * @returns {{text: string, ambiguous: boolean}}
 */
function legacyJson(value) {
  let ambiguous = false;
  /** @param {unknown} item @returns {string} */
  const write = (item) => {
    if (typeof item === "number") {
      if (!Number.isFinite(item)) throw new RangeError(`${item} has no JSON form`);
      if (Number.isInteger(item)) {
        ambiguous = true;
        return BigInt(item).toString(); // an int as Python writes it, every digit
      }
      return Math.abs(item) < 1e-5 ? item.toExponential() : String(item);
    }
    if (item === null || typeof item !== "object") return canonicalize(item);
    if (Array.isArray(item)) return `[${item.map(write).join(",")}]`;
    const object = /** @type {Record<string, unknown>} */ (item);
    const keys = Object.keys(object).filter((key) => object[key] !== undefined).sort(byCodePoint);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${write(object[key])}`).join(",")}}`;
  };
  const text = write(value);
  return { text, ambiguous };
}

/**
 * The stream an envelope belongs to: `battle-<id>` or `tournament-<id>`.
 * @param {Envelope} envelope
 * @returns {string}
 */
export function streamIdOf(envelope) {
  if (envelope.battle_id) return `battle-${envelope.battle_id}`;
  if (envelope.tournament_id) return `tournament-${envelope.tournament_id}`;
  throw new TypeError("an envelope names its battle_id or its tournament_id");
}

/**
 * A stream's chain format, named by its first event's `data.chain` (absent: the first format).
 * @param {Envelope[]} envelopes
 * @returns {string}
 */
export function chainFormat(envelopes) {
  const named = envelopes[0]?.data?.chain;
  return named === CHAIN_V2 || named === CHAIN_V1 ? named : CHAIN_V1;
}

/**
 * The bytes (as text) an event's hash covers, in a chain format; `ambiguous` when they are a
 * legacy event's that JavaScript may not reproduce (see `legacyJson`).
 * @param {Envelope} envelope
 * @param {string} format
 * @returns {{text: string, ambiguous: boolean}}
 */
export function canonicalEvent(envelope, format) {
  const stream = streamIdOf(envelope);
  if (format === CHAIN_V2) {
    return {
      text: canonicalize({
        actor: envelope.actor, command: envelope.command ?? null, data: envelope.data,
        recorded_at: envelope.recorded_at, stream_id: stream, type: envelope.type, version: envelope.version,
      }),
      ambiguous: false,
    };
  }
  const data = legacyJson(envelope.data);
  const text = `{"actor":${canonicalize(envelope.actor)},"data":${data.text},`
    + `"recorded_at":${canonicalize(envelope.recorded_at)},"stream_id":${canonicalize(stream)},`
    + `"type":${canonicalize(envelope.type)},"version":${BigInt(envelope.version)}}`;
  return { text, ambiguous: data.ambiguous };
}

/**
 * An event's chain hash: sha256(prev_hash as ASCII hex + its canonical bytes).
 * @param {string} prevHash the previous event's hash (`GENESIS` for the first)
 * @param {Envelope} envelope
 * @param {string} [format] `CHAIN_V2` unless the stream names the legacy format
 * @returns {Promise<string>}
 */
export async function chainHash(prevHash, envelope, format = CHAIN_V2) {
  return sha256Hex(prevHash + canonicalEvent(envelope, format).text);
}

/**
 * The hash chain of a whole stream, from its first event.
 * @param {Envelope[]} envelopes in version order, as `GET /events` pages them
 * @returns {Promise<{chain: string, events: number, problems: Problem[], unverified: Problem[]}>}
 */
export async function verifyChain(envelopes) {
  const format = envelopes.length ? chainFormat(envelopes) : "";
  /** @type {Problem[]} */
  const problems = [];
  /** @type {Problem[]} */
  const unverified = [];
  let previous = GENESIS;
  let expected = 1;
  for (const envelope of envelopes) {
    const version = envelope.version;
    if (version > expected) {
      problems.push(problemAt(expected, version === expected + 1 ? `event ${expected} is missing`
        : `events ${expected}..${version - 1} are missing`));
    } else if (version < expected) {
      problems.push(problemAt(version, `event ${version} is out of order (event ${expected} expected)`));
    }
    if (envelope.prev_hash !== previous) {
      problems.push(problemAt(version, "prev_hash does not match the previous event's hash"));
    }
    let canonical;
    try {
      canonical = canonicalEvent(envelope, format);
    } catch (error) {
      problems.push(problemAt(version, `the event cannot be read: ${/** @type {Error} */ (error).message}`));
    }
    if (canonical && await sha256Hex(envelope.prev_hash + canonical.text) !== envelope.hash) {
      if (canonical.ambiguous) {
        unverified.push(problemAt(version, `not recomputable outside Python: a ${CHAIN_V1} event's bytes `
          + "depend on which of its whole numbers Python wrote as floats (3.0)"));
      } else {
        problems.push(problemAt(version, "the event's content does not match its hash"));
      }
    }
    previous = envelope.hash;
    expected = Math.max(expected, version + 1);
  }
  return { chain: format, events: envelopes.length, problems, unverified };
}

// ---- dice -------------------------------------------------------------------------------------

/**
 * The seats' client seeds in seat order, `""` for none, joined with `,`.
 * @param {(string | null | undefined)[]} seeds
 * @returns {string}
 */
export function joinClientSeeds(seeds) {
  return seeds.map((seed) => seed ?? "").join(",");
}

/**
 * @param {string | CryptoKey} seed the server seed in hex, or a key `seedKey` made
 * @returns {Promise<CryptoKey>}
 */
async function seedKey(seed) {
  if (typeof seed !== "string") return seed;
  return (await subtle()).importKey("raw", hexBytes(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/**
 * The dice one roll must show (`chronicle-hmac-sha256-v1`): the bytes of HMAC-SHA256(server seed,
 * `{battleId}|{clientSeeds}|{nonce}|{block}`) for blocks 0, 1, 2..., read as big-endian 4-byte
 * words; a die of n sides takes the next word below 2**32 - (2**32 mod n) (rejection sampling,
 * no modulo bias) and shows index word mod n.
 * @param {string | CryptoKey} seed the revealed server seed in hex (or its HMAC key)
 * @param {string} battleId the battle's lower-case UUID
 * @param {string | (string | null)[]} clientSeeds joined with `,`, or the seeds in seat order
 * @param {number} nonce
 * @param {number[]} sidesList the sides of each die, in the order the roll lists them
 * @returns {Promise<Die[]>}
 */
export async function rollFaces(seed, battleId, clientSeeds, nonce, sidesList) {
  const crypto = await subtle();
  const key = await seedKey(seed);
  const seeds = typeof clientSeeds === "string" ? clientSeeds : joinClientSeeds(clientSeeds);
  let block = 0;
  let bytes = new Uint8Array(0);
  let offset = 0;
  const nextWord = async () => {
    while (bytes.length - offset < 4) {
      const message = utf8.encode(`${battleId}|${seeds}|${nonce}|${block++}`);
      const more = new Uint8Array(await crypto.sign("HMAC", key, message));
      const joined = new Uint8Array(bytes.length - offset + more.length);
      joined.set(bytes.subarray(offset));
      joined.set(more, bytes.length - offset);
      bytes = joined;
      offset = 0;
    }
    const word = new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0, false);
    offset += 4;
    return word;
  };
  /** @type {Die[]} */
  const dice = [];
  for (const sides of sidesList) {
    if (!Number.isInteger(sides) || sides < 1 || sides > WORD_SPACE) throw new RangeError(`a die cannot have ${sides} sides`);
    const limit = WORD_SPACE - (WORD_SPACE % sides);
    let word = await nextWord();
    while (word >= limit) word = await nextWord();
    dice.push({ sides, index: word % sides });
  }
  return dice;
}

/** @param {unknown} value @returns {value is Record<string, any>} */
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Every roll object (`{"nonce", "purpose", "dice": [...]}`) anywhere in an event's data, in order.
 * @param {unknown} data
 * @returns {Record<string, any>[]}
 */
export function findRolls(data) {
  if (Array.isArray(data)) return data.flatMap(findRolls);
  if (!isObject(data)) return [];
  if ("nonce" in data && "purpose" in data && Array.isArray(data.dice)) return [data];
  return Object.values(data).flatMap(findRolls);
}

/**
 * A roll object read as the server reads it, or the reason it cannot be.
 * @param {Record<string, any>} raw
 * @returns {Roll | string}
 */
function readRoll(raw) {
  const optional = (/** @type {unknown} */ v, /** @type {string} */ type) => v == null || typeof v === type;
  if (!Number.isInteger(raw.nonce)) return `its nonce is not an integer: ${JSON.stringify(raw.nonce)}`;
  if (typeof raw.purpose !== "string") return "its purpose is not a string";
  for (const die of raw.dice) {
    if (!isObject(die) || !Number.isInteger(die.sides) || !Number.isInteger(die.index)) {
      return `a die is not {sides, index}: ${JSON.stringify(die)}`;
    }
  }
  if (!optional(raw.expression, "string") || !optional(raw.result, "string")
    || !(raw.total == null || Number.isInteger(raw.total))) return "its expression, total or result is malformed";
  return {
    nonce: raw.nonce, purpose: raw.purpose,
    dice: raw.dice.map((/** @type {Die} */ die) => ({ sides: die.sides, index: die.index })),
    expression: raw.expression ?? null, total: raw.total ?? null, result: raw.result ?? null,
  };
}

/**
 * The nonces: each roll readable, 0, 1, 2... without a gap (a roll cut out leaves one), each
 * first used no earlier than the one before (within one command, in any order), a nonce used
 * again only in a verbatim restatement (a Pericle Karma re-run keeps the rolls it does not
 * re-roll); with `GET /dice`, its `next_nonce` follows the last roll (a cut tail shows there).
 * @param {Envelope[]} envelopes
 * @param {DiceAnswer | null} dice
 * @returns {Problem[]}
 */
function checkNonces(envelopes, dice) {
  /** @type {Problem[]} */
  const problems = [];
  /** @type {Map<number, {roll: Roll, envelope: Envelope}>} */
  const first = new Map();
  for (const envelope of envelopes) {
    for (const raw of findRolls(envelope.data)) {
      const roll = readRoll(raw);
      if (typeof roll === "string") {
        problems.push(problemAt(envelope.version, `a roll cannot be read: ${roll}`));
        continue;
      }
      const earlier = first.get(roll.nonce);
      if (earlier === undefined) first.set(roll.nonce, { roll, envelope });
      else if (canonicalize(earlier.roll) !== canonicalize(roll)) {
        problems.push(problemAt(envelope.version, `nonce ${roll.nonce} is used twice`));
      }
    }
  }
  let expected = 0;
  /** @type {Envelope | null} */
  let previous = null;
  for (const nonce of [...first.keys()].sort((a, b) => a - b)) {
    const envelope = /** @type {{envelope: Envelope}} */ (first.get(nonce)).envelope;
    if (nonce > expected) {
      problems.push(problemAt(envelope.version, `nonces ${expected}..${nonce - 1} are missing: a roll was removed`));
    }
    if (previous && envelope.version < previous.version && envelope.recorded_at !== previous.recorded_at) {
      problems.push(problemAt(envelope.version, `nonce ${nonce} is used before nonce ${nonce - 1}`));
    }
    expected = nonce + 1;
    previous = envelope;
  }
  if (dice && Number.isInteger(dice.next_nonce) && dice.next_nonce !== expected) {
    const last = envelopes.length ? envelopes[envelopes.length - 1].version : 0;
    problems.push(dice.next_nonce > expected
      ? problemAt(last + 1, `nonces ${expected}..${dice.next_nonce - 1} are missing: GET /dice says the battle `
        + `rolled up to nonce ${dice.next_nonce - 1}, so the end of the log was cut`)
      : problemAt(null, `GET /dice says the next nonce is ${dice.next_nonce}, but the log has used ${expected - 1}`));
  }
  return problems;
}

/**
 * The dice of a battle: the seed against its commitment, every roll recomputed, the nonces, and
 * what `GET /dice` answered against the log. A fork's events copied from its origin answer to
 * the origin's seed (verify them there): its own rolls are those after `battle_forked`.
 * @param {Envelope[]} envelopes the whole log
 * @param {DiceAnswer | null} [dice] `GET /dice`, when at hand
 * @returns {Promise<{rolls: number, problems: Problem[], unverified: Problem[]}>}
 */
export async function verifyDice(envelopes, dice = null) {
  /** @type {Problem[]} */
  const problems = [];
  /** @type {Problem[]} */
  const unverified = [];
  const created = envelopes[0];
  if (!created || !isObject(created.data?.dice)) return { rolls: 0, problems, unverified };
  const forked = envelopes.findLast((e) => e.type === FORKED);
  const firstOwn = forked ? forked.version : 0;
  const own = envelopes.filter((e) => e.version > firstOwn);
  const revealed = own.find((e) => e.type === REVEALED);
  const published = (forked ?? created).data.dice ?? {};
  problems.push(...checkNonces(envelopes, dice));

  if (dice) {
    if (dice.commitment !== published.commitment) {
      problems.push(problemAt(firstOwn + 1, `GET /dice answers commitment ${dice.commitment}, the log published `
        + `${published.commitment}`));
    }
    if (revealed && dice.server_seed !== revealed.data.server_seed) {
      problems.push(problemAt(revealed.version, "GET /dice answers another server seed than the log reveals"));
    } else if (!revealed && dice.server_seed) {
      problems.push(problemAt(null, "GET /dice reveals the server seed, but the log holds no dice_seed_revealed "
        + "event: the end of the log was cut"));
    }
  }
  if (published.algorithm !== DICE_ALGORITHM) {
    unverified.push(problemAt(firstOwn + 1, `dice of algorithm ${published.algorithm} cannot be checked here`));
    return { rolls: 0, problems, unverified };
  }

  const seedHex = revealed ? revealed.data.server_seed : dice?.server_seed ?? null;
  const ownRolls = own.flatMap((e) => findRolls(e.data)).length;
  if (!seedHex) {
    if (ownRolls) {
      unverified.push(problemAt(null, `the server seed is not revealed yet: ${ownRolls} rolls can be checked `
        + "once the battle ends"));
    }
    return { rolls: 0, problems, unverified };
  }
  if (typeof seedHex !== "string" || !/^(?:[0-9a-fA-F]{2})+$/.test(seedHex)) {
    problems.push(problemAt(revealed?.version ?? null, "the revealed server seed is not hex"));
    return { rolls: 0, problems, unverified };
  }
  const key = await seedKey(seedHex);
  if (await sha256Hex(hexBytes(seedHex)) !== published.commitment) {
    problems.push(problemAt(revealed?.version ?? firstOwn + 1, "the seed does not match the commitment"));
  }

  const battleId = /** @type {string} */ (created.battle_id);
  const seats = created.type === "battle_created" && Array.isArray(created.data.seats) ? created.data.seats : [];
  /** @type {Map<string, string | null>} */
  const seeds = new Map(seats.map((/** @type {string} */ seat) => [seat, null]));
  const done = new Set();
  let rolls = 0;
  for (const envelope of envelopes) {
    if (envelope.type === SEAT_CLAIMED) seeds.set(envelope.data.seat, envelope.data.client_seed ?? null);
    if (envelope.version <= firstOwn) continue;
    const clientSeeds = joinClientSeeds(seats.map((/** @type {string} */ seat) => seeds.get(seat)));
    for (const raw of findRolls(envelope.data)) {
      const roll = readRoll(raw);
      if (typeof roll === "string" || done.has(roll.nonce)) continue; // reported, or a restatement
      done.add(roll.nonce);
      rolls += 1;
      const expected = await rollFaces(key, battleId, clientSeeds, roll.nonce, roll.dice.map((d) => d.sides));
      if (canonicalize(expected) !== canonicalize(roll.dice)) {
        problems.push(problemAt(envelope.version, `roll with nonce ${roll.nonce} does not match the seed: `
          + `expected ${JSON.stringify(expected.map((d) => d.index))}`));
      }
    }
  }
  if (dice) {
    const fromLog = joinClientSeeds(seats.map((/** @type {string} */ seat) => seeds.get(seat)));
    if (dice.client_seeds !== fromLog) {
      problems.push(problemAt(null, `GET /dice answers client seeds ${JSON.stringify(dice.client_seeds)}, the `
        + `seats claimed ${JSON.stringify(fromLog)}`));
    }
  }
  return { rolls, problems, unverified };
}

// ---- receipts ---------------------------------------------------------------------------------

/**
 * Whether this Web Crypto verifies Ed25519 (Node 20; Chromium 137, Firefox 129 and Safari 17
 * onwards, without flags).
 * @returns {Promise<boolean>}
 */
export async function ed25519Supported() {
  try {
    await (await subtle()).importKey("raw", new Uint8Array(32), { name: "Ed25519" }, false, ["verify"]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a receipt is signed by one of the keys `GET /v1/receipts/keys` publishes: Ed25519
 * over `chronicle-receipt-v1\n{stream}\n{version}\n{hash}`. A key counts only under its own
 * `key_id` (the first 16 hex digits of the SHA-256 of the raw key).
 * @param {Receipt} receipt
 * @param {PublicKey[] | {keys: PublicKey[]}} keys
 * @returns {Promise<boolean>}
 */
export async function verifyReceipt(receipt, keys) {
  const list = Array.isArray(keys) ? keys : keys.keys;
  const key = list.find((k) => k.key_id === receipt.key_id && k.algorithm === "ed25519");
  if (!key) return false;
  const crypto = await subtle();
  const message = utf8.encode(`${RECEIPT_HEADER}\n${receipt.stream}\n${receipt.version}\n${receipt.hash}`);
  try {
    const raw = unbase64url(key.public_key);
    if ((await sha256Hex(raw)).slice(0, 16) !== key.key_id) return false;
    const publicKey = await crypto.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    return await crypto.verify({ name: "Ed25519" }, publicKey, unbase64url(receipt.signature), message);
  } catch {
    return false; // a key or a signature of the wrong length, or not base64url
  }
}

/**
 * Every receipt the server genuinely signed for this stream must name an event still in the
 * log: a truncated or rewritten log cannot keep them all.
 * @param {Envelope[]} envelopes
 * @param {Receipt[]} receipts
 * @param {PublicKey[] | {keys: PublicKey[]}} keys
 * @returns {Promise<{problems: Problem[], unverified: Problem[]}>}
 */
export async function verifyReceipts(envelopes, receipts, keys) {
  /** @type {Problem[]} */
  const problems = [];
  if (!receipts.length) return { problems, unverified: [] };
  if (!(await ed25519Supported())) {
    return { problems, unverified: [problemAt(null, `this Web Crypto has no Ed25519: ${receipts.length} `
      + "receipts not checked")] };
  }
  const stream = envelopes.length ? streamIdOf(envelopes[0]) : "";
  const byVersion = new Map(envelopes.map((e) => [e.version, e]));
  for (const receipt of receipts) {
    const held = byVersion.get(receipt.version);
    if (receipt.stream !== stream) {
      problems.push(problemAt(receipt.version, `a receipt for another stream (${receipt.stream})`));
    } else if (!(await verifyReceipt(receipt, keys))) {
      problems.push(problemAt(receipt.version, `the receipt for version ${receipt.version} is not signed by a key `
        + "this server publishes: it proves nothing"));
    } else if (!held) {
      problems.push(problemAt(receipt.version, `the server signed version ${receipt.version} (hash `
        + `${receipt.hash.slice(0, 12)}...), which the log no longer holds: it was truncated`));
    } else if (held.hash !== receipt.hash) {
      problems.push(problemAt(receipt.version, `the server signed version ${receipt.version} with hash `
        + `${receipt.hash.slice(0, 12)}..., the log holds ${held.hash.slice(0, 12)}...: it was rewritten`));
    }
  }
  return { problems, unverified: [] };
}

// ---- all of it --------------------------------------------------------------------------------

/**
 * A battle checked from what the API serves: its chain, its dice, and, when given, `GET /dice`
 * and the receipts a client kept (with `GET /v1/receipts/keys`).
 * @param {{
 *   events: Envelope[] | {events: Envelope[]}, dice?: DiceAnswer | null,
 *   receipts?: Receipt[], keys?: PublicKey[] | {keys: PublicKey[]}
 * }} battle `events`: every envelope of `GET /events`, its pages joined (or one page object)
 * @returns {Promise<Report>} rejected when this page or runtime has no Web Crypto
 */
export async function verifyBattle({ events, dice = null, receipts = [], keys = [] }) {
  await subtle(); // without Web Crypto nothing can be checked: say so rather than report every event
  const envelopes = Array.isArray(events) ? events : events.events;
  const chain = await verifyChain(envelopes);
  const rolls = await verifyDice(envelopes, dice);
  const signed = await verifyReceipts(envelopes, receipts, keys);
  const problems = [...chain.problems, ...rolls.problems, ...signed.problems];
  const unverified = [...chain.unverified, ...rolls.unverified, ...signed.unverified];
  const forked = envelopes.findLast((e) => e.type === FORKED);
  return {
    ok: problems.length === 0, complete: unverified.length === 0, events: envelopes.length,
    rolls: rolls.rolls, receipts: receipts.length, chain: chain.chain, problems, unverified,
    origin: forked ? { battle_id: forked.data.origin_battle_id, version: forked.data.origin_version } : null,
  };
}

/**
 * What `verifyBattle` needs, read from a Chronicle server: every page of `GET /events` and
 * `GET /dice`.
 * @param {string} baseUrl e.g. `http://127.0.0.1:8000` (`""` for the page's own server)
 * @param {string} battleId
 * @param {{fetch?: typeof fetch, headers?: Record<string, string>}} [options]
 * @returns {Promise<{events: Envelope[], dice: DiceAnswer}>}
 */
export async function loadBattle(baseUrl, battleId, { fetch: get = globalThis.fetch, headers = {} } = {}) {
  const read = async (/** @type {string} */ path) => {
    const response = await get(`${baseUrl}/v1/battles/${battleId}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  /** @type {Envelope[]} */
  const events = [];
  for (let after = 0; after !== null;) {
    const page = await read(`/events?after=${after}`);
    events.push(...page.events);
    after = page.next;
  }
  return { events, dice: await read("/dice") };
}
