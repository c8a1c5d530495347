// @ts-check
/**
 * `/`: the battles (in play first, then open, then ended; filtered by ruleset and status) and
 * the tournaments (newest first), from `GET /v1/battles` and `GET /v1/tournaments`.
 */
import { el, getJSON, playerName, short, showError, words } from "./common.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const ORDER = /** @type {Record<string, number>} */ ({ active: 0, open: 1, ended: 2 });
const PAGE = 100;

/** @type {any[]} */
let battles = [];
/** @type {string | null} */
let cursor = null;

async function loadPage() {
  const status = /** @type {HTMLSelectElement} */ ($("status-filter")).value;
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (status) query.set("status", status);
  if (cursor) query.set("cursor", cursor);
  const page = await getJSON(`/v1/battles?${query}`);
  battles.push(...page.battles);
  cursor = page.next_cursor;
  $("more").hidden = !cursor;
}

async function render() {
  const ruleset = /** @type {HTMLSelectElement} */ ($("ruleset-filter")).value;
  const shown = battles.filter((b) => !ruleset || b.ruleset === ruleset)
    .sort((a, b) => (ORDER[a.status] ?? 3) - (ORDER[b.status] ?? 3));
  const ids = shown.flatMap((b) => b.seats.map((/** @type {any} */ s) => s.player_id)).filter(Boolean);
  const names = new Map(await Promise.all([...new Set(ids)].map(async (id) => [id, await playerName(id)])));
  $("battles").replaceChildren(...shown.map((b) => el("li", { "data-id": b.id, "data-status": b.status, "data-ruleset": b.ruleset },
    el("a", { href: `/battles/${b.id}` }, `${b.ruleset} ${b.ruleset_version} · ${short(b.id)}`), " ",
    el("span", { class: `status ${b.status}` }, b.status === "active" ? "in play" : b.status), " ",
    el("span", { class: "muted" }, b.seats.map((/** @type {any} */ s) => `${s.name}${s.player_id ? ` (${names.get(s.player_id)})` : ""}`).join(" vs ")),
    b.winners?.length ? el("span", { class: "pill ok" }, `won by ${b.winners.join(", ")}`) : null,
    b.end_reason ? el("span", { class: "pill" }, words(b.end_reason)) : null,
    b.forked_from ? el("span", { class: "pill" }, "fork") : null,
    b.tournament_id ? el("a", { class: "pill", href: `/tournaments/${b.tournament_id}` }, "tournament") : null,
    el("span", { class: "muted" }, ` · ${b.version} events`))));
  $("battle-count").textContent = `${shown.length} battle(s)`;
  await renderTournaments();
}

/** @type {any[] | null} */
let tournaments = null;

async function renderTournaments() {
  tournaments ??= (await getJSON(`/v1/tournaments?limit=${PAGE}`)).tournaments;
  const ruleset = /** @type {HTMLSelectElement} */ ($("ruleset-filter")).value;
  const shown = (tournaments ?? []).filter((t) => !ruleset || t.ruleset === ruleset);
  $("tournaments").replaceChildren(...(shown.length ? shown.map((t) => el("li", { "data-id": t.id },
    el("a", { href: `/tournaments/${t.id}` }, t.name), " ", el("span", { class: `status ${t.status}` }, t.status),
    el("span", { class: "muted" }, ` · ${t.ruleset} ${t.ruleset_version} · ${t.players} players · ${t.rounds_paired} round(s)`),
    t.champion ? el("span", { class: "pill ok" }, "champion decided") : null))
    : [el("li", { class: "muted" }, "No tournament yet.")]));
}

async function reload() {
  battles = [];
  cursor = null;
  await loadPage();
  await render();
}

async function main() {
  const rulesets = await getJSON("/v1/rulesets");
  const select = /** @type {HTMLSelectElement} */ ($("ruleset-filter"));
  for (const r of rulesets.rulesets ?? rulesets) select.append(el("option", { value: r.id }, r.title ?? r.id));
  const params = new URL(location.href).searchParams;
  select.value = params.get("ruleset") ?? "";
  /** @type {HTMLSelectElement} */ ($("status-filter")).value = params.get("status") ?? "";
  $("filters").addEventListener("change", () => {
    const url = new URL(location.href);
    for (const name of ["ruleset", "status"]) {
      const value = /** @type {HTMLSelectElement} */ ($(`${name}-filter`)).value;
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    history.replaceState(null, "", url);
    reload().catch(showError);
  });
  $("filters").addEventListener("submit", (e) => e.preventDefault());
  $("more").addEventListener("click", () => loadPage().then(render).catch(showError));
  await reload();
}

main().catch(showError);
