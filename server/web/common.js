// @ts-check
/**
 * What every page of the table shares: building elements, reading the public API (waiting as
 * `Retry-After` says on a 429 or 503), following a stream with `after` and reconnecting by
 * itself, and players' names. Plain ES module, no dependencies.
 */

const SVG = "http://www.w3.org/2000/svg";

/**
 * An HTML element with attributes (`on*` functions become listeners) and children.
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * An SVG element, as `el`.
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}

/**
 * @template {Element} T
 * @param {T} node @param {Record<string, any> | null | undefined} attrs
 * @param {(Node | string | number | null | undefined | false)[]} children
 * @returns {T}
 */
function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "object" ? child : String(child));
  }
  return node;
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET a JSON answer of the API. A 429 or 503 is waited out as its `Retry-After` says (a few
 * times); any other failure rejects with the problem's detail.
 * @param {string} path
 * @returns {Promise<any>}
 */
export async function getJSON(path) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(path, { headers: { Accept: "application/json" } });
    if (response.ok) return response.json();
    if ((response.status === 429 || response.status === 503) && attempt < 5) {
      await sleep(1000 * Number(response.headers.get("Retry-After") ?? "1"));
      continue;
    }
    let detail = await response.text();
    try { detail = JSON.parse(detail).detail ?? detail; } catch { /* not a problem document */ }
    throw new Error(`GET ${path}: ${response.status} ${detail}`);
  }
}

/**
 * Every event of a stream (`/v1/battles/{id}` or `/v1/tournaments/{id}`), every page.
 * @param {string} base @param {number} [after]
 * @returns {Promise<any[]>}
 */
export async function allEvents(base, after = 0) {
  const events = [];
  for (let next = after; next !== null;) {
    const page = await getJSON(`${base}/events?after=${next}&limit=1000`);
    events.push(...page.events);
    next = page.next;
  }
  return events;
}

/**
 * Follow a stream's websocket from `after`: each envelope once and in order, reconnecting with
 * `after` = the last version received whenever the connection drops (backing off to 5 s). A
 * close that says the request itself is wrong (4400, 4404) is not retried.
 * @param {string} base `/v1/battles/{id}` or `/v1/tournaments/{id}`
 * @param {number} after
 * @param {{onEvent: (e: any) => void, onStatus?: (s: string) => void}} handlers
 * @returns {{close: () => void, readonly last: number}}
 */
export function follow(base, after, { onEvent, onStatus = () => {} }) {
  let last = after;
  let closed = false;
  let delay = 250;
  /** @type {WebSocket | null} */
  let socket = null;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const open = () => {
    if (closed) return;
    socket = new WebSocket(`${scheme}://${location.host}${base}/stream?after=${last}`);
    socket.onopen = () => { delay = 250; };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "caught_up" && !("hash" in data)) {
        onStatus("live");
        return;
      }
      if (typeof data.version !== "number" || data.version <= last) return;
      last = data.version;
      onEvent(data);
    };
    socket.onclose = (event) => {
      if (closed) return;
      if (event.code === 4400 || event.code === 4404) {
        onStatus(`stream closed (${event.code})`);
        return;
      }
      onStatus("reconnecting");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
    // An error is followed by a close, which reconnects.
    socket.onerror = () => {};
  };
  open();
  return {
    close() { closed = true; socket?.close(); },
    get last() { return last; },
  };
}

/** @type {Map<string, Promise<string>>} */
const names = new Map();

/**
 * A player's name (`GET /v1/players/{id}`), asked once per page.
 * @param {string | null | undefined} id
 * @returns {Promise<string>}
 */
export function playerName(id) {
  if (!id) return Promise.resolve("");
  if (!names.has(id)) {
    names.set(id, getJSON(`/v1/players/${encodeURIComponent(id)}`).then((p) => p.name, () => id.slice(0, 8)));
  }
  return /** @type {Promise<string>} */ (names.get(id));
}

/**
 * Call `run` at most once per `ms`, the last call winning.
 * @param {() => void} run @param {number} ms
 * @returns {() => void}
 */
export function debounce(run, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
}

/** @param {string} text */
export const words = (text) => String(text).replaceAll("_", " ");

/** @param {string} id a UUID, shown short */
export const short = (id) => String(id).slice(0, 8);

/**
 * Offer `text` as a file to save.
 * @param {string} name @param {string} text @param {string} type
 */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Show an error on the page (and keep the console free of uncaught ones).
 * @param {unknown} error
 */
export function showError(error) {
  const box = document.getElementById("errors");
  const text = error instanceof Error ? error.message : String(error);
  if (box) box.append(el("p", { role: "alert" }, text));
}
