import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordView } from "#app/features/listings/routes/pages.server";
import type { Listing } from "#app/features/listings/.server";
import type { Services } from "#app/.server/services";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest } from "#tests/test-services";
import { demoOwnerUid, publishBoat, publishDock } from "#tests/saved-listings-fixtures";
import { action, loader } from "./history";
import { requestContext } from "#app/.server/http/request-context";

let services: Services;
let boat: Listing;
let dock: Listing;

beforeAll(async () => {
  services = await createTestServices();
  const ownerUid = await demoOwnerUid(services);
  boat = await publishBoat(services, ownerUid, "Lancha vista hace poco");
  dock = await publishDock(services, ownerUid);
});
afterAll(() => services.close());

const context = () => loadContext(services);
const load = (request: Request) => loader({ request, params: {}, context: context() });
const act = (request: Request) => action({ request, params: {}, context: context() });
const pair = (setCookie: string) => setCookie.split(";")[0];

/** A visitor opens the listings' pages in order; returns the cookie their browser then holds. */
async function visit(listings: Listing[]): Promise<string> {
  let cookie = "";
  for (const listing of listings) {
    const setCookie = await recordView(requestContext({ request: pageRequest(`/boat/${listing.id}`, cookie ? { Cookie: cookie } : {}), context: context() }), listing.id);
    cookie = pair(setCookie!);
  }
  return cookie;
}

describe("/historial", () => {
  it("shows a visitor what this browser viewed, newest first, from the cookie", async () => {
    const cookie = await visit([boat, dock]);
    const data = await load(pageRequest("/historial", { Cookie: cookie }));
    expect(data.signedIn).toBe(false);
    expect(data.items.map((item) => item.listingId)).toEqual([dock.id, boat.id]);
    expect(data.items[1]).toMatchObject({ available: true, favourite: false, card: { title: "Lancha vista hace poco", href: `/boat/${boat.id}` } });
    expect(data.meta.title).toBe("Vistos recientemente · Amarre");

    expect((await load(pageRequest("/en/historial"))).items).toEqual([]);
  });

  it("shows a signed-in person their history from their account, with their favourites marked", async () => {
    const person = await createTestUser(services);
    for (const listing of [boat, dock]) {
      await recordView(requestContext({ request: authedRequest(`/boat/${listing.id}`, person.cookie), context: context() }), listing.id);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await services.favourites.add(person.uid, boat.id);
    const data = await load(authedRequest("/historial", person.cookie));
    expect(data.signedIn).toBe(true);
    expect(data.items.map((item) => [item.listingId, item.favourite])).toEqual([
      [dock.id, false],
      [boat.id, true],
    ]);
  });

  it("clears a visitor's history and comes back to the page", async () => {
    const cookie = await visit([boat]);
    const request = new Request("http://localhost:3000/en/historial", { method: "POST", body: new URLSearchParams({ intent: "clear" }), headers: { Cookie: cookie } });
    const response = (await act(request)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/en/historial");
    expect(response.headers.get("Set-Cookie")).toMatch(/^recently_viewed=; Max-Age=0;/);
  });

  it("clears a signed-in person's history", async () => {
    const person = await createTestUser(services);
    await recordView(requestContext({ request: authedRequest(`/boat/${boat.id}`, person.cookie), context: context() }), boat.id);
    const response = (await act(formPost("/historial", { intent: "clear" }, person.cookie))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/historial");
    expect((await load(authedRequest("/historial", person.cookie))).items).toEqual([]);
  });

  it("answers 400 with a translated message for anything but clear", async () => {
    const result = (await act(formPost("/fr/historial", { intent: "delete-everything" }))) as unknown as { data: unknown; init: ResponseInit | null };
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({ error: "Nous n’avons pas compris cette demande. Rechargez la page et réessayez." });
  });
});
