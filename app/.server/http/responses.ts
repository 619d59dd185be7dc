import { data } from "@remix-run/node";

/**
 * Expected failures, thrown as Responses and shown by the one `GeneralErrorBoundary`
 * (`app/components/error-boundary.tsx`), which picks its screen by status. Raw error text never
 * reaches the visitor: the body says what kind of failure it is, and the page is translated.
 */
export function notFound(request: Request): never {
  throw data({ message: "Page not found", path: new URL(request.url).pathname }, { status: 404, statusText: "Page not found" });
}

export function forbidden(): never {
  throw data({ message: "Forbidden" }, { status: 403, statusText: "Forbidden" });
}

/** A request no form of ours sends (an unknown intent, a malformed id): no field to point at. */
export function badRequest(message = "Bad request"): never {
  throw data({ message }, { status: 400, statusText: "Bad Request" });
}

/** Throws a 404 (or the given status) when the condition does not hold; narrows its type when it does. */
export function invariantResponse(
  condition: unknown,
  request: Request,
  status: 400 | 403 | 404 = 404,
): asserts condition {
  if (condition) return;
  if (status === 403) forbidden();
  if (status === 400) badRequest();
  notFound(request);
}

/**
 * The plain 404 of resource routes (files, feeds, downloads): the same answer for a thing that
 * does not exist and for one the asker may not see, never cached.
 */
export function plainNotFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * A private file as a download: for the asker only (never cached by anyone else), never sniffed,
 * sandboxed should a browser open it anyway.
 */
export function privateDownload(bytes: Uint8Array, contentType: string, disposition: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": disposition,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
