import { boatTypeIds, type BoatTypeId, type CancellationPolicy } from "#app/features/listings";
import type { ListingPhoto } from "#app/features/listings/.server";
import { IMPORT_BATCH_MAX } from "#app/features/listings/.server";
import type { Port } from "#app/features/ports/.server";
import type { Services } from "../services";
import { DEMO_PASSWORD } from "./accounts";
import { boatModels, type BoatModel, type PhotoProvider } from "./listings";

/**
 * Bench data: `count` published boats, generated from the demo boat models over the seeded
 * ports, for load tests of the search and listing pages. They are written with
 * `listings.importPublished` in batches of IMPORT_BATCH_MAX, one transaction each — the same
 * checks as publishing (schema, photos, port, lessor profile) without the eight writes a listing
 * takes through the forms. Photos: three sets per boat type from `photoProvider`, reused.
 * Deterministic: the same count gives the same boats.
 */
export async function seedBenchListings(
  services: Services,
  count: number,
  photoProvider: PhotoProvider,
): Promise<{ created: number; ms: number }> {
  const started = performance.now();
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`seedBenchListings needs a count of 0 or more, got ${count}`);
  const ports = await services.ports.list();
  if (ports.length === 0) throw new Error("seedBenchListings needs the ports seeded first (seed step ports-v1)");
  const { listings } = services;
  const owners = await benchOwners(services);

  const photoSets = new Map<BoatTypeId, ListingPhoto[][]>();
  for (const type of boatTypeIds) {
    const sets: ListingPhoto[][] = [];
    for (let index = 0; index < PHOTO_SETS_PER_TYPE; index++) sets.push(await photoProvider("boat", type, index));
    photoSets.set(type, sets);
  }

  const random = mulberry32(count);
  const models = Object.values(boatModels) as BoatModel[];
  const batches = new Map<string, Array<{ kind: "boat"; data: unknown; photos: ListingPhoto[] }>>();
  let created = 0;
  const flush = async (owner: string) => {
    const batch = batches.get(owner) ?? [];
    if (batch.length === 0) return;
    created += (await listings.importPublished(owner, batch)).length;
    batches.set(owner, []);
  };
  for (let i = 0; i < count; i++) {
    const model = models[Math.floor(random() * models.length)];
    const port = ports[Math.floor(random() * ports.length)];
    const owner = owners[i % owners.length];
    const sets = photoSets.get(model.type)!;
    const batch = batches.get(owner) ?? [];
    batch.push({ kind: "boat", data: benchBoat(model, port, i, random), photos: sets[i % sets.length] });
    batches.set(owner, batch);
    if (batch.length >= IMPORT_BATCH_MAX) await flush(owner);
  }
  for (const owner of owners) await flush(owner);
  return { created, ms: Math.round(performance.now() - started) };
}

const PHOTO_SETS_PER_TYPE = 3;
const BENCH_OWNERS = 4;
const typeNouns: Record<BoatTypeId, string> = { motor: "Lancha", sail: "Velero", fishing: "Barco de pesca", jetski: "Moto de agua" };
const cancellationPolicies: CancellationPolicy[] = ["flexible", "moderate", "strict"];

/** Finds or registers the bench owners (professionals with complete lessor profiles). */
async function benchOwners(services: Services): Promise<string[]> {
  const uids: string[] = [];
  for (let n = 1; n <= BENCH_OWNERS; n++) {
    const email = `bench-owner-${n}@amarre.test`;
    let uid = (await services.identity.getUserByEmail(email))?.uid;
    if (!uid) {
      const session = await services.accounts.register({
        email,
        password: DEMO_PASSWORD,
        displayName: `Flota de pruebas ${n}`,
        kind: "professional",
        company: { name: `Flota de Pruebas ${n} S.L.`, taxId: "B66123456", phone: "+34 933 000 555", address: "Moll de la Fusta 8, 08039 Barcelona" },
        lang: "es",
        origin: "http://localhost:3000",
      });
      uid = session.uid;
    }
    const profile = await services.users.get(uid);
    if (!profile?.lessor) {
      await services.users.setLessor(uid, {
        legalName: `Flota de Pruebas ${n} S.L.`,
        idDocument: "B66123456",
        phone: "+34 933 000 555",
        address: "Moll de la Fusta 8, 08039 Barcelona",
        iban: "ES0800810216767300012345",
      });
    }
    uids.push(uid);
  }
  return uids;
}

/** One generated boat: the model's specs, a price around what its size commands, varied conditions. */
function benchBoat(model: BoatModel, port: Port, index: number, random: () => number): Record<string, unknown> {
  const base = model.type === "jetski" ? 150 + model.enginePowerHp / 2 : 25 * model.lengthM ** 1.5 * (model.type === "sail" ? 0.8 : 1);
  const day = Math.max(100, Math.round((base * (0.8 + random() * 0.5)) / 10) * 10);
  const big = model.lengthM >= 15;
  const skipperDaily = (140 + Math.round(random() * 10) * 10) * 100;
  const skipper = big
    ? { mode: "mandatory", dailyPriceCents: skipperDaily }
    : random() < 0.6
      ? { mode: "optional", dailyPriceCents: skipperDaily }
      : { mode: "none" };
  const title = `${typeNouns[model.type]} ${model.make} ${model.model} en ${port.city} · ${index + 1}`;
  return {
    type: model.type,
    title,
    description: {
      es: `${model.about.es} Con base en ${port.name} (${port.city}), lista para salir cada mañana.`,
      ...(random() < 0.8 && model.about.en ? { en: `${model.about.en} Based at ${port.name} (${port.city}), ready to leave every morning.` } : {}),
    },
    make: model.make,
    model: model.model,
    year: 2005 + Math.floor(random() * 20),
    lengthM: model.lengthM,
    capacity: model.capacity,
    cabins: model.cabins,
    berths: model.berths,
    enginePowerHp: model.enginePowerHp,
    fuel: model.fuel,
    equipment: model.equipment,
    homePort: { portSlug: port.slug },
    dayPriceCents: day * 100,
    ...(random() < 0.6 ? { halfDayPriceCents: Math.round(day * 0.65) * 100 } : {}),
    ...(random() < 0.5 && model.type !== "jetski" ? { weekPriceCents: day * 6 * 100 } : {}),
    depositCents: Math.round(day * (big ? 3 : 2)) * 100,
    skipper,
    licence: skipper.mode === "mandatory" ? "none" : model.licence,
    fuelPolicy: random() < 0.5 ? "included" : "not-included-return-full",
    instantBooking: random() < 0.4,
    cancellationPolicy: cancellationPolicies[Math.floor(random() * cancellationPolicies.length)],
    ...(model.type === "jetski" ? { hourPriceCents: Math.round(day / 2.5) * 100, minimumAge: 18, guidedWithoutLicence: random() < 0.7 } : {}),
  };
}

/** A small seeded pseudo-random generator, so bench data is the same on every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
