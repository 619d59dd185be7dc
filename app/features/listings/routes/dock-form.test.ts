import type { SubmissionResult } from "@conform-to/react";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest, settle, signInAs } from "#tests/test-services";
import { followNotice } from "#tests/notice";
import { action, loader } from "./dock-form";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const context = () => loadContext(services);
const RENT = "/dock/form/add-dock-rent";
const SALE = "/dock/form/add-dock-buy";

type StepReply = { data: { intent: "step"; step: string; result: SubmissionResult<string[]> }; init: ResponseInit | null };
type LoaderData = Exclude<Awaited<ReturnType<typeof loader>>, Response>;

function demoOwnerCookie() {
  return signInAs(services, "owner@amarre.test", "amarre-demo");
}

async function post(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  return settle(() => action({ request: formPost(path, fields, cookie), params: {}, context: context() }));
}

async function load(path: string, cookie?: string) {
  return settle(() => loader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: {}, context: context() }));
}

function location(response: unknown): string | null {
  expect(response).toBeInstanceOf(Response);
  return (response as Response).headers.get("Location");
}

const basics = {
  portSlug: "puerto-mahon",
  berthNumber: "B-27",
  "description.es": "Amarre en pantalán con agua y luz, a cinco minutos del centro de Mahón.",
  "description.en": "Pontoon berth with water and power, five minutes from the centre of Mahón.",
};
const features = {
  berthType: "pontoon",
  maxLengthM: "12",
  maxBeamM: "4,2",
  depthM: "3,5",
  "services.water": "on",
  "services.electricity": "on",
  "services.electricityAmps": "32",
  "services.showers": "on",
};

describe("the dock form, for rent, end to end", () => {
  it("sends anonymous visitors to sign in", async () => {
    const response = (await load(RENT)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent(RENT)}`);
  });

  it("lists a berth for rent through every step and publishes it for the demo owner", async () => {
    const owner = await demoOwnerCookie();
    const draftsBefore = (await services.listings.drafts(owner.uid)).length;

    // Basics: empty, then a port that does not exist (no draft is left behind), then good.
    const empty = (await post(RENT, { intent: "next" }, owner.cookie)) as StepReply;
    expect(empty.init?.status).toBe(400);
    expect(empty.data.result.error).toEqual({ portSlug: ["Requerido"], description: ["Escribe la descripción al menos en un idioma"] });
    const unknown = (await post(RENT, { ...basics, portSlug: "puerto-fantasma" }, owner.cookie)) as StepReply;
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.result.error).toEqual({ portSlug: ["Ese puerto no está en Amarre: elige uno de la lista"] });
    expect(await services.listings.drafts(owner.uid)).toHaveLength(draftsBefore);

    const first = new URL(location(await post(RENT, { ...basics, kind: "sale", intent: "next" }, owner.cookie))!, "http://localhost");
    expect(first.searchParams.get("step")).toBe("features");
    const id = first.searchParams.get("id")!;
    expect(await services.listings.get(id)).toMatchObject({ kind: "dock", status: "draft", data: { kind: "rent", portSlug: "puerto-mahon", berthNumber: "B-27" } });

    // Features: empty, electricity without its amps, then good.
    const noFeatures = (await post(`${RENT}?id=${id}&step=features`, {}, owner.cookie)) as StepReply;
    expect(noFeatures.init?.status).toBe(400);
    expect(noFeatures.data.result.error).toEqual({ berthType: ["Requerido"], maxLengthM: ["Requerido"], maxBeamM: ["Requerido"], depthM: ["Requerido"] });
    const noAmps = (await post(`/de${RENT}?id=${id}&step=features`, { ...features, "services.electricityAmps": "" }, owner.cookie)) as StepReply;
    expect(noAmps.init?.status).toBe(400);
    expect(noAmps.data.result.error).toEqual({ "services.electricityAmps": ["Geben Sie die Stromstärke des Stromanschlusses an"] });
    expect(location(await post(`${RENT}?id=${id}&step=features`, features, owner.cookie))).toBe(`${RENT}?id=${id}&step=pricing`);

    // Pricing: a rent needs a daily or monthly price and a start date; the end cannot come first.
    const noPrice = (await post(`${RENT}?id=${id}&step=pricing`, {}, owner.cookie)) as StepReply;
    expect(noPrice.init?.status).toBe(400);
    // Every message at once: the missing price is not held back until the date is given.
    expect(noPrice.data.result.error).toEqual({ availableFrom: ["Requerido"], dailyPriceCents: ["Indica un precio por día, por mes o ambos"] });
    const dateOnly = (await post(`${RENT}?id=${id}&step=pricing`, { availableFrom: "2026-06-01" }, owner.cookie)) as StepReply;
    expect(dateOnly.data.result.error).toEqual({ dailyPriceCents: ["Indica un precio por día, por mes o ambos"] });
    const backwards = (await post(`${RENT}?id=${id}&step=pricing`, { monthlyPriceCents: "850", availableFrom: "2026-06-01", availableTo: "2026-05-01" }, owner.cookie)) as StepReply;
    expect(backwards.data.result.error).toEqual({ availableTo: ["La fecha de fin de disponibilidad no puede ser anterior a la de inicio"] });
    const negative = (await post(`${RENT}?id=${id}&step=pricing`, { dailyPriceCents: "-3", availableFrom: "2026-06-01" }, owner.cookie)) as StepReply;
    expect(negative.data.result.error).toEqual({ dailyPriceCents: ["Introduce un importe entre 5 € y 10000 €"] });
    expect(location(await post(`${RENT}?id=${id}&step=pricing`, { dailyPriceCents: "45", monthlyPriceCents: "850,00", availableFrom: "2026-06-01", availableTo: "2026-09-30" }, owner.cookie))).toBe(
      `${RENT}?id=${id}&step=photos`,
    );

    // Photos, then the review has nothing missing.
    const photo = new Uint8Array(await sharp({ create: { width: 600, height: 400, channels: 3, background: "#0a4d8c" } }).png().toBuffer());
    const body = new FormData();
    body.append("intent", "upload");
    body.append("photos", new File([photo], "pantalan.png", { type: "image/png" }));
    const uploaded = await settle(() => action({ request: authedRequest(`${RENT}?id=${id}&step=photos`, owner.cookie, { method: "POST", body }), params: {}, context: context() }));
    expect(location(uploaded)).toBe(`${RENT}?id=${id}&step=photos&uploaded=1`);

    const review = (await load(`${RENT}?id=${id}&step=review`, owner.cookie)) as LoaderData;
    expect(review.review?.missing).toEqual([]);
    // Named as its public pages name it: type, port and number.
    expect(review.review?.summary).toMatchObject({ title: "Amarre en pantalán en Puerto de Mahón · n.º B-27", place: "Puerto de Mahón", price: { cents: 85000, unit: "month" } });
    expect(review.steps.filter((s) => s.done).map((s) => s.step)).toEqual(["basics", "features", "pricing", "photos"]);

    const published = await post(`${RENT}?id=${id}&step=review`, { intent: "publish" }, owner.cookie);
    expect(location(published)).toBe(`/ajustes/mis-barcos#listing-${id}`);
    expect((await followNotice(services, published as Response, owner.cookie)).notice).toMatchObject({ text: "«Amarre en pantalán en Puerto de Mahón · n.º B-27» está publicado." });
    const listing = await services.listings.get(id);
    expect(listing).toMatchObject({ status: "published", docKind: "rent", priceCents: 85000, portSlug: "puerto-mahon", maxBeamM: 4.2 });
    expect(listing?.data).toMatchObject({
      services: { water: true, electricity: true, electricityAmps: 32, showers: true, wifi: false },
      dailyPriceCents: 4500,
      monthlyPriceCents: 85000,
      availableFrom: "2026-06-01",
    });

    // The sale form does not open a berth for rent: it sends to the rent form.
    const other = (await load(`${SALE}?id=${id}&step=pricing`, owner.cookie)) as Response;
    expect(other.headers.get("Location")).toBe(`${RENT}?id=${id}&step=pricing`);
  });

  it("asks a berth for sale for its own price fields", async () => {
    const person = await createTestUser(services);
    const id = new URL(location(await post(SALE, basics, person.cookie))!, "http://localhost").searchParams.get("id")!;
    const empty = (await post(`/en${SALE}?id=${id}&step=pricing`, {}, person.cookie)) as StepReply;
    expect(empty.data.result.error).toEqual({ priceCents: ["Required"], concessionYearsLeft: ["Required"], annualFeeCents: ["Required"] });
    const saved = await post(`${SALE}?id=${id}&step=pricing`, { priceCents: "95.000", concessionYearsLeft: "18", annualFeeCents: "1.250,75", marinaApprovalRequired: "on" }, person.cookie);
    expect(location(saved)).toBe(`${SALE}?id=${id}&step=photos`);
    expect((await services.listings.get(id))?.data).toMatchObject({ kind: "sale", priceCents: 9_500_000, annualFeeCents: 125_075, marinaApprovalRequired: true });
    const defaults = ((await load(`${SALE}?id=${id}&step=pricing`, person.cookie)) as LoaderData).defaults;
    expect(defaults).toEqual({ priceCents: "95000", concessionYearsLeft: 18, annualFeeCents: "1250,75", marinaApprovalRequired: true });
  });

  it("answers another person's dock with 404", async () => {
    const owner = await createTestUser(services);
    const other = await createTestUser(services);
    const id = new URL(location(await post(RENT, basics, owner.cookie))!, "http://localhost").searchParams.get("id")!;
    expect(await load(`${RENT}?id=${id}&step=features`, other.cookie)).toMatchObject({ init: { status: 404 } });
    expect(await post(`${RENT}?id=${id}&step=features`, features, other.cookie)).toMatchObject({ init: { status: 404 } });
  });
});

describe("'save and exit' on the dock form", () => {
  it("keeps the valid fields, leaves out a port Amarre does not know and a rent without any price", async () => {
    const person = await createTestUser(services);
    const first = await post(RENT, { ...basics, portSlug: "puerto-atlantida", intent: "save-exit" }, person.cookie);
    const id = new URL(location(first)!, "http://localhost").hash.slice("#listing-".length);
    expect(location(first)).toBe(`/ajustes/recopilar-borrador-alquiler#listing-${id}`);
    expect((await services.listings.drafts(person.uid)).map((draft) => draft.id)).toEqual([id]);
    const draft = await services.listings.get(id);
    expect(draft?.data).toEqual({ kind: "rent", berthNumber: "B-27", description: { es: basics["description.es"], en: basics["description.en"] } });
    expect(draft?.portSlug).toBeNull();

    // Features: the electricity without its amperage is a rule between fields; the rest is kept.
    const { "services.electricityAmps": _amps, ...withoutAmps } = features;
    await post(`${RENT}?id=${id}&step=features`, { ...withoutAmps, maxBeamM: "ancha", intent: "save-exit" }, person.cookie);
    const saved = (await services.listings.get(id))!.data as Record<string, unknown>;
    expect(saved).toMatchObject({ berthType: "pontoon", maxLengthM: 12, depthM: 3.5 });
    expect(saved).not.toHaveProperty("maxBeamM");
    expect(saved).not.toHaveProperty("services");
  });
});
