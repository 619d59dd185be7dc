import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { authedRequest, createTestServices, createTestUser, loadContext } from "#tests/test-services";
import { demoOwnerUid, publishBoat } from "#tests/saved-listings-fixtures";
import type { Listing } from "#app/features/listings/.server";
import { action } from "./favourite";

let services: Services;
let boat: Listing;
let ownerUid: string;

beforeAll(async () => {
  services = await createTestServices();
  ownerUid = await demoOwnerUid(services);
  boat = await publishBoat(services, ownerUid);
});
afterAll(() => services.close());

const URL_PATH = "/resources/favourite";

/** A form post to the resource route: as a fetcher sends it (`fetch`) or as the browser submits it (`form`). */
function post(fields: Record<string, string>, options: { cookie?: string; via: "fetch" | "form"; headers?: Record<string, string> }) {
  const headers: Record<string, string> = {
    "Sec-Fetch-Dest": options.via === "fetch" ? "empty" : "document",
    ...options.headers,
  };
  const init = { method: "POST", body: new URLSearchParams(fields), headers };
  const request = options.cookie ? authedRequest(URL_PATH, options.cookie, init) : new Request(`http://localhost:3000${URL_PATH}`, init);
  return action({ request, params: {}, context: loadContext(services) });
}

describe("POST /resources/favourite", () => {
  it("sends an anonymous form post to sign in, coming back to the page afterwards", async () => {
    const response = await post({ listingId: boat.id, intent: "add", redirect: `/boat/${boat.id}?from=search` }, { via: "form" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirect: `/boat/${boat.id}?from=search` })}`);

    const english = await post({ listingId: boat.id, intent: "add", redirect: `/en/boat/${boat.id}` }, { via: "form" });
    expect(english.headers.get("Location")).toBe(`/en/login?redirect=${encodeURIComponent(`/en/boat/${boat.id}`)}`);

    // An unsafe target is dropped: sign in, then the default page.
    const evil = await post({ listingId: boat.id, intent: "add", redirectTo: "//evil.example/phish" }, { via: "form" });
    expect(evil.headers.get("Location")).toBe("/login");
  });

  it("answers an anonymous fetch with 401 and a translated message", async () => {
    const response = await post({ listingId: boat.id, intent: "add", redirect: `/fr/boat/${boat.id}` }, { via: "fetch" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Connectez-vous pour enregistrer des favoris." });
  });

  it("adds and removes for a fetcher, answering the new state", async () => {
    const person = await createTestUser(services);
    const added = await post({ listingId: boat.id, intent: "add", redirect: `/boat/${boat.id}` }, { cookie: person.cookie, via: "fetch" });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ favourite: true });
    expect(await services.favourites.isFavourite(person.uid, boat.id)).toBe(true);

    // Adding again is harmless (a second tab, a double click).
    expect(await (await post({ listingId: boat.id, intent: "add" }, { cookie: person.cookie, via: "fetch" })).json()).toEqual({ favourite: true });

    const removed = await post({ listingId: boat.id, intent: "remove", redirect: `/boat/${boat.id}` }, { cookie: person.cookie, via: "fetch" });
    expect(await removed.json()).toEqual({ favourite: false });
    expect(await services.favourites.isFavourite(person.uid, boat.id)).toBe(false);
  });

  it("sends a plain form post back to the page it came from", async () => {
    const person = await createTestUser(services);
    const response = await post({ listingId: boat.id, intent: "add", redirect: `/de/boat/${boat.id}?x=1` }, { cookie: person.cookie, via: "form" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/de/boat/${boat.id}?x=1`);
    expect(await services.favourites.isFavourite(person.uid, boat.id)).toBe(true);

    // Without Sec-Fetch-Dest (an older browser) it is treated as a form too.
    const request = authedRequest(URL_PATH, person.cookie, {
      method: "POST",
      body: new URLSearchParams({ listingId: boat.id, intent: "remove", redirect: "/favoritos" }),
    });
    const plain = await action({ request, params: {}, context: loadContext(services) });
    expect(plain.headers.get("Location")).toBe("/favoritos");
    expect(await services.favourites.isFavourite(person.uid, boat.id)).toBe(false);
  });

  it("refuses to send anyone to another site", async () => {
    const person = await createTestUser(services);
    // `redirectTo`, the older word, goes through the same check.
    for (const redirectTo of ["//evil.example", "https://evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await post({ listingId: boat.id, intent: "add", redirectTo }, { cookie: person.cookie, via: "form" });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("Location"), redirectTo).toBe("/favoritos");
    }
  });

  it("answers 400 with a translated message for bad input", async () => {
    const person = await createTestUser(services);
    const bad: Array<Record<string, string>> = [
      {},
      { listingId: boat.id },
      { listingId: boat.id, intent: "toggle" },
      { intent: "add" },
      { listingId: "../listings/x", intent: "add" },
      { listingId: "x".repeat(200), intent: "add" },
      { listingId: boat.id, intent: "add", redirect: `/${"a".repeat(3000)}` },
    ];
    for (const fields of bad) {
      const response = await post(fields, { cookie: person.cookie, via: "fetch" });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.json()).toEqual({ error: "No hemos entendido la petición. Recarga la página e inténtalo de nuevo." });
    }
    const english = await post({ listingId: boat.id, intent: "nope", redirect: "/en/favoritos" }, { cookie: person.cookie, via: "fetch" });
    expect(await english.json()).toEqual({ error: "We did not understand that request. Reload the page and try again." });
    expect(await services.favourites.list(person.uid)).toEqual([]);
  });

  it("reads its body through the body gate: a body no form sends is a translated 400, 413 or 415, never a 500", async () => {
    const person = await createTestUser(services);
    const send = (headers: Record<string, string>, body: BodyInit) =>
      action({ request: authedRequest(URL_PATH, person.cookie, { method: "POST", headers: { "Sec-Fetch-Dest": "empty", ...headers }, body }), params: {}, context: loadContext(services) }).catch((thrown: unknown) => thrown);
    const json = (await send({ "Content-Type": "application/json" }, JSON.stringify({ listingId: boat.id, intent: "add" }))) as { data: { message: string }; init: ResponseInit };
    expect(json.init.status).toBe(415);
    expect(json.data.message).toContain("solo acepta los datos de un formulario web");
    const fields = (await send({ "Content-Type": "application/x-www-form-urlencoded" }, Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&"))) as { init: ResponseInit };
    expect(fields.init.status).toBe(413);
    // One invalid field among valid ones: the fetcher's JSON error, as before.
    const invalid = (await send({}, new URLSearchParams({ listingId: boat.id, intent: "favourite", redirect: "/en/barcos" }))) as Response;
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: "We did not understand that request. Reload the page and try again." });
    expect(await services.favourites.list(person.uid)).toEqual([]);
  });

  it("answers 404 for a listing that does not exist or cannot be saved", async () => {
    const person = await createTestUser(services);
    const draft = await services.listings.createDraft(ownerUid, "boat", "motor");
    for (const listingId of ["A1b2C3d4E5f6G7h8I9j0", draft.id]) {
      const response = await post({ listingId, intent: "add", redirect: "/en/favoritos" }, { cookie: person.cookie, via: "fetch" });
      expect(response.status, listingId).toBe(404);
      expect(await response.json()).toEqual({ error: "This listing is no longer available." });
    }
    expect(await services.favourites.list(person.uid)).toEqual([]);
  });

  it("takes the language of the messages from the language cookie when there is no page to go back to", async () => {
    const response = await post({ listingId: boat.id, intent: "add" }, { via: "fetch", headers: { Cookie: "i18n_redirected=de" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Melden Sie sich an, um Favoriten zu speichern." });
  });

  it("only accepts POST", async () => {
    const person = await createTestUser(services);
    const request = authedRequest(URL_PATH, person.cookie, { method: "PUT", body: new URLSearchParams({ listingId: boat.id, intent: "add" }) });
    const response = await action({ request, params: {}, context: loadContext(services) });
    expect(response.status).toBe(405);
    expect(await services.favourites.isFavourite(person.uid, boat.id)).toBe(false);
  });
});
