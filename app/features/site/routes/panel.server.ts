import { ownerFigures, today } from "#app/features/bookings/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import { cardsFor } from "#app/features/listings/index.server";

/** The owner's figures and the renter's next trips, for /ajustes/dashboard. */
export async function dashboardFigures(ctx: RequestContext, uid: string, now = new Date()) {
  const { bookings, listings } = ctx.services;
  const [asOwner, asRenter, owned] = await Promise.all([bookings.listForOwner(uid), bookings.listForRenter(uid), listings.listByOwner(uid)]);
  const first = today(now);
  const upcomingTrips = asRenter.filter((b) => b.status === "confirmed" && b.end >= first).sort((a, b) => (a.start < b.start ? -1 : 1));
  const cards = await cardsFor(ctx.services, upcomingTrips.slice(0, 3).map((b) => b.listingId));
  return {
    owner: ownerFigures(asOwner, owned, first),
    trips: upcomingTrips.slice(0, 3).map((b) => ({ id: b.id, start: b.start, end: b.end, part: b.part, days: b.days, card: cards.get(b.listingId) ?? null })),
    tripCount: upcomingTrips.length,
  };
}
