import sharp from "sharp";
import { addDays, isBookingError, today } from "#app/features/bookings/.server";
import { boatStepFields, boatSteps } from "#app/features/listings";
import { createListingsService } from "#app/features/listings/.server";
import type { Services } from "../services";
import { createDemoPhotoProvider } from "./photos";

/**
 * Licences (issue 49, part 3): a licence-only boat of Javier's (a 7 m motorboat of 150 CV,
 * 110 kW: PNB by law, no skipper offered); Lucía's (renter@) PNB kept on her profile, given with
 * her trip of today (the owner's check-in asks "licence seen") and with a request for the new
 * boat; Pilar's (pro@) PER, expired, to try a refusal. Written through the services, once.
 */
export const LICENCE_BOAT_TITLE = "Lancha de 7 m sin patrón en Palma: solo con PNB";

/** A drawn card for the demo photos (no real person's document). */
async function cardPhoto(title: string, line: string, colour: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" rx="36" fill="${colour}"/><rect x="40" y="150" width="190" height="240" rx="12" fill="#ffffff" opacity="0.85"/><text x="260" y="100" font-family="sans-serif" font-size="26" font-weight="bold" fill="#ffffff">${title}</text><text x="270" y="230" font-family="sans-serif" font-size="34" fill="#ffffff">${line}</text><text x="270" y="300" font-family="sans-serif" font-size="28" fill="#ffffff">DEMO · AMARRE</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg().toBuffer());
}

export async function seedDemoLicences(services: Services): Promise<void> {
  const { identity, listings, licences } = services;
  const [renter, owner, pro] = await Promise.all(["renter@amarre.test", "owner@amarre.test", "pro@amarre.test"].map(async (email) => (await identity.getUserByEmail(email))?.uid ?? null));
  if (!renter || !owner) return;
  const fleet = await listings.listByOwner(owner);
  let boat = fleet.find((l) => l.kind === "boat" && l.data.title === LICENCE_BOAT_TITLE) ?? null;
  // Only beside the demo marketplace's boats (a store seeded with the accounts alone gets none).
  if (!boat && fleet.length > 0) {
    const data: Record<string, unknown> = {
      type: "motor",
      title: LICENCE_BOAT_TITLE,
      description: {
        es: "Lancha de 7 metros con un fueraborda de 150 CV (110 kW): por su eslora y potencia la ley pide el PNB, y no se alquila con patrón. Trae tu titulación y navega por la bahía de Palma hasta las calas de Portals.",
        en: "A 7-metre boat with a 150 hp (110 kW) outboard: its length and power call for the PNB by law, and it is not rented with a skipper. Bring your licence and sail the bay of Palma to the coves of Portals.",
      },
      make: "Quicksilver",
      model: "Activ 675 Open",
      year: 2022,
      lengthM: 7,
      capacity: 7,
      cabins: 0,
      berths: 0,
      enginePowerHp: 150,
      fuel: "gasoline",
      equipment: ["gps", "bimini", "sun-deck", "swim-ladder", "deck-shower", "bluetooth-audio"],
      homePort: { portSlug: "club-de-mar-palma" },
      dayPriceCents: 380_00,
      halfDayPriceCents: 250_00,
      depositCents: 600_00,
      skipper: { mode: "none" },
      licence: "pnb",
      fuelPolicy: "not-included-return-full",
      instantBooking: false,
      cancellationPolicy: "moderate",
    };
    // Listed a year ago, like the rest of Javier's fleet (it is not the marketplace's newest boat).
    const listedBefore = createListingsService({ store: services.store, users: services.users, ports: services.ports, now: () => Date.now() - 365 * 86_400_000 });
    const draft = await listedBefore.createDraft(owner, "boat", "motor");
    for (const step of boatSteps) await listedBefore.saveStep(owner, draft.id, step, Object.fromEntries(boatStepFields(step, "motor").filter((f) => f in data).map((f) => [f, data[f]])));
    await listedBefore.setPhotos(owner, draft.id, await createDemoPhotoProvider(services)("boat", "motor", 5));
    boat = await listedBefore.publish(owner, draft.id);
    listings.forgetSearch();
  }
  if (!(await licences.get(renter))) {
    await licences.save(renter, { type: "pnb", number: "PNB-07-2019-004217", expiresOn: "2031-05-31", photo: await cardPhoto("PATRÓN DE NAVEGACIÓN BÁSICA", "Nº 07/2019/004217", "#1d4f7a") });
  }
  if (pro && !(await licences.get(pro))) {
    await licences.save(pro, { type: "per", number: "PER-46-2014-000981", expiresOn: "2024-03-31", photo: await cardPhoto("PATRÓN DE EMBARCACIONES DE RECREO", "Nº 46/2014/000981", "#7a3b1d") });
  }
  const trips = await services.bookings.listForRenter(renter);
  // Her trip of today (./handover.ts) was booked without a skipper: the owner checks her licence at check-in.
  const day = today(new Date());
  const checkIn = trips.find((b) => b.ownerUid === owner && b.start === day && b.status === "confirmed" && !b.withSkipper);
  if (checkIn && !(await licences.heldFor(checkIn.id))) await licences.give(checkIn);
  // A request for the licence-only boat in three weeks: Javier reads her licence before answering.
  if (boat && !trips.some((b) => b.listingId === boat.id)) {
    const start = addDays(day, 21);
    try {
      const booking = await services.bookings.book({ uid: renter, lang: "es" }, boat.id, { start, end: addDays(start, 1), part: null, people: 4, withSkipper: false });
      await licences.give(booking);
    } catch (error) {
      if (!isBookingError(error)) throw error;
    }
  }
}

/**
 * The trip of Lucía's whose deposit Javier claims (./handover.ts) went without a skipper on a boat
 * that asks for a PNB: her licence goes with it, so the team reads it beside the claim and on
 * its booking page (decision 063). Once (a booking holding one is left as it is).
 */
export async function seedDemoClaimLicence(services: Services): Promise<void> {
  const { identity, deposits, bookings, licences } = services;
  const renter = (await identity.getUserByEmail("renter@amarre.test"))?.uid;
  if (!renter || !(await licences.get(renter))) return;
  for (const claim of (await deposits.listOpen()).filter((each) => each.renterUid === renter)) {
    const found = await bookings.getFor(claim.bookingId, renter);
    if (found && !found.booking.withSkipper && !(await licences.heldFor(found.booking.id))) await licences.give(found.booking);
  }
}
