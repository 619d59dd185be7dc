/** The scheduler's pass: what time has made due, applied on every server (idempotent). */
import { BOOKINGS, type Booking } from "./model";
import { type BookingsContext, runMoney } from "./context";
import { transition } from "./lifecycle";
import { moneyStep } from "./money-ops";
import * as ledger from "./ledger";
import { refoldDue } from "./owner-standing";

/**
 * Applies what is due at this moment: requests past their 48 hours expire, confirmed trips
 * past their last day complete. Idempotent, so every server may run it; returns how many
 * bookings changed here.
 */
export async function applyDue(ctx: BookingsContext): Promise<{ expired: number; completed: number; money: number; standings: number }> {
  const at = ctx.now().toISOString();
  const [pending, checkouts, finished, moneyDue, retries] = await Promise.all([
    ctx.store.query<Booking>({ collection: BOOKINGS, where: [["status", "==", "pending"], ["expiresAt", "<=", at]], limit: 200 }),
    ctx.store.query<Booking>({ collection: BOOKINGS, where: [["status", "==", "awaiting-payment"], ["expiresAt", "<=", at]], limit: 200 }),
    ctx.store.query<Booking>({ collection: BOOKINGS, where: [["status", "==", "confirmed"], ["endsAt", "<=", at]], limit: 200 }),
    ctx.store.query<Booking>({ collection: BOOKINGS, where: [["moneyDueAt", "<=", at]], limit: 200 }),
    ctx.store.query<Booking>({ collection: BOOKINGS, where: [["opsPending", "==", true]], limit: 200 }),
  ]);
  let expired = 0;
  let completed = 0;
  let money = 0;
  for (const doc of [...pending, ...checkouts]) {
    const result = await transition(ctx, doc.id, { by: "system", uid: null }, "expire").catch(() => null);
    if (result?.changed) expired++;
  }
  for (const doc of finished) {
    const result = await transition(ctx, doc.id, { by: "system", uid: null }, "complete").catch(() => null);
    if (result?.changed) completed++;
  }
  for (const doc of moneyDue) {
    const result = await moneyStep(ctx, doc.id, (b) => ledger.dueSteps(b.money, at, { endsAt: b.endsAt })).catch((error: unknown) => {
      console.error(`[payments] booking ${doc.id}: applying what is due failed:`, error);
      return null;
    });
    if (result) money++;
  }
  for (const doc of retries) await runMoney(ctx, doc);
  // Owners whose oldest month has left the standing's window: their listings' relevance again.
  const standings = await refoldDue(ctx).catch((error: unknown) => {
    console.error("[bookings] folding the standings due failed:", error);
    return 0;
  });
  return { expired, completed, money, standings };
}
