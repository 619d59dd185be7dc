import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestServices, createTestUser, loadContext, pageRequest, settle } from "#tests/test-services";
import { estimateOf } from "#app/features/bookings/components/booking-estimate";
import { loader, meta } from "./boat-detail";

let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marta Propietaria", kind: "professional" });
  stranger = await createTestUser(services, { displayName: "Curioso" });
  ids.published = (
    await createBoat(services, owner.uid, {
      type: "sail",
      title: "Velero Bavaria 37 en Palma",
      description: { es: "Velero de tres camarotes para navegar por la bahía de Palma.", en: "A three-cabin sailing boat for the bay of Palma." },
      capacity: 8,
      dayPriceCents: 420_00,
      skipper: { mode: "optional", dailyPriceCents: 150_00 },
      instantBooking: true,
      equipment: ["gps", "autopilot", "dinghy"],
    })
  ).id;
  ids.spanishOnly = (await createBoat(services, owner.uid, { title: "Lancha solo en castellano", description: { es: "Solo tiene descripción en castellano." } })).id;
  ids.draft = (await createBoat(services, owner.uid, { title: "Lancha en borrador", status: "draft" })).id;
  ids.paused = (await createBoat(services, owner.uid, { title: "Lancha en pausa", status: "paused" })).id;
  ids.dock = (await createDock(services, owner.uid)).id;
  // Similar boats nearby: sail boats in Palma and in Ibiza (≈ 126 km), not in Barcelona (≈ 200 km).
  ids.palmaSail = (await createBoat(services, owner.uid, { type: "sail", title: "Otro velero en Palma" })).id;
  ids.ibizaSail = (await createBoat(services, owner.uid, { type: "sail", title: "Velero en Ibiza", portSlug: "marina-ibiza" })).id;
  ids.barcelonaSail = (await createBoat(services, owner.uid, { type: "sail", title: "Velero en Barcelona", portSlug: "port-vell-barcelona" })).id;
});
afterAll(() => services.close());

type Thrown = { data: { message: string; path: string }; init: ResponseInit };

const load = async (path: string, id: string, cookie?: string) =>
  (await loader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: { id }, context: loadContext(services) })).data;

async function expectNotFound(path: string, id: string, cookie?: string) {
  const thrown = (await settle(() => load(path, id, cookie))) as unknown as Thrown;
  expect(thrown.init?.status, `${path} ${cookie ? "signed in" : "anonymous"}`).toBe(404);
  expect(thrown.data).toEqual({ message: "Page not found", path: new URL(`http://localhost:3000${path}`).pathname });
}

describe("/boat/:id", () => {
  it("shows a published boat to anyone: photos, details, prices, owner, meta with the cover", async () => {
    const page = await load(`/boat/${ids.published}`, ids.published);
    expect(page.isOwner).toBe(false);
    expect(page.boat).toMatchObject({
      id: ids.published,
      status: "published",
      title: "Velero Bavaria 37 en Palma",
      type: "sail",
      capacity: 8,
      instantBooking: true,
      skipper: { mode: "optional", dailyPriceCents: 150_00 },
      prices: { day: 420_00, halfDay: 252_00, deposit: 500_00, week: null },
      equipment: ["gps", "autopilot", "dinghy"],
      description: { text: "Velero de tres camarotes para navegar por la bahía de Palma.", lang: "es", languageName: null },
      place: { label: "Club de Mar, Palma", lat: 39.5593, lng: 2.6275 },
    });
    expect(page.boat.photos).toHaveLength(2);
    // Each photo as its folder and widths: the page writes the URLs (issue 47).
    expect(page.boat.photos[0]).toMatchObject({ folder: expect.stringMatching(/^fixtures\/photo\d+$/), widths: expect.arrayContaining([320]) });
    expect(page.owner).toMatchObject({ displayName: "Marta Propietaria", professional: true, companyName: "Marta Propietaria S.L." });
    expect(page.owner?.slug).toBe(owner.slug);
    expect(page.points).toEqual([expect.objectContaining({ id: ids.published, lat: 39.5593, lng: 2.6275 })]);
    expect(page.editUrl).toBe("");
    const serialized = JSON.stringify(page);
    for (const secret of [owner.uid, owner.email, "ES9121000418450200051332", "12345678Z"]) expect(serialized).not.toContain(secret);

    expect(page.meta.title).toBe("Velero Bavaria 37 en Palma · Alquiler en Palma | Amarre");
    expect(page.meta.description).toBe("Velero de tres camarotes para navegar por la bahía de Palma.");
    const tags = meta({ data: page } as Parameters<typeof meta>[0]) ?? [];
    const image = tags.find((tag) => "property" in tag && tag.property === "og:image") as { content: string } | undefined;
    expect(image?.content).toMatch(/^http:\/\/localhost:3000\/photos\/fixtures\/photo\d+\/1280\.webp$/);
    expect(tags).toContainEqual({ property: "og:title", content: page.meta.title });
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });

  it("speaks the page's language, and says when the description is in another one", async () => {
    const english = await load(`/en/boat/${ids.published}`, ids.published);
    expect(english.boat.description).toMatchObject({ text: "A three-cabin sailing boat for the bay of Palma.", lang: "en", languageName: null });
    expect(english.meta.title).toBe("Velero Bavaria 37 en Palma · Rent in Palma | Amarre");
    const german = await load(`/de/boat/${ids.spanishOnly}`, ids.spanishOnly);
    expect(german.boat.description).toMatchObject({ lang: "es", languageName: "Spanisch" });
    expect(german.ownerSince).toMatch(/\d{4}/);
  });

  it("shows the owner their own published boat with a banner and the edit link", async () => {
    const page = await load(`/boat/${ids.published}`, ids.published, owner.cookie);
    expect(page.isOwner).toBe(true);
    expect(page.editUrl).toBe(`/boat/form/add-vela-boat?id=${ids.published}`);
    const french = await load(`/fr/boat/${ids.published}`, ids.published, owner.cookie);
    expect(french.editUrl).toBe(`/fr/boat/form/add-vela-boat?id=${ids.published}`);
  });

  it("is a 404 for a draft or paused boat, except for its owner, who sees it with its status", async () => {
    for (const id of [ids.draft, ids.paused]) {
      await expectNotFound(`/boat/${id}`, id);
      await expectNotFound(`/en/boat/${id}`, id, stranger.cookie);
    }
    const draft = await load(`/boat/${ids.draft}`, ids.draft, owner.cookie);
    expect(draft.boat.status).toBe("draft");
    expect(draft.isOwner).toBe(true);
    expect(draft.meta.noindex).toBe(true);
    const tags = meta({ data: draft } as Parameters<typeof meta>[0]) ?? [];
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    const paused = await load(`/de/boat/${ids.paused}`, ids.paused, owner.cookie);
    expect(paused.boat.status).toBe("paused");
  });

  it("is a 404 for unknown ids, ids that cannot exist and listings that are not boats", async () => {
    await expectNotFound("/boat/no-existe", "no-existe");
    await expectNotFound("/boat/..", "..");
    await expectNotFound("/boat/a%2Fb", "a/b");
    await expectNotFound(`/boat/${"x".repeat(300)}`, "x".repeat(300));
    await expectNotFound(`/boat/${ids.dock}`, ids.dock);
    await expectNotFound(`/boat/${ids.dock}`, ids.dock, owner.cookie);
  });
});

describe("favourites and recently viewed on a boat page", () => {
  it("remembers a visitor's view in a signed cookie, and a signed-in person's in the store", async () => {
    const visitor = await loader({ request: pageRequest(`/boat/${ids.published}`), params: { id: ids.published }, context: loadContext(services) });
    const cookie = new Headers(visitor.init?.headers).get("Set-Cookie");
    expect(cookie).toMatch(/^recently_viewed=/);
    expect(new Headers(visitor.init?.headers).get("Cache-Control")).toBe("private, no-store");
    expect(visitor.data.favourite).toBe(false);
    expect(visitor.data.signedIn).toBe(false);

    await services.favourites.add(stranger.uid, ids.published);
    const signedIn = await loader({ request: authedRequest(`/boat/${ids.published}`, stranger.cookie), params: { id: ids.published }, context: loadContext(services) });
    expect(signedIn.data.favourite).toBe(true);
    expect(new Headers(signedIn.init?.headers).get("Set-Cookie")).toBeNull();
    const history = await services.history.list({ uid: stranger.uid }, pageRequest("/historial"));
    expect(history.map((entry) => entry.id)).toContain(ids.published);
  });
});

/** A day `n` days from today (UTC), as the booking engine writes it. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("the search's days and people on a boat page", () => {
  it("open the price box with them, priced by the booking engine's function, and follow to the rental form", async () => {
    const page = await load(`/boat/${ids.published}?from=${day(30)}&to=${day(32)}&people=4`, ids.published);
    expect(page.trip).toEqual({ from: day(30), to: day(32), people: 4 });
    // 3 days at 420 €, no service fee without online payments (decision 048; the optional skipper is not chosen).
    expect(estimateOf(page.bookingBox!, { start: day(30), end: day(32), people: "4" })).toEqual({ days: 3, totalCents: 1_260_00, taken: false });
    // The similar boats' links carry the same trip.
    expect(page.similar.map((card) => card.href)).toContain(`/boat/${ids.palmaSail}?from=${day(30)}&to=${day(32)}&people=4`);

    const oneDay = await load(`/en/boat/${ids.published}?from=${day(30)}&people=8`, ids.published);
    expect(oneDay.trip).toEqual({ from: day(30), to: null, people: 8 });
  });

  it("leave out, without an error, what cannot be booked", async () => {
    const cases: Array<[string, { from: string | null; to: string | null; people: number | null }]> = [
      [`from=${day(-3)}&to=${day(2)}&people=2`, { from: null, to: null, people: 2 }],
      [`from=2027-02-30&to=2027-03-02`, { from: null, to: null, people: null }],
      [`from=mañana&people=abc`, { from: null, to: null, people: null }],
      [`from=${day(10)}&to=${day(8)}`, { from: day(10), to: null, people: null }],
      [`from=${day(10)}&to=${day(10 + 90)}`, { from: day(10), to: null, people: null }],
      [`from=${day(900)}`, { from: null, to: null, people: null }],
      [`to=${day(12)}&people=9`, { from: null, to: null, people: null }],
      [`people=0`, { from: null, to: null, people: null }],
      [`people=2&people=3&from[0]=x`, { from: null, to: null, people: 2 }],
    ];
    for (const [query, trip] of cases) {
      const page = await load(`/boat/${ids.published}?${query}`, ids.published);
      expect(page.trip, query).toEqual(trip);
      expect(page.boat.id, query).toBe(ids.published);
    }
  });

  it("redirect a URL with blank parameters to the clean one, in its language", async () => {
    const cases: Array<[string, string]> = [
      [`/boat/${ids.published}?from=&to=&people=`, `/boat/${ids.published}`],
      [`/en/boat/${ids.published}?from=${day(5)}&to=&people=3`, `/en/boat/${ids.published}?from=${day(5)}&people=3`],
    ];
    for (const [from, to] of cases) {
      const response = (await settle(() => load(from, ids.published))) as unknown as Response;
      expect(response.status, from).toBe(301);
      expect(response.headers.get("Location"), from).toBe(to);
    }
  });
});

describe("similar boats nearby", () => {
  it("are boats of the same type at the same port, then at the nearest ports, never the boat itself", async () => {
    const page = await load(`/boat/${ids.published}`, ids.published);
    expect(page.similar.map((card) => card.id)).toEqual([ids.palmaSail, ids.ibizaSail]);
    expect(page.similar[0]).toMatchObject({ kind: "boat", title: "Otro velero en Palma", href: `/boat/${ids.palmaSail}`, place: { label: "Club de Mar, Palma" } });
    expect(JSON.stringify(page.similar)).not.toContain(owner.uid);
    // A motor boat in Palma has no other motor boat around.
    expect((await load(`/boat/${ids.spanishOnly}`, ids.spanishOnly)).similar).toEqual([]);
  });
});
