import type { PaymentWebhooks, WebhookOutcome } from "../payments/stripe-webhooks";
import type { DocumentStore } from "../store";
import { webhookDeliveries } from "./metrics";
import { errorMessage } from "./schedulers";

/** The last deliveries that failed (kept: the newest WEBHOOK_FAILURES_KEPT, older ones removed as new ones come). */
export const WEBHOOK_FAILURES = "webhook_failures";
export const WEBHOOK_FAILURES_KEPT = 100;

/** Outcomes that are the delivery's failure (Stripe retries, or the sender must look): everything but an acknowledged event. */
const FAILED: ReadonlySet<string> = new Set(["bad-signature", "malformed", "in-progress", "failed"]);

export type WebhookFailure = {
  id: string;
  provider: "stripe";
  /** The event's id and type as the body says (not verified when the signature is bad); null when it has none. */
  eventId: string | null;
  eventType: string | null;
  at: string;
  /** The outcome (bad-signature, malformed, in-progress, failed) and, for a malformed event, its field or a thrown error's first line. */
  reason: string;
  detail: string | null;
};

/** A short, plain token from the body (ids and types are `[A-Za-z0-9_.-]`): anything else is not shown. */
function token(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_.:-]{1,100}$/.test(value) ? value : null;
}

function peek(rawBody: string | Uint8Array): { eventId: string | null; eventType: string | null } {
  try {
    const body = JSON.parse(typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8")) as { id?: unknown; type?: unknown } | null;
    return { eventId: token(body?.id), eventType: token(body?.type) };
  } catch {
    return { eventId: null, eventType: null };
  }
}

const OUTCOME_LABEL: Record<WebhookOutcome["result"], string> = {
  handled: "accepted",
  duplicate: "duplicate",
  ignored: "ignored",
  "not-applied": "not-applied",
  "bad-signature": "bad-signature",
  malformed: "malformed",
  "in-progress": "in-progress",
  failed: "failed",
};

/**
 * Stripe's webhooks as the team sees them: every delivery counted in
 * `amarre_webhook_deliveries_total{provider="stripe",outcome}`, and each failed one kept (the last
 * WEBHOOK_FAILURES_KEPT) with its event's id and type, when and why, for /admin/operaciones.
 */
export function recordedWebhooks(webhooks: PaymentWebhooks, deps: { store: DocumentStore; now?: () => Date }): PaymentWebhooks {
  const now = deps.now ?? (() => new Date());
  async function keep(rawBody: string | Uint8Array, reason: string, detail: string | null) {
    const at = now().toISOString();
    try {
      await deps.store.add(WEBHOOK_FAILURES, { provider: "stripe", ...peek(rawBody), at, reason, detail });
      const count = await deps.store.count({ collection: WEBHOOK_FAILURES });
      if (count > WEBHOOK_FAILURES_KEPT) {
        const oldest = await deps.store.query<WebhookFailure>({ collection: WEBHOOK_FAILURES, orderBy: [["at", "asc"]], limit: count - WEBHOOK_FAILURES_KEPT });
        await Promise.all(oldest.map((doc) => deps.store.delete(WEBHOOK_FAILURES, doc.id)));
      }
    } catch (error) {
      console.error("[payments] keeping a failed webhook delivery's record failed:", error);
    }
  }
  return {
    async handle(input) {
      let outcome: WebhookOutcome;
      try {
        outcome = await webhooks.handle(input);
      } catch (error) {
        webhookDeliveries.inc({ provider: "stripe", outcome: "failed" });
        await keep(input.rawBody, "failed", errorMessage(error));
        throw error;
      }
      webhookDeliveries.inc({ provider: "stripe", outcome: OUTCOME_LABEL[outcome.result] });
      if (FAILED.has(outcome.result)) await keep(input.rawBody, outcome.result, outcome.result === "malformed" ? (outcome.field ?? "not JSON") : null);
      return outcome;
    },
  };
}

/** The failed deliveries kept, newest first. */
export async function listWebhookFailures(store: DocumentStore, limit = 50): Promise<WebhookFailure[]> {
  return store.query<WebhookFailure>({ collection: WEBHOOK_FAILURES, orderBy: [["at", "desc"]], limit });
}
