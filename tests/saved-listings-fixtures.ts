import type { Listing } from "#app/features/listings/.server";
import type { Services } from "#app/.server/services";
import type { ListingPhoto } from "#app/features/listings/schemas";

/**
 * Fixtures for the favourites and history tests: listings made through the listings service
 * (draft → every step → photos → publish), as an owner would make them, by the seeded demo
 * owner (whose lessor profile is complete).
 */

export const DEMO_OWNER_EMAIL = "owner@amarre.test";

export async function demoOwnerUid(services: Services): Promise<string> {
  const owner = await services.identity.getUserByEmail(DEMO_OWNER_EMAIL);
  if (!owner) throw new Error(`The demo owner ${DEMO_OWNER_EMAIL} was not seeded`);
  return owner.uid;
}

/** Photo metadata as an upload records it (the bytes are not needed to list a listing). */
export function fakePhoto(kind: "boat" | "dock", id: string): ListingPhoto {
  return { id, width: 1600, height: 1200, placeholder: "", widths: [320, 640, 1280], folder: `${kind}s/fixtures/${id}` };
}

let counter = 0;

/** A published motor boat at Club de Mar (Palma), 350 € a day. */
export async function publishBoat(services: Services, ownerUid: string, title = `Lancha de prueba ${++counter} en Palma`): Promise<Listing> {
  const { listings } = services;
  const draft = await listings.createDraft(ownerUid, "boat", "motor");
  await listings.saveStep(ownerUid, draft.id, "basics", { type: "motor", title, description: { es: "Lancha cómoda para calas de Mallorca." } });
  await listings.saveStep(ownerUid, draft.id, "specs", {
    make: "Beneteau",
    model: "Flyer 7",
    year: 2019,
    lengthM: 7.2,
    capacity: 8,
    cabins: 0,
    berths: 0,
    enginePowerHp: 200,
    fuel: "gasoline",
    equipment: ["gps", "bimini"],
  });
  await listings.saveStep(ownerUid, draft.id, "location", { homePort: { portSlug: "club-de-mar-palma" } });
  await listings.saveStep(ownerUid, draft.id, "pricing", { dayPriceCents: 350_00, depositCents: 500_00, skipper: { mode: "none" } });
  await listings.saveStep(ownerUid, draft.id, "conditions", {
    licence: "pnb",
    fuelPolicy: "not-included-return-full",
    instantBooking: false,
    cancellationPolicy: "moderate",
  });
  await listings.setPhotos(ownerUid, draft.id, [fakePhoto("boat", `cover${counter}`), fakePhoto("boat", `deck${counter}`)]);
  return listings.publish(ownerUid, draft.id);
}

/** A published berth for rent at Port Vell (Barcelona), 900 € a month. */
export async function publishDock(services: Services, ownerUid: string): Promise<Listing> {
  const { listings } = services;
  const draft = await listings.createDraft(ownerUid, "dock", "rent");
  await listings.saveStep(ownerUid, draft.id, "basics", {
    kind: "rent",
    portSlug: "port-vell-barcelona",
    berthNumber: `B-${++counter}`,
    description: { es: "Amarre en pantalán con agua y luz." },
  });
  await listings.saveStep(ownerUid, draft.id, "features", {
    berthType: "finger",
    maxLengthM: 12,
    maxBeamM: 4,
    depthM: 3,
    services: { water: true, electricity: true, electricityAmps: 16 },
  });
  await listings.saveStep(ownerUid, draft.id, "pricing", { monthlyPriceCents: 900_00, availableFrom: "2026-01-01" });
  await listings.setPhotos(ownerUid, draft.id, [fakePhoto("dock", `berth${counter}`)]);
  return listings.publish(ownerUid, draft.id);
}
