import type { PaymentsProviderName } from "#app/.server/payments";
import type { PriceBreakdown } from "#app/features/bookings/pricing";
import type { MoneyLineView, MoneyView, LineState, LineKind, MoneyParty } from "./views";

/**
 * A booking's money as ledger lines (decision 023): what each party owes, holds, was charged,
 * got back and is paid, each line with its state. The lines are the one payment story every
 * page, email, PDF and the owner's payouts read; the functions here are pure and move lines
 * from state to state for each event of the booking. Provider calls (the payments port) are
 * described on the line (`op`) by these functions and carried out by the service after the
 * transaction that wrote them; a call that fails keeps its `op` and is tried again by the
 * scheduler with the same idempotency key.
 *
 * Lines (id: kind, from → to):
 * - `rental`: rental + skipper, renter → owner (through the platform when it charges);
 * - `fee`: the service fee, renter → platform;
 * - `deposit`: the security deposit, held from 2 days before the trip, released or claimed
 *   (`disputed`: then only the claim's closing moves it, `settleDeposit` or `withdrawClaim`);
 * - `refund-rental`, `refund-fee`: what a cancellation gives back, with its reason;
 * - `claim`: the part of the deposit the team let the owner keep;
 * - `payout`: the owner's share, paid 24 hours after the trip starts.
 *
 * With a provider that does not charge (`recorded`), nothing is charged: lines are `direct`
 * (owed, settled directly by their due date) and a cancellation's refund lines are `credited`
 * (no longer owed), never "refunded".
 */
export type { LineKind, LineState, MoneyParty };

export type LineOp = "authorize" | "capture" | "cancel" | "refund" | "transfer";

export type RefundReason =
  | { rule: "policy"; by: "renter"; percent: number }
  | { rule: "owner-cancel"; by: "owner" }
  | { rule: "weather"; by: "renter" | "owner" }
  /** Without a provider nothing was paid: the whole amount is no longer owed, whoever cancels (decision 048). */
  | { rule: "unpaid"; by: "renter" | "owner" };

/** `settled` and `waiting` are shown, never stored: pages derive them (`moneyView`). */
export type StoredState = Exclude<LineState, "settled" | "waiting">;

/** A stored line: what pages see of it (`MoneyLineView`, less what is derived for them), and the provider's side. */
export type MoneyLine = Pick<MoneyLineView, "id" | "kind" | "from" | "to" | "amountCents" | "dueAt"> & {
  state: StoredState;
  reason: RefundReason | null;
  /** The provider's id of the payment, refund or transfer. */
  reference: string | null;
  /** A provider call still to make (or to retry) for this line. */
  op: LineOp | null;
  /**
   * A scheduled payout that was due when the owner had no payout account able to receive it
   * (decision 052): no due date until the account's payouts are enabled (`resumePayout`).
   * Absent on lines written before payouts could wait.
   */
  waiting?: "payout-account" | null;
  updatedAt: string;
};

export type Money = {
  provider: PaymentsProviderName;
  charges: boolean;
  /** The authorisation of rental + fee (one PaymentIntent), once there is one. */
  reference: string | null;
  /** Where the renter completes the payment (Stripe Checkout), while they have not. */
  checkout: { url: string; expiresAt: string } | null;
  /**
   * The provider's id of the checkout opened for this booking (Stripe: the Checkout Session),
   * kept after it is paid: a provider's event about a checkout applies only to the booking that
   * holds its id (decision 024). Absent on bookings stored before it was kept.
   */
  checkoutId?: string | null;
  lines: MoneyLine[];
};

const HOUR = 3_600_000;
/** docs/PRODUCT.md: the deposit is held from 2 days before the trip… */
export const DEPOSIT_HOLD_HOURS_BEFORE = 48;
/** …and released 48 hours after the end unless the owner claims. */
export const DEPOSIT_CLAIM_HOURS = 48;
/** The owner's share is paid out 24 hours after the trip starts. */
export const PAYOUT_HOURS_AFTER_START = 24;

type Trip = { price: PriceBreakdown; startsAt: string; endsAt: string };

const at = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();

function line(id: string, kind: LineKind, from: MoneyParty, to: MoneyParty, amountCents: number, state: StoredState, dueAt: string | null, now: string, op: LineOp | null = null): MoneyLine {
  return { id, kind, from, to, amountCents, state, dueAt, reason: null, reference: null, op, updatedAt: now };
}

export function lineOf(money: Money, id: string): MoneyLine | undefined {
  return money.lines.find((l) => l.id === id);
}

function withLine(money: Money, next: MoneyLine): Money {
  const exists = money.lines.some((l) => l.id === next.id);
  return { ...money, lines: exists ? money.lines.map((l) => (l.id === next.id ? next : l)) : [...money.lines, next] };
}

function moved(money: Money, id: string, state: StoredState, now: string, patch: Partial<MoneyLine> = {}): Money {
  const current = lineOf(money, id);
  if (!current) return money;
  return withLine(money, { ...current, ...patch, state, updatedAt: now });
}

/** A new booking's money: nothing yet but the provider's name. */
export function openMoney(provider: PaymentsProviderName, charges: boolean): Money {
  return { provider, charges, reference: null, checkout: null, checkoutId: null, lines: [] };
}

/** A provider that charges: rental and fee wait for the renter's checkout. */
export function awaitCheckout(money: Money, trip: Trip, now: string): Money {
  let next = withLine(money, line("rental", "rental", "renter", "owner", trip.price.ownerCents, "awaiting", null, now));
  if (trip.price.serviceFeeCents > 0) next = withLine(next, line("fee", "fee", "renter", "platform", trip.price.serviceFeeCents, "awaiting", null, now));
  return next;
}

/**
 * The renter's money is committed: a request (authorised when a provider charges; nothing owed
 * yet without one) or an instant booking (captured; or owed directly). `confirmed` says whether
 * the booking is confirmed now.
 */
export function commit(money: Money, trip: Trip, confirmed: boolean, now: string): Money {
  const { price } = trip;
  let next = money;
  if (!money.charges) {
    if (!confirmed) return money;
    next = withLine(next, line("rental", "rental", "renter", "owner", price.ownerCents, "direct", trip.startsAt, now));
    // No fee without a provider (decision 048); a booking priced with one before keeps its line.
    if (price.serviceFeeCents > 0) next = withLine(next, line("fee", "fee", "renter", "platform", price.serviceFeeCents, "direct", trip.startsAt, now));
    return scheduleTrip(next, trip, now);
  }
  const state: LineState = confirmed ? "captured" : "authorised";
  next = withLine(next, line("rental", "rental", "renter", "owner", price.ownerCents, state, now, now, confirmed ? "capture" : null));
  if (price.serviceFeeCents > 0) next = withLine(next, line("fee", "fee", "renter", "platform", price.serviceFeeCents, state, now, now, confirmed ? "capture" : null));
  return confirmed ? scheduleTrip(next, trip, now) : next;
}

/** A confirmed trip's deposit hold and payout, scheduled. */
function scheduleTrip(money: Money, trip: Trip, now: string): Money {
  let next = money;
  if (trip.price.depositCents > 0) {
    const holdAt = at(trip.startsAt, -DEPOSIT_HOLD_HOURS_BEFORE);
    next = withLine(next, line("deposit", "deposit", "renter", "renter", trip.price.depositCents, money.charges ? "scheduled" : "direct", holdAt < now ? now : holdAt, now));
  }
  const payoutAt = money.charges ? at(trip.startsAt, PAYOUT_HOURS_AFTER_START) : trip.startsAt;
  return withLine(next, line("payout", "payout", money.charges ? "platform" : "renter", "owner", trip.price.ownerCents, money.charges ? "scheduled" : "direct", payoutAt, now));
}

/** The owner accepts a request: the authorisation is captured (or the amounts become owed). */
export function accept(money: Money, trip: Trip, now: string): Money {
  if (!money.charges) return commit(money, trip, true, now);
  let next = money;
  for (const id of ["rental", "fee"]) if (lineOf(next, id)) next = moved(next, id, "captured", now, { op: "capture", dueAt: now });
  return scheduleTrip(next, trip, now);
}

/** A request declined, expired or withdrawn: the authorisation is let go, nothing is charged. */
export function release(money: Money, now: string): Money {
  let next: Money = { ...money, checkout: null };
  for (const l of money.lines) {
    // One authorisation (or open checkout) holds rental and fee: the rental's line lets it go.
    const letGo = l.id === "rental" && (l.state === "authorised" || (l.state === "awaiting" && money.reference !== null));
    if (l.state === "authorised" || l.state === "awaiting") next = moved(next, l.id, "voided", now, { op: letGo ? "cancel" : null });
  }
  return next;
}

/**
 * A confirmed booking cancelled: refund lines for what goes back (rental share by the policy,
 * the fee only when it is refunded), the deposit let go, the payout cut to what the owner keeps.
 */
export function cancel(money: Money, refund: { rentalCents: number; feeCents: number; reason: RefundReason }, now: string): Money {
  let next = money;
  const refundState: LineState = money.charges ? "refunded" : "credited";
  if (refund.rentalCents > 0) {
    next = withLine(next, { ...line("refund-rental", "refund", money.charges ? "platform" : "owner", "renter", refund.rentalCents, refundState, now, now, money.charges ? "refund" : null), reason: refund.reason });
  }
  if (refund.feeCents > 0) {
    next = withLine(next, { ...line("refund-fee", "refund", "platform", "renter", refund.feeCents, refundState, now, now, money.charges ? "refund" : null), reason: refund.reason });
  }
  const deposit = lineOf(next, "deposit");
  // A claimed deposit waits for its claim's closing (a trip is cancelled before it starts, a claim comes after it ends).
  if (deposit && deposit.state !== "released" && deposit.state !== "disputed") next = moved(next, "deposit", deposit.state === "scheduled" || deposit.state === "direct" ? "voided" : "released", now, { op: letGoOp(deposit), dueAt: now });
  const payout = lineOf(next, "payout");
  if (payout && payout.state !== "paid-out") {
    const kept = payout.amountCents - refund.rentalCents;
    next = kept > 0 ? withLine(next, { ...payout, amountCents: kept, updatedAt: now }) : moved(next, "payout", "voided", now);
  }
  return next;
}

/**
 * The trip moved to other days at the same price (weather, decision 031): what is still to come
 * follows the new start — the deposit's hold, the payout, amounts owed directly. A capture stays
 * as it is. A deposit already held for the old days is let go now and held again two days before
 * the new start, unless that moment has come already (then the hold placed stays): a card's hold
 * lapses after about a week (Stripe's is 7 days), so a trip moved further off would lose its
 * deposit's cover, and the renter's money would stay blocked across the weeks between.
 */
export function reschedule(money: Money, trip: Trip, now: string): Money {
  let next = money;
  for (const l of money.lines) {
    let dueAt: string | null = null;
    if (l.kind === "deposit" && l.state === "authorised" && l.op === null && l.reference !== null) {
      const holdAt = at(trip.startsAt, -DEPOSIT_HOLD_HOURS_BEFORE);
      if (holdAt > now) next = withLine(next, { ...l, state: "scheduled", op: "cancel", dueAt: holdAt, updatedAt: now });
      continue;
    }
    if (l.kind === "deposit" && (l.state === "scheduled" || l.state === "direct")) {
      const holdAt = at(trip.startsAt, -DEPOSIT_HOLD_HOURS_BEFORE);
      dueAt = holdAt < now ? now : holdAt;
    } else if (l.kind === "payout" && l.waiting && l.state === "scheduled") {
      // Past its day already, waiting for the owner's payout account: it stays so.
      continue;
    } else if (l.kind === "payout" && (l.state === "scheduled" || l.state === "direct")) {
      dueAt = money.charges ? at(trip.startsAt, PAYOUT_HOURS_AFTER_START) : trip.startsAt;
    } else if ((l.kind === "rental" || l.kind === "fee") && l.state === "direct") {
      dueAt = trip.startsAt;
    }
    if (dueAt !== null) next = withLine(next, { ...l, dueAt, updatedAt: now });
  }
  return next;
}

/**
 * A deposit's call that lets its hold go: one placed (authorised, or disputed with a reference),
 * or one still to let go after a move (`reschedule`) — never dropped by a later step.
 */
function letGoOp(deposit: MoneyLine): LineOp | null {
  return deposit.state === "authorised" || deposit.op === "cancel" || (deposit.state === "disputed" && deposit.reference) ? "cancel" : null;
}

/** Two days before the trip: the deposit is held on the card (once the old days' hold, after a move, is let go). */
export function holdDeposit(money: Money, now: string): Money {
  const deposit = lineOf(money, "deposit");
  if (!deposit || deposit.state !== "scheduled" || deposit.op !== null) return money;
  return moved(money, "deposit", "authorised", now, { op: "authorize", dueAt: now });
}

/** A deposit held (or still to hold) that nobody has claimed: what a clean return, the owner's word or the 48 hours let go. */
const UNCLAIMED: readonly StoredState[] = ["authorised", "direct", "scheduled"];

/** Whether `releaseDeposit` would let the deposit go: held and not claimed. */
export function canReleaseDeposit(money: Money): boolean {
  return UNCLAIMED.includes(lineOf(money, "deposit")?.state ?? "voided");
}

/**
 * The deposit goes back untouched (a clean return, the owner's "release now", no claim within
 * 48 hours). A claimed (`disputed`) deposit is left as it is: only the claim's closing moves it,
 * by `settleDeposit` or `withdrawClaim` (issue 43), whatever else asks.
 */
export function releaseDeposit(money: Money, now: string): Money {
  const deposit = lineOf(money, "deposit");
  if (!deposit || !UNCLAIMED.includes(deposit.state)) return money;
  return moved(money, "deposit", "released", now, { op: letGoOp(deposit), dueAt: now });
}

/** The owner withdraws the claim: the whole claimed deposit goes back. Only from `disputed`. */
export function withdrawClaim(money: Money, now: string): Money {
  const deposit = lineOf(money, "deposit");
  if (!deposit || deposit.state !== "disputed") return money;
  return moved(money, "deposit", "released", now, { op: letGoOp(deposit), dueAt: now });
}

/** An owner's claim on the deposit: held until the claim is settled. */
export function disputeDeposit(money: Money, now: string): Money {
  const deposit = lineOf(money, "deposit");
  if (!deposit || !["authorised", "direct"].includes(deposit.state)) return money;
  return moved(money, "deposit", "disputed", now);
}

/** A claim settled: `claimedCents` of the deposit goes to the owner, the rest is released. */
export function settleDeposit(money: Money, claimedCents: number, now: string): Money {
  const deposit = lineOf(money, "deposit");
  if (!deposit || deposit.state !== "disputed") return money;
  const claimed = Math.max(0, Math.min(claimedCents, deposit.amountCents));
  if (claimed === 0) return withdrawClaim(money, now);
  const next = moved(money, "deposit", "released", now, { amountCents: deposit.amountCents - claimed, op: money.charges ? "capture" : null, dueAt: now });
  return withLine(next, line("claim", "claim", "renter", "owner", claimed, money.charges ? "captured" : "direct", now, now));
}

/** 24 hours after the start: the owner's share is transferred. */
export function payOut(money: Money, now: string): Money {
  const payout = lineOf(money, "payout");
  if (!payout || payout.state !== "scheduled") return money;
  return moved(money, "payout", "paid-out", now, { op: "transfer", dueAt: now });
}

/**
 * The payout came due but the owner has no payout account that can receive it (decision 052):
 * it stays scheduled, without a due date (the scheduler leaves it alone), marked as waiting.
 */
export function awaitPayoutAccount(money: Money, now: string): Money {
  const payout = lineOf(money, "payout");
  if (!payout || (payout.state !== "scheduled" && payout.state !== "paid-out") || (payout.state === "paid-out" && payout.op !== "transfer")) return money;
  return moved(money, "payout", "scheduled", now, { op: null, dueAt: null, waiting: "payout-account" });
}

/** The owner's payout account can receive payouts: a waiting payout is due now. */
export function resumePayout(money: Money, now: string): Money {
  const payout = lineOf(money, "payout");
  if (!payout || payout.state !== "scheduled" || !payout.waiting) return money;
  return moved(money, "payout", "scheduled", now, { dueAt: now, waiting: null });
}

/** Whether the booking's payout waits for the owner's payout account. */
export const payoutWaits = (money: Money): boolean => money.lines.some((l) => l.kind === "payout" && l.state === "scheduled" && !!l.waiting);

/** What is due now: the deposit to hold, the payout to make (scheduler). */
export function dueSteps(money: Money, now: string, ctx: { endsAt: string }): Array<"hold-deposit" | "release-deposit" | "pay-out"> {
  const steps: Array<"hold-deposit" | "release-deposit" | "pay-out"> = [];
  const deposit = lineOf(money, "deposit");
  if (deposit?.state === "scheduled" && deposit.op === null && deposit.dueAt !== null && deposit.dueAt <= now) steps.push("hold-deposit");
  if (canReleaseDeposit(money) && at(ctx.endsAt, DEPOSIT_CLAIM_HOURS) <= now) steps.push("release-deposit");
  const payout = lineOf(money, "payout");
  if (payout?.state === "scheduled" && payout.dueAt !== null && payout.dueAt <= now) steps.push("pay-out");
  return steps;
}

/** The lines as pages show them, and the sums of their states (each party's figures: `bookingFigures`). */
export function moneyView(money: Money, now: string = new Date().toISOString()): MoneyView {
  /**
   * Settled directly between the two people: a rental, payout or claim owed directly whose day
   * (the handover) has come, on a trip nobody cancelled (a cancelled trip's kept share stays owed).
   */
  const cancelled = money.lines.some((l) => l.kind === "refund");
  const settledDirectly = (l: MoneyLine) => !cancelled && l.state === "direct" && (l.kind === "rental" || l.kind === "payout" || l.kind === "claim") && l.dueAt !== null && l.dueAt <= now;
  /**
   * No longer owed: an amount owed directly (no provider) that a cancellation credited in full
   * reads as not charged, never as still to pay on its day (decision 048).
   */
  const credited = (l: MoneyLine) =>
    l.state === "direct" && (l.kind === "rental" || l.kind === "fee") && money.lines.filter((r) => r.id === `refund-${l.kind}` && r.state === "credited").reduce((total, r) => total + r.amountCents, 0) >= l.amountCents;
  const lines: MoneyLineView[] = money.lines.map((l) => ({
    id: l.id,
    kind: l.kind,
    from: l.from,
    to: l.to,
    amountCents: l.amountCents,
    state: settledDirectly(l) ? "settled" : credited(l) ? "voided" : l.kind === "payout" && l.state === "scheduled" && l.waiting ? "waiting" : l.state,
    dueAt: l.dueAt,
    reason: l.reason ? { rule: l.reason.rule, by: l.reason.by, percent: l.reason.rule === "policy" ? l.reason.percent : 100 } : null,
    processing: l.op !== null,
  }));
  const sum = (filter: (l: MoneyLine) => boolean) => money.lines.filter(filter).reduce((total, l) => total + l.amountCents, 0);
  return {
    provider: money.provider,
    charges: money.charges,
    checkoutUrl: money.checkout?.url ?? null,
    checkoutExpiresAt: money.checkout?.expiresAt ?? null,
    lines,
    chargedCents: sum((l) => (l.kind === "rental" || l.kind === "fee" || l.kind === "claim") && l.state === "captured"),
    heldCents: sum((l) => (l.kind === "rental" || l.kind === "fee" || l.kind === "deposit") && (l.state === "authorised" || l.state === "disputed")),
    refundedCents: sum((l) => l.kind === "refund" && l.state === "refunded"),
    /** Owed directly (no provider): what is still to settle, after credits. */
    owedCents: Math.max(0, sum((l) => (l.kind === "rental" || l.kind === "fee" || l.kind === "claim") && l.state === "direct" && !settledDirectly(l)) - sum((l) => l.kind === "refund" && l.state === "credited")),
    preview: false,
  };
}

/**
 * A booking stored before the ledger (a `payment` status and sums, no `money`): its lines as
 * the ledger would have written them without a provider, so old bookings read like new ones.
 */
export function upgradeLegacy<B extends { money?: Money; status: string; history: Array<{ to: string; at: string }>; price: PriceBreakdown; startsAt: string; endsAt: string; updatedAt: string; cancellation?: { by: "renter" | "owner"; refundCents: number; percent: number; at: string } | null }>(doc: B): B & { money: Money } {
  if (doc.money) return doc as B & { money: Money };
  const confirmedAt = doc.history.find((entry) => entry.to === "confirmed")?.at ?? null;
  let money = openMoney("recorded", false);
  if (confirmedAt) money = commit(money, doc, true, confirmedAt);
  const cancellation = doc.cancellation;
  if (confirmedAt && cancellation && doc.status === "cancelled") {
    const owner = cancellation.by === "owner";
    money = cancel(
      money,
      {
        rentalCents: owner ? doc.price.ownerCents : cancellation.refundCents,
        feeCents: owner ? doc.price.serviceFeeCents : 0,
        reason: owner ? { rule: "owner-cancel", by: "owner" } : { rule: "policy", by: "renter", percent: cancellation.percent },
      },
      cancellation.at,
    );
  }
  return { ...doc, money };
}
