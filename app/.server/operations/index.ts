/** What the team's operations page reads about this server: its schedulers, the webhook deliveries that failed, its build and start. The folder's only door. */
import type { ReconciliationService } from "#app/features/reconciliation/.server";
import type { DocumentStore } from "../store";
import { buildInfo } from "./build-info";
import type { SchedulerRecorder } from "./schedulers";
import { listWebhookFailures } from "./webhook-failures";

export { countedTransport, emailsSent, schedulerRuns, webhookDeliveries } from "./metrics";
export { createBackgroundWork, type BackgroundJob } from "./background-work";
export { createSchedulerRecorder, SCHEDULERS, type SchedulerName, type SchedulerRecorder, type SchedulerState } from "./schedulers";
export { recordedWebhooks, WEBHOOK_FAILURES, WEBHOOK_FAILURES_KEPT, type WebhookFailure } from "./webhook-failures";
export { buildInfo, type BuildInfo } from "./build-info";

/** The last backup's moment, when the backups feature gives one (issue 45, item 4): the page then shows its row. */
export type LastBackup = () => Promise<{ at: string } | null>;

export function createOperationsService(deps: { store: DocumentStore; schedulers: SchedulerRecorder; startedAt: Date; lastBackup?: LastBackup; reconciliation?: ReconciliationService }) {
  return {
    /** Each background scheduler's last pass and its counts, on this instance since it started. */
    schedulers: () => deps.schedulers.list(),
    /** The webhook deliveries that failed (the last ones kept), newest first. */
    webhookFailures: (limit?: number) => listWebhookFailures(deps.store, limit),
    /** This instance: the build's version and commit, when it started. */
    instance: () => ({ ...buildInfo(), startedAt: deps.startedAt.toISOString() }),
    /** Null when no backup feature is wired in (then the page has no backup row). */
    lastBackup: deps.lastBackup ?? null,
    /** The ledger compared with the payments provider (decision 053): runs, the last one, a run now. */
    reconciliation: deps.reconciliation ?? null,
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;
