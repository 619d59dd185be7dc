import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Listing } from "#app/features/listings/.server";
import type { Services } from "#app/.server/services";
import { authedRequest, createTestServices, createTestUser, loadContext, pageRequest, settle } from "#tests/test-services";
import { demoOwnerUid, publishBoat, publishDock } from "#tests/saved-listings-fixtures";
import { loader } from "./favourites";

let services: Services;
let ownerUid: string;

beforeAll(async () => {
  services = await createTestServices();
  ownerUid = await demoOwnerUid(services);
});
afterAll(() => services.close());

const load = (request: Request) => loader({ request, params: {}, context: loadContext(services) });

async function saveInOrder(uid: string, listings: Listing[]) {
  for (const listing of listings) {
    await services.favourites.add(uid, listing.id);
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
}

describe("/favoritos", () => {
  it("explains favourites to anonymous visitors (a public page, not a redirect)", async () => {
    const data = await load(pageRequest("/favoritos"));
    expect(data).toMatchObject({ signedIn: false, inPanel: false, items: [] });
    expect(data.meta.title).toBe("Mis favoritos · Amarre");
    const english = await load(pageRequest("/en/favoritos"));
    expect(english.meta.title).toBe("My favourites · Amarre");
  });

  it("lists the person's favourites newest first, as cards with photo, price and link", async () => {
    const person = await createTestUser(services);
    const boat = await publishBoat(services, ownerUid, "Lancha Sea Ray en Palma");
    const dock = await publishDock(services, ownerUid);
    await saveInOrder(person.uid, [boat, dock]);

    const data = await load(authedRequest("/favoritos", person.cookie));
    expect(data.signedIn).toBe(true);
    expect(data.items.map((item) => item.listingId)).toEqual([dock.id, boat.id]);
    const [dockItem, boatItem] = data.items;
    expect(dockItem).toMatchObject({ available: true, favourite: true, card: { kind: "dock", href: `/dock/${dock.id}`, price: { cents: 900_00, unit: "month" } } });
    expect(boatItem).toMatchObject({
      available: true,
      favourite: true,
      card: { kind: "boat", href: `/boat/${boat.id}`, title: "Lancha Sea Ray en Palma", price: { cents: 350_00, unit: "day" } },
    });
    if (!boatItem.available) throw new Error("the boat should be available");
    expect(boatItem.card.photo).toMatchObject({ folder: expect.stringMatching(/^boats\/fixtures\/cover\d+$/), widths: [320, 640, 1280] });
    expect(boatItem.card.place.label).toBe("Club de Mar, Palma");
    // The browser never receives listing documents (they hold the owner's uid).
    expect(JSON.stringify(data)).not.toContain(ownerUid);
  });

  it("shows listings that are no longer published as such, not linked", async () => {
    const person = await createTestUser(services);
    const kept = await publishBoat(services, ownerUid);
    const paused = await publishBoat(services, ownerUid, "Velero que se pausará");
    const archived = await publishDock(services, ownerUid);
    await saveInOrder(person.uid, [kept, paused, archived]);
    await services.listings.pause(ownerUid, paused.id);
    await services.listings.archive(ownerUid, archived.id);

    const data = await load(authedRequest("/favoritos", person.cookie));
    expect(data.items).toEqual([
      { listingId: archived.id, favourite: true, available: false, kind: "dock", title: null },
      { listingId: paused.id, favourite: true, available: false, kind: "boat", title: "Velero que se pausará" },
      expect.objectContaining({ listingId: kept.id, available: true }),
    ]);
    expect(JSON.stringify(data.items.slice(0, 2))).not.toContain("/boat/");
    expect(JSON.stringify(data.items.slice(0, 2))).not.toContain("/dock/");
  });

  it("shows only the person's own favourites", async () => {
    const [person, other] = [await createTestUser(services), await createTestUser(services)];
    const boat = await publishBoat(services, ownerUid);
    await services.favourites.add(other.uid, boat.id);
    expect((await load(authedRequest("/favoritos", person.cookie))).items).toEqual([]);
  });
});

describe("/ajustes/favoritos", () => {
  it("sends anonymous people to sign in first", async () => {
    const response = (await settle(() => load(pageRequest("/ajustes/favoritos")))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fajustes%2Ffavoritos");
    const french = (await settle(() => load(pageRequest("/fr/ajustes/favoritos")))) as Response;
    expect(french.headers.get("Location")).toBe("/fr/login?redirect=%2Ffr%2Fajustes%2Ffavoritos");
  });

  it("lists the same favourites inside the settings panel", async () => {
    const person = await createTestUser(services);
    const boat = await publishBoat(services, ownerUid);
    await services.favourites.add(person.uid, boat.id);
    const data = await load(authedRequest("/de/ajustes/favoritos", person.cookie));
    expect(data).toMatchObject({ inPanel: true, signedIn: true, items: [{ listingId: boat.id, available: true }] });
    expect(data.meta.title).toBe("Meine Favoriten · Amarre");
  });
});
