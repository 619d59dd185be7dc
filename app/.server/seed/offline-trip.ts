import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "../services";
import { seedJaviersTrip } from "./javiers-trip";

/**
 * A trip tomorrow to try a day without coverage (decision 060): Lucía (renter@) on Javier's
 * motorboat the day after the seed, booked two days before it (instant: confirmed), with Javier's
 * meeting point and time for it; a day out, the contact details show on both pages. Signed in as
 * her, the trip page is kept on the phone and reads offline.
 */
export async function seedDemoOfflineTrip(services: Services): Promise<void> {
  await seedJaviersTrip(services, {
    day: addDays(today(new Date()), 1),
    bookedDaysAgo: 2,
    arranged: (id, owner) =>
      services.bookings.setMeeting(id, owner, { place: "Club de Mar, pantalán 3, amarre 41 (Palma). Javier espera en la pasarela con las llaves.", time: "09:30" }),
  });
}
