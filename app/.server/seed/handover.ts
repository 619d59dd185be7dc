import { addDays, createBookingsService, isBookingError, today } from "#app/features/bookings/.server";
import type { Services } from "../services";
import { demoPayments } from "./demo-payments";

/**
 * A trip for check-in (decision 032): Lucía (renter@) on Javier's motorboat starting today,
 * booked three days ago (instant booking: confirmed, its deposit held), nothing recorded yet —
 * her page and his offer the check-in at once. Its rental invoice is issued here, as every
 * confirmed demo trip's is (the invoices' step ran before this one). Another demo trip may have taken the day on an
 * older seed: then his sailing boat, then nothing (the step never fails a start).
 */
const DAY = 86_400_000;

export async function seedDemoHandover(services: Services): Promise<void> {
  const { identity, listings, store } = services;
  const [renter, owner] = await Promise.all(["renter@amarre.test", "owner@amarre.test"].map(async (email) => (await identity.getUserByEmail(email))?.uid ?? null));
  if (!renter || !owner) return;
  const boats = (await listings.listByOwner(owner)).filter((l) => l.status === "published" && l.kind === "boat");
  const titled = (words: string) => boats.find((b) => b.kind === "boat" && (b.data.title ?? "").includes(words));
  const candidates = [titled("Cap Camarat"), titled("Sun Odyssey")].filter((b) => b !== undefined);
  const clock = Date.now() - 3 * DAY;
  const bookings = createBookingsService({ store, listings, payments: demoPayments(), now: () => new Date(clock) });
  const day = today(new Date());
  // Run twice (by hand), it keeps the one trip it made.
  const trips = await services.bookings.listForRenter(renter);
  if (trips.some((booking) => booking.ownerUid === owner && booking.start === day && booking.status === "confirmed")) return;
  for (const boat of candidates) {
    try {
      const booking = await bookings.book({ uid: renter, lang: "es" }, boat.id, { start: day, end: addDays(day, 0), part: null, people: 4, withSkipper: false });
      // A request (the sailing boat is request-only): Javier accepted it the same day.
      if (booking.status === "pending") await bookings.act(booking.id, owner, "owner", "accept");
      // What is due by now (the deposit held two days before the trip).
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
