import type { DocumentStore } from "#app/.server/store";
import type { Customer, PaymentsPort } from "#app/.server/payments";
import { BOOKINGS, type Booking } from "./model";
import { awaitPayoutAccount, DEPOSIT_CLAIM_HOURS, payoutWaits, type Money, type MoneyLine } from "./ledger";

/**
 * Carries out the provider calls the ledger put on a booking's lines (`op`), after the
 * transaction that wrote them: one call per line (rental and fee share one authorisation, so
 * one capture or cancel serves both), each with an idempotency key made of the booking, the
 * line and the call (and, for a deposit's hold and its release, the hold before), then the line's `op` cleared and its reference kept in a transaction of its own. A call
 * that fails leaves its `op`: `opsPending` stays true and the scheduler tries again with the same
 * key, so money moves once however often it is tried.
 */
export type MoneyRunnerDeps = {
  store: DocumentStore;
  payments: PaymentsPort;
  customerOf: (uid: string) => Promise<Customer>;
  /** The owner's payout account that can receive payouts now (null: none, or not enabled yet). */
  payoutAccountOf: (ownerUid: string) => Promise<string | null>;
  now?: () => Date;
};

/** A transfer not made: the owner has no payout account that can receive it (decision 052). */
const WAIT_FOR_ACCOUNT = Symbol("wait-for-payout-account");

/** The money fields every write of a booking keeps in step with its lines. */
export function moneyFields(money: Money, endsAt: string): Pick<Booking, "money" | "opsPending" | "moneyDueAt" | "payoutWaiting"> {
  return { money, opsPending: money.lines.some((l) => l.op !== null), moneyDueAt: nextDue(money, endsAt), payoutWaiting: payoutWaits(money) };
}

/** The next moment something is due: a deposit to hold or release, a payout. */
export function nextDue(money: Money, endsAt: string): string | null {
  const due: string[] = [];
  for (const l of money.lines) {
    if (l.state === "scheduled" && l.dueAt) due.push(l.dueAt);
    if (l.kind === "deposit" && ["authorised", "direct"].includes(l.state)) due.push(new Date(Date.parse(endsAt) + DEPOSIT_CLAIM_HOURS * 3_600_000).toISOString());
  }
  return due.length === 0 ? null : due.sort()[0]!;
}

export function createMoneyRunner(deps: MoneyRunnerDeps) {
  const { store, payments } = deps;

  /** One line's call; returns the reference to keep. */
  async function call(booking: Booking, l: MoneyLine): Promise<string | null | typeof WAIT_FOR_ACCOUNT> {
    // A deposit held again after a move (ledger.reschedule) is a second hold, and letting it go a
    // second cancel: their keys name the hold they follow or let go, so none repeats an earlier call's.
    const key = l.kind === "deposit" && l.reference !== null && (l.op === "authorize" || l.op === "cancel") ? `${booking.id}:${l.id}:${l.op}:${l.reference}` : `${booking.id}:${l.id}:${l.op}`;
    const reference = booking.money.reference;
    switch (l.op) {
      case "capture": {
        if (l.kind === "deposit") {
          const claimed = booking.money.lines.find((other) => other.id === "claim")?.amountCents ?? 0;
          if (!l.reference) return null;
          return (await payments.capture({ key, reference: l.reference, amountCents: claimed })).reference;
        }
        if (!reference) return null;
        // Rental and fee are one authorisation, captured once by the rental's line.
        if (l.id === "fee") {
          if (booking.money.lines.some((x) => x.id === "rental" && x.op === "capture")) throw new Error("the rental's capture comes first");
          return reference;
        }
        const amountCents = booking.money.lines.filter((x) => x.id === "rental" || x.id === "fee").reduce((sum, x) => sum + x.amountCents, 0);
        return (await payments.capture({ key, reference, amountCents })).reference;
      }
      case "cancel": {
        const target = l.kind === "deposit" ? l.reference : reference;
        if (target) await payments.cancel({ key, reference: target });
        return target;
      }
      case "refund":
        if (!reference) return null;
        return (await payments.refund({ key, reference, amountCents: l.amountCents, reason: l.reason?.rule ?? "requested_by_customer" })).reference;
      case "authorize": {
        const result = await payments.authorize({
          key,
          bookingId: booking.id,
          purpose: "deposit",
          amountCents: l.amountCents,
          customer: await deps.customerOf(booking.renterUid),
          returnUrl: "",
          paymentReference: reference,
        });
        if (result.kind === "redirect") throw new Error("the deposit needs the renter's action");
        return result.reference;
      }
      case "transfer": {
        const destination = await deps.payoutAccountOf(booking.ownerUid);
        // With Connect, a payout is never made "by hand": it waits for the owner's account (decision 052).
        if (destination === null && payments.connect) return WAIT_FOR_ACCOUNT;
        return (await payments.transfer({ key, bookingId: booking.id, amountCents: l.amountCents, destination })).reference;
      }
      case null:
        return l.reference;
    }
  }

  return {
    /** Makes the booking's pending provider calls; returns the booking as stored after them. */
    async run(booking: Booking): Promise<Booking> {
      let current = booking;
      for (const l of booking.money.lines) {
        if (l.op === null) continue;
        let reference: string | null | typeof WAIT_FOR_ACCOUNT;
        try {
          reference = await call(current, { ...l, reference: current.money.lines.find((x) => x.id === l.id)?.reference ?? l.reference });
        } catch (error) {
          console.error(`[payments] ${l.op} of line ${l.id} of booking ${booking.id} failed; the scheduler tries again:`, error);
          continue;
        }
        current = await store.runTransaction(async (tx) => {
          const doc = await tx.get<Booking>(BOOKINGS, booking.id);
          if (!doc) return current;
          const money =
            reference === WAIT_FOR_ACCOUNT
              ? awaitPayoutAccount(doc.money, (deps.now?.() ?? new Date()).toISOString())
              : { ...doc.money, lines: doc.money.lines.map((x) => (x.id === l.id && x.op === l.op ? { ...x, op: null, reference: reference ?? x.reference } : x)) };
          const fields = moneyFields(money, doc.endsAt);
          tx.update(BOOKINGS, booking.id, fields);
          return { ...doc, ...fields, id: booking.id };
        });
      }
      return current;
    },
  };
}
