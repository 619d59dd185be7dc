import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { AvailabilitySection } from "#app/features/bookings/components/booking-estimate";
import { PriceBreakdown } from "#app/features/bookings/components/booking";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { drawnAt, textOf } from "#tests/drawn";
import { createTestServices, createTestUser, dataOf, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as boatLoader } from "#app/features/listings/routes/boat-detail";
import { loader as summaryLoader } from "./summary";
import { loader as rentLoader } from "./rent";

/**
 * Prices per day on the pages (issue 49): the boat page's calendar writes each free day's price
 * (the season's days at theirs), the booking summary's price card names each line's season, and
 * what the summary shows is what the booking, its ledger, its invoice and its emails say, to the cent.
 */
let services: Services;
let boat: string;
let plain: string;
const day = (n: number) => addDays(today(new Date()), n);
const LANGS = ["", "/en", "/fr", "/de"] as const;
const monthsFrom = (a: string, b: string) => (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

beforeAll(async () => {
  services = await createTestServices();
  const owner = await createOwner(services, { displayName: "Armador de Temporada" });
  boat = (await createBoat(services, owner.uid, { dayPriceCents: 200_00, instantBooking: true })).id;
  plain = (await createBoat(services, owner.uid, { dayPriceCents: 200_00, instantBooking: true })).id;
  await services.listings.seasons.add(owner.uid, boat, { name: "Temporada alta", start: day(20), end: day(40), dayPriceCents: null, percent: 40 });
}, 60_000);
afterAll(async () => services.close());

const context = () => loadContext(services);
const boatPage = async (lang: string, id: string) => dataOf(await settle(() => boatLoader({ request: pageRequest(`${lang}/boat/${id}`), params: { id }, context: context() })));
const summaryAt = (lang: string, id: string, start: string, end: string) => `${lang}/boat/rent/boat/ReservationSummary?${new URLSearchParams({ listing: id, start, end, people: "2" })}`;

describe("prices per day on the pages", () => {
  it("the boat page's calendar writes each free day's price, the season's at +40 %, in four languages", async () => {
    const legends = ["Debajo de cada día libre, su precio en euros", "Under each free day, its price in euros", "Sous chaque jour libre, son prix en euros", "Unter jedem freien Tag sein Preis in Euro"];
    for (const [i, lang] of LANGS.entries()) {
      const page = await boatPage(lang, boat);
      const html = await drawnAt(`${lang}/boat/${boat}`, createElement(AvailabilitySection, { box: page.bookingBox }));
      // Each month's table: its free days' prices by day of the month.
      const months = html.split("<table").slice(1).map((table) => new Map([...table.matchAll(/<td[^>]*>(\d+)<i>([\d.,]+)<\/i>/g)].map((m) => [Number(m[1]), m[2]])));
      const priceOn = (date: string) => months[monthsFrom(day(0), date)]?.get(Number(date.slice(8)));
      expect(priceOn(day(25)), lang).toBe("280");
      expect(priceOn(day(3)), lang).toBe("200");
      expect(textOf(html), lang).toContain(legends[i]);
    }
    // A boat without seasons or a weekend rule draws its calendar as before: no prices, no legend.
    const html = await drawnAt(`/boat/${plain}`, createElement(AvailabilitySection, { box: (await boatPage("", plain)).bookingBox }));
    expect(html).not.toContain("<i>");
    // The rental form's calendar has the same prices to draw.
    const rent = async (id: string) => dataOf(await settle(() => rentLoader({ request: pageRequest(`/en/boat/rent/boat/${id}`), params: { id }, context: context() })));
    expect((await rent(boat)).prices).toMatchObject({ baseCents: 200_00, rules: { seasons: [{ name: "Temporada alta", percent: 40 }] } });
    expect((await rent(plain)).prices).toBeNull();
  });

  it("the summary names each line's season; the booking, its ledger, invoice and email say the same figure", async () => {
    const lines = ["1 día × 200 €", "2 días × 280 € (Temporada alta)"];
    const english = ["1 day × €200", "2 days × €280 (Temporada alta)"];
    for (const [lang, expected] of [["", lines], ["/en", english]] as const) {
      const result = await settle(() => summaryLoader({ request: pageRequest(summaryAt(lang, boat, day(19), day(21))), params: {}, context: context() }));
      expect(statusOf(result)).toBe(200);
      const price = dataOf(result).quote.price;
      expect(price.rentalCents).toBe(760_00);
      const text = textOf(await drawnAt(summaryAt(lang, boat, day(19), day(21)), createElement(PriceBreakdown, { price })));
      for (const line of expected) expect(text, lang).toContain(line);
    }
    const renter = await createTestUser(services, { displayName: "Rita Temporada" });
    const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat, { start: day(19), end: day(21), part: null, people: 2, withSkipper: false });
    expect(booking.price.totalCents).toBe(760_00);
    expect(booking.price.lines.map((l) => [l.count, l.unitCents, l.season ?? null])).toEqual([[1, 200_00, null], [2, 280_00, "Temporada alta"]]);
    const rental = booking.money.lines.find((l) => l.id === "rental");
    expect(rental?.amountCents).toBe(760_00);
    const invoices = await services.invoices.forBooking(booking.id);
    expect(invoices.filter((i) => i.kind !== "corrective").reduce((sum, i) => sum + i.totalCents, 0)).toBe(760_00);
    expect(invoices.find((i) => i.kind === "rental")?.lines[0]?.days).toEqual([{ unit: "day", count: 1, unitCents: 200_00 }, { unit: "day", count: 2, unitCents: 280_00, season: "Temporada alta" }]);
    // The confirmation and the invoice's email: the same 760 €.
    const mails = (await services.mailbox.list(renter.uid)).map((mail) => mail.text);
    expect(mails.filter((text) => /760,00\s€/u.test(text))).toHaveLength(2);
  });
});
