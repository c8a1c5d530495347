// @ts-check
/**
 * The audit in the visitor's own browser: the hash chain and every die recomputed with Web
 * Crypto by verify.js, told per event (verified, or what differs), and the dice statistics per
 * die type: each face's count against the uniform expectation, as a chart and a chi-square.
 */
import { findRolls, verifyBattle } from "./verify.js";
import { el, svg } from "./common.js";

/**
 * @typedef {{ok: boolean, complete: boolean, events: number, rolls: number, chain: string,
 *   problems: {version: number | null, problem: string}[], unverified: {version: number | null, problem: string}[]}} Report
 */

/**
 * Check a log (the API's, or a copy) against `GET /dice`.
 * @param {any[]} events @param {any} dice
 * @returns {Promise<{report: Report, summary: string, byVersion: Map<number, string[]>}>}
 */
export async function audit(events, dice) {
  const report = await verifyBattle({ events, dice });
  /** @type {Map<number, string[]>} */
  const byVersion = new Map();
  for (const p of report.problems) {
    if (p.version === null) continue;
    byVersion.set(p.version, [...(byVersion.get(p.version) ?? []), p.problem]);
  }
  const first = report.problems[0];
  let summary;
  if (report.ok && report.complete) {
    summary = `verified: ${report.events} events in the ${report.chain} chain and ${report.rolls} dice rolls recomputed`;
  } else if (report.ok) {
    summary = `no problem found, but not everything could be checked yet: ${report.unverified.length} item(s) unverified`
      + ` (${report.unverified[0]?.problem ?? ""})`;
  } else {
    const where = first.version === null ? "the log" : `event ${first.version}`
      + `${events.find((e) => e.version === first.version)?.type ? ` (${events.find((e) => e.version === first.version).type})` : ""}`;
    summary = `failed: ${report.problems.length} problem(s); first at ${where}: ${first.problem}`;
  }
  return { report, summary, byVersion };
}

/**
 * Faces rolled per die type, each roll counted once (a Karma re-run restates a roll verbatim).
 * @param {any[]} events
 * @returns {Map<number, number[]>} sides → counts of faces 1..sides
 */
export function faceCounts(events) {
  const seen = new Set();
  /** @type {Map<number, number[]>} */
  const counts = new Map();
  for (const e of events) {
    for (const roll of findRolls(e.data)) {
      if (seen.has(roll.nonce)) continue;
      seen.add(roll.nonce);
      for (const die of roll.dice ?? []) {
        if (!counts.has(die.sides)) counts.set(die.sides, new Array(die.sides).fill(0));
        const faces = /** @type {number[]} */ (counts.get(die.sides));
        if (die.index >= 0 && die.index < die.sides) faces[die.index] += 1;
      }
    }
  }
  return new Map([...counts].sort((a, b) => a[0] - b[0]));
}

/**
 * A bar chart per die type with the expected count as a line, and its chi-square.
 * @param {Map<number, number[]>} counts
 * @returns {HTMLElement}
 */
export function diceCharts(counts) {
  if (!counts.size) return el("p", { class: "muted" }, "No dice rolled yet.");
  const box = el("div", { class: "cards", "data-testid": "dice-stats" });
  for (const [sides, faces] of counts) {
    const total = faces.reduce((a, b) => a + b, 0);
    const expected = total / sides;
    const chi = faces.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    const width = 300;
    const height = 120;
    const top = Math.max(...faces, expected) || 1;
    const bar = (width - 20) / sides;
    const chart = svg("svg", { class: "chart", viewBox: `0 0 ${width} ${height + 14}`, role: "img",
      "aria-label": `d${sides}: ${total} dice; faces ${faces.map((n, i) => `${i + 1}: ${n}`).join(", ")}; expected ${expected.toFixed(1)} each` });
    faces.forEach((n, i) => {
      const h = (n / top) * height;
      chart.append(svg("rect", { x: 10 + i * bar + bar * 0.1, y: height - h, width: bar * 0.8, height: h, fill: "#7a3b12" },
        svg("title", null, `face ${i + 1}: ${n}`)));
      if (sides <= 20 || (i + 1) % 10 === 0 || i === 0) {
        chart.append(svg("text", { x: 10 + i * bar + bar / 2, y: height + 11, "text-anchor": "middle" }, String(i + 1)));
      }
    });
    const y = height - (expected / top) * height;
    chart.append(svg("line", { x1: 8, x2: width - 8, y1: y, y2: y, stroke: "#2957a4", "stroke-width": 1.5,
      "stroke-dasharray": "4 3" }, svg("title", null, `expected: ${expected.toFixed(2)}`)));
    box.append(el("figure", { class: "card", "data-sides": sides, "data-total": total },
      chart,
      el("figcaption", null, `d${sides}: ${total} dice, expected ${expected.toFixed(1)} per face (dashed); `
        + `χ² = ${chi.toFixed(2)} with ${sides - 1} degrees of freedom (about ${sides - 1} is usual)`)));
  }
  return box;
}
