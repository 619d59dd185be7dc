/**
 * The page's side of the service worker (decision 060; the worker is `public/sw.js`). The settings
 * panel's pages (signed in only: the trips, their lists) register it and tell it to refresh what
 * it keeps — which checks the session: signed out, it drops everything — and to send what the
 * phone kept, again whenever the connection comes back. The visitors' pages never load this.
 */
export function watchOfflineWorker(lang: string): () => void {
  const sw = navigator.serviceWorker;
  if (!sw) return () => {};
  const tell = () => tellOfflineWorker(lang);
  // A page that is the kept copy, or offline: links load whole pages, which the worker answers from
  // what it kept (on a kept copy, the routes of its links were never fetched). Until the worker
  // says whether this page is its copy ("copy") or was read from the site ("live"), links load
  // whole pages too. (A link the app follows itself while the site cannot be reached asks for
  // its data and routes: the worker answers those with "load it as a document".)
  const here = location.pathname;
  let kept: boolean | null = sw.controller ? null : false;
  const listen = (event: MessageEvent) => {
    const data = event.data as { type?: string; path?: string } | null;
    if ((data?.type === "copy" || data?.type === "live") && data.path === here) kept = data.type === "copy";
  };
  const click = (event: MouseEvent) => {
    if (kept === false && navigator.onLine) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target || link.hasAttribute("download")) return;
    event.preventDefault();
    event.stopPropagation();
    location.assign(link.href);
  };
  void sw.register("/sw.js").catch(() => {});
  tell();
  sw.addEventListener("message", listen);
  sw.controller?.postMessage({ type: "copy", path: here });
  sw.addEventListener("controllerchange", tell);
  window.addEventListener("online", tell);
  window.addEventListener("click", click, true);
  return () => {
    sw.removeEventListener("message", listen);
    sw.removeEventListener("controllerchange", tell);
    window.removeEventListener("online", tell);
    window.removeEventListener("click", click, true);
  };
}

let telling = false;

/**
 * Asks the worker to refresh what it keeps now (a trip page opened in the app, not loaded: its
 * list changed). Asked again in the same task (a trip page loaded: its banner and the settings
 * panel both ask as they mount), the worker is told once: each refresh asks the server once.
 */
export function tellOfflineWorker(lang: string) {
  if (telling) return;
  telling = true;
  queueMicrotask(() => {
    telling = false;
    navigator.serviceWorker?.controller?.postMessage({
      type: "refresh",
      lang,
      // The scripts, styles and messages this page loaded: kept so a kept page still runs offline.
      urls: performance.getEntriesByType("resource").map((entry) => entry.name),
    });
  });
}
