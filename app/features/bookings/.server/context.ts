/**
 * What every bookings operation shares: the dependencies with their defaults, the provider calls
 * after a change, page invalidation and the event handlers. Each operation module takes this
 * context; `service.ts` makes it once and wires the operations.
 */
import type { Customer } from "#app/.server/payments";
import type { Listing } from "#app/features/listings/.server";
import type { Actor, Booking } from "./model";
import { createMoneyRunner } from "./money";
import type { BookingEvent, BookingsDeps } from "./service-types";

export type BookingsContext = {
  deps: BookingsDeps;
  store: BookingsDeps["store"];
  listings: BookingsDeps["listings"];
  payments: BookingsDeps["payments"];
  now: () => Date;
  customerOf: (uid: string) => Promise<Customer>;
  runner: ReturnType<typeof createMoneyRunner>;
};

export function createBookingsContext(deps: BookingsDeps): BookingsContext {
  const { store, listings, payments } = deps;
  const customerOf = deps.customerOf ?? (async (uid: string) => ({ uid, email: null, name: null }));
  const now = deps.now ?? (() => new Date());
  const runner = createMoneyRunner({
    store,
    payments,
    customerOf,
    payoutAccountOf: deps.payoutAccountOf ?? (async () => null),
    now,
  });
  return { deps, store, listings, payments, now, customerOf, runner };
}

/** Provider calls never undo a change already made: a failure stays on the line for the scheduler. */
export async function runMoney(ctx: BookingsContext, booking: Booking): Promise<Booking> {
  if (!booking.opsPending) return booking;
  try {
    return await ctx.runner.run(booking);
  } catch (error) {
    console.error(`[payments] booking ${booking.id}: the provider calls failed; the scheduler tries again:`, error);
    return booking;
  }
}

/** The listing's pages to forget after a change of its days. */
export function changed(ctx: BookingsContext, listing: Pick<Listing, "id" | "kind">): void {
  ctx.deps.onChange?.([`listing:${listing.id}`, `search:${listing.kind}`]);
}

/** Runs the handlers declared for `event`, in order; a failure is logged and stops nothing. */
export async function notify(ctx: BookingsContext, event: BookingEvent, booking: Booking, by: Actor): Promise<void> {
  for (const handler of ctx.deps.handlers ?? []) {
    if (!handler.on.includes(event)) continue;
    try {
      await handler.handle(event, booking, { by });
    } catch (error) {
      console.error(`[bookings] ${handler.name} on ${event} of booking ${booking.id} failed:`, error);
    }
  }
}
