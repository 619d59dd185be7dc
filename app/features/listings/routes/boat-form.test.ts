/**
 * The boat form (boat-form.tsx): the photos step, review and publish, 'save and exit'. Its data
 * steps are tested in boat-form-steps.test.ts; the shared helpers are in boat-form.test-helpers.ts.
 */
import { describe, expect, it } from "vitest";
import { listingPhotoPrefix } from "#app/features/listings/.server";
import { MAX_PHOTO_BYTES } from "#app/utils/photos";
import { authedRequest, createTestUser, settle } from "#tests/test-services";
import { followNotice } from "#tests/notice";
import { action, loader } from "./boat-form";
import {
  completeAllSteps,
  context,
  demoOwnerCookie,
  drafts,
  jpeg,
  load,
  location,
  MOTOR,
  post,
  type PublishReply,
  type Reply,
  services,
  steps,
  type StepReply,
  stored,
  upload,
  type UploadReply,
  withTestServices,
} from "./boat-form.test-helpers";

withTestServices();

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
