import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderInvoicePdf } from "#app/.server/domain/invoices";
import { requestContext } from "#app/.server/http/request-context";
import { isLang } from "#app/i18n";

/**
 * GET /resources/invoice/{invoiceId}?lang=xx — an invoice as a PDF in the reader's language, for
 * its buyer, its seller and the team only: anyone else (signed out, another person) gets the same
 * plain 404 as an invoice that does not exist. A download, never cached by anyone else.
 */
function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const user = await ctx.getUser();
  if (!user) return notFound();
  const invoice = await ctx.services.invoices.getFor(args.params.invoiceId ?? "", { uid: user.uid, role: user.role === "admin" ? "admin" : "user" });
  if (!invoice) return notFound();
  const asked = ctx.url.searchParams.get("lang");
  const bytes = await renderInvoicePdf(invoice, isLang(asked) ? asked : "es");
  const name = `amarre-${invoice.series}-${invoice.number}.pdf`;
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
