import { useRevalidator } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "#app/components/forms";

/**
 * A trip page on a day without coverage (decision NNN): the banner saying the page is the copy
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

export function OfflineBanner() {
  const { t } = useTranslation("offline");
  const offline = useOffline();
  if (!offline) return null;
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

/**
 * The form's `onSubmit`: offline with a worker in charge, the form's fields and photos go to the
 * worker instead of the network (the default send is stopped); online, nothing changes.
 */
export function keepOffline(event: FormEvent<HTMLFormElement>) {
  const worker = navigator.serviceWorker?.controller;
  if (navigator.onLine || !worker) return;
  event.preventDefault();
  const form = event.currentTarget;
  const fields = [...new FormData(form).entries()].filter(([, value]) => typeof value === "string" || value.size > 0);
  worker.postMessage({ type: "queue", url: form.action, fields, at: new Date().toISOString() });
}

type SendState = "saved" | "sent" | "refused" | null;

/** What became of the forms this page kept on the phone: saved, then sent (the page reloads its data) or refused. */
export function OfflineSendStatus() {
  const { t } = useTranslation("offline");
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<SendState>(null);
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!sw) return;
    const here = location.pathname;
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: string; path?: string } | null;
      if (!data || data.path !== here) return;
      if (data.type === "queued") setState("saved");
      if (data.type === "sent" || data.type === "refused") {
        setState(data.type);
        revalidate();
      }
    };
    sw.addEventListener("message", listen);
    // A form kept earlier (the page was opened again): the worker says so.
    sw.controller?.postMessage({ type: "status", path: here });
    return () => sw.removeEventListener("message", listen);
  }, [revalidate]);
  if (!state) return null;
  return (
    <div className="mt-3" data-offline-send={state}>
      <Notice>{t(`queue.${state}`)}</Notice>
    </div>
  );
}
