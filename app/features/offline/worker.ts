/**
 * The page's side of the service worker (decision NNN; the worker is `public/sw.js`). The settings
 * panel's pages (signed in only: the trips, their lists) register it and tell it to refresh what
 * it keeps — which checks the session: signed out, it drops everything — and to send what the
 * phone kept, again whenever the connection comes back. The visitors' pages never load this.
 */
export function watchOfflineWorker(lang: string): () => void {
  const sw = navigator.serviceWorker;
  if (!sw) return () => {};
  const tell = () => tellOfflineWorker(lang);
  void sw.register("/sw.js").catch(() => {});
  tell();
  sw.addEventListener("controllerchange", tell);
  window.addEventListener("online", tell);
  return () => {
    sw.removeEventListener("controllerchange", tell);
    window.removeEventListener("online", tell);
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
