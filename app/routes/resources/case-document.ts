import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";

/**
 * GET /resources/case-document/{caseId}/{documentId} — one document of a case, for its
 * requester and the team only: anyone else (signed out, another person) gets the same plain 404
 * as a document that does not exist. Always a download (`attachment`), never cached, never
 * sniffed, sandboxed: a document is the requester's data, not a page of this site.
 */
function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
function disposition(name: string): string {
  const ascii = name.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "documento";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const user = await ctx.getUser();
  if (!user) return notFound();
  const found = await ctx.services.cases.document(args.params.caseId ?? "", args.params.documentId ?? "", { uid: user.uid, role: user.role === "admin" ? "admin" : "user" });
  if (!found) return notFound();
  return new Response(found.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": found.document.contentType,
      "Content-Length": String(found.bytes.byteLength),
      "Content-Disposition": disposition(found.document.name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
