/** How a stored booking is read: bookings stored before the ledger or before references get them derived. */
import * as ledger from "./ledger";
import type { Booking } from "./model";
import { moneyFields } from "./money";
import { referenceCandidate } from "./reference";

/** A booking as the ledger reads it (bookings stored before the ledger get their lines derived, decision 023). */
export function withLedger(stored: Booking): Booking {
  // Stored before references: the derived one until the backfill stores it (`reference.ts`).
  const doc = stored.reference ? stored : { ...stored, reference: referenceCandidate(stored.id, 0) };
  if (doc.money) return doc;
  const legacy = doc as Booking & { payment?: unknown };
  const { payment: _payment, ...rest } = legacy;
  const upgraded = ledger.upgradeLegacy({ ...rest, cancellation: doc.cancellation ?? null });
  const cancellation = doc.cancellation
    ? {
        ...doc.cancellation,
        rentalRefundCents: doc.cancellation.rentalRefundCents ?? (doc.cancellation.by === "owner" ? doc.price.ownerCents : doc.cancellation.refundCents),
        feeRefundCents: doc.cancellation.feeRefundCents ?? (doc.cancellation.by === "owner" ? doc.price.serviceFeeCents : 0),
        rule: doc.cancellation.rule ?? (doc.cancellation.by === "owner" ? ("owner-cancel" as const) : ("policy" as const)),
      }
    : null;
  return { ...upgraded, cancellation, declineReason: doc.declineReason ?? null, ...moneyFields(upgraded.money, doc.endsAt) };
}
