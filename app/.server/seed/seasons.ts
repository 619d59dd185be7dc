import { today } from "#app/features/bookings/.server";
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
