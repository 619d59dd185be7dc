import { describe, expect, it } from "vitest";
import type { PriceBreakdown } from "#app/features/bookings/pricing";
import * as ledger from "./ledger";

/**
 * A deposit held for days a weather move left (ledger.reschedule): its hold is let go before any
 * other step touches the line, whatever comes next. The trips through the service, on both
 * stores, are in money.contract.ts.
 */
const price = { ownerCents: 450_00, serviceFeeCents: 45_00, depositCents: 800_00, totalCents: 495_00 } as PriceBreakdown;
const trip = (startsAt: string, endsAt: string) => ({ price, startsAt, endsAt });
const deposit = (money: ledger.Money) => ledger.lineOf(money, "deposit")!;

/** A confirmed, charged trip starting `startsAt` whose deposit hold `pi_1` was placed at `heldAt`. */
function heldFor(startsAt: string, endsAt: string, heldAt: string): ledger.Money {
  const booked = ledger.commit(ledger.openMoney("stripe", true), trip(startsAt, endsAt), true, "2026-06-01T10:00:00.000Z");
  const holding = ledger.holdDeposit(booked, heldAt);
  return { ...holding, lines: holding.lines.map((l) => (l.id === "deposit" ? { ...l, op: null, reference: "pi_1" } : l)) };
}

describe("a deposit's hold across a weather move", () => {
  const heldAt = "2026-07-08T10:00:00.000Z";
  const money = heldFor("2026-07-10T08:00:00.000Z", "2026-07-11T08:00:00.000Z", heldAt);
  const later = trip("2026-07-20T08:00:00.000Z", "2026-07-21T08:00:00.000Z");

  it("moved further off: let go now, held again two days before the new start", () => {
    const moved = ledger.reschedule(money, later, "2026-07-08T12:00:00.000Z");
    expect(deposit(moved)).toMatchObject({ state: "scheduled", op: "cancel", reference: "pi_1", dueAt: "2026-07-18T08:00:00.000Z" });
  });

  it("moved within the two days before its new start: the hold placed stays", () => {
    const sooner = trip("2026-07-09T08:00:00.000Z", "2026-07-10T08:00:00.000Z");
    expect(deposit(ledger.reschedule(money, sooner, "2026-07-08T12:00:00.000Z"))).toEqual(deposit(money));
  });

  it("a hold still to let go is never held again over it, nor dropped by a cancellation or a release", () => {
    const moved = ledger.reschedule(money, later, "2026-07-08T12:00:00.000Z");
    // Its cancel failed and is still pending when the new hold falls due.
    expect(ledger.dueSteps(moved, "2026-07-19T00:00:00.000Z", { endsAt: later.endsAt })).not.toContain("hold-deposit");
    expect(ledger.holdDeposit(moved, "2026-07-19T00:00:00.000Z")).toBe(moved);
    const cancelled = ledger.cancel(moved, { rentalCents: 450_00, feeCents: 0, reason: { rule: "weather", by: "renter" } }, "2026-07-12T00:00:00.000Z");
    expect(deposit(cancelled)).toMatchObject({ state: "voided", op: "cancel", reference: "pi_1" });
    expect(deposit(ledger.releaseDeposit(moved, "2026-07-23T09:00:00.000Z"))).toMatchObject({ state: "released", op: "cancel", reference: "pi_1" });
    // Once let go, the next hold falls due on its day.
    const letGo = { ...moved, lines: moved.lines.map((l) => (l.id === "deposit" ? { ...l, op: null } : l)) };
    expect(ledger.dueSteps(letGo, "2026-07-19T00:00:00.000Z", { endsAt: later.endsAt })).toContain("hold-deposit");
    expect(deposit(ledger.holdDeposit(letGo, "2026-07-19T00:00:00.000Z"))).toMatchObject({ state: "authorised", op: "authorize" });
  });
});

describe("a claimed deposit (issue 43)", () => {
  const ended = "2026-07-11T08:00:00.000Z";
  const claimed = ledger.disputeDeposit(heldFor("2026-07-10T08:00:00.000Z", ended, "2026-07-08T10:00:00.000Z"), "2026-07-11T10:00:00.000Z");

  it("is released by no path but the claim's closing: not a clean return, not the 48 hours, not a cancellation", () => {
    expect(deposit(claimed)).toMatchObject({ state: "disputed", reference: "pi_1" });
    expect(deposit(ledger.releaseDeposit(claimed, "2026-07-11T12:00:00.000Z"))).toEqual(deposit(claimed));
    expect(ledger.dueSteps(claimed, "2026-07-20T00:00:00.000Z", { endsAt: ended })).not.toContain("release-deposit");
    const cancelled = ledger.cancel(claimed, { rentalCents: 0, feeCents: 0, reason: { rule: "owner-cancel", by: "owner" } }, "2026-07-11T12:00:00.000Z");
    expect(deposit(cancelled)).toEqual(deposit(claimed));
  });
});

describe("a cancelled booking without online payments (decision 048)", () => {
  it("shows its rental and the owner's payout as not due, never 'to pay on the first day'", () => {
    const unpaid = { ...price, serviceFeeCents: 0, totalCents: price.ownerCents };
    const booked = ledger.commit(ledger.openMoney("recorded", false), { price: unpaid, startsAt: "2026-07-10T08:00:00.000Z", endsAt: "2026-07-11T08:00:00.000Z" }, true, "2026-06-01T10:00:00.000Z");
    const cancelled = ledger.cancel(booked, { rentalCents: unpaid.ownerCents, feeCents: 0, reason: { rule: "unpaid", by: "renter" } }, "2026-06-02T10:00:00.000Z");
    const shown = Object.fromEntries(ledger.moneyView(cancelled, "2026-06-03T10:00:00.000Z").lines.map((line) => [line.id, line.state]));
    expect(shown).toMatchObject({ rental: "voided", "refund-rental": "credited" });
    expect(shown.payout ?? "voided").toBe("voided");
  });
});
