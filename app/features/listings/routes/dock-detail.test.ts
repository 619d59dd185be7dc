import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestServices, createTestUser, loadContext, pageRequest, settle } from "#tests/test-services";
import { loader, meta } from "./dock-detail";

let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Pedro Amarrista" });
  stranger = await createTestUser(services);
  ids.sale = (await createDock(services, owner.uid, { kind: "sale", portSlug: "puerto-banus-marbella", berthNumber: "R-62", maxLengthM: 14, priceCents: 290_000_00 })).id;
  ids.rent = (await createDock(services, owner.uid, { kind: "rent", portSlug: "port-vell-barcelona", berthNumber: "B-7", monthlyPriceCents: 900_00 })).id;
  ids.draft = (await createDock(services, owner.uid, { status: "draft" })).id;
  ids.paused = (await createDock(services, owner.uid, { kind: "rent", status: "paused" })).id;
  ids.boat = (await createBoat(services, owner.uid)).id;
});
afterAll(() => services.close());

type Thrown = { data: { message: string; path: string }; init: ResponseInit };

const load = async (path: string, id: string, cookie?: string) =>
  (await loader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: { id }, context: loadContext(services) })).data;

async function expectNotFound(path: string, id: string, cookie?: string) {
  const thrown = (await settle(() => load(path, id, cookie))) as unknown as Thrown;
  expect(thrown.init?.status, path).toBe(404);
  expect(thrown.data.message).toBe("Page not found");
}

describe("/dock/:id", () => {
  it("shows a published dock for sale to anyone: details, services, price, seller, meta", async () => {
    const page = await load(`/dock/${ids.sale}`, ids.sale);
    expect(page.isOwner).toBe(false);
    expect(page.dock).toMatchObject({
      status: "published",
      kind: "sale",
      title: "Amarre con finger en Puerto Banús · n.º R-62",
      berthNumber: "R-62",
      berthType: "finger",
      maxLengthM: 14,
      services: { water: true, electricity: true, electricityAmps: 16, showers: true },
      sale: { priceCents: 290_000_00, concessionYearsLeft: 12, annualFeeCents: 1_800_00, marinaApprovalRequired: true },
      place: { label: "Puerto Banús, Marbella" },
    });
    // Each photo as its folder and widths: the page writes the URLs (issue 47).
    expect(page.dock.photos[0]).toMatchObject({ folder: expect.stringMatching(/^fixtures\/photo\d+$/), widths: expect.arrayContaining([320]) });
    expect(page.owner).toMatchObject({ slug: owner.slug, professional: false });
    expect(JSON.stringify(page)).not.toContain(owner.uid);
    expect(page.meta.title).toBe("Amarre con finger en Puerto Banús · n.º R-62 · Amarre en venta | Amarre");
    const tags = meta({ data: page } as Parameters<typeof meta>[0]) ?? [];
    expect(tags.find((tag) => "property" in tag && tag.property === "og:image")).toMatchObject({ content: expect.stringMatching(/^http:\/\/localhost:3000\/photos\/fixtures\/photo\d+\/1280\.webp$/) });
  });

  it("shows a dock for rent with its prices and availability, in the page's language", async () => {
    const page = await load(`/en/dock/${ids.rent}`, ids.rent);
    expect(page.dock).toMatchObject({ kind: "rent", rent: { monthlyPriceCents: 900_00, dailyPriceCents: null, availableFrom: "January 1, 2026", availableTo: null } });
    expect(page.meta.title).toBe("Finger berth in Port Vell · no. B-7 · Berth for rent | Amarre");
  });

  it("is a 404 for a draft or paused dock, except for its owner", async () => {
    for (const id of [ids.draft, ids.paused]) {
      await expectNotFound(`/dock/${id}`, id);
      await expectNotFound(`/fr/dock/${id}`, id, stranger.cookie);
      const own = await load(`/dock/${id}`, id, owner.cookie);
      expect(own.isOwner).toBe(true);
      expect(own.meta.noindex).toBe(true);
    }
    const draft = await load(`/dock/${ids.draft}`, ids.draft, owner.cookie);
    expect(draft.dock.status).toBe("draft");
    expect(draft.editUrl).toBe(`/dock/form/add-dock-buy?id=${ids.draft}`);
    const paused = await load(`/en/dock/${ids.paused}`, ids.paused, owner.cookie);
    expect(paused.editUrl).toBe(`/en/dock/form/add-dock-rent?id=${ids.paused}`);
  });

  it("is a 404 for unknown ids and for boats", async () => {
    await expectNotFound("/dock/nada", "nada");
    await expectNotFound("/dock/%00", "\u0000");
    await expectNotFound(`/dock/${ids.boat}`, ids.boat);
  });
});
