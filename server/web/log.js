// @ts-check
/**
 * A battle's log read by a person: each event as one line saying who did what, with its dice
 * and modifiers, and the log exported as JSON Lines (the envelopes as `GET /events` serves
 * them, one a line) or as that readable text.
 */
import { findRolls } from "./verify.js";
import { words } from "./common.js";

// Fields that name who or what an event is about, in the order they are looked for.
const SUBJECTS = ["character", "figure", "hero", "caster", "attacker", "object", "team"];
// Fields too long or too internal for a line (they are in the JSON export).
const SKIPPED = new Set(["battle_id", "creator", "chain", "dice", "options", "command", "health", "sheet",
  "characteristics", "settings", "table", "encounter", "figure_state", "path", "rolls", "roll"]);

/**
 * @typedef {{seatOf: (playerId: string | null) => string, name: (playerId: string | null) => string}} Who
 */

/**
 * @param {any} envelope an event as `GET /events` or the stream serves it
 * @param {Who} who
 * @returns {{actor: string, text: string, dice: string[], modifiers: string[]}}
 */
export function describe(envelope, who) {
  const data = envelope.data ?? {};
  const actor = envelope.actor ? who.seatOf(envelope.actor) || who.name(envelope.actor) : "server";
  const dice = findRolls(data).map(rollText);
  const modifiers = collectModifiers(data);
  return { actor, text: `${actor}: ${sentence(envelope.type, data, who)}`, dice, modifiers };
}

/** @param {string} type @param {any} data @param {Who} who */
function sentence(type, data, who) {
  switch (type) {
    case "battle_created": return `created the battle (seats ${(data.seats ?? []).map((/** @type {any} */ s) => s.name ?? s).join(", ")})`;
    case "seat_claimed": return `${who.name(data.player_id) || "a player"} took seat ${data.seat}`
      + (data.client_seed ? ` with client seed "${data.client_seed}"` : "");
    case "battle_started": return "started the battle";
    case "dice_rolled": return `${data.seat ?? ""} rolled ${data.roll?.expression ?? ""} = ${data.roll?.total}`
      + (data.roll?.purpose ? ` for "${data.roll.purpose}"` : "");
    case "battle_ended": return `the battle ended (${words(data.reason ?? "")}); winners: ${(data.winners ?? []).join(", ") || "none"}`;
    case "dice_seed_revealed": return `the server seed is revealed: ${data.server_seed}`;
    case "seat_conceded": return `${data.seat} conceded`;
    case "contest_opened": return `${data.seat} contested event ${data.version}: "${data.reason}" (contest ${data.contest})`;
    case "contest_vote_cast": return `${data.seat} ${data.agree ? "agreed to overturn" : "refused to overturn"} contest ${data.contest}`;
    case "contest_ruled": return `contest ${data.contest} ruled ${data.decision}${data.text ? `: "${data.text}"` : ""}`;
    case "action_reverted": return `contest ${data.contest} overturned the action of event ${data.from_version}: `
      + "the table is as it was before it (its events are voided, their dice stay spent)";
    case "referee_appointed": return `appointed ${who.name(data.player_id) || data.player_id} referee`;
    case "battle_forked": return `forked from battle ${String(data.origin_battle_id).slice(0, 8)} at event ${data.origin_version}`;
    default: return generic(type, data);
  }
}

/** @param {string} type @param {any} data */
function generic(type, data) {
  // Who the event is about: an id, or a whole record (a character added, a hero joining) by its name.
  const subjectKey = SUBJECTS.find((k) => typeof data[k] === "string" || typeof data[k]?.name === "string");
  const subject = subjectKey ? `${typeof data[subjectKey] === "string" ? data[subjectKey] : data[subjectKey].name} ` : "";
  const parts = [];
  for (const [k, v] of Object.entries(data)) {
    if (k === subjectKey || SKIPPED.has(k) || v === null || v === undefined) continue;
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
      if (typeof v === "string" && v.length > 60) continue;
      parts.push(`${words(k)} ${v === true ? "yes" : v === false ? "no" : v}`);
    } else if (Array.isArray(v) && v.length && v.every((x) => typeof x === "string" || typeof x === "number")) {
      parts.push(`${words(k)} ${v.join(", ")}`);
    } else if (v && typeof v === "object" && !Array.isArray(v) && ("level" in v || "kept" in v)) {
      parts.push(`${words(k)} ${v.level ?? v.kept}${v.result !== undefined && typeof v.result === "number" ? ` (${v.result})` : ""}`);
    } else if (v && typeof v === "object" && "q" in v && "r" in v) {
      parts.push(`${words(k)} ${v.q},${v.r}`);
    }
    if (parts.length >= 8) break;
  }
  return `${subject}${words(type)}${parts.length ? ` — ${parts.join("; ")}` : ""}`;
}

/** @param {any} roll */
function rollText(roll) {
  const faces = (roll.dice ?? []).map((/** @type {any} */ d) => `d${d.sides}:${d.index + 1}`).join(" ");
  const outcome = roll.total !== undefined && roll.total !== null ? ` = ${roll.total}` : roll.result ? ` → ${roll.result}` : "";
  return `#${roll.nonce} ${roll.purpose ? `${roll.purpose}: ` : ""}${faces}${outcome}`;
}

/**
 * Modifiers anywhere in the data: `adjustments` ({source, value}), `penalties` and `modifiers`.
 * @param {unknown} data @param {string[]} [found] @param {number} [depth]
 * @returns {string[]}
 */
function collectModifiers(data, found = [], depth = 0) {
  if (depth > 6 || data === null || typeof data !== "object") return found;
  if (Array.isArray(data)) {
    for (const item of data) collectModifiers(item, found, depth + 1);
    return found;
  }
  for (const [k, v] of Object.entries(data)) {
    if ((k === "adjustments" || k === "penalties" || k === "modifiers") && Array.isArray(v)) {
      for (const m of v) {
        const text = typeof m === "string" ? m : m && typeof m === "object"
          ? `${m.source ?? m.name ?? m.reason ?? "modifier"} ${m.value >= 0 ? "+" : ""}${m.value ?? ""}`.trim() : String(m);
        if (!found.includes(text)) found.push(text);
      }
    } else if (typeof v === "object") collectModifiers(v, found, depth + 1);
  }
  return found;
}

/**
 * The log as JSON Lines: each envelope as the API serves it, one per line.
 * @param {any[]} events
 */
export function toJsonLines(events) {
  return events.map((e) => JSON.stringify(e)).join("\n") + (events.length ? "\n" : "");
}

/**
 * The log as readable text, one event per line (dice and modifiers indented under it).
 * @param {any[]} events @param {Who} who
 */
export function toText(events, who) {
  const lines = [];
  for (const e of events) {
    const line = describe(e, who);
    lines.push(`${e.version}\t${e.recorded_at}\t${e.void ? "[void] " : ""}${line.text}`);
    for (const d of line.dice) lines.push(`\t\tdice ${d}`);
    if (line.modifiers.length) lines.push(`\t\tmodifiers ${line.modifiers.join(", ")}`);
  }
  return lines.join("\n") + "\n";
}

/**
 * Envelopes read back from a JSON Lines copy of the log (blank lines ignored).
 * @param {string} text
 * @returns {any[]}
 */
export function fromJsonLines(text) {
  return text.split(/\r?\n/).filter((line) => line.trim()).map((line, i) => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1} of the copy is not JSON`);
    }
  });
}
