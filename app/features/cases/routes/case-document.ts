import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { plainNotFound, privateDownload } from "#app/.server/http/responses";
import { documentFileName } from "#app/utils/file-names";

/**
 * GET /resources/case-document/{caseId}/{documentId} — one document of a case, for its
 * requester and the team only: anyone else (signed out, another person) gets the same plain 404
 * as a document that does not exist. Always a download (`attachment`), never cached, never
 * sniffed, sandboxed: a document is the requester's data, not a page of this site. Its name ends
 * in the extension of the type its bytes were recognised as (a JPEG named `poly.html` downloads as
 * `poly.jpg`) and carries no bidirectional controls.
 */
/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
function disposition(name: string): string {
  const ascii = name.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "documento";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const user = await ctx.getUser();
  if (!user) return plainNotFound();
  const found = await ctx.services.cases.document(args.params.caseId ?? "", args.params.documentId ?? "", { uid: user.uid, role: user.role === "admin" ? "admin" : "user" });
  if (!found) return plainNotFound();
  // Rebuilt here too, for names stored before the rule: the extension of the type sniffed at upload, no bidi controls.
  return privateDownload(found.bytes, found.document.contentType, disposition(documentFileName(found.document.name, found.document.contentType)));
}
