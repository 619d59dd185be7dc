import { useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "#app/components/forms";
import { useLang } from "#app/utils/use-lang";
import { tellOfflineWorker } from "../worker";

/**
 * A trip page on a day without coverage (decision 060): the banner saying the page is the copy
 * kept on the phone, and a handover form kept on the phone while offline — handed to the service
 * worker (`public/sw.js`), which stores it in IndexedDB and sends it when the connection is back —
 * with what became of it. Without JavaScript (no worker), forms are plain posts as ever.
 */

/** Whether the browser says it is offline (false on the server and before hydration). */
function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline;
}

/**
 * The worker's messages about this page (`{ type, path }`, `path` this page's), after asking it
 * `ask` once: whether the page is its kept copy ("copy"), or what became of a form ("status").
 */
function useWorkerAboutThisPage(ask: "copy" | "status", onMessage: (type: string) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!sw) return;
    const here = location.pathname;
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: string; path?: string } | null;
      if (data?.type && data.path === here) handler.current(data.type);
    };
    sw.addEventListener("message", listen);
    sw.controller?.postMessage({ type: ask, path: here });
    return () => sw.removeEventListener("message", listen);
  }, [ask]);
}

/**
 * On a trip page: the banner while the page is the copy kept on the phone (the worker says so) or
 * the browser knows it is offline; back online, the page reads its data again. Opened in the
 * app, the worker is told to keep it (and its scripts).
 */
export function OfflineBanner() {
  const { t } = useTranslation("offline");
  const offline = useOffline();
  const lang = useLang();
  const { revalidate } = useRevalidator();
  const [copy, setCopy] = useState(false);
  useEffect(() => tellOfflineWorker(lang), [lang]);
  useWorkerAboutThisPage("copy", (type) => type === "copy" && setCopy(true));
  useEffect(() => {
    const back = () => {
      setCopy(false);
      revalidate();
    };
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [revalidate]);
  if (!offline && !copy) return null;
  return (
    <p role="status" className="container-page mt-4 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-900 dark:text-amber-200" data-offline-banner>
      {t("banner.offline")}
    </p>
  );
}

/**
 * The id of one send of a handover form (a new one per form drawn): the server records a form sent
 * again under the same id once. Empty on the server and without JavaScript (no replays there).
 */
export function useSubmissionId(): string {
  const [id, setId] = useState("");
  useEffect(() => setId(crypto.randomUUID()), []);
  return id;
}

/** Whether the site answers now: the browser's `onLine` says yes on a phone with a signal and no data. */
async function reachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    return (await fetch("/healthz", { cache: "no-store", signal: AbortSignal.timeout(4_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * The form's `onSubmit`: with a worker in charge, the site is asked first; if it answers, the form
 * goes as ever (Remix's submission, its refusals on the page), else its fields and photos go to
 * the worker, which keeps them on the phone. Without a worker, nothing changes.
 */
export function useKeepOffline() {
  const submit = useSubmit();
  return (event: FormEvent<HTMLFormElement>) => {
    const worker = navigator.serviceWorker?.controller;
    if (!worker) return;
    event.preventDefault();
    const form = event.currentTarget;
    const fields = [...new FormData(form).entries()].filter(([, value]) => typeof value === "string" || value.size > 0);
    void reachable().then((online) => {
      if (online) submit(form, { method: "post", encType: "multipart/form-data" });
      else worker.postMessage({ type: "queue", url: form.action, fields, at: new Date().toISOString() });
    });
  };
}

const RETRY_MS = 5_000;

type SendState = "saved" | "sent" | "refused" | null;

/** What became of the forms this page kept on the phone: saved, then sent (the page reloads its data) or refused. */
export function OfflineSendStatus() {
  const { t } = useTranslation("offline");
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<SendState>(null);
  // A form kept earlier (the page was opened again): the worker says so when asked its status.
  useWorkerAboutThisPage("status", (type) => {
    if (type === "queued") setState("saved");
    if (type === "sent" || type === "refused") {
      setState(type);
      revalidate();
    }
  });
  // While a form waits on the phone: every few seconds, once the site answers, the worker sends it
  // (a phone with a signal and no data never says it came back online).
  useEffect(() => {
    if (state !== "saved") return;
    const timer = setInterval(() => {
      void reachable().then((online) => online && navigator.serviceWorker?.controller?.postMessage({ type: "flush" }));
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [state]);
  if (!state) return null;
  return (
    <div className="mt-3" data-offline-send={state}>
      <Notice>{t(`queue.${state}`)}</Notice>
    </div>
  );
}
