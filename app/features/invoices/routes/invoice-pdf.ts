import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderInvoicePdf } from "#app/features/invoices/.server";
import { requestContext } from "#app/.server/http/request-context";
import { plainNotFound, privateDownload } from "#app/.server/http/responses";
import { isLang } from "#app/i18n";

/**
 * GET /resources/invoice/{invoiceId}?lang=xx — an invoice as a PDF in the reader's language, for
 * its buyer, its seller and the team only: anyone else (signed out, another person) gets the same
 * plain 404 as an invoice that does not exist. A download, never cached by anyone else.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const user = await ctx.getUser();
  if (!user) return plainNotFound();
  const invoice = await ctx.services.invoices.getFor(args.params.invoiceId ?? "", { uid: user.uid, role: user.role === "admin" ? "admin" : "user" });
  if (!invoice) return plainNotFound();
  const asked = ctx.url.searchParams.get("lang");
  const bytes = await renderInvoicePdf(invoice, isLang(asked) ? asked : "es");
  const name = `amarre-${invoice.series}-${invoice.number}.pdf`;
  return privateDownload(bytes, "application/pdf", `attachment; filename="${name}"`);
}
