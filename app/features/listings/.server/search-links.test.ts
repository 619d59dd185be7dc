import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import { measureStoreUse } from "#app/.server/store/counting";
import type { BoatListing, SearchPage } from "#app/features/listings/.server";
import { boat, photos, type TestServices } from "./test-fixtures";

/**
 * Page links carry a cursor (`search-cursor.ts`, decision 056's amendment): a page opened from
 * its link on a server that remembers nothing shows what the page shows without it, reading one
 * page; a link's token that is not this search's, this page's, or not as written is ignored.
 */

const FROM = "2027-09-14";
const PORTS = ["club-de-mar-palma", "marina-ibiza", "port-vell-barcelona"];

/** The i-th boat: three ports, mostly motor, prices spread. */
function linkBoat(i: number) {
  const overrides = { type: i % 4 === 3 ? "sail" : "motor", title: `Barco de enlace ${i}`, homePort: { portSlug: PORTS[i % 3] }, capacity: 4 + (i % 5), dayPriceCents: 10_000 + ((i * 53) % 90) * 100, halfDayPriceCents: undefined };
  const data = Object.assign({}, ...Object.values(boat(overrides))) as Record<string, unknown>;
  return { kind: "boat" as const, data, photos: photos(`l${i}`, 1) };
}

describe("listings: a search page opened from its link", () => {
  let services: TestServices;

  beforeAll(async () => {
    services = await createTestServices({ STORE_COUNTING: "true" });
    const owner = await createOwner(services, { kind: "professional" });
    const created = await services.listings.importPublished(owner.uid, Array.from({ length: 160 }, (_, i) => linkBoat(i)));
    // Taken on the day: boats early in every order, in two ports.
    for (const id of created.slice(150, 156)) await services.bookings.block(owner.uid, id, FROM, FROM);
  }, 60_000);
  afterAll(() => services.close());

  const run = (query: Record<string, unknown>, page: number, cursor?: string | null) => measureStoreUse(() => services.listings.search({ ...query, page }, { cursor }));
  const ids = (result: SearchPage<BoatListing>) => result.items.map((item) => item.id);
  /** Page `page` as a typed address opens it, on a server that remembers nothing. */
  async function plain(query: Record<string, unknown>, page: number) {
    services.listings.forgetSearch();
    return (await run(query, page)).result;
  }

  const searches: Array<[string, Record<string, unknown>]> = [
    ["every boat, by relevance", {}],
    ["a type, by price", { type: "motor", sort: "price-asc" }],
    ["a partial place name (one query per port, merged)", { place: "mar", sort: "newest" }],
    ["a day (taken boats skipped)", { from: FROM, sort: "price-desc" }],
  ];

  it.each(searches)("%s: every page from its neighbour's link shows the page, reading one page", async (_, query) => {
    const first = await plain(query, 1);
    expect(first.pageCount).toBeGreaterThanOrEqual(4);
    const coldFirst = (services.listings.forgetSearch(), await run(query, 1)).counts.reads;
    let link = first.cursors?.next;
    for (let page = 2; page <= first.pageCount; page++) {
      const expected = ids(await plain(query, page));
      services.listings.forgetSearch();
      const opened = await run(query, page, link);
      expect(ids(opened.result), `page ${page}`).toEqual(expected);
      // The count (and the taken on the day), then one page: what the first page costs (less on
      // the last page, or once a port's query runs out).
      const full = page < opened.result.pageCount && query.place === undefined;
      if (full) expect(opened.counts.reads, `page ${page}`).toBe(coldFirst);
      else expect(opened.counts.reads, `page ${page}`).toBeLessThanOrEqual(coldFirst);
      // Back one page by its link, on a server that remembers nothing again.
      if (page > 2) {
        const previous = opened.result.cursors?.previous;
        expect(previous, `page ${page}`).toEqual(expect.any(String));
        services.listings.forgetSearch();
        const back = await run(query, page - 1, previous);
        expect(ids(back.result)).toEqual(ids(await plain(query, page - 1)));
        expect(back.counts.reads).toBeLessThanOrEqual(coldFirst);
      }
      expect(opened.result.cursors?.next ?? null).toEqual(page < opened.result.pageCount ? expect.any(String) : null);
      link = opened.result.cursors?.next;
    }
  });

  it("reads a page as without a token when the token is changed, another search's, another page's or not a token", async () => {
    const query = { type: "motor" };
    const page2 = await plain(query, 2);
    const token = page2.cursors!.next!;
    const expected = ids(await plain(query, 3));
    services.listings.forgetSearch();
    const typed = (await run(query, 3)).counts.reads;
    const newest = (await plain({ type: "motor", sort: "newest" }, 2)).cursors!.next!;
    const changed = token.slice(0, 30) + (token[30] === "A" ? "B" : "A") + token.slice(31);
    const foreign = ["", "x", "1", token.slice(0, -2), changed, newest, token + token, "1".repeat(5_000), `1${"A".repeat(16)}${Buffer.from("[3,[[1,\"x\"]],0]").toString("base64url")}`];
    for (const bad of foreign) {
      services.listings.forgetSearch();
      const opened = await run(query, 3, bad);
      expect(ids(opened.result), bad.slice(0, 40)).toEqual(expected);
      expect(opened.counts.reads, bad.slice(0, 40)).toBe(typed);
    }
    // Page 3's token on page 4: page 4 as typed.
    const page4 = ids(await plain(query, 4));
    services.listings.forgetSearch();
    expect(ids((await run(query, 4, token)).result)).toEqual(page4);
    // The same token on the docks' search (another search altogether): the docks' first page.
    services.listings.forgetSearch();
    expect((await services.listings.searchDocks({}, { cursor: token })).page).toBe(1);
  });

  it("gives no cursors to a search filtered in memory (a licence), whose pages slice what it found", async () => {
    const result = await plain({ licence: "per" }, 1);
    expect(result.cursors).toBeUndefined();
  });
});
