import { licenceAllowed, requiredLicence } from "#app/features/licences";
import type { Licence } from "#app/features/search";
import type { BoatListing, DockListing } from "#app/features/listings/.server";
import type { Services } from "#app/.server/services";
import type { BoatTypeId, DockKind, ListingPhoto } from "#app/features/listings/schemas";
import { createTestUser, sessionCookie } from "./test-services";

/**
 * Fixtures for the listing pages' tests: owners with a complete lessor profile, and boats and
 * docks made through the listings service the way an owner makes them (draft → every step →
 * photos → publish). Photos are metadata only (the pages build URLs; no bytes are needed).
 */

let counter = 0;
const next = () => ++counter;

/** Photo metadata as `storePhoto` returns it, with a tiny placeholder (no bytes are stored). */
export function fakePhoto(id = `photo${next()}`, folder = `fixtures/${id}`): ListingPhoto {
  return { id, width: 1600, height: 1200, placeholder: "data:image/webp;base64,UklGRhYAAABXRUJQVlA4", widths: [320, 640, 1280, 1600], folder };
}

/** A signed-up person whose lessor profile is complete (so their listings can be published). */
export async function createOwner(services: Services, input: { displayName?: string; kind?: "person" | "professional" } = {}) {
  const person =
    input.kind === "professional"
      ? await registerProfessional(services, input.displayName ?? "Chárter de Prueba")
      : await createTestUser(services, { displayName: input.displayName ?? "Propietaria de Prueba" });
  await services.users.setLessor(person.uid, {
    legalName: `${input.displayName ?? "Propietaria de Prueba"} S.L.`,
    idDocument: "12345678Z",
    phone: "+34 600 000 000",
    address: "Passeig Marítim 1, 07014 Palma",
    iban: "ES9121000418450200051332",
  });
  return person;
}

async function registerProfessional(services: Services, displayName: string) {
  const email = `pro-${next()}-${Date.now()}@amarre.test`;
  const session = await services.accounts.register({
    email,
    password: "correct-horse-battery",
    displayName,
    kind: "professional",
    company: { name: `${displayName} S.L.`, taxId: "B12345674", phone: "+34 965 000 111", address: "Marina de Dénia, 03700 Dénia" },
    lang: "es",
    origin: "http://localhost:3000",
  });
  const cookie = await sessionCookie(services, session);
  return { ...session, cookie };
}

export type BoatInput = {
  type?: BoatTypeId;
  title?: string;
  description?: Partial<Record<"es" | "en" | "fr" | "de", string>>;
  portSlug?: string;
  city?: { city: string; lat: number; lng: number };
  capacity?: number;
  lengthM?: number;
  dayPriceCents?: number;
  licence?: "none" | "licencia-navegacion" | "pnb" | "per" | "patron-yate" | "capitan-yate";
  skipper?: { mode: "none" } | { mode: "optional" | "mandatory"; dailyPriceCents: number };
  instantBooking?: boolean;
  cancellationPolicy?: "flexible" | "moderate" | "strict";
  equipment?: string[];
  photos?: ListingPhoto[];
  /** Stop before publishing (a draft with every step), or pause it after publishing. */
  status?: "draft" | "published" | "paused";
};

/** The longest boat each licence reaches (docs/PRODUCT.md, Licences). */
const REACH: Partial<Record<Licence, number>> = { none: 4.9, "licencia-navegacion": 6, pnb: 8, per: 15, "patron-yate": 24 };

/**
 * A fixture boat within the law (issue 49): 7.2 m and 200 CV (30 CV under sail) asking PNB unless
 * told otherwise; a licence chosen below what they ask makes the boat as long as that licence
 * reaches (a licence-free one also 15 CV) unless the length was chosen too; whatever is still
 * below the law's minimum (a water scooter "without licence") is raised to it.
 */
function withinTheLaw(type: BoatTypeId, input: BoatInput): { lengthM: number; enginePowerHp: number; licence: Licence } {
  const boat = { type, lengthM: input.lengthM ?? 7.2, enginePowerHp: type === "sail" ? 30 : 200, skipper: input.skipper ?? null };
  const chosen = input.licence ?? "pnb";
  if (input.licence && input.lengthM === undefined && !licenceAllowed(boat, chosen)) {
    boat.lengthM = Math.min(boat.lengthM, REACH[chosen] ?? boat.lengthM);
    if (chosen === "none") boat.enginePowerHp = Math.min(boat.enginePowerHp, 15);
  }
  return { lengthM: boat.lengthM, enginePowerHp: boat.enginePowerHp, licence: licenceAllowed(boat, chosen) ? chosen : requiredLicence({ ...boat, licence: chosen }) };
}

/** A boat with every step filled in; published unless told otherwise. */
export async function createBoat(services: Services, ownerUid: string, input: BoatInput = {}): Promise<BoatListing> {
  const { listings } = services;
  const type = input.type ?? "motor";
  const n = next();
  const law = withinTheLaw(type, input);
  const draft = await listings.createDraft(ownerUid, "boat", type);
  await listings.saveStep(ownerUid, draft.id, "basics", {
    type,
    title: input.title ?? `Barco de prueba número ${n}`,
    description: input.description ?? { es: "Un barco cómodo para pasar el día en las calas, con solárium y escalera de baño." },
  });
  await listings.saveStep(ownerUid, draft.id, "specs", {
    make: "Beneteau",
    model: "Flyer 7",
    year: 2019,
    lengthM: law.lengthM,
    capacity: input.capacity ?? 6,
    cabins: 1,
    berths: 2,
    enginePowerHp: law.enginePowerHp,
    fuel: type === "sail" ? "diesel" : "gasoline",
    equipment: input.equipment ?? ["gps", "bimini", "swim-ladder"],
  });
  await listings.saveStep(ownerUid, draft.id, "location", { homePort: input.city ?? { portSlug: input.portSlug ?? "club-de-mar-palma" } });
  const dayPriceCents = input.dayPriceCents ?? 300_00;
  await listings.saveStep(ownerUid, draft.id, "pricing", {
    dayPriceCents,
    halfDayPriceCents: Math.round(dayPriceCents * 0.6),
    depositCents: 500_00,
    skipper: input.skipper ?? { mode: "none" },
    ...(type === "jetski" ? { hourPriceCents: 80_00 } : {}),
  });
  await listings.saveStep(ownerUid, draft.id, "conditions", {
    licence: law.licence,
    fuelPolicy: "not-included-return-full",
    instantBooking: input.instantBooking ?? false,
    cancellationPolicy: input.cancellationPolicy ?? "moderate",
    ...(type === "jetski" ? { minimumAge: 18, guidedWithoutLicence: true } : {}),
  });
  const saved = await listings.setPhotos(ownerUid, draft.id, input.photos ?? [fakePhoto(), fakePhoto()]);
  if (input.status === "draft") return saved as BoatListing;
  const published = await listings.publish(ownerUid, draft.id);
  if (input.status === "paused") return (await listings.pause(ownerUid, draft.id)) as BoatListing;
  return published as BoatListing;
}

export type DockInput = {
  kind?: DockKind;
  portSlug?: string;
  berthNumber?: string;
  maxLengthM?: number;
  maxBeamM?: number;
  depthM?: number;
  priceCents?: number;
  monthlyPriceCents?: number;
  status?: "draft" | "published" | "paused";
};

/** A dock with every step filled in (for sale unless told otherwise); published unless told otherwise. */
export async function createDock(services: Services, ownerUid: string, input: DockInput = {}): Promise<DockListing> {
  const { listings } = services;
  const kind = input.kind ?? "sale";
  const draft = await listings.createDraft(ownerUid, "dock", kind);
  await listings.saveStep(ownerUid, draft.id, "basics", {
    kind,
    portSlug: input.portSlug ?? "port-vell-barcelona",
    berthNumber: input.berthNumber ?? `B-${next()}`,
    description: { es: "Amarre en pantalán con agua y luz, cerca de la bocana." },
  });
  await listings.saveStep(ownerUid, draft.id, "features", {
    berthType: "finger",
    maxLengthM: input.maxLengthM ?? 12,
    maxBeamM: input.maxBeamM ?? 4,
    depthM: input.depthM ?? 3,
    services: { water: true, electricity: true, electricityAmps: 16, showers: true },
  });
  await listings.saveStep(
    ownerUid,
    draft.id,
    "pricing",
    kind === "sale"
      ? { priceCents: input.priceCents ?? 90_000_00, concessionYearsLeft: 12, annualFeeCents: 1_800_00, marinaApprovalRequired: true }
      : { monthlyPriceCents: input.monthlyPriceCents ?? 900_00, availableFrom: "2026-01-01" },
  );
  const saved = await listings.setPhotos(ownerUid, draft.id, [fakePhoto()]);
  if (input.status === "draft") return saved as DockListing;
  const published = await listings.publish(ownerUid, draft.id);
  if (input.status === "paused") return (await listings.pause(ownerUid, draft.id)) as DockListing;
  return published as DockListing;
}
