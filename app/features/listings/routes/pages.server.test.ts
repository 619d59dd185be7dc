import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECENTLY_VIEWED_COOKIE } from "#app/features/history/.server";
import type { Listing } from "#app/features/listings/.server";
import type { Services } from "#app/.server/services";
import { authedRequest, createTestServices, createTestUser, loadContext, pageRequest } from "#tests/test-services";
import { demoOwnerUid, publishBoat } from "#tests/saved-listings-fixtures";
import { recordView } from "./pages.server";
import { requestContext } from "#app/.server/http/request-context";

let services: Services;
let boats: Listing[];

beforeAll(async () => {
  services = await createTestServices();
  const ownerUid = await demoOwnerUid(services);
  boats = [];
  for (let i = 0; i < 3; i++) boats.push(await publishBoat(services, ownerUid));
});
afterAll(() => services.close());

/** The `name=value` part of a Set-Cookie value, as the browser sends it back. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0];
const visitor = (cookie?: string) => pageRequest("/historial", cookie ? { Cookie: cookie } : {});

describe("recordView", () => {
  it("records for whoever is looking: the signed-in person in the store, a visitor in the cookie", async () => {
    const person = await createTestUser(services);
    const context = loadContext(services);

    expect(await recordView(requestContext({ request: authedRequest(`/boat/${boats[1].id}`, person.cookie), context: context }), boats[1].id)).toBeNull();
    expect((await services.history.list({ uid: person.uid }, pageRequest("/"))).map((listing) => listing.id)).toEqual([boats[1].id]);

    const setCookie = await recordView(requestContext({ request: pageRequest(`/boat/${boats[2].id}`), context: context }), boats[2].id);
    expect(setCookie).toMatch(new RegExp(`^${RECENTLY_VIEWED_COOKIE}=`));
    expect((await services.history.list(null, visitor(cookiePair(setCookie!)))).map((listing) => listing.id)).toEqual([boats[2].id]);
  });
});
