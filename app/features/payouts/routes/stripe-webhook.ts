import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";

/**
 * Stripe's webhook endpoint (`POST /api/payments/stripe-webhook`, no language prefix), set in
 * Stripe's dashboard with the events `checkout.session.completed` and `checkout.session.expired`,
 * and connected accounts' `account.updated` (decision 052; a Connect endpoint at the same address).
 * The raw body is read here, as bytes, and handed with the `Stripe-Signature` header to the
 * payments webhooks service (`app/.server/payments/stripe-webhooks.ts`), which verifies it, reads
 * its shape (a signed event it cannot use is a 400, never a 500), keeps it from being handled
 * twice and applies it only to the booking whose checkout it is (decision 024). Stripe sends no
 * Origin or Referer, so the server's Origin check lets it through; no form reader touches it.
 * With `PAYMENTS_PROVIDER=recorded` there is no endpoint (404).
 */
export const WEBHOOK_MAX_BYTES = 512 * 1024;

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function action(args: ActionFunctionArgs) {
  const { request, services, t } = requestContext(args, "errors");
  if (request.method !== "POST") return json({ error: "method-not-allowed" }, 405);
  const webhooks = services.paymentWebhooks;
  if (!webhooks) return json({ error: "not-configured", message: t("paymentWebhook.not-configured") }, 404);
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > WEBHOOK_MAX_BYTES) return json({ error: "too-large", message: t("body.too-large") }, 413);
  const rawBody = new Uint8Array(await request.arrayBuffer());
  if (rawBody.byteLength > WEBHOOK_MAX_BYTES) return json({ error: "too-large", message: t("body.too-large") }, 413);
  const outcome = await webhooks.handle({ rawBody, signature: request.headers.get("Stripe-Signature") });
  if (outcome.status === 200) return json({ received: true, result: outcome.result }, 200);
  // A malformed event names its first wrong field: Stripe's dashboard shows the answer to whoever looks into it.
  const field = outcome.result === "malformed" ? { field: outcome.field } : {};
  return json({ error: outcome.result, message: t(`paymentWebhook.${outcome.result}`), ...field }, outcome.status);
}

/** Only Stripe's POSTs. */
export async function loader(_args: LoaderFunctionArgs) {
  return Response.json({ error: "method-not-allowed" }, { status: 405, headers: { Allow: "POST" } });
}
