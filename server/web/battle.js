// @ts-check
/**
 * `/battles/{id}`: a battle's table, seats and turn, its log, a replay over every version, and
 * the audit, from the public API and the stream only. `?at=N` opens the table at version N.
 */
import { allEvents, debounce, download, el, follow, getJSON, playerName, short, showError, words } from "./common.js";
import { renderTable } from "./boards.js";
import { describe, fromJsonLines, toJsonLines, toText } from "./log.js";
import { audit, diceCharts, faceCounts } from "./audit.js";

const battleId = location.pathname.split("/").filter(Boolean).pop() ?? "";
const base = `/v1/battles/${battleId}`;
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const slider = /** @type {HTMLInputElement} */ ($("replay-slider"));

/** @type {any[]} */
let events = [];
/** @type {any} */
let summary = null;
/** @type {any} */
let latest = null; // the latest state, for seats and names
/** @type {any} */
let displayed = null; // the state the table shows: the latest, or a past version's (replay)
/** @type {any[]} */
let contests = [];
/** @type {Map<string, string>} player id → name */
const names = new Map();
let head = 0;
let shown = 0; // the version the table shows
let following = true; // the table moves with each new event
/** @type {Map<number, string[]> | null} the last audit's problems by version */
let auditMarks = null;
let auditedCount = 0;

const who = {
  seatOf: (/** @type {string | null} */ id) => {
    const seats = (latest?.seats ?? summary?.seats ?? []).filter((/** @type {any} */ s) => s.player_id === id);
    return seats.map((/** @type {any} */ s) => s.name).join("+");
  },
  name: (/** @type {string | null} */ id) => (id ? names.get(id) ?? short(id) : ""),
};

async function learnNames(/** @type {(string | null | undefined)[]} */ ids) {
  await Promise.all([...new Set(ids.filter(Boolean))].map(async (id) => {
    names.set(/** @type {string} */ (id), await playerName(id));
  }));
}

// ---- summary and seats ----

function renderSummary() {
  if (!summary) return;
  // Seats, turn, status and winners as they stood at the version the table shows (replay), the
  // summary's own at the latest.
  const state = displayed ?? latest;
  const replaying = displayed !== null && displayed !== latest;
  const now = replaying ? { ...summary, status: state.status, winners: state.winners, end_reason: state.end_reason,
    seats: state.seats } : summary;
  const table = state ? renderTable(state) : null;
  const turnSeat = table?.turn ?? null;
  document.title = `${summary.ruleset} ${summary.ruleset_version} · battle ${short(battleId)} · Chronicle`;
  $("title").textContent = `${summary.ruleset} ${summary.ruleset_version} · battle ${short(battleId)}`;
  const facts = [
    ["Ruleset", `${summary.ruleset}, version ${summary.ruleset_version}`],
    ["Status", el("span", { class: `status ${now.status}`, "data-testid": "battle-status" }, now.status)],
    ["Winners", (now.winners ?? []).join(", ") || (now.status === "ended" ? "none" : "—")],
    ["Turn", turnSeat ? `${turnSeat} to act` : now.status === "active" ? "any seat may act" : "—"],
    ["Events", String(head)],
  ];
  if (now.end_reason) facts.push(["Ended by", words(now.end_reason)]);
  if (summary.tournament_id) {
    facts.push(["Tournament", el("a", { href: `/tournaments/${summary.tournament_id}` }, short(summary.tournament_id))]);
  }
  if (summary.forked_from) {
    facts.push(["Forked from", el("a", { href: `/battles/${summary.forked_from.battle_id}?at=${summary.forked_from.version ?? ""}` },
      `${short(summary.forked_from.battle_id)} at event ${summary.forked_from.version}`)]);
  }
  $("summary").replaceChildren(...facts.flatMap(([k, v]) => [el("dt", null, k), el("dd", null, v)]));
  const seats = now.seats.map((/** @type {any} */ s) => el("tr", { class: s.name === turnSeat ? "turn" : null, "data-seat": s.name },
    el("td", null, s.name), el("td", null, s.player_id ? who.name(s.player_id) : el("span", { class: "muted" }, "open")),
    el("td", null, s.conceded ? "conceded" : (now.winners ?? []).includes(s.name) ? "winner" : s.name === turnSeat ? "to act" : "")));
  $("seats").replaceChildren(el("thead", null, el("tr", null, el("th", null, "Seat"), el("th", null, "Player"), el("th", null, ""))),
    el("tbody", null, ...seats));
}

// ---- the table at a version ----

let request = 0;
async function showVersion(/** @type {number} */ version) {
  const ticket = ++request;
  const atHead = version >= head;
  const state = await getJSON(atHead ? `${base}/state` : `${base}/state?at=${version}`);
  if (ticket !== request) return; // a newer request is on its way
  if (atHead) latest = state;
  displayed = state;
  shown = atHead ? state.version : version;
  const { board, facts } = renderTable(state);
  board.setAttribute("data-version", String(shown));
  $("board-host").replaceChildren(board);
  $("facts").replaceChildren(...facts.flatMap(([k, v]) => [el("dt", null, k), el("dd", null, v)]));
  $("table-version").textContent = atHead ? `(after event ${shown}, the latest)` : `(after event ${shown} of ${head})`;
  markFuture();
  renderSummary();
}

function syncSlider() {
  slider.max = String(Math.max(1, head));
  slider.value = String(Math.max(1, shown || head));
  $("replay-at").textContent = slider.value;
  const link = /** @type {HTMLAnchorElement} */ ($("replay-link"));
  link.href = `/battles/${battleId}?at=${slider.value}`;
  $("replay-live").setAttribute("aria-pressed", String(following));
}

const fetchSlider = debounce(() => {
  showVersion(Number(slider.value)).catch(showError);
}, 120);

function goTo(/** @type {number} */ version) {
  const v = Math.min(Math.max(1, version), head);
  following = v >= head;
  slider.value = String(v);
  shown = v;
  syncSlider();
  const url = new URL(location.href);
  if (following) url.searchParams.delete("at");
  else url.searchParams.set("at", String(v));
  history.replaceState(null, "", url);
  fetchSlider();
}

// ---- the log ----

function eventRow(/** @type {any} */ e) {
  const line = describe(e, who);
  const li = el("li", { "data-testid": "event-row", "data-version": e.version, "data-type": e.type,
    class: e.void ? "void" : null },
  el("span", { class: "v" }, String(e.version)),
  el("div", null,
    el("div", { class: "text" }, line.text, e.void ? el("span", { class: "pill bad" }, "voided") : null,
      el("span", { class: "audit-mark" })),
    line.dice.length ? el("div", { class: "dice" }, "dice: ", line.dice.join(" · ")) : null,
    line.modifiers.length ? el("div", { class: "mods" }, "modifiers: ", line.modifiers.join(", ")) : null,
    el("div", { class: "contest-note" }),
    el("time", { class: "muted", datetime: e.recorded_at }, e.recorded_at.replace("T", " ").slice(0, 19))));
  return li;
}

function renderLog() {
  $("log").replaceChildren(...events.map(eventRow));
  markContests();
  markAudit();
  markFuture();
  $("log-count").textContent = `${events.length} events`;
}

function markContests() {
  for (const row of $("log").querySelectorAll("li.contested")) {
    row.classList.remove("contested");
    /** @type {HTMLElement} */ (row.querySelector(".contest-note")).replaceChildren();
  }
  for (const c of contests) {
    const row = $("log").querySelector(`li[data-version="${c.version}"]`);
    if (!row) continue;
    row.classList.add("contested");
    const ruling = c.status === "open" ? "open" : `${c.status}${c.ruling ? `: "${c.ruling}"` : ""}`;
    /** @type {HTMLElement} */ (row.querySelector(".contest-note")).append(el("span", { class: "pill" },
      `contested by ${c.seat}: "${c.reason}" — ${ruling}`));
  }
}

function markAudit() {
  for (const row of $("log").querySelectorAll("li[data-version]")) {
    const mark = /** @type {HTMLElement} */ (row.querySelector(".audit-mark"));
    const version = Number(row.getAttribute("data-version"));
    row.classList.remove("audit-bad");
    if (!auditMarks || version > auditedCount) {
      mark.textContent = "";
      mark.className = "audit-mark";
      continue;
    }
    const problems = auditMarks.get(version);
    mark.className = `audit-mark ${problems ? "bad" : "ok"}`;
    mark.textContent = problems ? ` ✗ ${problems.join("; ")}` : " ✓ verified";
    if (problems) row.classList.add("audit-bad");
  }
}

function markFuture() {
  for (const row of $("log").querySelectorAll("li[data-version]")) {
    row.classList.toggle("future", Number(row.getAttribute("data-version")) > shown);
  }
}

// ---- live ----

const refreshLatest = debounce(async () => {
  try {
    summary = await getJSON(base);
    if (following) await showVersion(head);
    else {
      latest = await getJSON(`${base}/state`);
      renderSummary();
    }
    renderDice();
    renderCommitment();
  } catch (error) { showError(error); }
}, 80);

const refreshContests = debounce(async () => {
  try {
    contests = (await getJSON(`${base}/contests`)).contests;
    // The voided events carry `void` now; an event the stream brought meanwhile is kept.
    const fresh = await allEvents(base);
    const upTo = fresh.length ? fresh[fresh.length - 1].version : 0;
    events = [...fresh, ...events.filter((e) => e.version > upTo)];
    renderLog();
  } catch (error) { showError(error); }
}, 80);

function onEvent(/** @type {any} */ e) {
  events.push(e);
  head = e.version;
  const row = eventRow(e);
  $("log").append(row);
  $("log-count").textContent = `${events.length} events`;
  if (following) {
    shown = head;
    row.scrollIntoView({ block: "nearest" });
  }
  syncSlider();
  markFuture();
  if (e.type.startsWith("contest_") || e.type === "action_reverted") refreshContests();
  if (e.type === "seat_claimed") learnNames([e.data.player_id]).then(renderSummary);
  refreshLatest();
}

// ---- audit ----

function renderCommitment() {
  if (!summary || !latest) return;
  const dice = latest.dice ?? {};
  $("commitment").replaceChildren(
    summary.status === "ended"
      ? "The battle has ended and its server seed is revealed: check the chain and every die here, with Web Crypto in this browser."
      : "Until the battle ends its dice are committed to (SHA-256 of the secret server seed); the seed is revealed at the end. The chain can be checked now.",
    el("br"), "Commitment: ", el("span", { class: "hash", "data-testid": "commitment" }, dice.commitment ?? ""),
    ` (${dice.algorithm ?? ""})`);
}

function renderDice() {
  $("dice-stats").replaceChildren(diceCharts(faceCounts(events.filter((e) => !e.void))));
}

async function runAudit(/** @type {any[]} */ log, /** @type {string} */ label) {
  const result = $("verify-result");
  result.className = "";
  result.textContent = `checking ${label}…`;
  try {
    const dice = await getJSON(`${base}/dice`);
    const { summary: text, byVersion, report } = await audit(log, dice);
    auditMarks = byVersion;
    auditedCount = Math.max(0, ...log.map((e) => e.version));
    result.textContent = label === "the log" ? text : `${text} (in ${label})`;
    result.className = report.ok ? (report.complete ? "ok" : "") : "bad";
    markAudit();
  } catch (error) {
    result.className = "bad";
    result.textContent = `could not check: ${error instanceof Error ? error.message : error}`;
  }
}

// ---- wiring ----

function wire() {
  slider.addEventListener("input", () => goTo(Number(slider.value)));
  $("replay-first").addEventListener("click", () => goTo(1));
  $("replay-prev").addEventListener("click", () => goTo(shown - 1));
  $("replay-next").addEventListener("click", () => goTo(shown + 1));
  $("replay-live").addEventListener("click", () => goTo(head));
  $("export-jsonl").addEventListener("click", () => download(`battle-${battleId}.jsonl`, toJsonLines(events), "application/jsonl"));
  $("export-text").addEventListener("click", () => download(`battle-${battleId}.txt`, toText(events, who), "text/plain"));
  $("verify-button").addEventListener("click", () => runAudit(events, "the log"));
  const input = /** @type {HTMLInputElement} */ ($("copy-input"));
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      await runAudit(fromJsonLines(await file.text()), `the copy ${file.name}`);
    } catch (error) {
      $("verify-result").className = "bad";
      $("verify-result").textContent = `could not read the copy: ${error instanceof Error ? error.message : error}`;
    }
    input.value = "";
  });
}

async function main() {
  wire();
  [summary, events, contests] = await Promise.all([getJSON(base), allEvents(base),
    getJSON(`${base}/contests`).then((c) => c.contests)]);
  head = events.length ? events[events.length - 1].version : 0;
  latest = await getJSON(`${base}/state`);
  await learnNames([...latest.seats.map((/** @type {any} */ s) => s.player_id), ...events.map((e) => e.actor)]);
  const at = Number(new URL(location.href).searchParams.get("at"));
  following = !(at >= 1 && at < head);
  shown = following ? head : at;
  renderLog();
  renderSummary();
  renderCommitment();
  renderDice();
  syncSlider();
  await showVersion(shown);
  const status = $("live-status");
  follow(base, head, {
    onEvent,
    onStatus: (s) => { status.textContent = s === "live" ? "● live" : s; status.dataset.state = s; },
  });
}

main().catch(showError);
