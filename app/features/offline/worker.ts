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
  // A page that is the kept copy (the worker says so), or offline: links load whole pages, which
  // the worker answers from what it kept — the app's own navigation would ask the server for data.
  let kept = false;
  const listen = (event: MessageEvent) => {
    const data = event.data as { type?: string; path?: string } | null;
    if (data?.type === "copy" && data.path === location.pathname) kept = true;
  };
  const click = (event: MouseEvent) => {
    if (!kept && navigator.onLine) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target || link.hasAttribute("download")) return;
    event.preventDefault();
    event.stopPropagation();
    location.assign(link.href);
  };
  void sw.register("/sw.js").catch(() => {});
  tell();
  sw.addEventListener("message", listen);
  sw.controller?.postMessage({ type: "copy", path: location.pathname });
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

/** Asks the worker to refresh what it keeps now (a trip page opened in the app, not loaded: its list changed). */
export function tellOfflineWorker(lang: string) {
  navigator.serviceWorker?.controller?.postMessage({
    type: "refresh",
    lang,
    // The scripts, styles and messages this page loaded: kept so a kept page still runs offline.
    urls: performance.getEntriesByType("resource").map((entry) => entry.name),
  });
}
