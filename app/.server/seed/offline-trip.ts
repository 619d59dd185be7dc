import { addDays, createBookingsService, isBookingError, today } from "#app/features/bookings/.server";
import type { Services } from "../services";
import { demoPayments } from "./demo-payments";

/**
 * A trip tomorrow to try a day without coverage (decision 060): Lucía (renter@) on Javier's
 * motorboat the day after the seed, booked two days before it (instant: confirmed), with Javier's
 * meeting point and time for it; a day out, the contact details show on both pages. Signed in as
 * her, the trip page is kept on the phone and reads offline. Another trip may hold the day on an
 * older seed: then his sailing boat, then nothing (the step never fails a start).
 */
const DAY = 86_400_000;

export async function seedDemoOfflineTrip(services: Services): Promise<void> {
  const { identity, listings, store } = services;
  const [renter, owner] = await Promise.all(["renter@amarre.test", "owner@amarre.test"].map(async (email) => (await identity.getUserByEmail(email))?.uid ?? null));
  if (!renter || !owner) return;
  const boats = (await listings.listByOwner(owner)).filter((l) => l.status === "published" && l.kind === "boat");
  const titled = (words: string) => boats.find((b) => b.kind === "boat" && (b.data.title ?? "").includes(words));
  const candidates = [titled("Cap Camarat"), titled("Sun Odyssey")].filter((b) => b !== undefined);
  const clock = Date.now() - 2 * DAY;
  const bookings = createBookingsService({ store, listings, payments: demoPayments(), now: () => new Date(clock) });
  const tomorrow = addDays(today(new Date()), 1);
  const trips = await services.bookings.listForRenter(renter);
  if (trips.some((booking) => booking.ownerUid === owner && booking.start === tomorrow && booking.status === "confirmed")) return;
  for (const boat of candidates) {
    try {
      const booking = await bookings.book({ uid: renter, lang: "es" }, boat.id, { start: tomorrow, end: tomorrow, part: null, people: 4, withSkipper: false });
      if (booking.status === "pending") await bookings.act(booking.id, owner, "owner", "accept");
      await services.bookings.setMeeting(booking.id, owner, { place: "Club de Mar, pantalán 3, amarre 41 (Palma). Javier espera en la pasarela con las llaves.", time: "09:30" });
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
