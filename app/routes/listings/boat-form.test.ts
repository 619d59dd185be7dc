import type { SubmissionResult } from "@conform-to/react";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotoPrefix } from "#app/.server/domain/listings";
import type { BoatListing } from "#app/.server/domain/listings";
import type { Services } from "#app/.server/services";
import { MAX_PHOTO_BYTES } from "#app/utils/photos";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest, settle, signInAs } from "#tests/test-services";
import { loader as draftsLoader } from "#app/routes/settings/drafts";
import { followNotice } from "#tests/notice";
import { action, loader } from "./boat-form";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const context = () => loadContext(services);
const MOTOR = "/boat/form/add-motor-boat";
const JETSKI = "/boat/form/add-moto-agua";

type Reply<T> = { data: T; init: ResponseInit | null };
type StepReply = Reply<{ intent: "step"; step: string; result: SubmissionResult<string[]> }>;
type UploadReply = Reply<{ intent: "upload"; result: SubmissionResult<string[]> | null; uploaded: number; message: string | null }>;
type PublishReply = Reply<{ intent: "publish"; missing: Array<{ key: string; href: string }>; message: string }>;

/** The demo owner's browser (complete lessor profile). */
function demoOwnerCookie() {
  return signInAs(services, "owner@amarre.test", "amarre-demo");
}

async function post(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  return settle(() => action({ request: formPost(path, fields, cookie), params: {}, context: context() }));
}

async function load(path: string, cookie?: string) {
  return settle(() => loader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: {}, context: context() }));
}

async function upload(path: string, cookie: string, files: Array<{ name: string; bytes: Uint8Array; type: string }>) {
  const body = new FormData();
  body.append("intent", "upload");
  for (const file of files) body.append("photos", new File([file.bytes.slice()], file.name, { type: file.type }));
  return settle(() => action({ request: authedRequest(path, cookie, { method: "POST", body }), params: {}, context: context() }));
}

async function drafts(cookie: string) {
  return (await draftsLoader({ request: authedRequest("/ajustes/recopilar-borrador-alquiler", cookie), params: {}, context: context() })) as Exclude<
    Awaited<ReturnType<typeof draftsLoader>>,
    Response
  >;
}

/** A boat listing as stored. */
async function stored(id: string) {
  return (await services.listings.get(id)) as BoatListing | null;
}

function location(response: unknown): string | null {
  expect(response).toBeInstanceOf(Response);
  return (response as Response).headers.get("Location");
}

const steps = {
  basics: {
    title: "Lancha Rinker 28 en Palma",
    "description.es": "Lancha cómoda para ocho personas, ideal para calas de Mallorca.",
    "description.en": "",
  },
  specs: {
    make: "Rinker",
    model: "Captiva 282",
    year: "2019",
    lengthM: "8,5",
    capacity: "8",
    cabins: "1",
    berths: "2",
    enginePowerHp: "300",
    fuel: "gasoline",
    equipment: ["gps", "bimini", "swim-ladder"],
  },
  location: { "homePort.portSlug": "club-de-mar-palma" },
  pricing: {
    dayPriceCents: "450,50",
    halfDayPriceCents: "280",
    weekPriceCents: "2.700",
    depositCents: "1.500",
    "skipper.mode": "optional",
    "skipper.dailyPriceCents": "150",
  },
  conditions: { licence: "per", fuelPolicy: "not-included-return-full", cancellationPolicy: "moderate", instantBooking: "on" },
};

/** A JPEG that `storePhoto` accepts (at least 200 px a side). */
async function jpeg(width = 400, height = 300) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 160 } } }).jpeg().toBuffer();
  return new Uint8Array(buffer);
}

/** Runs every data step of a new motor boat for `cookie`; returns the draft's id. */
async function completeAllSteps(cookie: string): Promise<string> {
  const first = await post(MOTOR, { ...steps.basics, intent: "next" }, cookie);
  const id = new URL(location(first)!, "http://localhost").searchParams.get("id")!;
  for (const step of ["specs", "location", "pricing", "conditions"] as const) {
    const response = await post(`${MOTOR}?id=${id}&step=${step}`, { ...steps[step], intent: "next" }, cookie);
    expect(response, step).toBeInstanceOf(Response);
  }
  return id;
}

describe("the boat form", () => {
  it("sends anonymous visitors to sign in, with the path in `redirect`", async () => {
    const viaLoader = (await load(`${MOTOR}?id=abc&step=specs`)) as Response;
    expect(viaLoader.status).toBe(302);
    expect(viaLoader.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent(`${MOTOR}?id=abc&step=specs`)}`);
    const viaAction = (await post(`/en${MOTOR}`, steps.basics)) as Response;
    expect(viaAction.status).toBe(302);
    expect(viaAction.headers.get("Location")).toBe(`/en/login?redirect=${encodeURIComponent(`/en${MOTOR}`)}`);
  });

  it("answers an empty first step with 400 and translated messages, and creates no draft", async () => {
    const person = await createTestUser(services);
    const spanish = (await post(MOTOR, { title: "", "description.es": "", intent: "next" }, person.cookie)) as StepReply;
    expect(spanish.init?.status).toBe(400);
    expect(spanish.data.result.error).toEqual({
      title: ["Requerido"],
      description: ["Escribe la descripción al menos en un idioma"],
    });
    const english = (await post(`/en${MOTOR}`, {}, person.cookie)) as StepReply;
    expect(english.init?.status).toBe(400);
    expect(english.data.result.error).toEqual({ title: ["Required"], description: ["Write the description in at least one language"] });
    expect(await services.listings.drafts(person.uid)).toEqual([]);
  });

  it("saves each step and redirects to the next; the type comes from the path", async () => {
    const person = await createTestUser(services);
    const first = await post(MOTOR, { ...steps.basics, type: "sail", intent: "next" }, person.cookie);
    const next = new URL(location(first)!, "http://localhost");
    expect(next.pathname).toBe(MOTOR);
    expect(next.searchParams.get("step")).toBe("specs");
    const id = next.searchParams.get("id")!;
    const draft = await services.listings.get(id);
    expect(draft).toMatchObject({ kind: "boat", status: "draft", ownerUid: person.uid });
    expect(draft?.data).toEqual({
      type: "motor",
      title: "Lancha Rinker 28 en Palma",
      description: { es: "Lancha cómoda para ocho personas, ideal para calas de Mallorca." },
    });

    const expected = ["location", "pricing", "conditions", "photos"];
    for (const [index, step] of (["specs", "location", "pricing", "conditions"] as const).entries()) {
      const response = await post(`${MOTOR}?id=${id}&step=${step}`, { ...steps[step], intent: "next" }, person.cookie);
      expect(location(response)).toBe(`${MOTOR}?id=${id}&step=${expected[index]}`);
    }
    const saved = await services.listings.get(id);
    expect(saved?.data).toMatchObject({
      lengthM: 8.5,
      equipment: ["gps", "bimini", "swim-ladder"],
      homePort: { portSlug: "club-de-mar-palma" },
      dayPriceCents: 45050,
      halfDayPriceCents: 28000,
      weekPriceCents: 270000,
      depositCents: 150000,
      skipper: { mode: "optional", dailyPriceCents: 15000 },
      licence: "per",
      instantBooking: true,
    });
    expect(saved?.portSlug).toBe("club-de-mar-palma");
  });

  it("answers every empty step with 400 and field messages, in Spanish and English", async () => {
    const person = await createTestUser(services);
    const id = new URL(location(await post(MOTOR, steps.basics, person.cookie))!, "http://localhost").searchParams.get("id")!;
    const empty = async (step: string, prefix = "") => (await post(`${prefix}${MOTOR}?id=${id}&step=${step}`, { intent: "next" }, person.cookie)) as StepReply;

    const specs = await empty("specs");
    expect(specs.init?.status).toBe(400);
    expect(specs.data.result.error).toEqual({
      make: ["Requerido"],
      model: ["Requerido"],
      year: ["Requerido"],
      lengthM: ["Requerido"],
      capacity: ["Requerido"],
      cabins: ["Requerido"],
      berths: ["Requerido"],
      enginePowerHp: ["Requerido"],
      fuel: ["Requerido"],
    });
    expect((await empty("specs", "/en")).data.result.error?.make).toEqual(["Required"]);

    const place = await empty("location");
    expect(place.init?.status).toBe(400);
    expect(place.data.result.error).toEqual({ "homePort.portSlug": ["Elige un puerto o indica la ciudad y sus coordenadas"] });
    expect((await empty("location", "/en")).data.result.error).toEqual({ "homePort.portSlug": ["Choose a port or give the city and its coordinates"] });

    const pricing = await empty("pricing");
    expect(pricing.init?.status).toBe(400);
    expect(pricing.data.result.error).toMatchObject({
      dayPriceCents: ["Requerido"],
      depositCents: ["Requerido"],
      "skipper.mode": ["Elige una de las opciones"],
    });
    expect((await empty("pricing", "/en")).data.result.error).toMatchObject({ "skipper.mode": ["Choose one of the options"] });

    const conditions = await empty("conditions");
    expect(conditions.init?.status).toBe(400);
    expect(conditions.data.result.error).toEqual({ licence: ["Requerido"], fuelPolicy: ["Requerido"], cancellationPolicy: ["Requerido"] });

    // Nothing already saved was lost.
    expect((await stored(id))?.data.title).toBe(steps.basics.title);
  });

  it("refuses malformed values with 400 and keeps what was saved", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const before = await services.listings.get(id);

    const specs = (await post(`${MOTOR}?id=${id}&step=specs`, { ...steps.specs, year: "1700", capacity: "ocho", lengthM: "8,5,1" }, person.cookie)) as StepReply;
    expect(specs.init?.status).toBe(400);
    expect(specs.data.result.error).toEqual({
      year: ["El número debe ser mayor o igual a 1950"],
      capacity: ["Escribe un número"],
      lengthM: ["Escribe un número"],
    });
    // What was typed comes back to the form, so nothing typed is lost either.
    expect(specs.data.result.initialValue).toMatchObject({ year: "1700", capacity: "ocho", make: "Rinker" });

    const pricing = (await post(`${MOTOR}?id=${id}&step=pricing`, { ...steps.pricing, dayPriceCents: "-50", depositCents: "mucho" }, person.cookie)) as StepReply;
    expect(pricing.init?.status).toBe(400);
    expect(pricing.data.result.error).toEqual({
      dayPriceCents: ["Introduce un importe entre 10 € y 100000 €"],
      depositCents: ["Escribe un importe en euros, por ejemplo 120 o 120,50"],
    });
    const english = (await post(`/en${MOTOR}?id=${id}&step=pricing`, { ...steps.pricing, halfDayPriceCents: "500" }, person.cookie)) as StepReply;
    expect(english.data.result.error).toEqual({ halfDayPriceCents: ["The half-day price must be lower than the day price"] });

    const place = (await post(`${MOTOR}?id=${id}&step=location`, { "homePort.portSlug": "puerto-que-no-existe" }, person.cookie)) as StepReply;
    expect(place.init?.status).toBe(400);
    expect(place.data.result.error).toEqual({ "homePort.portSlug": ["Ese puerto no está en Amarre: elige uno de la lista"] });

    expect((await services.listings.get(id))?.data).toEqual(before?.data);
  });

  it("answers garbage with 400 (415 for JSON), never a server error", async () => {
    const person = await createTestUser(services);
    const id = new URL(location(await post(MOTOR, steps.basics, person.cookie))!, "http://localhost").searchParams.get("id")!;
    const json = await settle(() =>
      action({
        request: authedRequest(`${MOTOR}?id=${id}&step=specs`, person.cookie, { method: "POST", body: JSON.stringify({ make: "x" }), headers: { "Content-Type": "application/json" } }),
        params: {},
        context: context(),
      }),
    );
    // a body no form sends: 415, in the page's language
    expect(json).toMatchObject({ init: { status: 415 }, data: { message: expect.stringContaining("formulario web") } });
    expect(await post(`${MOTOR}?id=${id}&step=photos`, { intent: "next" }, person.cookie)).toMatchObject({ init: { status: 400 } });
    expect(await post(`${MOTOR}?id=${id}&step=specs`, { intent: "drop-table" }, person.cookie)).toMatchObject({ init: { status: 400 } });
    const shapes = (await post(`${MOTOR}?id=${id}&step=basics`, { title: "Un título correcto", description: "no es un objeto", "title.x": "y" }, person.cookie)) as StepReply;
    expect(shapes.init?.status).toBe(400);
    const odd = (await post(`${MOTOR}?id=${id}&step=pricing`, { ...steps.pricing, "skipper.mode": "pirate", dayPriceCents: "12.345,678" }, person.cookie)) as StepReply;
    expect(odd.init?.status).toBe(400);
    expect(odd.data.result.error).toEqual({ "skipper.mode": ["Elige una de las opciones"], dayPriceCents: ["Escribe un importe en euros, por ejemplo 120 o 120,50"] });
    const equipment = (await post(`${MOTOR}?id=${id}&step=specs`, { ...steps.specs, equipment: ["gps", "submarine"] }, person.cookie)) as StepReply;
    expect(equipment.data.result.error).toEqual({ "equipment[1]": ["Elige una de las opciones"] });
    expect((await stored(id))?.data.title).toBe(steps.basics.title);
  });

  it("accepts a city with coordinates instead of a port, with decimal commas", async () => {
    const person = await createTestUser(services);
    const id = new URL(location(await post(MOTOR, steps.basics, person.cookie))!, "http://localhost").searchParams.get("id")!;
    const response = await post(`${MOTOR}?id=${id}&step=location`, { "homePort.portSlug": "", "homePort.city": "Cala Ratjada", "homePort.lat": "39,7125", "homePort.lng": "3,4631" }, person.cookie);
    expect(location(response)).toBe(`${MOTOR}?id=${id}&step=pricing`);
    const saved = await stored(id);
    expect(saved?.data.homePort).toEqual({ city: "Cala Ratjada", lat: 39.7125, lng: 3.4631 });
    expect(saved?.placeKey).toBe("city:cala-ratjada");
  });

  it("asks water scooters for their own fields", async () => {
    const person = await createTestUser(services);
    const id = new URL(location(await post(JETSKI, { ...steps.basics, title: "Sea-Doo Spark en Ibiza" }, person.cookie))!, "http://localhost").searchParams.get("id")!;
    const pricing = (await post(`${JETSKI}?id=${id}&step=pricing`, steps.pricing, person.cookie)) as StepReply;
    expect(pricing.data.result.error).toEqual({ hourPriceCents: ["Requerido"] });
    expect(location(await post(`${JETSKI}?id=${id}&step=pricing`, { ...steps.pricing, hourPriceCents: "65" }, person.cookie))).toBe(`${JETSKI}?id=${id}&step=conditions`);
    const conditions = (await post(`${JETSKI}?id=${id}&step=conditions`, steps.conditions, person.cookie)) as StepReply;
    expect(conditions.data.result.error).toEqual({ minimumAge: ["Requerido"] });
    // The motor form does not edit a water scooter: it sends to the scooter's own form.
    const elsewhere = (await load(`${MOTOR}?id=${id}&step=pricing`, person.cookie)) as Response;
    expect(elsewhere.headers.get("Location")).toBe(`${JETSKI}?id=${id}&step=pricing`);
  });

  it("resumes a draft: the saved values as the form shows them, at the step asked or the first open one", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const pricing = (await load(`${MOTOR}?id=${id}&step=pricing`, person.cookie)) as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
    expect(pricing.step).toBe("pricing");
    expect(pricing.defaults).toEqual({
      dayPriceCents: "450,50",
      halfDayPriceCents: "280",
      weekPriceCents: "2700",
      depositCents: "1500",
      skipper: { mode: "optional", dailyPriceCents: "150" },
    });
    expect(pricing.steps).toEqual([
      { step: "basics", done: true },
      { step: "specs", done: true },
      { step: "location", done: true },
      { step: "pricing", done: true },
      { step: "conditions", done: true },
      { step: "photos", done: false },
      { step: "review", done: false },
    ]);
    const english = (await load(`/en${MOTOR}?id=${id}&step=pricing`, person.cookie)) as typeof pricing;
    expect(english.defaults.dayPriceCents).toBe("450.50");
    const resumed = (await load(`${MOTOR}?id=${id}`, person.cookie)) as typeof pricing;
    expect(resumed.step).toBe("photos");
    const specs = (await load(`${MOTOR}?id=${id}&step=specs`, person.cookie)) as typeof pricing;
    expect(specs.defaults).toMatchObject({ make: "Rinker", year: 2019, lengthM: "8,5", equipment: ["gps", "bimini", "swim-ladder"] });
  });

  it("answers another person's listing id with 404, on the loader and the action", async () => {
    const owner = await createTestUser(services);
    const other = await createTestUser(services);
    const id = new URL(location(await post(MOTOR, steps.basics, owner.cookie))!, "http://localhost").searchParams.get("id")!;
    const viaLoader = (await load(`${MOTOR}?id=${id}&step=specs`, other.cookie)) as unknown as Reply<unknown>;
    expect(viaLoader.init?.status).toBe(404);
    const viaAction = (await post(`${MOTOR}?id=${id}&step=basics`, { ...steps.basics, title: "Robado por otra persona" }, other.cookie)) as unknown as Reply<unknown>;
    expect(viaAction.init?.status).toBe(404);
    const viaUpload = (await upload(`${MOTOR}?id=${id}&step=photos`, other.cookie, [{ name: "a.jpg", bytes: await jpeg(), type: "image/jpeg" }])) as unknown as Reply<unknown>;
    expect(viaUpload.init?.status).toBe(404);
    const viaPublish = (await post(`${MOTOR}?id=${id}&step=review`, { intent: "publish" }, other.cookie)) as unknown as Reply<unknown>;
    expect(viaPublish.init?.status).toBe(404);
    expect((await load(`${MOTOR}?id=no-such-listing`, owner.cookie)) as unknown as Reply<unknown>).toMatchObject({ init: { status: 404 } });
    expect((await stored(id))?.data.title).toBe(steps.basics.title);
  });
});

describe("the photos step", () => {
  it("takes a photo whatever its file name (a=b.jpg, a;b.jpg)", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const path = `${MOTOR}?id=${id}&step=photos`;
    for (const name of ["a=b.jpg", "x;y=1.jpg"]) {
      const accepted = await upload(path, person.cookie, [{ name, bytes: await jpeg(), type: "image/jpeg" }]);
      expect(location(accepted), name).toBe(`${path}&uploaded=1`);
    }
    expect((await services.listings.get(id))!.photos).toHaveLength(2);
  });

  it("stores a JPEG, refuses a text file and an oversized file by name, and keeps the photos already there", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const path = `${MOTOR}?id=${id}&step=photos`;

    const accepted = await upload(path, person.cookie, [{ name: "barco.jpg", bytes: await jpeg(), type: "image/jpeg" }]);
    expect(location(accepted)).toBe(`${path}&uploaded=1`);
    const [photo] = (await services.listings.get(id))!.photos;
    expect(photo).toMatchObject({ width: 400, height: 300, widths: [320, 400] });
    expect(await services.blobs.exists(`photos/${listingPhotoPrefix({ kind: "boat", id })}/${photo.id}/400.webp`)).toBe(true);

    const text = (await upload(path, person.cookie, [{ name: "notas.jpg", bytes: new TextEncoder().encode("esto no es una foto"), type: "image/jpeg" }])) as UploadReply;
    expect(text.init?.status).toBe(400);
    expect(text.data.result?.error).toEqual({ photos: ["«notas.jpg» no es una foto JPEG, PNG o WebP"] });
    expect(text.data.uploaded).toBe(0);

    const huge = new Uint8Array(MAX_PHOTO_BYTES + 2);
    huge.set([0xff, 0xd8, 0xff]);
    const oversized = (await upload(`/en${path}`, person.cookie, [{ name: "enorme.jpg", bytes: huge, type: "image/jpeg" }])) as UploadReply;
    expect(oversized.init?.status).toBe(400);
    expect(oversized.data.result?.error).toEqual({ photos: ["“enorme.jpg” is larger than 10 MB"] });

    // A refused file in a batch does not stop the good ones.
    const mixed = (await upload(path, person.cookie, [
      { name: "proa.jpg", bytes: await jpeg(500, 400), type: "image/jpeg" },
      { name: "plano.pdf", bytes: new TextEncoder().encode("%PDF-1.4"), type: "application/pdf" },
    ])) as UploadReply;
    expect(mixed.init?.status).toBe(400);
    expect(mixed.data.uploaded).toBe(1);
    expect(mixed.data.result?.error).toEqual({ photos: ["«plano.pdf» no es una foto JPEG, PNG o WebP"] });

    const photos = (await services.listings.get(id))!.photos;
    expect(photos.map((p) => p.width)).toEqual([400, 500]);
    expect(photos[0].id).toBe(photo.id);

    const nothing = (await upload(path, person.cookie, [])) as UploadReply;
    expect(nothing.init?.status).toBe(400);
    expect(nothing.data.result?.error).toEqual({ photos: ["Elige al menos una foto"] });
  });

  it("reorders, chooses the cover and deletes photos (and their files)", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const path = `${MOTOR}?id=${id}&step=photos`;
    await upload(path, person.cookie, [
      { name: "uno.jpg", bytes: await jpeg(400, 300), type: "image/jpeg" },
      { name: "dos.jpg", bytes: await jpeg(420, 300), type: "image/jpeg" },
      { name: "tres.jpg", bytes: await jpeg(440, 300), type: "image/jpeg" },
    ]);
    const ids = async () => (await services.listings.get(id))!.photos.map((p) => p.width);
    expect(await ids()).toEqual([400, 420, 440]);

    const [first, second, third] = (await services.listings.get(id))!.photos;
    expect(location(await post(path, { intent: "move", photoId: first.id, direction: "down" }, person.cookie))).toBe(path);
    expect(await ids()).toEqual([420, 400, 440]);
    await post(path, { intent: "move", photoId: second.id, direction: "up" }, person.cookie); // already first: nothing moves
    expect(await ids()).toEqual([420, 400, 440]);
    await post(path, { intent: "cover", photoId: third.id }, person.cookie);
    expect(await ids()).toEqual([440, 420, 400]);

    const key = `photos/${listingPhotoPrefix({ kind: "boat", id })}/${second.id}/420.webp`;
    expect(await services.blobs.exists(key)).toBe(true);
    await post(path, { intent: "delete", photoId: second.id }, person.cookie);
    expect(await ids()).toEqual([440, 400]);
    expect(await services.blobs.exists(key)).toBe(false);

    const view = (await load(path, person.cookie)) as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
    expect(view.photos.map((p) => p.id)).toEqual([third.id, first.id]);
    expect(view.photos[0].srcSet).toContain(`/photos/${listingPhotoPrefix({ kind: "boat", id })}/${third.id}/320.webp 320w`);
  });
});

describe("the form's intents go through the body gate and one schema each", () => {
  it("refuses a body no form sends (400), an unknown button and bad photo fields with translated messages, changing nothing", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const path = `${MOTOR}?id=${id}&step=photos`;
    await upload(path, person.cookie, [
      { name: "uno.jpg", bytes: await jpeg(400, 300), type: "image/jpeg" },
      { name: "dos.jpg", bytes: await jpeg(420, 300), type: "image/jpeg" },
    ]);
    const before = (await stored(id))!.photos.map((p) => p.id);
    const utf8 = await settle(() =>
      action({ request: authedRequest(path, person.cookie, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new Uint8Array([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xc3, 0x28]) }), params: {}, context: context() }),
    );
    expect(utf8).toMatchObject({ init: { status: 400 }, data: { message: expect.stringContaining("No hemos podido leer") } });
    // A move without its direction, a photo id no listing has the shape of: the photos step's message.
    for (const fields of [{ intent: "move", photoId: before[0] }, { intent: "delete", photoId: "../x" }]) {
      const reply = (await post(`/en${path}`, fields, person.cookie)) as Reply<{ intent: string; message: string }>;
      expect(reply.init?.status).toBe(400);
      expect(reply.data).toMatchObject({ intent: "photo", message: "We did not understand the form. Reload the page and try again." });
    }
    const unknown = (await post(`/fr${MOTOR}?id=${id}&step=specs`, { ...steps.specs, intent: "drop-table" }, person.cookie)) as StepReply;
    expect(unknown.init?.status).toBe(400);
    const understood = ["Nous n’avons pas compris le formulaire. Rechargez la page et réessayez."];
    expect(unknown.data.result.error).toEqual({ "": understood, intent: understood });
    // An upload without its intent stores nothing.
    const body = new FormData();
    body.append("photos", new File([(await jpeg()).slice()], "tres.jpg", { type: "image/jpeg" }));
    const noIntent = (await settle(() => action({ request: authedRequest(path, person.cookie, { method: "POST", body }), params: {}, context: context() }))) as UploadReply;
    expect(noIntent.init?.status).toBe(400);
    expect(noIntent.data.message).toBe("No hemos entendido el formulario. Recarga la página e inténtalo de nuevo.");
    expect((await stored(id))!.photos.map((p) => p.id)).toEqual(before);
    expect((await stored(id))!.data.make).toBe(steps.specs.make);
  });
});

describe("review and publish", () => {
  it("refuses to publish for an owner without lessor profile, listing what is missing", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const path = `${MOTOR}?id=${id}&step=review`;
    const early = (await post(path, { intent: "publish" }, person.cookie)) as PublishReply;
    expect(early.init?.status).toBe(400);
    expect(early.data.missing).toEqual([
      { key: "photos", href: `${MOTOR}?id=${id}&step=photos` },
      { key: "lessorProfile", href: "/ajustes/completar-perfil-arrendador" },
    ]);
    expect(early.data.message).toBe("Todavía no se puede publicar: completa lo que falta.");

    await upload(`${MOTOR}?id=${id}&step=photos`, person.cookie, [{ name: "barco.jpg", bytes: await jpeg(), type: "image/jpeg" }]);
    const review = (await load(path, person.cookie)) as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
    expect(review.review?.missing).toEqual([{ key: "lessorProfile", href: "/ajustes/completar-perfil-arrendador" }]);
    const refused = (await post(`/en${path}`, { intent: "publish" }, person.cookie)) as PublishReply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.missing.map((item) => item.key)).toEqual(["lessorProfile"]);
    expect(refused.data.message).toBe("It cannot be published yet: complete what is missing.");
    expect((await services.listings.get(id))?.status).toBe("draft");

    // A draft missing a step links to that step.
    const partial = new URL(location(await post(MOTOR, steps.basics, person.cookie))!, "http://localhost").searchParams.get("id")!;
    const missing = (await post(`${MOTOR}?id=${partial}&step=review`, { intent: "publish" }, person.cookie)) as PublishReply;
    expect(missing.data.missing).toContainEqual({ key: "make", href: `${MOTOR}?id=${partial}&step=specs` });
    expect(missing.data.missing).toContainEqual({ key: "homePort", href: `${MOTOR}?id=${partial}&step=location` });
  });

  it("publishes the demo owner's boat after every step and one photo, then edits it with the same form", async () => {
    const owner = await demoOwnerCookie();
    const id = await completeAllSteps(owner.cookie);
    await upload(`${MOTOR}?id=${id}&step=photos`, owner.cookie, [{ name: "barco.jpg", bytes: await jpeg(), type: "image/jpeg" }]);
    const review = (await load(`${MOTOR}?id=${id}&step=review`, owner.cookie)) as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
    expect(review.review?.missing).toEqual([]);
    expect(review.review?.summary).toMatchObject({ title: steps.basics.title, place: "Club de Mar", price: { cents: 45050, unit: "day" } });

    const published = await post(`${MOTOR}?id=${id}&step=review`, { intent: "publish" }, owner.cookie);
    expect(location(published)).toBe(`/ajustes/mis-barcos#listing-${id}`);
    expect((await followNotice(services, published as Response, owner.cookie)).notice).toMatchObject({ key: "listing-form:myListings.notices.published", text: `«${steps.basics.title}» está publicado.` });
    const listing = await services.listings.get(id);
    expect(listing?.status).toBe("published");
    expect(listing?.publishedAt).not.toBeNull();

    // Editing a published listing: same routes with ?id=; it stays published.
    const edited = await post(`${MOTOR}?id=${id}&step=basics`, { ...steps.basics, title: "Lancha Rinker 28 con patrón en Palma", intent: "save-exit" }, owner.cookie);
    expect(location(edited)).toBe(`/ajustes/mis-barcos#listing-${id}`);
    expect((await followNotice(services, edited as Response, owner.cookie)).notice).toMatchObject({ text: "Cambios guardados en «Lancha Rinker 28 con patrón en Palma»." });
    expect(await services.listings.get(id)).toMatchObject({ status: "published", data: { title: "Lancha Rinker 28 con patrón en Palma" } });
    const again = (await post(`${MOTOR}?id=${id}&step=review`, { intent: "publish" }, owner.cookie)) as PublishReply;
    expect(again.init?.status).toBe(400);
    expect(again.data.message).toBe("Este anuncio ya está publicado o en pausa.");
    // A published listing keeps at least one photo.
    const [photo] = (await services.listings.get(id))!.photos;
    const keep = (await post(`${MOTOR}?id=${id}&step=photos`, { intent: "delete", photoId: photo.id }, owner.cookie)) as UploadReply;
    expect(keep.init?.status).toBe(400);
    expect(keep.data.message).toBe("Un anuncio publicado necesita al menos una foto: sube otra antes de eliminar esta.");
  });

  it("'save and exit' on a draft goes to the drafts page", async () => {
    const person = await createTestUser(services);
    const response = await post(`/fr${MOTOR}`, { ...steps.basics, intent: "save-exit" }, person.cookie);
    const target = new URL(location(response)!, "http://localhost");
    expect(target.pathname).toBe("/fr/ajustes/recopilar-borrador-alquiler");
    expect(target.search).toBe("");
    const [draft] = await services.listings.drafts(person.uid);
    expect(target.hash).toBe(`#listing-${draft.id}`);
    expect((await followNotice(services, response as Response, person.cookie)).notice).toMatchObject({ key: "listing-form:drafts.saved" });
  });

  it("'save and exit' on an empty step leaves without errors and keeps the draft as it was", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const before = await stored(id);
    const empty = { make: "", model: "", year: "", lengthM: "", capacity: "", cabins: "", berths: "", enginePowerHp: "", fuel: "" };
    const response = await post(`${MOTOR}?id=${id}&step=specs`, { ...empty, intent: "save-exit" }, person.cookie);
    expect(location(response)).toBe(`/ajustes/recopilar-borrador-alquiler#listing-${id}`);
    expect((await stored(id))?.data).toEqual(before?.data);
  });

  it("'save and exit' on a new, empty form creates no draft", async () => {
    const person = await createTestUser(services);
    const response = await post(`/de${MOTOR}`, { title: "", "description.es": "", intent: "save-exit" }, person.cookie);
    expect(location(response)).toBe("/de/ajustes/recopilar-borrador-alquiler");
    expect(await services.listings.drafts(person.uid)).toEqual([]);
  });

  it("'save and exit' on a partly valid step keeps the valid fields and the previous values of the others", async () => {
    const person = await createTestUser(services);
    const first = await post(MOTOR, { title: "Lan", "description.es": "Una lancha para calas tranquilas.", intent: "save-exit" }, person.cookie);
    const id = new URL(location(first)!, "http://localhost").hash.slice("#listing-".length);
    expect((await services.listings.drafts(person.uid)).map((draft) => draft.id)).toEqual([id]);
    // The title is too short: left out; the description is kept.
    expect((await stored(id))?.data).toEqual({ type: "motor", description: { es: "Una lancha para calas tranquilas." } });

    const specs = { ...steps.specs, year: "1700", lengthM: "ocho", fuel: "", capacity: "6" };
    const response = await post(`${MOTOR}?id=${id}&step=specs`, { ...specs, intent: "save-exit" }, person.cookie);
    expect(location(response)).toBe(`/ajustes/recopilar-borrador-alquiler#listing-${id}`);
    const saved = (await stored(id))!.data;
    expect(saved).toMatchObject({ make: "Rinker", model: "Captiva 282", capacity: 6, cabins: 1, berths: 2, enginePowerHp: 300 });
    expect(saved).not.toHaveProperty("year");
    expect(saved).not.toHaveProperty("lengthM");
    expect(saved).not.toHaveProperty("fuel");

    // A later save and exit with a valid year keeps the make typed before and the valid values.
    await post(`${MOTOR}?id=${id}&step=specs`, { make: "", year: "2019", intent: "save-exit" }, person.cookie);
    expect((await stored(id))!.data).toMatchObject({ make: "Rinker", year: 2019, capacity: 6 });

    // Pricing: a half-day price above the day price breaks a rule between fields; that one is dropped.
    await post(`${MOTOR}?id=${id}&step=pricing`, { dayPriceCents: "300", halfDayPriceCents: "400", depositCents: "x", "skipper.mode": "none", intent: "save-exit" }, person.cookie);
    const priced = (await stored(id))!.data;
    expect(priced).toMatchObject({ dayPriceCents: 30000, skipper: { mode: "none" } });
    expect(priced).not.toHaveProperty("halfDayPriceCents");
    expect(priced).not.toHaveProperty("depositCents");
  });

  it("'save and exit' on a published listing keeps it complete: an emptied required field keeps its value", async () => {
    const owner = await demoOwnerCookie();
    const id = await completeAllSteps(owner.cookie);
    await upload(`${MOTOR}?id=${id}&step=photos`, owner.cookie, [{ name: "barco.jpg", bytes: await jpeg(), type: "image/jpeg" }]);
    await post(`${MOTOR}?id=${id}&step=review`, { intent: "publish" }, owner.cookie);
    const response = await post(`${MOTOR}?id=${id}&step=basics`, { title: "", "description.es": "Otra descripción de la lancha.", intent: "save-exit" }, owner.cookie);
    expect(location(response)).toBe(`/ajustes/mis-barcos#listing-${id}`);
    expect(await stored(id)).toMatchObject({ status: "published", data: { title: steps.basics.title, description: { es: "Otra descripción de la lancha." } } });
  });

  it("counts the same steps in the form and on the drafts page", async () => {
    const person = await createTestUser(services);
    const id = await completeAllSteps(person.cookie);
    const form = (await load(`${MOTOR}?id=${id}`, person.cookie)) as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
    expect(form.steps).toHaveLength(7);
    const [draft] = (await drafts(person.cookie)).drafts;
    expect(draft.progress).toEqual({ done: form.steps.filter((step) => step.done).length, total: form.steps.length });
  });
});
