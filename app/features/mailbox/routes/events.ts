import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { langFromAcceptLanguage, readLangCookie } from "#app/.server/i18n";

/**
 * The event stream (`GET /api/events`, also served at the spec's address `/api/emails/subscribe`,
 * which the browser opens): a `text/event-stream` for the signed-in person with two kinds of
 * event, both fed by the store's watch (so a change written by any server reaches subscribers on
 * every server):
 * - default messages (`data:` only): the person's whole email list, at once and on every change;
 * - named `chat` events: the unread count and each recent conversation's progress.
 * A heartbeat comment keeps proxies from closing the connection. It ends cleanly when the client
 * disconnects, the server shuts down or the person's session ends.
 */
const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting after the connection drops. */
const RETRY_MS = 5_000;

export async function loader(args: LoaderFunctionArgs) {
  const { request, requireApiUser, services, shutdownSignal } = requestContext(args);
  const user = await requireApiUser();
  const { mailbox, chats, sessionRevocations } = services;
  // The stream has no language prefix: system emails in the language the person browses in
  // (the switcher's cookie, else the browser's), as the pages render them.
  const lang = readLangCookie(request) ?? langFromAcceptLanguage(request.headers.get("Accept-Language")) ?? undefined;
  const encoder = new TextEncoder();
  let close: () => void = () => undefined;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (request.signal.aborted || shutdownSignal.aborted) {
        controller.close();
        return;
      }
      let closed = false;
      let unsubscribe: () => void = () => undefined;
      let unsubscribeChats: () => void = () => undefined;
      const send = (chunk: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          close();
        }
      };
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      // A stream is refused like any request once its session ends (signed out elsewhere, a new password…).
      const stopRevocations = sessionRevocations.onChange(() => {
        if (sessionRevocations.isRevoked({ uid: user.uid, sid: user.sid, issuedAt: user.issuedAt })) close();
      });
      close = () => {
        if (closed) return;
        closed = true;
        stopRevocations();
        unsubscribe();
        unsubscribeChats();
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", close);
        shutdownSignal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed or cancelled by the consumer: nothing left to release.
        }
      };
      request.signal.addEventListener("abort", close, { once: true });
      shutdownSignal.addEventListener("abort", close, { once: true });

      send(`retry: ${RETRY_MS}\n\n`);
      const fail = (error: unknown) => {
        console.warn(`[events] watch for ${user.uid} failed; closing the stream:`, error);
        close();
      };
      try {
        unsubscribe = mailbox.watch(user.uid, (emails) => send(`data: ${JSON.stringify(emails)}\n\n`), fail, { lang });
        if (!closed) unsubscribeChats = chats.watch(user.uid, (state) => send(`event: chat\ndata: ${JSON.stringify(state)}\n\n`), fail);
      } catch (error) {
        fail(error);
      }
    },
    cancel() {
      close();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
