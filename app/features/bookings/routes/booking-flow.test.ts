import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, MAX_DAYS_AHEAD, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest, settle } from "#tests/test-services";
import { boatTariff, priceRental } from "#app/features/bookings/pricing";
import { bookingTarget } from "#app/features/listings/trip";
import { signInSearch } from "#app/utils/safe-redirect";
import { calendarWindow } from "./booking-box.server";
import { loader as rentLoader } from "./rent";
import { loader as summaryLoader } from "./summary";
import { loader as boatLoader } from "#app/features/listings/routes/boat-detail";
import { loader as searchLoader } from "#app/features/search/routes/boat-search";
import { action as calendarAction, loader as calendarLoader } from "#app/features/calendar/routes/calendar";

/**
 * The way from a search to a price (issue 24): known days and people lead straight to the
 * summary; the three calendars page month by month (`?mes=`) to the booking horizon and show
 * the held days of later months; the header's sign-in keeps the page; search cards tell the
 * trip's total; more people than the boat takes offers other ways than other days.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marina Calendario" });
  renter = await createTestUser(services, { displayName: "Rita Renter" });
});
afterAll(() => services.close());

const context = () => loadContext(services);
const first = () => today(new Date());
const day = (n: number) => addDays(first(), n);
const month = (n: number) => {
  const [y, m] = first().split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
};
type Reply = { data: Record<string, unknown>; init: ResponseInit | null };
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as Reply).init?.status ?? 200));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader data read by shape in tests
const dataOf = (result: unknown): any => (result && typeof result === "object" && "init" in result && "data" in result ? (result as Reply).data : result);
const takenOf = (calendar: Array<{ taken: Record<string, string> }>) => calendar.flatMap((m) => Object.keys(m.taken));
const monthsOf = (calendar: Array<{ month: string }>) => calendar.map((m) => m.month);

describe("the calendars' months (?mes=)", () => {
  const horizonMonth = () => addDays(first(), MAX_DAYS_AHEAD).slice(0, 7);

  it("pages from this month to the month of the booking horizon, clamping anything else (never an error)", () => {
    const start = calendarWindow(first(), null);
    expect(monthsOf(start.months)).toEqual([month(0), month(1), month(2)]);
    expect(start.pages).toEqual({ month: month(0), prev: null, next: month(1) });
    const later = calendarWindow(first(), month(5));
    expect(monthsOf(later.months)).toEqual([month(5), month(6), month(7)]);
    expect(later.pages).toEqual({ month: month(5), prev: month(4), next: month(6) });
    // The last window ends with the horizon's month; later months and nonsense are clamped.
    for (const asked of [horizonMonth(), "2999-01", month(40)]) {
      const last = calendarWindow(first(), asked);
      expect(last.months.at(-1)!.month, asked).toBe(horizonMonth());
      expect(last.pages.next, asked).toBeNull();
    }
    for (const asked of ["1999-12", "2027-13", "2027-2", "x".repeat(300), "", "2027-02-01"]) {
      expect(calendarWindow(first(), asked).pages, asked).toEqual({ month: month(0), prev: null, next: month(1) });
    }
  });

  it("shows later months' held days on the boat page, the rental form and the owner's calendar", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true, capacity: 6 });
    const blocked = `${month(6)}-10`;
    await services.bookings.block(owner.uid, boat.id, blocked, blocked);

    const boatPage = async (query: string) => dataOf(await settle(() => boatLoader({ request: pageRequest(`/boat/${boat.id}${query}`), params: { id: boat.id }, context: context() })));
    expect(takenOf((await boatPage("")).bookingBox.calendar)).not.toContain(blocked);
    const paged = (await boatPage(`?mes=${month(5)}`)).bookingBox;
    expect(monthsOf(paged.calendar)).toEqual([month(5), month(6), month(7)]);
    expect(takenOf(paged.calendar)).toEqual([blocked]);
    expect(paged.held).toHaveProperty(blocked, "day");
    expect(paged.pages).toEqual({ month: month(5), prev: month(4), next: month(6) });

    const rent = async (query: string) => settle(() => rentLoader({ request: pageRequest(`/boat/rent/boat/${boat.id}${query}`), params: { id: boat.id }, context: context() }));
    const rentPage = dataOf(await rent(`?mes=${month(6)}&people=2`));
    expect(monthsOf(rentPage.calendar)).toEqual([month(6), month(7), month(8)]);
    expect(takenOf(rentPage.calendar)).toEqual([blocked]);
    for (const asked of ["1990-01", "9999-99", "%00"]) expect(statusOf(await rent(`?mes=${encodeURIComponent(asked)}`)), asked).toBe(200);

    const calendar = dataOf(await settle(() => calendarLoader({ request: authedRequest(`/ajustes/mi-calendario?listing=${boat.id}&mes=${month(6)}`, owner.cookie), params: {}, context: context() })));
    expect(monthsOf(calendar.calendar)).toEqual([month(6), month(7), month(8)]);
    expect(takenOf(calendar.calendar)).toEqual([blocked]);
    expect(calendar.pages).toEqual({ month: month(6), prev: month(5), next: month(7) });

    // Blocking and freeing days bring the owner back to the months they were looking at.
    const post = (fields: Record<string, string>) => settle(() => calendarAction({ request: formPost("/ajustes/mi-calendario", fields, owner.cookie), params: {}, context: context() }));
    const again = (await post({ intent: "block", listing: boat.id, mes: month(6), start: `${month(6)}-20`, end: `${month(6)}-20` })) as Response;
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/ajustes/mi-calendario?listing=${boat.id}&mes=${month(6)}`);
    expect((await followNotice(services, again)).notice?.key).toBe("bookings:calendar.page.notice.blocked");
    const nonsense = (await post({ intent: "block", listing: boat.id, mes: "<script>", start: `${month(6)}-21`, end: `${month(6)}-21` })) as Response;
    expect(nonsense.headers.get("Location")).toBe(`/ajustes/mi-calendario?listing=${boat.id}`);
  });
});

describe("known days and people", () => {
  it("lead the boat page's button to the summary, which prices them at once", async () => {
    expect(bookingTarget("abc", { from: day(30), to: day(32), people: 3 }, true)).toEqual({ to: "summary", search: { listing: "abc", start: day(30), end: day(32), people: 3 } });
    expect(bookingTarget("abc", { from: day(30), to: null, people: null }, true)).toEqual({ to: "rent", search: { start: day(30), end: undefined, people: undefined } });
    expect(bookingTarget("abc", { from: null, to: null, people: 2 }, true).to).toBe("rent");
    expect(bookingTarget("dock", { from: day(30), to: day(40) }, false).to).toBe("summary");

    const boat = await createBoat(services, owner.uid, { instantBooking: true, capacity: 6 });
    const page = dataOf(await settle(() => boatLoader({ request: pageRequest(`/boat/${boat.id}?from=${day(30)}&to=${day(32)}&people=3`), params: { id: boat.id }, context: context() })));
    expect(page.trip).toEqual({ from: day(30), to: day(32), people: 3 });
    const { search } = bookingTarget(boat.id, page.trip, true);
    const summary = await settle(() => summaryLoader({ request: pageRequest(`/boat/rent/boat/ReservationSummary?${new URLSearchParams(search as Record<string, string>)}`), params: {}, context: context() }));
    expect(statusOf(summary)).toBe(200);
    expect(dataOf(summary).quote).toMatchObject({ start: day(30), end: day(32), days: 3, people: 3 });
  });
});

describe("more people than the boat takes", () => {
  it("offers to change the people and boats for that many nearby on the same days, besides other days", async () => {
    const boat = await createBoat(services, owner.uid, { capacity: 4 });
    const fields = { listing: boat.id, start: day(40), end: day(41), people: "9" };
    for (const [lang, words] of [
      ["", "Demasiadas personas para este barco."],
      ["/en", null],
    ] as const) {
      const result = await settle(() => summaryLoader({ request: pageRequest(`${lang}/boat/rent/boat/ReservationSummary?${new URLSearchParams(fields)}`), params: {}, context: context() }));
      expect(statusOf(result)).toBe(400);
      const page = dataOf(result);
      if (words) expect(page.refusal.message).toBe(words);
      expect(page.refusal.field).toBe("people");
      expect(page.tooMany).toEqual({
        people: 9,
        changePeople: `/boat/rent/boat/${boat.id}?start=${day(40)}&end=${day(41)}#people`,
        search: `/alquiler-barco?place=Palma&from=${day(40)}&to=${day(41)}&people=9`,
      });
      expect(page.back).toBe(`/boat/rent/boat/${boat.id}?start=${day(40)}&end=${day(41)}&people=9`);
    }
    // Any other refusal keeps its one way back.
    const past = dataOf(await settle(() => summaryLoader({ request: pageRequest(`/boat/rent/boat/ReservationSummary?${new URLSearchParams({ ...fields, people: "2", start: "2020-01-01" })}`), params: {}, context: context() })));
    expect(past.tooMany).toBeNull();
  });
});

describe("search results with days chosen", () => {
  it("tell each boat's total for those days (the summary's total) before its day price", async () => {
    const boat = await createBoat(services, owner.uid, { type: "motor", title: "Lancha del total", capacity: 6, dayPriceCents: 250_00, portSlug: "marina-ibiza" });
    const search = async (query: string) => dataOf(await settle(() => searchLoader({ request: pageRequest(`/alquiler-barco?${query}`), params: {}, context: context() })));
    const cardOf = (page: { results: { cards: Array<{ id: string }> } }) => page.results.cards.find((card) => card.id === boat.id) as { trip: unknown; price: unknown } | undefined;
    const withDays = cardOf(await search(`place=Ibiza&from=${day(50)}&to=${day(52)}&people=2`));
    const expected = priceRental(boatTariff({ dayPriceCents: 250_00, skipper: null }, 0), { kind: "days", days: 3 }).totalCents;
    expect(expected).toBe(750_00);
    expect(withDays).toMatchObject({ trip: { days: 3, totalCents: expected }, price: { cents: 250_00, unit: "day" } });
    expect(cardOf(await search(`place=Ibiza&from=${day(50)}`))).toMatchObject({ trip: { days: 1, totalCents: 250_00 } });
    expect(cardOf(await search("place=Ibiza"))?.trip).toBeNull();
  });
});

describe("the header's sign-in link", () => {
  it("carries the page as the way back, safely", () => {
    expect(signInSearch("/boat/abc", "?from=2027-02-01&people=3")).toEqual({ redirect: "/boat/abc?from=2027-02-01&people=3" });
    expect(signInSearch("/en/alquiler-barco", "")).toEqual({ redirect: "/en/alquiler-barco" });
    expect(signInSearch("/", "")).toEqual({});
    expect(signInSearch("/de", "")).toEqual({});
    expect(signInSearch("/login", "?redirect=%2Fajustes%2Ffacturas")).toEqual({ redirect: "/ajustes/facturas" });
    expect(signInSearch("/fr/register", "?redirect=%2F%2Fevil.com")).toEqual({});
    expect(signInSearch("/login", "")).toEqual({});
    expect(signInSearch("//evil.com/x", "")).toEqual({});
  });

  it("is followed after signing in (the login route reads `redirect`)", async () => {
    const { loader: loginLoader } = await import("#app/features/accounts/routes/login");
    const page = dataOf(await settle(() => loginLoader({ request: pageRequest(`/login?${new URLSearchParams(signInSearch("/boat/abc", "?people=2"))}`), params: {}, context: context() })));
    expect(page.redirectTo).toBe("/boat/abc?people=2");
    expect(renter.uid).toBeTruthy();
  });
});
