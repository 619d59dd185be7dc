import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestServices, formPost, loadContext, settle, statusOf } from "#tests/test-services";
import { action, loader } from "./calendar";

/**
 * /ajustes/mi-calendario's seasons and weekend rule (issue 49) with real Requests on the embedded
 * store: adding, editing and removing seasons; overlaps are a 409 naming the other season; every
 * field refused is a 400 with its translated message; someone else's listing, or none, a 404;
 * a body no form sends a 4xx. A quote afterwards prices each day by the rules.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marina Temporadas" });
  stranger = await createOwner(services, { displayName: "Otro Armador" });
}, 60_000);
afterAll(async () => services.close());

const PAGE = "/ajustes/mi-calendario";
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies read by shape in tests
const dataOf = (result: unknown): any => (result && typeof result === "object" && "init" in result && "data" in result ? (result as { data: unknown }).data : result);
const post = (fields: Record<string, string | string[]>, cookie = owner.cookie, lang = "") =>
  settle(() => action({ request: formPost(`${lang}${PAGE}`, fields, cookie), params: {}, context: loadContext(services) }));
const page = async (listingId: string, cookie = owner.cookie) => dataOf(await settle(() => loader({ request: authedRequest(`${PAGE}?listing=${listingId}`, cookie), params: {}, context: loadContext(services) })));
const season = (listing: string, values: Record<string, string>) => ({ intent: "add-season", listing, name: "Temporada alta", start: "2027-07-01", end: "2027-08-31", price: "", percent: "40", ...values });

describe("/ajustes/mi-calendario: seasons and weekends", () => {
  it("adds, edits and removes seasons; an overlap is a 409 naming the other season, in the page's language", async () => {
    const boat = await createBoat(services, owner.uid, { dayPriceCents: 200_00, instantBooking: true });
    const added = await post(season(boat.id, {}));
    expect(statusOf(added)).toBe(303);
    expect((await followNotice(services, added as Response)).notice?.key).toBe("seasons:notice.added");
    expect((await page(boat.id)).seasons).toMatchObject({ baseCents: 200_00, seasons: [{ id: "s1", name: "Temporada alta", start: "2027-07-01", end: "2027-08-31", dayPriceCents: null, percent: 40 }], weekend: null });

    const clash = await post(season(boat.id, { name: "Agosto", start: "2027-08-31", end: "2027-09-15", percent: "", price: "150" }));
    expect(statusOf(clash)).toBe(409);
    expect(dataOf(clash).seasons.message).toBe("Esas fechas se solapan con la temporada «Temporada alta». Las temporadas de un barco no pueden compartir días.");
    const clashEn = await post(season(boat.id, { name: "June", start: "2027-06-15", end: "2027-07-01" }), owner.cookie, "/en");
    expect(dataOf(clashEn).seasons.message).toMatch(/overlap the season “Temporada alta”/);

    const low = await post(season(boat.id, { name: "Baja", start: "2027-10-01", end: "2027-10-31", percent: "", price: "150,50" }));
    expect(statusOf(low)).toBe(303);
    // Editing into another season's days is refused; editing its own days is not an overlap.
    const moved = await post({ ...season(boat.id, { name: "Baja", start: "2027-08-20", end: "2027-10-31", percent: "-20" }), intent: "edit-season", season: "s2" });
    expect(statusOf(moved)).toBe(409);
    const edited = await post({ ...season(boat.id, { name: "Baja", start: "2027-10-02", end: "2027-10-31", percent: "-20" }), intent: "edit-season", season: "s2" });
    expect(statusOf(edited)).toBe(303);
    expect((await page(boat.id)).seasons.seasons.map((s: { id: string; start: string; percent: number | null }) => [s.id, s.start, s.percent])).toEqual([["s1", "2027-07-01", 40], ["s2", "2027-10-02", -20]]);

    // A quote across the season's first day: two days at the base, two at +40 %.
    const quote = services.bookings.quote(await services.listings.get(boat.id), "renter-1", { start: "2027-06-29", end: "2027-07-02", part: null, people: 2, withSkipper: false });
    expect(quote.price.rentalCents).toBe(2 * 200_00 + 2 * 280_00);
    expect(quote.price.lines).toEqual([
      { unit: "day", count: 2, unitCents: 200_00, totalCents: 400_00 },
      { unit: "day", count: 2, unitCents: 280_00, totalCents: 560_00, season: "Temporada alta" },
    ]);

    expect(statusOf(await post({ intent: "remove-season", listing: boat.id, season: "s1" }))).toBe(303);
    expect(statusOf(await post({ intent: "remove-season", listing: boat.id, season: "s1" }))).toBe(404);
    expect((await page(boat.id)).seasons.seasons.map((s: { id: string }) => s.id)).toEqual(["s2"]);
  }, 60_000);

  it("each refused field is a 400 with its translated message, and nothing is saved", async () => {
    const boat = await createBoat(services, owner.uid);
    const cases: Array<[Record<string, string>, string, RegExp, string]> = [
      [{ end: "2027-06-30" }, "end", /no puede ser anterior/, ""],
      [{ price: "140", percent: "40" }, "price", /not both/, "/en"],
      [{ price: "", percent: "" }, "price", /un prix par jour ou un pourcentage/, "/fr"],
      [{ percent: "", price: "99999999" }, "price", /1 € und 100.000 €/, "/de"],
      [{ percent: "5000" }, "percent", /-90 a \+300/, ""],
      [{ percent: "muchos" }, "percent", /número entero/, ""],
      [{ percent: "", price: "barato" }, "price", /en euros/, ""],
      [{ start: "2027-02-30" }, "start", /primer día/, ""],
      [{ end: "2029-01-01" }, "end", /366 días/, ""],
      [{ name: "x".repeat(100_000) }, "name", /60 caracteres/, ""],
      [{ name: "   " }, "name", /nombre/, ""],
    ];
    for (const [values, field, message, lang] of cases) {
      const result = await post(season(boat.id, values), owner.cookie, lang);
      expect(statusOf(result), JSON.stringify(values).slice(0, 80)).toBe(400);
      expect(dataOf(result).seasons.errors[field]).toMatch(message);
      expect(JSON.stringify(dataOf(result)).length).toBeLessThan(4_000);
    }
    expect((await services.listings.get(boat.id))?.pricing).toBeUndefined();
  }, 60_000);

  it("someone else's listing, an unknown one and a berth are refused; bodies no form sends are a 4xx", async () => {
    const boat = await createBoat(services, owner.uid);
    for (const [listing, cookie] of [[boat.id, stranger.cookie], ["no-such-listing", owner.cookie], ["", owner.cookie]] as const) {
      const result = await post(season(listing, {}), cookie);
      expect(statusOf(result)).toBe(404);
      expect(dataOf(result).seasons.message).toBe("No encontramos ese anuncio entre los tuyos.");
    }
    expect(statusOf(await post({ intent: "remove-season", listing: boat.id, season: "s1" }, stranger.cookie))).toBe(404);
    expect(statusOf(await post({ intent: "set-weekend", listing: boat.id, day: ["5", "6"], percent: "10", price: "" }, stranger.cookie))).toBe(404);
    const dock = await createDock(services, owner.uid);
    expect(statusOf(await post(season(dock.id, {})))).toBe(400);
    for (const init of [hostileBodies.json({ intent: "add-season", listing: boat.id }), hostileBodies.brokenMultipart()]) {
      const status = statusOf(await settle(() => action({ request: hostilePost(PAGE, owner.cookie, init), params: {}, context: loadContext(services) })));
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    expect((await services.listings.get(boat.id))?.pricing).toBeUndefined();
  }, 60_000);

  it("the weekend rule: chosen days and a price; a season's price wins over it", async () => {
    const boat = await createBoat(services, owner.uid, { dayPriceCents: 100_00, instantBooking: true });
    expect(statusOf(await post({ intent: "set-weekend", listing: boat.id, price: "", percent: "" }))).toBe(400);
    const none = await post({ intent: "set-weekend", listing: boat.id, price: "", percent: "25" });
    expect(dataOf(none).seasons.errors.days).toMatch(/entre uno y seis/);
    expect(statusOf(await post({ intent: "set-weekend", listing: boat.id, day: ["6", "7"], price: "130", percent: "" }))).toBe(303);
    expect(statusOf(await post(season(boat.id, { start: "2027-07-01", end: "2027-07-31", percent: "50" })))).toBe(303);
    const listing = await services.listings.get(boat.id);
    expect(listing?.pricing?.weekend).toEqual({ days: [6, 7], dayPriceCents: 130_00, percent: null });
    // Friday 25 June to Sunday 4 July 2027: Fri at the base, Sat–Sun at the weekend price, Mon–Wed base, Thu–Sun in the season.
    const quote = services.bookings.quote(listing, "renter-2", { start: "2027-06-25", end: "2027-07-04", part: null, people: 1, withSkipper: false });
    expect(quote.price.rentalCents).toBe(4 * 100_00 + 2 * 130_00 + 4 * 150_00);
    expect(statusOf(await post({ intent: "remove-weekend", listing: boat.id }))).toBe(303);
    expect((await services.listings.get(boat.id))?.pricing?.weekend).toBeNull();
  }, 60_000);
});
