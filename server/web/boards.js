// @ts-check
/**
 * The table of a battle as `GET /v1/battles/{id}/state` gives it, drawn per ruleset: the
 * Pilgrimage inch table and the Pericle hex map in SVG, d100 characters as cards. Every figure
 * or Character is one element with `data-testid="figure"` and `data-id`, carrying what the state
 * says of it (`data-x`/`data-y`, `data-hex`, `data-hp`) so a reader or a test can compare.
 */
import { el, svg, words } from "./common.js";

const SEAT_COLOURS = ["#2957a4", "#b1361e", "#1f6b35", "#5b3a8c", "#8a6d00", "#00727a", "#7a2a5a", "#444"];

/**
 * A colour per seat, in the battle's seat order.
 * @param {string[]} seats
 * @returns {(seat: string) => string}
 */
export function seatColours(seats) {
  return (seat) => SEAT_COLOURS[Math.max(0, seats.indexOf(seat)) % SEAT_COLOURS.length];
}

/**
 * What the page shows of a battle's state: the board, the facts beside it, and whose turn it is.
 * @param {any} state `GET /state`
 * @returns {{board: HTMLElement, facts: [string, string][], turn: string | null}}
 */
export function renderTable(state) {
  const seats = state.seats.map((/** @type {any} */ s) => s.name);
  const colour = seatColours(seats);
  const rs = state.ruleset_state;
  if (rs && state.ruleset === "pilgrimage") return pilgrimage(rs, colour);
  if (rs && state.ruleset === "pericle" && rs.encounter) return pericle(rs, colour);
  if (rs && state.ruleset === "d100") return d100(rs, colour);
  const board = el("div", { "data-testid": "board" },
    el("p", { class: "muted" }, rs ? "This ruleset has no table to draw; its state:"
      : `${state.ruleset} version ${state.ruleset_version} keeps no table of its own: the log says what happened.`),
    rs ? el("pre", { class: "scroll" }, JSON.stringify(rs, null, 1)) : null);
  return { board, facts: [], turn: null };
}

/**
 * A key to the map's colours.
 * @param {[string, string][]} entries label, colour
 */
function legend(entries) {
  return el("p", { class: "legend" }, ...entries.map(([label, colour]) => el("span", { class: "key" },
    el("span", { class: "swatch", style: `background:${colour}` }), label)));
}

// ---- Pilgrimage: the inch table ----

const TERRAIN = /** @type {Record<string, string>} */ ({
  blocking: "#5b5346", obscuring: "#6f9a5a", difficult: "#a88b5c", climbable: "#8c8c8c",
  impassable: "#3a3a3a", water: "#5b8fc7",
});

/** @param {any} rs @param {(seat: string) => string} colour */
function pilgrimage(rs, colour) {
  const env = rs.environment ?? {};
  const weather = /** @type {[string, string][]} */ ([
    ["Season", env.season ?? "—"], ["Time", env.time ?? "—"], ["Light", env.shifting_light ?? "—"],
    ["Weather", (env.weather ?? []).join(", ") || "—"], ["Sight", `${rs.sight ?? env.sight ?? "—"}"`]]);
  if (!rs.table) {
    // Version 1 records the environment only: no table, no Characters on it.
    const board = el("div", { "data-testid": "board" },
      el("p", { class: "muted" }, "This version of Pilgrimage records the environment only: the log says what happened."));
    return { board, facts: weather, turn: null };
  }
  const table = rs.table;
  const figures = rs.figures ?? [];
  const map = svg("svg", {
    class: "board", viewBox: `-0.5 -0.5 ${table.width + 1} ${table.depth + 1}`, role: "img",
    "aria-label": `The table, ${table.width} by ${table.depth} inches, with ${figures.length} Characters`,
  });
  map.append(svg("rect", { x: 0, y: 0, width: table.width, height: table.depth, fill: "#e3dcc3", stroke: "#8c8372",
    "stroke-width": 0.05 }));
  for (let x = 6; x < table.width; x += 6) {
    map.append(svg("line", { x1: x, y1: 0, x2: x, y2: table.depth, stroke: "#cfc5a8", "stroke-width": 0.03 }));
  }
  for (let y = 6; y < table.depth; y += 6) {
    map.append(svg("line", { x1: 0, y1: y, x2: table.width, y2: y, stroke: "#cfc5a8", "stroke-width": 0.03 }));
  }
  for (const piece of table.terrain ?? []) {
    const kind = (piece.kinds ?? [])[0] ?? "difficult";
    map.append(svg("polygon", {
      points: piece.polygon.map((/** @type {number[]} */ p) => p.join(",")).join(" "),
      fill: TERRAIN[kind] ?? "#9a8f7a", "fill-opacity": 0.75, stroke: "#3b352a", "stroke-width": 0.05,
      "data-kind": (piece.kinds ?? []).join(" "),
    }, svg("title", null, `${piece.name}: ${(piece.kinds ?? []).join(", ")}, ${piece.height}" high`)));
    const [cx, cy] = centroid(piece.polygon);
    map.append(svg("text", { x: cx, y: cy, "text-anchor": "middle", fill: "#fff" }, piece.name));
  }
  for (const light of table.lights ?? []) {
    map.append(svg("circle", { cx: light.x, cy: light.y, r: light.radius, fill: "#ffe680", "fill-opacity": 0.25,
      stroke: "#d4a800", "stroke-width": 0.06, "stroke-dasharray": "0.3 0.2" },
    svg("title", null, `light, ${light.radius}" radius`)));
    map.append(svg("circle", { cx: light.x, cy: light.y, r: 0.2, fill: "#d4a800" }));
  }
  for (const objective of table.objectives ?? []) {
    const { x, y } = objective;
    map.append(svg("polygon", { points: `${x},${y - 0.45} ${x + 0.45},${y} ${x},${y + 0.45} ${x - 0.45},${y}`,
      fill: "#fff", stroke: "#7a3b12", "stroke-width": 0.08 }, svg("title", null, `objective: ${objective.name}`)));
    map.append(svg("text", { x, y: y + 0.95, "text-anchor": "middle" }, objective.name));
  }
  const reserve = el("ul", { class: "list" });
  for (const figure of figures) {
    const sheet = figure.sheet ?? {};
    const states = pilgrimageStates(figure);
    const label = `${sheet.name} (${sheet.seat}), health ${figure.health} of ${sheet.health}`
      + (figure.z ? `, ${round(figure.z)}" up` : "")
      + (states.length ? `, ${states.join(", ")}` : "");
    const common = { "data-testid": "figure", "data-id": sheet.id, "data-seat": sheet.seat,
      "data-health": figure.health, "data-x": figure.x, "data-y": figure.y, "data-states": states.join(" ") };
    if (figure.x === null || figure.x === undefined) {
      reserve.append(el("li", common, `${label}: not on the table`));
      continue;
    }
    const group = svg("g", { ...common, class: "figure", tabindex: 0, role: "img", "aria-label": label,
      opacity: figure.out_of_action ? 0.35 : figure.hidden ? 0.6 : 1 });
    group.append(svg("title", null, label));
    group.append(svg("circle", { class: "base", cx: figure.x, cy: figure.y, r: 0.5, fill: colour(sheet.seat),
      stroke: "#fff", "stroke-width": 0.06, "stroke-dasharray": figure.hidden ? "0.15 0.1" : null }));
    if (figure.knocked_down) {
      group.append(svg("line", { x1: figure.x - 0.35, y1: figure.y - 0.35, x2: figure.x + 0.35, y2: figure.y + 0.35,
        stroke: "#fff", "stroke-width": 0.12 }));
    }
    group.append(svg("text", { x: figure.x, y: figure.y + 0.16, "text-anchor": "middle", fill: "#fff" },
      String(sheet.id ?? "").split("/").pop() ?? ""));
    // Wounds: a bar under the base, full at the sheet's Health.
    const share = sheet.health ? Math.max(0, figure.health) / sheet.health : 0;
    group.append(svg("rect", { x: figure.x - 0.5, y: figure.y + 0.6, width: 1, height: 0.14, fill: "#fff" }));
    group.append(svg("rect", { x: figure.x - 0.5, y: figure.y + 0.6, width: share, height: 0.14,
      fill: share > 0.5 ? "#1f6b35" : share > 0.25 ? "#c88a00" : "#a4161a" }));
    map.append(group);
  }
  const rows = figures.map((/** @type {any} */ f) => el("tr", null,
    el("td", null, el("span", { class: "pill", style: `color:#fff;background:${colour(f.sheet.seat)}` }, f.sheet.seat)),
    el("td", null, f.sheet.name), el("td", null, `${f.health}/${f.sheet.health}`),
    el("td", null, f.x === null || f.x === undefined ? "—"
      : `${round(f.x)}, ${round(f.y)}${f.z ? `, ${round(f.z)}" up` : ""}`),
    el("td", null, pilgrimageStates(f).join(", ") || "—")));
  const kinds = [...new Set((table.terrain ?? []).flatMap((/** @type {any} */ t) => t.kinds ?? []))];
  const mapKey = legend([...kinds.map((k) => /** @type {[string, string]} */ ([k, TERRAIN[k] ?? "#9a8f7a"])),
    ["light", "#ffe680"], ["objective", "#fff"]]);
  const board = el("div", { "data-testid": "board" }, map, mapKey, reserve.childElementCount ? reserve : null,
    el("div", { class: "scroll" }, el("table", null,
      el("thead", null, el("tr", null, ...["Side", "Character", "Health", "Position (in)", "State"].map((h) => el("th", null, h)))),
      el("tbody", null, ...rows))));
  const facts = /** @type {[string, string][]} */ ([
    ["Trial", rs.trial ?? "—"], ["Turn", String(rs.turn ?? "—")], ["Phase", words(rs.phase ?? "—")],
    ...weather, ["Scores", Object.entries(rs.scores ?? {}).map(([s, n]) => `${s} ${n}`).join(", ") || "—"],
  ]);
  return { board, facts, turn: rs.side_to_act ?? null };
}

/** @param {any} figure */
function pilgrimageStates(figure) {
  return [figure.tired && "Tired", figure.knocked_down && "Knocked Down", figure.hidden && "Hidden",
    figure.guarding && "Guarding", figure.out_of_action && "Out of Action",
    figure.sheet && figure.health < figure.sheet.health && `${figure.sheet.health - figure.health} wounds`]
    .filter(Boolean).map(String);
}

/** @param {number[][]} points */
function centroid(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2 + 0.15];
}

/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10;

// ---- Pericle: the hex map (pointy-top, axial q/r, as domain/hexes.py) ----

const SQRT3 = Math.sqrt(3);
const DIRECTIONS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

/** @param {number} q @param {number} r */
const centre = (q, r) => [SQRT3 * (q + r / 2), 1.5 * r];

/** @param {number} q @param {number} r @param {number} [size] */
function hexPoints(q, r, size = 1) {
  const [x, y] = centre(q, r);
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${(x + size * Math.cos(a)).toFixed(3)},${(y + size * Math.sin(a)).toFixed(3)}`;
  }).join(" ");
}

/** @param {{q: number, r: number}} h */
const key = (h) => `${h.q},${h.r}`;

/** @param {any} rs @param {(seat: string) => string} colour */
function pericle(rs, colour) {
  const hexMap = rs.encounter.map ?? { width: 0, height: 0 };
  const opened = new Set((rs.opened ?? []).map(key));
  const marks = new Map();
  for (const wall of hexMap.walls ?? []) marks.set(key(wall), ["wall", "#4a4438", "wall"]);
  for (const pit of hexMap.pits ?? []) marks.set(key(pit), ["pit", "#161412", "pit"]);
  for (const thing of hexMap.furniture ?? []) {
    const h = thing.hex ?? thing;
    marks.set(key(h), ["furniture", "#9b7b4f", thing.name ? `furniture: ${thing.name}` : "furniture"]);
  }
  for (const hazard of hexMap.hazards ?? []) {
    marks.set(key(hazard.hex), ["hazard", "#e06a1b", `hazard: ${hazard.name}${hazard.damage ? ` (${hazard.damage})` : ""}`]);
  }
  for (const door of hexMap.doors ?? []) {
    const open = opened.has(key(door.hex));
    marks.set(key(door.hex), ["door", open ? "#d9c7a3" : "#7a4a1d",
      `door${door.locked ? ", locked" : ""}${open ? ", open" : ", closed"}`]);
  }
  const cells = [];
  for (let row = 0; row < hexMap.height; row++) {
    for (let col = 0; col < hexMap.width; col++) cells.push({ q: col - (row - (row & 1)) / 2, r: row });
  }
  const all = [...cells, ...(rs.figures ?? []).filter((/** @type {any} */ f) => f.hex).map((/** @type {any} */ f) => f.hex)];
  const xs = all.map((h) => centre(h.q, h.r)[0]);
  const ys = all.map((h) => centre(h.q, h.r)[1]);
  const [minX, maxX, minY, maxY] = [Math.min(0, ...xs) - 1, Math.max(0, ...xs) + 1, Math.min(0, ...ys) - 1.2, Math.max(0, ...ys) + 1.2];
  const figures = rs.figures ?? [];
  const map = svg("svg", { class: "board", viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`, role: "img",
    "aria-label": `The hex map, ${hexMap.width} by ${hexMap.height} hexes, with ${figures.length} figures` });
  for (const cell of cells) {
    const [kind, fill, title] = marks.get(key(cell)) ?? ["floor", "#efe7d2", `hex ${key(cell)}`];
    map.append(svg("polygon", { points: hexPoints(cell.q, cell.r, 0.97), fill, stroke: "#b8ad93", "stroke-width": 0.04,
      "data-kind": kind, "data-hex": key(cell) }, svg("title", null, title)));
  }
  for (const item of rs.ground ?? []) {
    const h = item.hex ?? item;
    if (h && typeof h.q === "number") {
      const [x, y] = centre(h.q, h.r);
      map.append(svg("rect", { x: x + 0.3, y: y - 0.7, width: 0.3, height: 0.3, fill: "#c9a227" },
        svg("title", null, `on the ground: ${item.item ?? item.name ?? ""}`)));
    }
  }
  const grappled = new Set();
  for (const figure of figures) {
    for (const other of figure.grappled_with ?? []) {
      const pair = [figure.id, other].sort().join("|");
      const them = figures.find((/** @type {any} */ f) => f.id === other);
      if (grappled.has(pair) || !them?.hex || !figure.hex) continue;
      grappled.add(pair);
      const [x1, y1] = centre(figure.hex.q, figure.hex.r);
      const [x2, y2] = centre(them.hex.q, them.hex.r);
      map.append(svg("line", { x1, y1, x2, y2, stroke: "#a4161a", "stroke-width": 0.12, "stroke-dasharray": "0.2 0.1" },
        svg("title", null, `Grapple Pile: ${figure.name} and ${them.name}`)));
    }
  }
  const reserve = el("ul", { class: "list" });
  for (const figure of figures) {
    const states = pericleStates(figure, rs);
    const label = `${figure.name} (${figure.seat}), HP ${figure.hp} of ${figure.max_hp}, facing ${figure.facing}`
      + (states.length ? `, ${states.join(", ")}` : "");
    const common = { "data-testid": "figure", "data-id": figure.id, "data-seat": figure.seat, "data-hp": figure.hp,
      "data-hex": figure.hex ? key(figure.hex) : "", "data-facing": figure.facing, "data-states": states.join("; ") };
    if (!figure.hex) {
      reserve.append(el("li", common, `${label}: off the map`));
      continue;
    }
    const [x, y] = centre(figure.hex.q, figure.hex.r);
    const [dq, dr] = DIRECTIONS[((figure.facing ?? 0) % 6 + 6) % 6];
    const [fx, fy] = centre(dq, dr);
    const down = figure.condition !== "standing";
    const group = svg("g", { ...common, class: "figure", tabindex: 0, role: "img", "aria-label": label,
      opacity: figure.condition === "dead" ? 0.35 : 1 });
    group.append(svg("title", null, label));
    group.append(svg("line", { x1: x, y1: y, x2: x + fx * 0.62, y2: y + fy * 0.62, stroke: "#1d1b16",
      "stroke-width": 0.14, "stroke-linecap": "round" }));
    group.append(svg("circle", { class: "base", cx: x, cy: y, r: 0.55, fill: colour(figure.seat),
      stroke: rs.current === figure.id ? "#e0a100" : "#fff", "stroke-width": rs.current === figure.id ? 0.14 : 0.06,
      "stroke-dasharray": down ? "0.15 0.1" : null }));
    group.append(svg("text", { x, y: y + 0.16, "text-anchor": "middle", fill: "#fff" }, initials(figure.name)));
    const share = figure.max_hp ? Math.max(0, figure.hp) / figure.max_hp : 0;
    group.append(svg("rect", { x: x - 0.5, y: y + 0.66, width: 1, height: 0.13, fill: "#fff" }));
    group.append(svg("rect", { x: x - 0.5, y: y + 0.66, width: share, height: 0.13,
      fill: share > 0.5 ? "#1f6b35" : share > 0.25 ? "#c88a00" : "#a4161a" }));
    map.append(group);
  }
  const rows = figures.map((/** @type {any} */ f) => el("tr", { class: rs.current === f.id ? "turn" : null },
    el("td", null, el("span", { class: "pill", style: `color:#fff;background:${colour(f.seat)}` }, f.seat)),
    el("td", null, f.name), el("td", null, `${f.hp}/${f.max_hp}`), el("td", null, String(f.exhaustion ?? 0)),
    el("td", null, String(f.facing)), el("td", null, pericleStates(f, rs).join("; ") || "—")));
  const spells = (rs.spells ?? []).map((/** @type {any} */ s) => el("li", null,
    `${s.spell}: cast by ${s.caster} on ${s.target} (turn ${s.cast_turn}, ${s.expires_turn ? `until turn ${s.expires_turn}` : "while maintained"})`));
  const order = (rs.order ?? []).map((/** @type {string} */ id, /** @type {number} */ i) => el("li",
    { class: id === rs.current ? "turn" : null }, `${i + 1}. ${figures.find((/** @type {any} */ f) => f.id === id)?.name ?? id}`
      + (id === rs.current ? " (acting)" : "")));
  const mapKey = legend([["wall", "#4a4438"], ["door", "#7a4a1d"], ["open door", "#d9c7a3"], ["furniture", "#9b7b4f"],
    ["pit", "#161412"], ["hazard", "#e06a1b"], ["item on the ground", "#c9a227"]]);
  const board = el("div", { "data-testid": "board" }, map, mapKey, reserve.childElementCount ? reserve : null,
    el("div", { class: "scroll" }, el("table", null,
      el("thead", null, el("tr", null, ...["Side", "Figure", "HP", "Exhaustion", "Facing", "State"].map((h) => el("th", null, h)))),
      el("tbody", null, ...rows))),
    el("h3", null, "Action Order"), order.length ? el("ol", { class: "list", "data-testid": "action-order" }, ...order)
      : el("p", { class: "muted" }, "no Action Order yet"),
    el("h3", null, "Maintained spells"), spells.length ? el("ul", null, ...spells) : el("p", { class: "muted" }, "none"));
  const current = figures.find((/** @type {any} */ f) => f.id === rs.current);
  const facts = /** @type {[string, string][]} */ ([
    ["Mode", rs.encounter.mode ?? "—"], ["Turn", String(rs.turn ?? "—")], ["Phase", words(rs.phase ?? "—")],
    ["Initiative", rs.initiative ?? "—"], ["Acting", current ? current.name : "—"], ["Winner", rs.winner ?? "—"],
  ]);
  return { board, facts, turn: current ? current.seat : null };
}

/** @param {string} name */
const initials = (name) => String(name).split(/\s+/).map((w) => w[0]).join("").slice(0, 3);

/** @param {any} f @param {any} rs */
function pericleStates(f, rs) {
  const spells = (rs.spells ?? []).filter((/** @type {any} */ s) => s.target === f.id).map((/** @type {any} */ s) => s.spell);
  return [f.condition !== "standing" && words(f.condition), f.stunned && "Stunned", f.defending && "Defending",
    f.parrying && "Parrying", f.airborne && "Airborne", f.poisoned && "Poisoned",
    (f.embattled_by ?? []).length && `Embattled by ${f.embattled_by.join(", ")}`,
    (f.grappled_with ?? []).length && `Grapple Pile with ${f.grappled_with.join(", ")}`,
    (f.bleeding ?? []).length && "Bleeding", f.wounds && `${f.wounds} wounds`,
    spells.length && `spells: ${spells.join(", ")}`].filter(Boolean).map(String);
}

// ---- d100: characters ----

/** @param {any} rs @param {(seat: string) => string} colour */
function d100(rs, colour) {
  const characters = rs.characters ?? [];
  const cards = characters.map((/** @type {any} */ c) => {
    const conditions = d100Conditions(c);
    return el("article", { class: "card", "data-testid": "figure", "data-id": c.id, "data-seat": c.seat,
      "data-hp": c.hp, tabindex: 0, "aria-label": `${c.name}, ${c.hp} of ${c.max_hp} hit points` },
    el("h3", null, el("span", { class: "pill", style: `color:#fff;background:${colour(c.seat)}` }, c.seat), " ", c.name),
    el("dl", { class: "facts" },
      el("dt", null, "Hit points"), el("dd", null, `${c.hp} / ${c.max_hp}`),
      el("dt", null, "Major Wound Level"), el("dd", null, String(c.major_wound_level)),
      el("dt", null, "Load (ENC)"), el("dd", null, String(c.enc ?? 0)),
      el("dt", null, "Fatigue"), el("dd", null, words(c.fatigue ?? "—")),
      el("dt", null, "Conditions"), el("dd", null, conditions.join(", ") || "none")));
  });
  const things = (rs.things ?? []).map((/** @type {any} */ t) => el("li", null, `${t.name}: ${t.hp} HP, ${t.ap} AP`));
  const board = el("div", { "data-testid": "board" }, el("div", { class: "cards" }, ...cards),
    things.length ? el("h3", null, "Objects") : null, things.length ? el("ul", null, ...things) : null);
  const facts = /** @type {[string, string][]} */ ([
    ["In combat", rs.in_combat ? `yes, round ${rs.round}` : "no"],
    ["Day", rs.day === undefined ? "—" : String(rs.day)],
    ["Clock", rs.clock === undefined ? "—" : clock(rs.clock)],
  ]);
  return { board, facts, turn: null };
}

/** @param {number} seconds */
function clock(seconds) {
  const h = Math.floor(seconds / 3600) % 24;
  const m = Math.floor(seconds / 60) % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")} (${seconds} s)`;
}

/** @param {any} c */
function d100Conditions(c) {
  return [c.dead && "dead", c.conscious === false && "unconscious", c.bleeding && "bleeding", c.wounded && "wounded",
    c.air && c.air !== "breathing" && words(c.air), c.treated && "treated", c.operated && "operated",
    ...(c.deprivations ?? []).map((/** @type {string} */ d) => `deprived: ${d}`),
    ...(c.diseases ?? []).map((/** @type {any} */ d) => `disease: ${d.name ?? d}`),
    ...(c.exposures ?? []).map((/** @type {any} */ e) => `exposed: ${e.affliction?.name ?? e.name ?? "affliction"}`),
    ...(c.effects ?? []).map((/** @type {any} */ e) => `affected: ${e.name ?? e.source ?? "effect"}`),
    ...(c.penalties ?? []).map((/** @type {any} */ p) => `penalty: ${typeof p === "string" ? p : p.source ?? JSON.stringify(p)}`),
  ].filter(Boolean).map(String);
}
