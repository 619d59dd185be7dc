import { Writable } from "node:stream";
import { type AppLoadContext, type EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { splitLangFromPath } from "#app/i18n";
import { i18nFor } from "#app/.server/i18n";
import { wholeResponse } from "#app/.server/http/whole-body";
import { logError } from "#app/.server/observability/logger";
import { currentRequest } from "#app/.server/observability/request-scope";
import { ErrorReferenceProvider } from "#app/utils/error-reference";
import { recordFormats } from "#app/framework/intl";
import { drained, fillStreamCache, leftToTheBrowser } from "#app/framework/stream-cache";
import { NonceProvider } from "#app/utils/nonce";

// server.ts takes config, services and the request handler from here: one copy of app/.server.
export { serverApp } from "#app/.server/server-app";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lang = splitLangFromPath(new URL(request.url).pathname).lang;
  // The language's shared instance already holds every message: the HTML comes out translated.
  const i18n = i18nFor(lang);
  const nonce = loadContext.cspNonce;
  // An error page shows the request's id, the reference the person can quote (decision 049).
  const reference = responseStatusCode >= 500 ? (currentRequest()?.requestId ?? null) : null;
  const document = (
    <NonceProvider value={nonce}>
      <ErrorReferenceProvider value={reference}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </ErrorReferenceProvider>
    </NonceProvider>
  );
  const send = (html: Buffer<ArrayBuffer>, status: number) => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Content-Length", String(html.byteLength));
    return wholeResponse(html, { headers: responseHeaders, status });
  };

  // Nothing on the site defers data or suspends while rendering: the only thing that waits is
  // the loader data's script (Remix's turbo-stream of it, read in chunks inside a Suspense
  // boundary). Read that first, then render the document as one string: React's stream renderer
  // encodes every small piece of markup into bytes as it goes, which cost about as much again as
  // the render itself (decision 038; app/framework/stream-cache.ts).
  await fillStreamCache(remixContext, ABORT_DELAY + 1_000);
  const html = recordFormats(() => renderToString(document));
  // A boundary left to the browser by renderToString is rendered again by the stream renderer.
  if (!leftToTheBrowser(html)) {
    // The stream renderer starts an <html> document with its doctype; renderToString does not.
    return send(Buffer.from(html.startsWith("<html") ? DOCTYPE + html : html), responseStatusCode);
  }
  remixContext.serverHandoffStream = drained();
  return renderWhole(document, responseStatusCode, nonce).then(({ html, status }) => send(html, status));
}

const DOCTYPE = "<!DOCTYPE html>";

/**
 * The stream renderer, waiting for everything (`onAllReady`) and collecting the document whole:
 * for a page where something suspends while rendering.
 */
export function renderWhole(document: React.ReactElement, status: number, nonce: string) {
  let responseStatusCode = status;
  return new Promise<{ html: Buffer<ArrayBuffer>; status: number }>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      // No "close" after "finish": React would take it for a client gone and abort.
      autoDestroy: false,
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    body.on("finish", () => {
      clearTimeout(timeout);
      resolve({ html: Buffer.concat(chunks), status: responseStatusCode });
    });
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged here; before it, Remix's boundary shows them.
        if (shellRendered) logError("Rendering the page failed", error);
      },
    });
    const timeout = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

/**
 * What the server log keeps: errors of the server (5xx and thrown errors), once each, with their
 * stack and the request's id (decision 049); not a client's refused request (a 4xx the app or
 * Remix answered on purpose: an OPTIONS probe, a 415 body), which would bury the errors worth reading.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError("A request failed", error);
}
