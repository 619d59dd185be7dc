import { Counter } from "prom-client";
import { once } from "../observability/metrics";

/**
 * The operations counters, in prom-client's default registry (the one `/metrics` serves). Made
 * once per process: a module loaded again (tests sharing a worker) takes the registered counter
 * instead of registering a second one under the same name.
 */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return once(name, () => new Counter<L>({ name, help, labelNames: [...labelNames] }));
}

/** Each background scheduler's passes, by how they ended. */
export const schedulerRuns = counter("amarre_scheduler_runs_total", "Background scheduler passes, by scheduler and outcome (ok, failed).", ["scheduler", "outcome"] as const);

/** Emails handed to SMTP, by outcome (sent, failed). */
export const emailsSent = counter("amarre_emails_total", "Emails handed to the mail transport, by outcome (sent, failed).", ["outcome"] as const);

/** Payment providers' webhook deliveries, by provider and outcome. */
export const webhookDeliveries = counter("amarre_webhook_deliveries_total", "Payment webhook deliveries, by provider and outcome (accepted, duplicate, ignored, not-applied, bad-signature, malformed, in-progress, failed).", [
  "provider",
  "outcome",
] as const);

/** The mail transport with each send counted in `amarre_emails_total` (sent, failed); null stays null. */
export function countedTransport<T extends { send(message: M): Promise<void> }, M>(transport: T | null): T | null {
  if (!transport) return null;
  return {
    ...transport,
    async send(message: M) {
      try {
        await transport.send(message);
      } catch (error) {
        emailsSent.inc({ outcome: "failed" });
        throw error;
      }
      emailsSent.inc({ outcome: "sent" });
    },
  };
}
