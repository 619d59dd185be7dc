import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Listing } from "#app/features/listings/.server";
import { hasCalendar, isForRent } from "#app/features/listings/.server";
import { actionsFor, canSetMeeting, ownerFigures, TRANSITIONS, bookingActions, bookingStatuses, type Booking } from "./index";

/**
 * The rules the booking pages used to derive by hand, now the domain's (decision 034): what a side
 * may do, when a meeting point may be set, which listings count for an owner's occupancy.
 */
const listing = (kind: "boat" | "dock", status: Listing["status"], dockKind: "rent" | "sale" = "rent") =>
  ({ id: `${kind}-${status}-${dockKind}`, kind, status, data: kind === "dock" ? { kind: dockKind } : {} }) as unknown as Listing;

describe("the bookings' rules, in the domain", () => {
  it("derives each side's actions from the lifecycle table, less cancelling a trip that has begun", () => {
    const now = new Date("2026-07-01T10:00:00Z");
    const later = "2026-08-01T08:00:00.000Z";
    for (const status of bookingStatuses) {
      for (const side of ["renter", "owner"] as const) {
        const fromTable = (["accept", "decline", "cancel"] as const).filter((action) => TRANSITIONS[status][action]?.by.includes(side));
        expect(actionsFor({ status, startsAt: later }, side, now)).toEqual(fromTable);
      }
    }
    expect(actionsFor({ status: "confirmed", startsAt: "2026-06-30T08:00:00.000Z" }, "renter", now)).toEqual([]);
  });

  it("lets the owner set a meeting point while the booking holds its days and has not ended", () => {
    const now = new Date("2026-07-01T10:00:00Z");
    expect(canSetMeeting({ status: "confirmed", endsAt: "2026-07-02T00:00:00.000Z" }, now)).toBe(true);
    expect(canSetMeeting({ status: "pending", endsAt: "2026-07-02T00:00:00.000Z" }, now)).toBe(true);
    expect(canSetMeeting({ status: "confirmed", endsAt: "2026-07-01T09:00:00.000Z" }, now)).toBe(false);
    expect(canSetMeeting({ status: "cancelled", endsAt: "2026-07-02T00:00:00.000Z" }, now)).toBe(false);
  });

  it("counts published listings for rent for occupancy: a berth for sale or a paused listing is not bookable", () => {
    expect([listing("boat", "draft"), listing("dock", "published"), listing("dock", "published", "sale")].map(isForRent)).toEqual([true, true, false]);
    expect([listing("boat", "paused"), listing("boat", "archived"), listing("dock", "published", "sale")].map(hasCalendar)).toEqual([true, false, false]);
    expect(ownerFigures([], [listing("dock", "published", "sale"), listing("boat", "draft")], "2026-07-01")).toBeNull();
    const trip = { status: "confirmed", start: "2026-07-01", end: "2026-07-03", part: null, price: { totalCents: 0, ownerCents: 0, serviceFeeCents: 0 }, money: { provider: "recorded", charges: false, reference: null, checkout: null, lines: [] } } as unknown as Booking;
    // Three booked days over one bookable boat's 30: 10 %; the berth for sale and the paused boat do not count.
    const figures = ownerFigures([trip], [listing("boat", "published"), listing("dock", "published", "sale"), listing("boat", "paused")], "2026-07-01");
    expect(figures).toMatchObject({ upcoming: 1, pending: 0, occupancyPercent: 10 });
  });

  it("names every step a booking's history records in four languages (a Stripe booking's history showed `history.authorise`)", () => {
    const recorded = [...bookingActions, "request", "book", "move"];
    for (const lang of ["es", "en", "fr", "de"]) {
      const history = (JSON.parse(fs.readFileSync(`locales/${lang}/bookings.json`, "utf8")) as { history: Record<string, unknown> }).history;
      expect(recorded.filter((action) => typeof history[action] !== "string"), lang).toEqual([]);
    }
  });
});
