import { MAX_BOOKINGS, WINDOW_DAYS } from "#app/features/reconciliation/.server";
import type { RequestContext } from "#app/.server/http/request-context";

/**
 * What /admin/operaciones shows, gathered for the loader: this instance (build, start), its
 * schedulers' passes, failed emails, failed webhook deliveries, calendars in error (listing and
 * host only: a feed's address often holds a secret token) and deposit claims stuck half-way.
 */
export async function operationsView(ctx: RequestContext) {
  const { operations, mailbox, calendarSync, deposits, listings, users } = ctx.services;
  const [reconciliation, emails, webhooks, feeds, stuck, lastBackup] = await Promise.all([
    reconciliationView(ctx),
    mailbox.failedSends(),
    operations.webhookFailures(),
    calendarSync.failing(),
    deposits.stuckClosings(),
    operations.lastBackup ? operations.lastBackup() : Promise.resolve(undefined),
  ]);
  const listingIds = [...new Set([...feeds.map((f) => f.listingId), ...stuck.map((c) => c.listingId)])];
  const [found, people] = await Promise.all([listings.getMany(listingIds), users.getMany(stuck.flatMap((c) => [c.ownerUid, c.renterUid]))]);
  const byId = new Map(found.filter((l) => l !== null).map((l) => [l.id, l]));
  const titleOf = (listingId: string) => listings.titleOf(byId.get(listingId) ?? null, ctx.lang);
  return {
    instance: operations.instance(),
    /** Undefined without a backups feature (no row); null when it has made none yet. */
    lastBackup,
    reconciliation,
    schedulers: operations.schedulers(),
    emails: emails.map((e) => ({ id: e.id, to: e.to, subject: e.subject, error: e.error, attempts: e.attempts, lastFailedAt: e.lastFailedAt })),
    webhooks: webhooks.map((w) => ({ id: w.id, at: w.at, eventId: w.eventId, eventType: w.eventType, reason: w.reason, detail: w.detail })),
    feeds: await Promise.all(
      feeds.map(async (f) => ({ id: f.id, listingId: f.listingId, listing: await titleOf(f.listingId), host: f.host, failures: f.failures, error: f.error, lastSuccessAt: f.lastSuccessAt, nextSyncAt: f.nextSyncAt })),
    ),
    claims: await Promise.all(
      stuck.map(async (c) => ({
        bookingId: c.bookingId,
        listing: await titleOf(c.listingId),
        owner: people.get(c.ownerUid)?.displayName ?? "—",
        renter: people.get(c.renterUid)?.displayName ?? "—",
        amountCents: c.amountCents,
        depositCents: c.depositCents,
        kind: c.kind,
        keptCents: c.keptCents,
        markedAt: c.markedAt,
        moneyMoved: c.moneyMoved,
      })),
    ),
  };
}

export type OperationsView = Awaited<ReturnType<typeof operationsView>>;

/**
 * The reconciliation with the payments provider (decision 053): none without one (`recorded`:
 * nothing to compare); else whether a run is under way and the last finished run as stored.
 */
async function reconciliationView(ctx: RequestContext) {
  const service = ctx.services.operations.reconciliation;
  if (!service?.available) return { available: false as const };
  const [last, underWay] = await Promise.all([service.lastFinished(), service.underWay()]);
  return { available: true as const, underWay, windowDays: WINDOW_DAYS, maxBookings: MAX_BOOKINGS, last };
}
