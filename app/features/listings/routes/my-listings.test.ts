import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotoPrefix } from "#app/features/listings/.server";
import type { Services } from "#app/.server/services";
import { createDock, createOwner } from "#tests/listing-fixtures";
import { followNotice } from "#tests/notice";
import enListingForm from "../../../../locales/en/listing-form.json";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest, settle, signInAs } from "#tests/test-services";
import { action as draftsAction, loader as draftsLoader } from "./drafts";
import { loader as listYourBoatLoader } from "./list-your-boat";
import { action, loader } from "./my-listings";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const context = () => loadContext(services);
const PATH = "/ajustes/mis-barcos";

type LoaderData = Exclude<Awaited<ReturnType<typeof loader>>, Response>;
type Failure = { data: { id: string; intent: string; message: string; missing: Array<{ key: string; href: string }> }; init: ResponseInit | null };

function demoOwner() {
  return signInAs(services, "owner@amarre.test", "amarre-demo");
}

async function post(fields: Record<string, string>, cookie?: string, path = PATH) {
  return settle(() => action({ request: formPost(path, fields, cookie), params: {}, context: context() }));
}

async function load(cookie: string, path = PATH) {
  return (await loader({ request: authedRequest(path, cookie), params: {}, context: context() })) as LoaderData;
}

/** A complete motor boat of `uid` (through the listings service), with or without its photo. */
async function boat(uid: string, { photo = true, title = "Velero Bavaria 37 en Palma" } = {}) {
  const { listings } = services;
  const draft = await listings.createDraft(uid, "boat", "sail");
  await listings.saveStep(uid, draft.id, "basics", { type: "sail", title, description: { es: "Velero cómodo de tres camarotes." } });
  await listings.saveStep(uid, draft.id, "specs", {
    make: "Bavaria",
    model: "Cruiser 37",
    year: 2016,
    lengthM: 11.3,
    capacity: 8,
    cabins: 3,
    berths: 6,
    enginePowerHp: 30,
    fuel: "diesel",
    equipment: ["gps"],
  });
  await listings.saveStep(uid, draft.id, "location", { homePort: { portSlug: "club-de-mar-palma" } });
  await listings.saveStep(uid, draft.id, "pricing", { dayPriceCents: 320_00, depositCents: 1000_00, skipper: { mode: "none" } });
  await listings.saveStep(uid, draft.id, "conditions", { licence: "per", fuelPolicy: "included", instantBooking: false, cancellationPolicy: "flexible" });
  if (photo) {
    const bytes = new Uint8Array(await sharp({ create: { width: 400, height: 300, channels: 3, background: "#205080" } }).jpeg().toBuffer());
    await services.listingPhotos.add(uid, draft.id, [new File([bytes], "boat.jpg")]);
  }
  return draft.id;
}

describe("/ajustes/mis-barcos", () => {
  it("sends anonymous visitors to sign in", async () => {
    const viaLoader = (await settle(() => loader({ request: pageRequest(PATH), params: {}, context: context() }))) as Response;
    expect(viaLoader.headers.get("Location")).toBe("/login?redirect=%2Fajustes%2Fmis-barcos");
    const viaAction = (await post({ intent: "pause", id: "x" })) as Response;
    expect(viaAction.headers.get("Location")).toBe("/login?redirect=%2Fajustes%2Fmis-barcos");
  });

  it("lists the owner's boats and docks with status, cover, place and price", async () => {
    const person = await createTestUser(services);
    const boatId = await boat(person.uid);
    const dock = await services.listings.createDraft(person.uid, "dock", "sale");
    const data = await load(person.cookie);
    expect(data.active.map((item) => item.id).sort()).toEqual([boatId, dock.id].sort());
    const listed = data.active.find((item) => item.id === boatId)!;
    expect(listed).toMatchObject({
      kind: "boat",
      variant: "sail",
      status: "draft",
      title: "Velero Bavaria 37 en Palma",
      place: "Club de Mar",
      price: { cents: 32000, unit: "day" },
      progress: { done: 6, total: 7 },
      resumeHref: `/boat/form/add-vela-boat?id=${boatId}&step=review`,
      editHref: `/boat/form/add-vela-boat?id=${boatId}&step=basics`,
    });
    expect(listed.cover?.srcSet).toContain(`/photos/${listingPhotoPrefix({ kind: "boat", id: boatId })}/`);
    expect(data.active.find((item) => item.id === dock.id)).toMatchObject({ kind: "dock", variant: "sale", price: null, cover: null, progress: { done: 0, total: 5 } });
    expect(data.archived).toEqual([]);
  });

  it("names a berth as its public pages do (type, port, number), in the page's language, on the owner's lists and notices", async () => {
    const person = await createOwner(services);
    const dock = await createDock(services, person.uid, { portSlug: "port-vell-barcelona", berthNumber: "B-12" });
    const spanish = await services.listings.titleOf(dock, "es");
    expect(spanish).toMatch(/^Amarre con finger en Port Vell · n\.º B-12$/);
    expect((await load(person.cookie)).active.find((item) => item.id === dock.id)?.title).toBe(spanish);
    expect((await load(person.cookie, `/en${PATH}`)).active.find((item) => item.id === dock.id)?.title).toBe(await services.listings.titleOf(dock, "en"));
    // The notice after pausing it names it the same way.
    const paused = await post({ intent: "pause", id: dock.id }, person.cookie);
    expect((await followNotice(services, paused as Response)).notice?.text).toContain(spanish);
    // A berth's draft with only its port is "a berth in" that port, not "untitled".
    const draft = await services.listings.createDraft(person.uid, "dock", "rent");
    await services.listings.saveStep(person.uid, draft.id, "basics", { kind: "rent", portSlug: "marina-valencia", description: { es: "Amarre en Valencia." } });
    const drafts = (await draftsLoader({ request: authedRequest("/ajustes/recopilar-borrador-alquiler", person.cookie), params: {}, context: context() })) as Exclude<Awaited<ReturnType<typeof draftsLoader>>, Response>;
    expect(drafts.drafts.find((item) => item.id === draft.id)?.title).toBe(await services.listings.titleOf(await services.listings.get(draft.id), "es"));
  });

  it("publishes, pauses, resumes and archives, with a confirmation after each", async () => {
    const owner = await demoOwner();
    const id = await boat(owner.uid, { title: "Velero para probar estados" });
    const step = async (intent: string, expected: string, notice: string) => {
      const response = (await post({ intent, id }, owner.cookie)) as Response;
      expect(response.headers.get("Location")).toBe(PATH);
      expect((await services.listings.get(id))?.status).toBe(expected);
      const { notice: shown } = await followNotice(services, response);
      expect(shown?.key).toBe(`listing-form:myListings.notices.${notice}`);
      return { ...(await load(owner.cookie, PATH)), shown };
    };
    expect((await step("publish", "published", "published")).shown?.text).toBe("«Velero para probar estados» está publicado.");
    expect((await step("pause", "paused", "paused")).shown?.key).toBe("listing-form:myListings.notices.paused");

    // Not allowed from the current status: 400 with a translated message, nothing changes.
    const twice = (await post({ intent: "pause", id }, owner.cookie)) as Failure;
    expect(twice.init?.status).toBe(400);
    expect(twice.data.message).toBe("Ese cambio no es posible en el estado actual de «Velero para probar estados».");
    const english = (await post({ intent: "publish", id }, owner.cookie, `/en${PATH}`)) as Failure;
    expect(english.init?.status).toBe(400);
    expect(english.data.message).toBe("That change is not possible in the current state of “Velero para probar estados”.");
    expect((await services.listings.get(id))?.status).toBe("paused");

    expect((await step("resume", "published", "resumed")).shown?.key).toBe("listing-form:myListings.notices.resumed");
    const archived = await step("archive", "archived", "archived");
    expect(archived.archived.map((item) => item.id)).toContain(id);
    expect(archived.active.map((item) => item.id)).not.toContain(id);
    const after = (await post({ intent: "resume", id }, owner.cookie)) as Failure;
    expect(after.init?.status).toBe(400);
    expect((await services.listings.get(id))?.status).toBe("archived");
  });

  it("refuses to publish an incomplete listing and says what is missing", async () => {
    const person = await createTestUser(services);
    const id = await boat(person.uid, { photo: false, title: "Velero sin fotos todavía" });
    const refused = (await post({ intent: "publish", id }, person.cookie)) as Failure;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.message).toBe("Todavía no se puede publicar «Velero sin fotos todavía»: completa lo que falta.");
    expect(refused.data.missing.map((item) => item.key)).toEqual(["photos", "lessorProfile"]);
    expect((await services.listings.get(id))?.status).toBe("draft");
  });

  it("answers another person's listing, an unknown id and an unknown intent", async () => {
    const owner = await createTestUser(services);
    const other = await createTestUser(services);
    const id = await boat(owner.uid);
    expect(await post({ intent: "archive", id }, other.cookie)).toMatchObject({ init: { status: 404 } });
    expect(await post({ intent: "archive", id: "no-such-listing" }, other.cookie)).toMatchObject({ init: { status: 404 } });
    expect(await post({ intent: "delete-everything", id }, owner.cookie)).toMatchObject({ init: { status: 400 } });
    expect((await services.listings.get(id))?.status).toBe("draft");
    // Someone else's listing never shows in one's own list.
    const data = await load(other.cookie, PATH);
    expect(data.active).toEqual([]);
  });
});

describe("/ajustes/recopilar-borrador-alquiler and /ajustes/inscribir-tu-barco", () => {
  it("show the drafts with their progress and a link that resumes each at its first open step", async () => {
    const person = await createTestUser(services);
    const complete = await boat(person.uid, { photo: false, title: "Velero casi listo" });
    const dock = await services.listings.createDraft(person.uid, "dock", "rent");
    await services.listings.saveStep(person.uid, dock.id, "basics", { kind: "rent", portSlug: "marina-valencia", description: { en: "A berth in Valencia." } });

    const drafts = (await draftsLoader({
      request: authedRequest("/ajustes/recopilar-borrador-alquiler", person.cookie),
      params: {},
      context: context(),
    })) as Exclude<Awaited<ReturnType<typeof draftsLoader>>, Response>;
    expect(drafts.drafts.map((d) => [d.id, d.progress, d.resumeHref])).toEqual([
      [dock.id, { done: 1, total: 5 }, `/dock/form/add-dock-rent?id=${dock.id}&step=features`],
      [complete, { done: 5, total: 7 }, `/boat/form/add-vela-boat?id=${complete}&step=photos`],
    ]);

    const start = (await listYourBoatLoader({ request: authedRequest("/en/ajustes/inscribir-tu-barco", person.cookie), params: {}, context: context() })) as Exclude<
      Awaited<ReturnType<typeof listYourBoatLoader>>,
      Response
    >;
    expect(start).toMatchObject({ draftCount: 2, lessorComplete: false, meta: { title: "List your boat or berth · Amarre" } });
  });

  it("discard a draft and its photos for good, after the owner confirms; nobody else can, nor a published listing", async () => {
    const person = await createTestUser(services);
    const other = await createTestUser(services);
    const DRAFTS = "/en/ajustes/recopilar-borrador-alquiler";
    const discard = (fields: Record<string, string>, cookie?: string) =>
      settle(() => draftsAction({ request: formPost(DRAFTS, fields, cookie), params: {}, context: context() }));
    const draftId = await boat(person.uid, { title: "Borrador para tirar" });
    const listing = (await services.listings.get(draftId))!;
    const photoKey = `photos/${listing.photos[0].folder}/${listing.photos[0].widths[0]}.webp`;
    expect(await services.blobs.exists(photoKey)).toBe(true);

    // Not signed in, someone else's, unknown, malformed: nothing is deleted.
    const anonymous = (await discard({ intent: "discard", id: draftId })) as Response;
    expect(anonymous.status).toBe(302);
    expect(await discard({ intent: "discard", id: draftId }, other.cookie)).toMatchObject({ init: { status: 404 } });
    expect(await discard({ intent: "discard", id: "nope" }, person.cookie)).toMatchObject({ init: { status: 404 } });
    expect(await discard({ intent: "archive", id: draftId }, person.cookie)).toMatchObject({ init: { status: 400 } });
    expect(await discard({}, person.cookie)).toMatchObject({ init: { status: 400 } });
    expect((await services.listings.get(draftId))?.status).toBe("draft");

    const done = (await discard({ intent: "discard", id: draftId }, person.cookie)) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/en/ajustes/recopilar-borrador-alquiler");
    expect((await followNotice(services, done)).notice?.text).toBe(enListingForm.drafts.discarded);
    expect(await services.listings.get(draftId)).toBeNull();
    expect(await services.blobs.exists(photoKey)).toBe(false);
    const after = (await draftsLoader({ request: authedRequest(DRAFTS, person.cookie), params: {}, context: context() })) as Exclude<
      Awaited<ReturnType<typeof draftsLoader>>,
      Response
    >;
    expect(after.drafts.map((d) => d.id)).not.toContain(draftId);

    // A published listing is not a draft: a translated 400, and it stays.
    const owner = await demoOwner(); // a complete lessor profile
    const published = await boat(owner.uid, { title: "Ya publicado" });
    await services.listings.publish(owner.uid, published);
    const refused = (await discard({ intent: "discard", id: published }, owner.cookie)) as unknown as { data: { message: string }; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data.message).toBe("That listing is no longer a draft: manage it from My boats and berths.");
    expect((await services.listings.get(published))?.status).toBe("published");
  });
});

describe("the status and discard forms read their bodies through the body gate and one schema per intent", () => {
  const DRAFTS = "/ajustes/recopilar-borrador-alquiler";
  type Refused = { data: { id: string; message: string; fields: Record<string, string>; missing?: unknown[] }; init: ResponseInit };
  const raw = (path: string, cookie: string, headers: Record<string, string>, body: BodyInit) => authedRequest(path, cookie, { method: "POST", headers, body });
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const discard = (request: Request) => settle(() => draftsAction({ request, params: {}, context: context() })) as Promise<unknown>;
  const change = (request: Request) => settle(() => action({ request, params: {}, context: context() })) as Promise<unknown>;

  it("my boats and berths: bodies no browser sends are a translated 400/413/415; a wrong field its translated message", async () => {
    const person = await createTestUser(services);
    const id = await boat(person.uid, { photo: false, title: "Velero que no cambia" });
    const refusal = async (headers: Record<string, string>, body: BodyInit) => {
      const answer = (await change(raw(`/en${PATH}`, person.cookie, headers, body))) as Refused;
      return { status: answer.init.status, message: (answer.data as { message: string }).message };
    };
    expect(await refusal({ "Content-Type": "application/json" }, JSON.stringify({ intent: "archive", id }))).toEqual({ status: 415, message: "This form only accepts the data of a web form." });
    expect(await refusal(form, `intent=archive&id=${"a".repeat(2 * 1024 * 1024)}`)).toEqual({ status: 413, message: "What was sent is too large." });
    expect(await refusal(form, Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&"))).toEqual({ status: 413, message: "What was sent has too many fields." });
    expect(await refusal(form, new Uint8Array([0x69, 0x64, 0x3d, 0xc3, 0x28]))).toEqual({ status: 400, message: "We could not read what was sent. Please try again from the form." });
    expect((await refusal({ "Content-Type": "multipart/form-data; boundary=x" }, "--x\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\narchive")).status).toBe(400);

    // A malformed id: the id field's message, in the page's language.
    const badId = (await change(formPost(`/fr${PATH}`, { intent: "archive", id: "../listings/x" }, person.cookie))) as Refused;
    expect(badId.init.status).toBe(400);
    expect(badId.data).toEqual({
      id: "../listings/x",
      intent: "archive",
      message: "Nous ne savons pas de quelle annonce il s’agit. Rechargez la page et réessayez.",
      fields: { id: "Nous ne savons pas de quelle annonce il s’agit. Rechargez la page et réessayez." },
      missing: [],
    });
    // An intent no button sends: "we did not understand the form".
    const unknown = (await change(formPost(PATH, { intent: "delete-everything", id }, person.cookie))) as Refused;
    expect(unknown.init.status).toBe(400);
    expect(unknown.data).toMatchObject({ id, message: "No hemos entendido el formulario. Recarga la página e inténtalo de nuevo.", missing: [] });
    expect(unknown.data.fields.intent).toBe(unknown.data.message);
    const none = (await change(formPost(PATH, {}, person.cookie))) as Refused;
    expect(none.init.status).toBe(400);
    expect(none.data.message).toBe("No hemos entendido el formulario. Recarga la página e inténtalo de nuevo.");
    expect((await services.listings.get(id))?.status).toBe("draft");
  });

  it("drafts: bodies no browser sends are a translated 400/413/415; a wrong field its translated message", async () => {
    const person = await createTestUser(services);
    const draft = await services.listings.createDraft(person.uid, "dock", "rent");
    const refusal = async (headers: Record<string, string>, body: BodyInit) => {
      const answer = (await discard(raw(`/de${DRAFTS}`, person.cookie, headers, body))) as Refused;
      return { status: answer.init.status, message: (answer.data as { message: string }).message };
    };
    expect((await refusal({ "Content-Type": "text/plain" }, `intent=discard&id=${draft.id}`)).status).toBe(415);
    expect((await refusal(form, `intent=discard&id=${draft.id}&note=${"n".repeat(200_000)}`)).status).toBe(400);
    expect((await refusal(form, `intent=discard&id=${"d".repeat(2 * 1024 * 1024)}`)).status).toBe(413);
    const broken = await refusal(form, new Uint8Array([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff]));
    expect(broken.status).toBe(400);
    expect(broken.message).not.toBe("Bad request");

    const badId = (await discard(formPost(`/en${DRAFTS}`, { intent: "discard", id: "x".repeat(129) }, person.cookie))) as Refused;
    expect(badId.init.status).toBe(400);
    expect(badId.data.message).toBe("We could not tell which listing this is. Reload the page and try again.");
    expect(badId.data.fields).toEqual({ id: badId.data.message });
    const unknown = (await discard(formPost(`/de${DRAFTS}`, { intent: "archive", id: draft.id }, person.cookie))) as Refused;
    expect(unknown.init.status).toBe(400);
    expect(unknown.data).toEqual({
      id: draft.id,
      message: "Wir haben das Formular nicht verstanden. Laden Sie die Seite neu und versuchen Sie es erneut.",
      fields: { intent: "Wir haben das Formular nicht verstanden. Laden Sie die Seite neu und versuchen Sie es erneut." },
    });
    expect((await services.listings.get(draft.id))?.status).toBe("draft");
  });
});
