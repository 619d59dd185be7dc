import { Writable } from "node:stream";
import { type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { splitLangFromPath } from "#app/i18n";
import { i18nFor } from "#app/.server/i18n";
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

  // Nothing on the site streams (no deferred data): the document is rendered to the end and sent
  // as one body with its length. Streaming it cost more than rendering it: a dozen small socket
  // writes, a web stream over a Node stream, and React's late close of a finished stream.
  return new Promise<Response>((resolve, reject) => {
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
      const html = Buffer.concat(chunks);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Content-Length", String(html.byteLength));
      resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
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
          if (shellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
