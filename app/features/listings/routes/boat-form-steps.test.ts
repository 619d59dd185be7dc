/**
 * The boat form (boat-form.tsx), its data steps: sign-in, saving each step, field messages in
 * two languages, bad input, water scooters, resuming a draft, other people's listings.
 */
import { describe, expect, it } from "vitest";
import { authedRequest, createTestUser, settle } from "#tests/test-services";
import { action, loader } from "./boat-form";
import {
  completeAllSteps,
  context,
  JETSKI,
  jpeg,
  load,
  location,
  MOTOR,
  post,
  type Reply,
  services,
  type StepReply,
  steps,
  stored,
  upload,
  withTestServices,
} from "./boat-form.test-helpers";

withTestServices();

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
    // No cabins or berths on a scooter: what is sent of them is not kept, and its specs step does not ask them.
    expect(location(await post(`${JETSKI}?id=${id}&step=specs`, steps.specs, person.cookie))).toBe(`${JETSKI}?id=${id}&step=location`);
    const specs = (await load(`${JETSKI}?id=${id}&step=specs`, person.cookie)) as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
    expect(Object.keys(specs.defaults)).toEqual(["make", "model", "year", "lengthM", "capacity", "enginePowerHp", "fuel", "equipment"]);
    expect((await stored(id))!.data).toMatchObject({ make: "Rinker", equipment: ["gps"] });
    expect((await stored(id))!.data).not.toHaveProperty("cabins");
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
