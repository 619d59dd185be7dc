import { today } from "#app/features/bookings/.server";
import type { Services } from "../services";
import { seedJaviersTrip } from "./javiers-trip";

/**
 * A trip for check-in (decision 032): Lucía (renter@) on Javier's motorboat starting today,
 * booked three days ago (instant booking: confirmed, its deposit held), nothing recorded yet —
 * her page and his offer the check-in at once. Its rental invoice is issued here, as every
 * confirmed demo trip's is (the invoices' step ran before this one).
 */
export async function seedDemoHandover(services: Services): Promise<void> {
  await seedJaviersTrip(services, { day: today(new Date()), bookedDaysAgo: 3 });
}
