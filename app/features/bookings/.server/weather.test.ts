import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import { addDays, BookingError, today } from "./index";
import { renderInvoicePdf } from "#app/features/invoices/.server/pdf";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Weather-safe trips on the booking engine (decision 031), with the offline forecast: a blow over
 * the Bay of Palma three days from now. Either side cancels the unsafe trip with everything back
 * (without online payments there is no fee: one corrective invoice, of the rental; the fee's
 * refund with a provider is money.contract.ts's) or moves it to free days at the same price; a
 * safe trip can be neither; nobody else can touch it; a move and a booking racing for the same
 * day end with exactly one of them holding it.
 */
const day = (n: number) => addDays(today(new Date()), n);
let services: Services;
let fixtureDir: string;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let other: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-weather-"));
  const file = path.join(fixtureDir, "forecast.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      places: [
        {
          name: "Bahía de Palma",
          lat: 39.5593,
          lng: 2.6296,
          radiusKm: 30,
          days: [{ offset: 3, windKnots: 23, gustKnots: 32, waveM: 1.8, warnings: [{ level: "yellow", kind: "coastal", headline: "Aviso de costeros de nivel amarillo. Costa de Mallorca", zone: "Costa de Mallorca" }] }],
        },
      ],
      calm: { windKnots: 7, gustKnots: 11, waveM: 0.3 },
    }),
  );
  services = await createTestServices({ WEATHER_FIXTURE_FILE: file });
  owner = await createOwner(services, { displayName: "Javier Armador" });
  renter = await createTestUser(services, { displayName: "Lucía Renter" });
  other = await createTestUser(services, { displayName: "Otra Persona" });
});
afterAll(async () => {
  await services.close();
  fs.rmSync(fixtureDir, { recursive: true, force: true });
});

const instantBoat = () => createBoat(services, owner.uid, { instantBooking: true, lengthM: 7.2, dayPriceCents: 400_00 });
const book = (listingId: string, start: string, end = start, uid = renter.uid) => services.bookings.book({ uid, lang: "es" }, listingId, { start, end, part: null, people: 4, withSkipper: false });
/** The PDF's text, runs joined by one space. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, verbosity: 0 }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " ");
}
const code = (error: unknown) => (error instanceof BookingError ? `${error.code}${error.reason && error.reason !== error.code ? `:${error.reason}` : ""}` : String(error));

describe("weather-safe trips", () => {
  it("refuses to cancel or move a trip the forecast does not make unsafe (no refund rule to bend)", async () => {
    const boat = await instantBoat();
    const calm = await book(boat.id, day(5));
    expect(code(await services.bookings.cancelForWeather(calm.id, renter.uid, "renter").catch((e: unknown) => e))).toBe("invalid-transition:weather-safe");
    expect(code(await services.bookings.moveForWeather(calm.id, owner.uid, "owner", day(6)).catch((e: unknown) => e))).toBe("invalid-transition:weather-safe");
    expect((await services.bookings.getFor(calm.id, renter.uid))!.booking.status).toBe("confirmed");
  });

  it("the renter cancels an unsafe trip: everything back (no fee without online payments), corrected by invoices; the days free; both told why", async () => {
    const boat = await instantBoat();
    const trip = await book(boat.id, day(3));
    expect(code(await services.bookings.cancelForWeather(trip.id, other.uid, "renter").catch((e: unknown) => e))).toBe("not-found");
    const { booking } = await services.bookings.cancelForWeather(trip.id, renter.uid, "renter");
    expect(booking.status).toBe("cancelled");
    expect(booking.price.serviceFeeCents).toBe(0);
    expect(booking.cancellation).toMatchObject({ by: "renter", rule: "weather", percent: 100, refundCents: booking.price.totalCents, feeRefundCents: 0 });
    expect(booking.weather?.[0]).toMatchObject({ action: "cancel", by: "renter", uid: renter.uid, evidence: { source: "fixture", date: day(3), windKnots: 23, beaufort: 6, boatClass: "small" } });
    expect(booking.money.lines.filter((l) => l.kind === "refund").map((l) => [l.id, l.amountCents, l.reason?.rule])).toEqual([["refund-rental", booking.price.ownerCents, "weather"]]);
    const invoices = await services.invoices.forBooking(trip.id);
    const corrective = invoices.filter((i) => i.corrects !== null);
    expect(corrective.map((i) => i.totalCents)).toEqual([-booking.price.ownerCents]);
    expect(await services.bookings.isFree(boat, day(3), day(3))).toBe(true);
    const [renterMail, ownerMail] = await Promise.all([services.mailbox.list(renter.uid), services.mailbox.list(owner.uid)]);
    expect(renterMail[0]!.subject).toMatch(/cancelado por el tiempo/);
    expect(ownerMail[0]!.subject).toMatch(/cancelado por el tiempo/);
    expect(ownerMail[0]!.text).toMatch(/no cuenta en tu anuncio/);
  });

  it("the owner's weather cancellation does not count against the listing", async () => {
    const boat = await instantBoat();
    const trip = await book(boat.id, day(3));
    await services.bookings.cancelForWeather(trip.id, owner.uid, "owner");
    expect((await services.listings.get(boat.id))!.ownerCancellations ?? 0).toBe(0);
  });

  it("the owner moves an unsafe trip to free days at the same price: new days held, old ones freed, the decision and its forecast kept, both told", async () => {
    const boat = await instantBoat();
    const trip = await book(boat.id, day(2), day(3));
    await book(boat.id, day(9), day(9), other.uid);
    // A day someone holds cannot be moved onto; a past or malformed day is the start field's error.
    expect(code(await services.bookings.moveForWeather(trip.id, owner.uid, "owner", day(8)).catch((e: unknown) => e))).toBe("taken");
    expect(code(await services.bookings.moveForWeather(trip.id, owner.uid, "owner", day(0)).catch((e: unknown) => e))).toBe("invalid:past");
    expect(code(await services.bookings.moveForWeather(trip.id, owner.uid, "owner", "2027-02-30").catch((e: unknown) => e))).toBe("invalid:format");
    const moved = await services.bookings.moveForWeather(trip.id, owner.uid, "owner", day(3));
    expect(moved).toMatchObject({ status: "confirmed", start: day(3), end: day(4), price: trip.price });
    expect(moved.weather?.at(-1)).toMatchObject({ action: "move", by: "owner", from: { start: day(2), end: day(3) }, to: { start: day(3), end: day(4) } });
    expect(moved.history.at(-1)).toMatchObject({ action: "move", by: "owner", from: "confirmed", to: "confirmed" });
    expect(await services.bookings.isFree(boat, day(2), day(2))).toBe(true);
    expect(await services.bookings.isFree(boat, day(4), day(4))).toBe(false);
    expect(moved.slotIds.sort()).toEqual([`${boat.id}_${day(3)}_am`, `${boat.id}_${day(3)}_pm`, `${boat.id}_${day(4)}_am`, `${boat.id}_${day(4)}_pm`]);
    // Amounts owed directly follow the new start.
    expect(moved.money.lines.find((l) => l.id === "rental")!.dueAt).toBe(moved.startsAt);
    const renterMail = await services.mailbox.list(renter.uid);
    expect(renterMail[0]!.subject).toMatch(/cambia de fecha por el tiempo/);
    expect(renterMail[0]!.text).toContain("Antes:");
    // No provider charges here: the deposit is handed over on boarding, whatever the days.
    expect(renterMail[0]!.text).toMatch(/Fianza de [\d.,]+\s€: se entrega al propietario al embarcar y se devuelve al llegar\./);
  });

  it("a move corrects the trip's invoices: a zero corrective invoice of each names the new days and why; once per move; a later cancellation names the days cancelled", async () => {
    const boat = await instantBoat();
    const trip = await book(boat.id, day(3));
    // Without online payments, the rental's invoice alone (no fee, decision 048).
    const originals = (await services.invoices.forBooking(trip.id)).filter((i) => i.corrects === null);
    expect(originals.map((i) => i.subject.start)).toEqual([day(3)]);
    const moved = await services.bookings.moveForWeather(trip.id, renter.uid, "renter", day(5));
    const corrective = (await services.invoices.forBooking(trip.id, 1)).filter((i) => i.reason?.rule === "weather-move");
    expect(corrective).toHaveLength(1);
    for (const invoice of corrective) {
      const original = originals.find((i) => i.id === invoice.corrects?.id)!;
      expect(invoice).toMatchObject({ series: "R", kind: "corrective", lines: [], baseCents: 0, vatCents: 0, totalCents: 0, seller: original.seller, buyer: original.buyer });
      expect(invoice.corrects).toEqual({ id: original.id, series: original.series, number: original.number, issuedAt: original.issuedAt });
      expect(invoice.subject).toMatchObject({ start: day(5), end: day(5), reference: original.subject.reference });
      expect(invoice.reason).toEqual({ rule: "weather-move", by: "renter", policy: null, percent: 0, at: moved.weather!.at(-1)!.at, moved: { from: { start: day(3), end: day(3) }, to: { start: day(5), end: day(5) } } });
    }
    // The same event again issues nothing.
    expect(await services.invoices.correctForMove(moved)).toEqual([]);
    // The PDF says why, with the days before and after, in the reader's language.
    const pdf = await renderInvoicePdf(corrective[0]!, "en");
    const text = await pdfText(pdf);
    expect(text).toContain("Trip moved for bad weather on");
    expect(text).toMatch(/before \w+ \d+, \d{4}; now \w+ \d+, \d{4}/);
    // Cancelled after the move (the owner, everything back): the corrective invoices name the days cancelled.
    await services.bookings.act(trip.id, owner.uid, "owner", "cancel");
    const all = await services.invoices.forBooking(trip.id, 1);
    expect(all.map((i) => i.id.slice(trip.id.length))).toEqual(["_rental", "_rental_M1", "_rental_R"]);
    const cancelled = all.filter((i) => i.reason !== null && i.reason.rule !== "weather-move");
    expect(cancelled.length).toBe(1);
    for (const invoice of cancelled) expect(invoice.subject).toMatchObject({ start: day(5), end: day(5) });
    // The move's correction and the cancellation's follow each other in series R.
    const numbers = all.filter((i) => i.series === "R").map((i) => i.sequence).sort((a, b) => a - b);
    expect(numbers[1]! - numbers[0]!).toBe(1);
  });

  it("a move and a new booking racing for the same day: exactly one holds it", async () => {
    const boat = await instantBoat();
    const trip = await book(boat.id, day(3));
    const results = await Promise.allSettled([services.bookings.moveForWeather(trip.id, renter.uid, "renter", day(10)), book(boat.id, day(10), day(10), other.uid)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const slots = await services.bookings.slots(boat.id, day(10), day(10));
    expect(new Set(slots.map((s) => s.ref)).size).toBe(1);
    expect(slots).toHaveLength(2);
  });
});
