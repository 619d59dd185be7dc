import { useEffect } from "react";
import { startEventStream, stopEventStream } from "#app/utils/event-stream.client";

/** The start waiting for the browser to be idle, if any (one for the whole app, as the stream). */
let pendingStart: { cancel: () => void } | null = null;

/** Runs `fn` when the main thread is idle (within 3 s), after the page's hydration and first tasks. */
function whenIdle(fn: () => void): { cancel: () => void } {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(fn, { timeout: 3000 });
    return { cancel: () => window.cancelIdleCallback(handle) };
  }
  const handle = window.setTimeout(fn, 200);
  return { cancel: () => window.clearTimeout(handle) };
}

/**
 * Keeps the app's one event stream (emails and conversations) open while someone is signed in and closes it when
 * nobody is. Renders nothing. The stream opens once the browser is idle: its first messages (the
 * whole email list, the conversations' state) re-render the header and the lists, work that has
 * no place among the page's hydration tasks. The effect has no cleanup on purpose: re-running it
 * (StrictMode, re-renders) must never close and reopen the connection; `startEventStream` is
 * idempotent and a pending start is not scheduled twice.
 */
export function EventStream({ signedIn }: { signedIn: boolean }) {
  useEffect(() => {
    if (!signedIn) {
      pendingStart?.cancel();
      pendingStart = null;
      stopEventStream();
      return;
    }
    if (pendingStart) return;
    pendingStart = whenIdle(() => {
      pendingStart = null;
      startEventStream();
    });
  }, [signedIn]);
  return null;
}
