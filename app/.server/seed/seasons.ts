import { addDays, isBookingError, today } from "#app/features/bookings/.server";
import { DEFAULT_WEEKEND_DAYS, isoWeekday } from "#app/features/bookings";
import type { Services } from "../services";

/**
 * Javier's (owner@) motorboat "Cap Camarat" priced by the day (issue 49): a high season every
 * July and August at +40 %, Christmas at a fixed 520 € a day, and weekends (Friday to Sunday)
 * at +15 % outside them — this year's and next year's, so the boat page's calendar and the
 * owner's calendar page show them from the first start, whatever the month. Written through the
 * listings service, as the owner's calendar page does; a boat that already has seasons is left as it is.
 */
export async function seedDemoSeasons(services: Services): Promise<void> {
  const { identity, listings } = services;
  const owner = (await identity.getUserByEmail("owner@amarre.test"))?.uid;
  if (!owner) return;
  const boat = (await listings.listByOwner(owner)).find((l) => l.status === "published" && l.kind === "boat" && (l.data.title ?? "").includes("Cap Camarat"));
  if (!boat || (boat.pricing?.seasons.length ?? 0) > 0) return;
  const year = Number(today(new Date()).slice(0, 4));
  for (const y of [year, year + 1]) {
    await listings.seasons.add(owner, boat.id, { name: "Temporada alta", start: `${y}-07-01`, end: `${y}-08-31`, dayPriceCents: null, percent: 40 });
    await listings.seasons.add(owner, boat.id, { name: "Navidad", start: `${y}-12-20`, end: `${y + 1}-01-06`, dayPriceCents: 520_00, percent: null });
  }
  await listings.seasons.setWeekend(owner, boat.id, { days: [5, 6, 7], dayPriceCents: null, percent: 15 });
}

/**
 * Lucía's (renter@) trip on Cap Camarat over the first day of its next season, from the last
 * weekend day before it (issue 49): booked after the seasons, so the booking keeps a weekend
 * line, the base days and the season's, and its emails, invoice and pages list them. Her licence
 * goes with it, as the summary would have asked. Once: a trip of hers on the boat that a season
 * priced is left as it is; days already taken leave the demo without it.
 */
export async function seedDemoSeasonTrip(services: Services): Promise<void> {
  const { identity, listings, bookings, licences } = services;
  const [owner, renter] = await Promise.all(["owner@amarre.test", "renter@amarre.test"].map(async (email) => (await identity.getUserByEmail(email))?.uid ?? null));
  if (!owner || !renter) return;
  const boat = (await listings.listByOwner(owner)).find((l) => l.status === "published" && l.kind === "boat" && (l.data.title ?? "").includes("Cap Camarat"));
  const seasons = boat?.pricing?.seasons ?? [];
  if (!boat || seasons.length === 0) return;
  const trips = await bookings.listForRenter(renter);
  if (trips.some((b) => b.listingId === boat.id && b.price.lines.some((line) => line.season !== undefined))) return;
  const edge = seasons.map((season) => season.start).filter((start) => start >= addDays(today(new Date()), 14)).sort()[0];
  if (!edge) return;
  const weekend = boat.pricing?.weekend?.days ?? DEFAULT_WEEKEND_DAYS;
  let start = addDays(edge, -1);
  for (let back = 0; back < 6 && !weekend.includes(isoWeekday(start)); back++) start = addDays(start, -1);
  try {
    const booking = await bookings.book({ uid: renter, lang: "es" }, boat.id, { start, end: edge, part: null, people: 4, withSkipper: false });
    if (await licences.get(renter)) await licences.give(booking);
  } catch (error) {
    if (!isBookingError(error)) throw error;
  }
}
