// @ts-check
/**
 * `/tournaments/{id}`: rounds with their pairings and results (linking to their battles) and the
 * standings with every tiebreak, kept live by the tournament's stream.
 */
import { debounce, el, follow, getJSON, short, showError, words } from "./common.js";

const tournamentId = location.pathname.split("/").filter(Boolean).pop() ?? "";
const base = `/v1/tournaments/${tournamentId}`;
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {Map<string, string>} */
const names = new Map();
const nameOf = (/** @type {string | null} */ id) => (id ? names.get(id) ?? short(id) : "—");

async function load() {
  const [summary, registrations, rounds, standings] = await Promise.all([
    getJSON(base), getJSON(`${base}/registrations`), getJSON(`${base}/rounds`), getJSON(`${base}/standings`)]);
  for (const r of registrations) names.set(r.player_id, r.name);
  renderSummary(summary);
  renderStandings(standings);
  renderRounds(rounds);
  return summary;
}

function renderSummary(/** @type {any} */ t) {
  document.title = `${t.name} · Chronicle`;
  $("title").textContent = t.name;
  const facts = [
    ["Status", el("span", { class: `status ${t.status}` }, words(t.status))],
    ["Ruleset", `${t.ruleset}, version ${t.ruleset_version}`],
    ["Players", String(t.players)],
    ["Rounds", `${t.rounds_paired} paired${t.swiss_rounds ? ` of ${t.swiss_rounds} Swiss` : ""}${t.cut ? `, top ${t.cut} cut` : ""}`],
    ["Champion", t.champion ? nameOf(t.champion) : "—"],
    ["Dice commitment", el("span", { class: "hash" }, t.dice?.commitment ?? "")],
  ];
  $("summary").replaceChildren(...facts.flatMap(([k, v]) => [el("dt", null, k), el("dd", null, v)]));
}

const COLUMNS = [["rank", "#"], ["name", "Player"], ["points", "Points"], ["wins", "W"], ["draws", "D"], ["losses", "L"],
  ["byes", "Byes"], ["sos", "SoS"], ["margin", "Margin"], ["h2h", "H2H"], ["dropped", "Dropped"]];

function renderStandings(/** @type {any[]} */ standings) {
  $("standings").replaceChildren(
    el("thead", null, el("tr", null, ...COLUMNS.map(([, label]) => el("th", { scope: "col" }, label)))),
    el("tbody", null, ...standings.map((s) => el("tr", { "data-player-id": s.player_id },
      ...COLUMNS.map(([key]) => el("td", { "data-field": key },
        key === "dropped" ? (s.dropped ? "yes" : "") : String(s[key])))))));
}

function renderRounds(/** @type {any[]} */ rounds) {
  if (!rounds.length) {
    $("rounds").replaceChildren(el("p", { class: "muted" }, "No round paired yet."));
    return;
  }
  $("rounds").replaceChildren(...[...rounds].reverse().map((r) => el("article", { class: "card", "data-round": r.round },
    el("h3", null, `Round ${r.round} · ${words(r.stage)} · ${r.trial}`, r.closed ? el("span", { class: "pill" }, "closed")
      : el("span", { class: "pill ok" }, "in play")),
    r.ends_at ? el("p", { class: "muted" }, `time limit ends ${r.ends_at.replace("T", " ").slice(0, 16)}`) : null,
    el("div", { class: "scroll" }, el("table", null,
      el("thead", null, el("tr", null, ...["Table", "Players", "Result", "Battle"].map((h) => el("th", null, h)))),
      el("tbody", null, ...r.tables.map((/** @type {any} */ t) => el("tr", { "data-table": t.table },
        el("td", null, String(t.table)),
        el("td", null, t.b ? `${nameOf(t.a)} vs ${nameOf(t.b)}` : `${nameOf(t.a)} (bye)`),
        el("td", null, t.result ? `${t.result.winner ? `${nameOf(t.result.winner)} won` : "draw"}`
          + ` by ${t.result.margin} (${words(t.result.source)}${t.result.reason ? `: ${t.result.reason}` : ""})` : "pending"),
        el("td", null, t.battle_id ? el("a", { href: `/battles/${t.battle_id}` }, short(t.battle_id)) : "—")))))))));
}

async function main() {
  const summary = await load();
  const refresh = debounce(() => { load().catch(showError); }, 150);
  const status = $("live-status");
  follow(base, summary.version, {
    onEvent: refresh,
    onStatus: (s) => { status.textContent = s === "live" ? "● live" : s; status.dataset.state = s; },
  });
}

main().catch(showError);
