/*
 * Amarre's service worker: a trip day without coverage (decision 060). A plain script served from
 * the site's root, so its scope is the whole site; registered by signed-in pages only
 * (app/features/offline/worker.ts).
 *
 * - The signed-in person's upcoming trip pages (the list the server gives for the session,
 *   /resources/offline-trips) are kept in a cache named by the person's key and read network
 *   first: offline, the kept copy; a page with no copy gets the offline page of its language.
 *   No other signed-in page is ever kept. Scripts, styles, messages and published listings' photos
 *   are public and kept too, so a kept page still runs and shows its boat.
 * - A link followed inside the app asks for the page's data (`….data`) or its routes
 *   (`/__manifest`), not for a document: when the site cannot be reached, the answer is Remix's
 *   "load it as a document", which comes back here as a navigation (the kept copy or the offline
 *   page), never the app's error page.
 * - A handover form sent offline comes here from the page (`queue`), is kept in IndexedDB and
 *   sent when the connection is back: on Background Sync's `sync` where the browser has it, else
 *   when a page says it is online again or opens. The server records it once (its `submission` id).
 * - Signed out (the list says nobody) or another person signed in (another key): everything of
 *   the previous person goes — caches and the queue. The sign-out answer also clears site data.
 */
const SHELL = "amarre-shell-1";
const META = "amarre-meta";
const TRIPS = "amarre-trips-";
const META_URL = "/__amarre-offline/meta";
const MARK = "amarre-mark";
const MARK_URL = "/__amarre-offline/mark";
const OFFLINE_PAGES = ["/sin-conexion", "/en/sin-conexion", "/fr/sin-conexion", "/de/sin-conexion"];
const TRIP_PATH = /^(\/(en|fr|de))?\/ajustes\/(mis-reservas|gestion-de-alquileres)(\/[A-Za-z0-9]{20})?$/;
const PUBLIC_PATH = /^\/(assets\/|resources\/locales\/|photos\/|favicon\.svg$|icons\/)/;
const ASSET = /\/assets\/[\w.-]+\.(?:js|css)/g;
const SHELL_LIMIT = 300;
const SYNC_TAG = "amarre-handover";
const FRESH_MS = 10 * 60 * 1000;

self.addEventListener("install", (event) => {
  // The offline pages as a visitor sees them: no cookie, so they name nobody.
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => Promise.all(OFFLINE_PAGES.map((path) => fetch(path, { credentials: "omit" }).then((r) => (r.ok ? cache.put(path, r) : undefined)))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("amarre-shell-") && name !== SHELL).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(navigate(event, url));
  else if (PUBLIC_PATH.test(url.pathname)) event.respondWith(publicFile(request));
  else if (appRequestPage(url) !== null) event.respondWith(appRequest(request, url));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "refresh") event.waitUntil(refreshSoon(data.lang, data.urls || []));
  else if (data.type === "queue") event.waitUntil(queue(data));
  else if (data.type === "flush") event.waitUntil(flush());
  else if (data.type === "status") event.waitUntil(status(event.source, data.path));
  // Whether the page asking is a kept copy ("copy") or was read from the site ("live").
  else if (data.type === "copy" && event.source) event.source.postMessage({ type: copies.has(event.source.id) ? "copy" : "live", path: data.path });
});

self.addEventListener("sync", (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(flush());
});

// ---- Pages ---------------------------------------------------------------------------------

/** The pages (clients) that were given a kept copy. */
const copies = new Set();

async function navigate(event, url) {
  const trip = TRIP_PATH.test(url.pathname) && url.search === "";
  try {
    const response = await fetch(event.request);
    if (trip && response.ok && !response.redirected) {
      const meta = await readMeta();
      if (meta.user && meta.pages.includes(url.pathname)) {
        const copy = response.clone();
        event.waitUntil(caches.open(TRIPS + meta.user).then((cache) => cache.put(url.pathname, copy)));
      }
    }
    return response;
  } catch (error) {
    const meta = await readMeta();
    if (trip && meta.user) {
      const kept = await (await caches.open(TRIPS + meta.user)).match(url.pathname);
      if (kept) {
        // The page asks (`copy`) and says it is the copy kept on the phone.
        if (event.resultingClientId) copies.add(event.resultingClientId);
        return kept;
      }
    }
    const lang = /^\/(en|fr|de)(\/|$)/.exec(url.pathname);
    const offline = await (await caches.open(SHELL)).match(lang ? `/${lang[1]}/sin-conexion` : "/sin-conexion");
    if (offline) return offline;
    throw error;
  }
}

/**
 * The page an in-app request is for: a page's data (Remix's single fetch: `/x.data`, the home's
 * `/_root.data`, its `_routes` and an index route's `index` aside) or the routes for a path
 * (`/__manifest`, the page Remix reloads is its own); null for anything else and for the
 * resource routes (a fetcher's, which are no page to load).
 */
function appRequestPage(url) {
  if (url.pathname === "/__manifest") return "";
  if (!url.pathname.endsWith(".data")) return null;
  const page = new URL(url.href);
  page.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
  page.searchParams.delete("_routes");
  page.searchParams.delete("index");
  return /^\/(resources|api)\//.test(page.pathname) ? null : page.pathname + page.search;
}

async function appRequest(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    if (request.signal && request.signal.aborted) throw error;
    return loadAsDocument(appRequestPage(url));
  }
}

/**
 * Remix's answer "load this page as a document" (a loader's `redirectDocument`), for a page's data
 * request: the bytes its server writes for one (a 202 and a turbo-stream), `sw.test.ts` holds
 * them to Remix's own. For the routes' request, what Remix's server says when its build changed
 * (204 and a header): Remix then loads the page it was going to as a document.
 */
function loadAsDocument(page) {
  const headers = { "X-Remix-Response": "yes", "X-Remix-Reload-Document": "yes", "Cache-Control": "no-store" };
  if (page === "") return new Response(null, { status: 204, headers });
  const body = `[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":7},"redirect",${JSON.stringify(page)},"status",302,"revalidate",false,"reload",true,"replace"]\n`;
  return new Response(body, { status: 202, headers: { ...headers, "Content-Type": "text/x-script" } });
}

async function publicFile(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (shared(response)) await cache.put(request, response.clone());
  return response;
}

/** A public file's answer anyone may keep (a draft's photos are its owner's: `private`, never kept). */
function shared(response) {
  return response.ok && !/private|no-store/.test(response.headers.get("Cache-Control") || "");
}

// ---- What is kept, and for whom -------------------------------------------------------------

async function readMeta() {
  // Read without opening: a cache opened is made, and after a sign-out nothing of it may come back.
  const hit = await caches.match(META_URL, { cacheName: META });
  return hit ? hit.json() : { user: null, pages: [] };
}

async function writeMeta(meta) {
  await (await caches.open(META)).put(META_URL, new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }));
}

async function tripList(lang) {
  const response = await fetch(`/resources/offline-trips?lang=${encodeURIComponent(lang || "es")}`, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) throw new Error(`offline-trips ${response.status}`);
  return response.json();
}

/** Everything private goes: the trip caches, who they were for, the queue. */
async function forgetEveryone() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(TRIPS) || name === META).map((name) => caches.delete(name)));
  await store("readwrite", (queue) => queue.clear());
}

/**
 * A mark that a sign-out or a sign-in takes away with everything else (their `Clear-Site-Data`):
 * set before a refresh asks the list, looked at once it has kept the pages. Gone, the session
 * changed meanwhile, and what the refresh kept since is nobody's to keep. So a refresh asks the
 * server once: the session is checked by the browser's own clearing, not by asking again.
 */
async function setMark() {
  const mark = self.crypto.randomUUID();
  await (await caches.open(MARK)).put(MARK_URL, new Response(mark));
  return mark;
}

async function markStands(mark) {
  const hit = await caches.match(MARK_URL, { cacheName: MARK });
  return hit !== undefined && (await hit.text()) === mark;
}

let refreshing = null;
let next = null;
/** One refresh at a time: asked again meanwhile, one more runs after it with the latest ask. */
function refreshSoon(lang, urls) {
  if (refreshing) {
    next = { lang, urls };
    return refreshing;
  }
  refreshing = refresh(lang, urls).finally(() => {
    refreshing = null;
    if (next) {
      const ask = next;
      next = null;
      return refreshSoon(ask.lang, ask.urls);
    }
  });
  return refreshing;
}

async function refresh(lang, urls) {
  const mark = await setMark();
  let list;
  try {
    list = await tripList(lang);
  } catch {
    return; // offline: keep what is kept
  }
  const meta = await readMeta();
  if (!list.user) {
    await forgetEveryone();
    await caches.delete(MARK);
    await self.registration.unregister();
    return;
  }
  if (meta.user !== list.user) await forgetEveryone();
  // The lists show the trips: kept before a trip was booked or ended, they are read again.
  const changed = meta.user !== list.user || meta.pages.join(" ") !== list.pages.join(" ");
  if (changed) await writeMeta({ user: list.user, pages: list.pages });
  const cache = await caches.open(TRIPS + list.user);
  // Past trips and pages no longer listed go.
  for (const request of await cache.keys()) {
    if (!list.pages.includes(new URL(request.url).pathname)) await cache.delete(request);
  }
  // The kept pages' own scripts and styles (their route modules among them): a kept page runs
  // offline, and a link to it followed inside the app finds its module, even if never opened.
  const assets = new Set();
  await Promise.all(
    list.pages.map(async (path) => {
      // A copy read in the last minutes is fresh enough (each page a person opens is kept as read).
      const copy = await cache.match(path);
      const aList = !/\/[A-Za-z0-9]{20}$/.test(path);
      if (copy && !(changed && aList) && Date.now() - Date.parse(copy.headers.get("Date") || "") < FRESH_MS) return;
      try {
        const response = await fetch(path, { credentials: "same-origin", redirect: "manual" });
        if (!response.ok) return;
        for (const asset of (await response.clone().text()).match(ASSET) || []) assets.add(asset);
        await cache.put(path, response);
      } catch {
        // the next refresh tries again
      }
    }),
  );
  // Signed out or someone else signed in meanwhile: what was kept since is not theirs to keep.
  if (!(await markStands(mark))) {
    await forgetEveryone();
    return;
  }
  await keepPublic([...urls, ...assets]);
  await flush();
}

/** The page's scripts, styles and messages (public files), so a kept page runs offline. */
async function keepPublic(urls) {
  const cache = await caches.open(SHELL);
  for (const href of urls) {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin || !PUBLIC_PATH.test(url.pathname)) continue;
    if (await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href);
      if (shared(response)) await cache.put(url.href, response);
    } catch {
      return;
    }
  }
  const keys = await cache.keys();
  const files = keys.filter((request) => !OFFLINE_PAGES.includes(new URL(request.url).pathname));
  for (const request of files.slice(0, Math.max(0, files.length - SHELL_LIMIT))) await cache.delete(request);
}

// ---- Forms kept on the phone -----------------------------------------------------------------

function store(mode, work) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("amarre-offline", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "id" });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction("queue", mode);
      const request = work(tx.objectStore("queue"));
      tx.oncomplete = () => {
        db.close();
        resolve(request ? request.result : undefined);
      };
      tx.onerror = () => {
        db.close();
        reject(tx.error);
      };
    };
  });
}

async function tell(message) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
}

async function queue(data) {
  const meta = await readMeta();
  const url = new URL(data.url, self.location.origin);
  if (!meta.user || url.origin !== self.location.origin || !TRIP_PATH.test(url.pathname)) return;
  const submission = (data.fields.find(([name]) => name === "submission") || [])[1];
  const id = typeof submission === "string" && submission ? submission : String(Date.now());
  await store("readwrite", (q) => q.put({ id, user: meta.user, url: url.pathname + url.search, path: url.pathname, fields: data.fields, at: data.at }));
  await tell({ type: "queued", path: url.pathname });
  if (self.registration.sync) await self.registration.sync.register(SYNC_TAG).catch(() => undefined);
  if (self.navigator.onLine) await flush();
}

async function status(client, path) {
  const kept = await store("readonly", (q) => q.getAll());
  if (client && kept.some((entry) => entry.path === path)) client.postMessage({ type: "queued", path });
}

let flushing = null;
/** Sends what is kept, oldest first; stops at the first network failure (still offline). */
function flush() {
  flushing = flushing || send().finally(() => (flushing = null));
  return flushing;
}

async function send() {
  const meta = await readMeta();
  const kept = (await store("readonly", (q) => q.getAll())).sort((a, b) => (a.at < b.at ? -1 : 1));
  for (const entry of kept) {
    // Kept for someone who is no longer the one signed in: never sent as another person.
    if (entry.user !== meta.user) {
      await store("readwrite", (q) => q.delete(entry.id));
      continue;
    }
    const body = new FormData();
    for (const [name, value] of entry.fields) body.append(name, value);
    let response;
    try {
      response = await fetch(entry.url, { method: "POST", body, credentials: "same-origin" });
    } catch {
      return; // still offline
    }
    // The server's trouble, or the session is gone (sent to sign in): kept, tried again later.
    if (response.status >= 500 || new URL(response.url).pathname !== entry.path) return;
    await store("readwrite", (q) => q.delete(entry.id));
    // Recorded: the action answers with the trip page again; a refusal is that page with its 4xx.
    await tell({ type: response.ok ? "sent" : "refused", path: entry.path });
  }
}
