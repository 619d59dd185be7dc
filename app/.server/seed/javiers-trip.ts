import { createBookingsService, isBookingError } from "#app/features/bookings/.server";
import type { Services } from "../services";
import { demoPayments } from "./demo-payments";

const DAY = 86_400_000;

/**
 * A one-day trip of Lucía (renter@) on Javier's (owner@) motorboat, booked `bookedDaysAgo` days
 * before the seed (instant booking: confirmed), as the demo's trip-day steps make them: the
 * check-in trip today (decision 032) and the offline trip tomorrow (decision 060). Another demo
 * trip may have taken the day on an older seed: then his sailing boat (a request, which he
 * accepted the same day), then nothing (the step never fails a start). Run twice, it keeps the
 * one trip it made. `arranged` runs after the booking, before what is due by now (the deposit
 * held two days before the trip) and its rental invoice, as every confirmed demo trip's is.
 */
export async function seedJaviersTrip(
  services: Services,
  { day, bookedDaysAgo, arranged }: { day: string; bookedDaysAgo: number; arranged?: (bookingId: string, owner: string) => Promise<unknown> },
): Promise<void> {
  const { identity, listings, store } = services;
  const [renter, owner] = await Promise.all(["renter@amarre.test", "owner@amarre.test"].map(async (email) => (await identity.getUserByEmail(email))?.uid ?? null));
  if (!renter || !owner) return;
  const boats = (await listings.listByOwner(owner)).filter((l) => l.status === "published" && l.kind === "boat");
  const titled = (words: string) => boats.find((b) => b.kind === "boat" && (b.data.title ?? "").includes(words));
  const candidates = [titled("Cap Camarat"), titled("Sun Odyssey")].filter((b) => b !== undefined);
  const clock = Date.now() - bookedDaysAgo * DAY;
  const bookings = createBookingsService({ store, listings, payments: demoPayments(), now: () => new Date(clock) });
  const trips = await services.bookings.listForRenter(renter);
  if (trips.some((booking) => booking.ownerUid === owner && booking.start === day && booking.status === "confirmed")) return;
  for (const boat of candidates) {
    try {
      const booking = await bookings.book({ uid: renter, lang: "es" }, boat.id, { start: day, end: day, part: null, people: 4, withSkipper: false });
      if (booking.status === "pending") await bookings.act(booking.id, owner, "owner", "accept");
      await arranged?.(booking.id, owner);
      await services.bookings.applyDue();
      const confirmed = (await services.bookings.getFor(booking.id, owner))?.booking;
      if (confirmed) await services.invoices.issueForBooking(confirmed, { quiet: true });
      return;
    } catch (error) {
      if (isBookingError(error)) continue;
      throw error;
    }
  }
}
