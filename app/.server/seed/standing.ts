import { addDays, createBookingsService, today } from "#app/features/bookings/.server";
import type { Services } from "../services";
import { demoPayments } from "./demo-payments";

/**
 * An owner with the standing badge (issue 49; docs/PRODUCT.md "The owner's standing"): Costa del
 * Sol Yachting (costasol@) answered twelve requests for its Sun Odyssey in Málaga over the last
 * five months, each within the hour, and accepted all but one — so it has met the bar for more
 * than 90 days and its boats' pages show "Patrón destacado". Written the way it happens: a booking
 * service whose clock is set back asks (from other demo people) and answers at that moment; the
 * trips, all past, complete on their first read; each accepted one has its invoice.
 */
const DAY = 86_400_000;
const MINUTE = 60_000;
export const STANDING_REQUESTS = 12;

export async function seedDemoStanding(services: Services): Promise<void> {
  const { identity, listings, store } = services;
  const uidOf = async (email: string) => (await identity.getUserByEmail(email))?.uid ?? null;
  const owner = await uidOf("costasol@amarre.test");
  const renters = (await Promise.all(["iago@amarre.test", "pro@amarre.test", "bcn@amarre.test", "balear@amarre.test"].map(uidOf))).filter((uid): uid is string => uid !== null);
  if (!owner || renters.length === 0) return;
  const boat = (await listings.listByOwner(owner)).find((l) => l.status === "published" && l.kind === "boat" && (l.data.title ?? "").includes("Sun Odyssey"));
  if (!boat) return;

  const start = Date.now();
  let clock = start;
  const bookings = createBookingsService({ store, listings, payments: demoPayments(), now: () => new Date(clock) });
  for (let i = 0; i < STANDING_REQUESTS; i++) {
    // A request every twelve days from 160 days ago, for a day a week after it, with the skipper.
    clock = start - (160 - 12 * i) * DAY;
    const day = addDays(today(new Date(clock)), 7);
    const request = await bookings.book({ uid: renters[i % renters.length], lang: "es" }, boat.id, { start: day, end: day, part: null, people: 4, withSkipper: true });
    clock += (15 + ((i * 7) % 35)) * MINUTE;
    if (i === 4) {
      await bookings.act(request.id, owner, "owner", "decline", { reason: "El barco está en revisión esos días." });
      continue;
    }
    // Every trip ever confirmed has its invoice, as the demo's others (issued quietly, as ./index.ts does).
    const accepted = await bookings.act(request.id, owner, "owner", "accept");
    await services.invoices.issueForBooking(accepted.booking, { quiet: true });
  }
}
