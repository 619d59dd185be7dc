import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, settle } from "#tests/test-services";
import { drawnAt, textOf } from "#tests/drawn";
import { WeatherForecast, WeatherPanel } from "#app/features/weather/components/weather-panel";
import { loader as tripCalendarLoader } from "#app/features/bookings/routes/trip-calendar";
import { action as reservationAction, loader as reservationLoader } from "#app/features/bookings/routes/reservation";
import { action as rentalAction, loader as rentalLoader } from "#app/features/bookings/routes/rental";

/**
 * The weather on the booking pages (decision 031), with real Requests: each side sees the trip's
 * forecast judged for the boat; an unsafe trip can be cancelled (everything back) or moved by
 * either side; a safe one answers 409 with a translated message; a stranger gets a 404.
 */
const day = (n: number) => addDays(today(new Date()), n);
/** AEMET's words, in Spanish, as the demo forecast gives them. */
const WARNING = "Aviso de costeros de nivel amarillo. Costa de Mallorca: viento del nordeste fuerza 5 a 6.";
let services: Services;
let dir: string;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-weather-routes-"));
  const file = path.join(dir, "forecast.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      places: [{ name: "Bahía de Palma", lat: 39.5593, lng: 2.6296, radiusKm: 30, days: [{ offset: 4, windKnots: 18.4, gustKnots: 26, waveM: 1.4, warnings: [{ level: "yellow", kind: "coastal", headline: WARNING, zone: "Costa de Mallorca" }] }] }],
      calm: { windKnots: 7, gustKnots: 11, waveM: 0.3 },
    }),
  );
  services = await createTestServices({ WEATHER_FIXTURE_FILE: file });
  owner = await createOwner(services);
  renter = await createTestUser(services);
  stranger = await createTestUser(services);
});
afterAll(async () => {
  await services.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const context = () => loadContext(services);
type Reply = { data: Record<string, unknown>; init: ResponseInit | null };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader data read by shape in tests
const dataOf = (result: unknown): any => (result && typeof result === "object" && "init" in result && "data" in result ? (result as Reply).data : result);
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as Reply).init?.status ?? 200));
const book = async (start: string) => {
  const boat = await createBoat(services, owner.uid, { instantBooking: true, lengthM: 7 });
  return { boat, booking: await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false }) };
};
const LANGS = ["", "/en", "/fr", "/de"] as const;
const renterPage = async (id: string, lang = "", cookie = renter.cookie) =>
  dataOf(await settle(() => reservationLoader({ request: authedRequest(`${lang}/ajustes/mis-reservas/${id}`, cookie), params: { id }, context: context() })));
const renterPost = (id: string, fields: Record<string, string>, cookie = renter.cookie, lang = "") =>
  settle(() => reservationAction({ request: formPost(`${lang}/ajustes/mis-reservas/${id}`, fields, cookie), params: { id }, context: context() }));

describe("the weather on a booking's page", () => {
  it("shows each side the forecast judged for the boat, and whether they may act", async () => {
    const { booking } = await book(day(4));
    const renterPage = dataOf(await settle(() => reservationLoader({ request: authedRequest(`/ajustes/mis-reservas/${booking.id}`, renter.cookie), params: { id: booking.id }, context: context() })));
    expect(renterPage.detail.weather).toMatchObject({ canAct: true, days: 1, decisions: [], trip: { status: "forecast", boatClass: "small", unsafe: true, days: [{ date: day(4), windKnots: 18.4, beaufort: 5, unsafe: true }] } });
    const ownerPage = dataOf(await settle(() => rentalLoader({ request: authedRequest(`/ajustes/gestion-de-alquileres/${booking.id}`, owner.cookie), params: { id: booking.id }, context: context() })));
    expect(ownerPage.detail.weather.canAct).toBe(true);
    // More than 7 days ahead: when the forecast will show.
    const { booking: later } = await book(day(12));
    const laterPage = dataOf(await settle(() => reservationLoader({ request: authedRequest(`/ajustes/mis-reservas/${later.id}`, renter.cookie), params: { id: later.id }, context: context() })));
    expect(laterPage.detail.weather).toMatchObject({ canAct: false, trip: { status: "later", opensOn: day(5) } });
  });

  it("reads the weather forms through the body gate and the booking page's schema: bodies no form sends are 400/413/415, a bad field a translated 400", async () => {
    const { booking } = await book(day(4));
    const raw = (init: RequestInit, lang = "") => settle(() => reservationAction({ request: hostilePost(`${lang}/ajustes/mis-reservas/${booking.id}`, renter.cookie, init), params: { id: booking.id }, context: context() }));
    const json = await raw(hostileBodies.json({ intent: "weather-cancel" }), "/en");
    expect(statusOf(json)).toBe(415);
    expect(dataOf(json).formErrors).toHaveLength(1);
    expect(statusOf(await raw(hostileBodies.invalidUtf8()))).toBe(400);
    expect(statusOf(await raw(hostileBodies.megabytes("weather-move", "start")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.manyFields("weather-move")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.brokenMultipart()))).toBe(400);
    const twice = await settle(() => reservationAction({ request: formPost(`/en/ajustes/mis-reservas/${booking.id}`, { intent: "weather-move", start: [day(6), day(7)] }, renter.cookie), params: { id: booking.id }, context: context() }));
    expect(statusOf(twice)).toBe(400);
    expect(dataOf(twice).refusal).toMatchObject({ status: 400, field: "start" });
    expect((await services.bookings.getFor(booking.id, renter.uid))?.booking).toMatchObject({ status: "confirmed", start: day(4) });
  });

  it("a safe trip: 409 with the reason, in the page's language; a stranger: 404; nothing changes", async () => {
    const { booking } = await book(day(2));
    const refused = await renterPost(booking.id, { intent: "weather-cancel" }, renter.cookie, "/en");
    expect(statusOf(refused)).toBe(409);
    expect(dataOf(refused).refusal.message).toBe("The forecast does not make this trip unsafe: it cannot be cancelled or moved for the weather.");
    const stranger404 = await renterPost(booking.id, { intent: "weather-cancel" }, stranger.cookie);
    expect(statusOf(stranger404)).toBe(404);
    expect((await services.bookings.getFor(booking.id, renter.uid))!.booking.status).toBe("confirmed");
  });

  it("the renter cancels an unsafe trip: 303 back with the notice; the decision and its forecast on both pages", async () => {
    const { booking } = await book(day(4));
    const done = await renterPost(booking.id, { intent: "weather-cancel" });
    expect(statusOf(done)).toBe(303);
    expect((done as Response).headers.get("Location")).toBe(`/ajustes/mis-reservas/${booking.id}`);
    expect((await followNotice(services, done as Response)).notice?.key).toBe("bookings:done.weather-cancel");
    const page = dataOf(await settle(() => rentalLoader({ request: authedRequest(`/ajustes/gestion-de-alquileres/${booking.id}`, owner.cookie), params: { id: booking.id }, context: context() })));
    expect(page.detail.booking.status).toBe("cancelled");
    expect(page.detail.weather).toMatchObject({ canAct: false, trip: null, decisions: [{ action: "cancel", by: "renter", evidence: { date: day(4), beaufort: 5 } }] });
    expect(page.detail.weather.decisions[0]).not.toHaveProperty("uid");
  });

  it("the owner moves an unsafe trip; a bad or taken day is a 400 or 409 naming it", async () => {
    const { booking } = await book(day(4));
    const post = (fields: Record<string, string>) => settle(() => rentalAction({ request: formPost(`/ajustes/gestion-de-alquileres/${booking.id}`, fields, owner.cookie), params: { id: booking.id }, context: context() }));
    const bad = await post({ intent: "weather-move", start: "mañana" });
    expect(statusOf(bad)).toBe(400);
    expect(dataOf(bad).refusal).toMatchObject({ field: "start", message: "Elige el primer día." });
    const moved = await post({ intent: "weather-move", start: day(9) });
    expect(statusOf(moved)).toBe(303);
    const after = (await services.bookings.getFor(booking.id, owner.uid))!.booking;
    expect([after.start, after.end, after.status]).toEqual([day(9), day(9), "confirmed"]);
  });
});

describe("an official warning on the trip page", () => {
  /** The line that names the warning's issuer and language, and our own summary of it, in each language. */
  const SAYS = {
    "": { label: "Aviso oficial de AEMET, en español:", summary: /Aviso amarillo por fenómenos costeros \(estado de la mar\) en la zona Costa de Mallorca, del .+ al .+\./ },
    "/en": { label: "Official warning from AEMET, in Spanish:", summary: /Yellow warning for coastal events \(sea state\) in the zone Costa de Mallorca, from .+ to .+\./ },
    "/fr": { label: "Avis officiel émis par AEMET, en espagnol :", summary: /Vigilance jaune pour des phénomènes côtiers \(état de la mer\), zone Costa de Mallorca, du .+ au .+\./ },
    "/de": { label: "Offizielle Warnung von AEMET, auf Spanisch:", summary: /Gelbe Warnung vor Küstenereignissen \(Seegang\) im Gebiet Costa de Mallorca, von .+ bis .+\./ },
  } as const;

  it("is quoted as given, its language named, beside our own summary in the reader's language (four languages)", async () => {
    const { booking } = await book(day(4));
    for (const lang of LANGS) {
      const trip = (await renterPage(booking.id, lang)).detail.weather.trip;
      expect(trip.days[0].warnings, lang).toEqual([{ level: "yellow", kind: "coastal", zone: "Costa de Mallorca", headline: WARNING, issuer: "AEMET", language: "es", onset: expect.stringMatching(new RegExp(`^${day(4)}T00:00:00`)), expires: expect.stringMatching(new RegExp(`^${day(4)}T23:59:59`)) }]);
      const html = await drawnAt(`${lang}/ajustes/mis-reservas/${booking.id}`, createElement(WeatherForecast, { trip }));
      // AEMET's words as given, marked as Spanish for whoever reads them aloud.
      const quotes = [...html.matchAll(/<blockquote lang="es"[^>]*>(.*?)<\/blockquote>/gs)].map((quote) => textOf(quote[1]!));
      expect(quotes, lang).toEqual([WARNING]);
      const ours = textOf(html.replace(/<blockquote.*?<\/blockquote>/gs, ""));
      expect(ours, lang).toContain(SAYS[lang].label);
      expect(ours, lang).toMatch(SAYS[lang].summary);
      // Outside the quotation, nothing of AEMET's Spanish on another language's page.
      if (lang) expect(ours, lang).not.toMatch(/Aviso|costeros|nordeste/);
    }
  });
});

describe("moving a trip for the weather", () => {
  /** The move form's message when the new days are taken. */
  const TAKEN = {
    "": "Los nuevos días no están libres: elige otro primer día.",
    "/en": "The new days are not free: choose another first day.",
    "/fr": "Les nouveaux jours ne sont pas libres : choisissez un autre premier jour.",
    "/de": "Die neuen Tage sind nicht frei: Wählen Sie einen anderen ersten Tag.",
  } as const;

  it("to a taken day: 409 with the message on the move form, which keeps the day typed (four languages); nothing moves", async () => {
    const { boat, booking } = await book(day(4));
    await services.bookings.book({ uid: stranger.uid, lang: "es" }, boat.id, { start: day(9), end: day(9), part: null, people: 2, withSkipper: false });
    for (const lang of LANGS) {
      const refused = await renterPost(booking.id, { intent: "weather-move", start: day(9) }, renter.cookie, lang);
      expect(statusOf(refused), lang).toBe(409);
      const { refusal } = dataOf(refused);
      expect(refusal, lang).toMatchObject({ status: 409, field: "start", fields: { start: TAKEN[lang] }, values: { intent: "weather-move", start: day(9) } });
      const page = await renterPage(booking.id, lang);
      const html = await drawnAt(`${lang}/ajustes/mis-reservas/${booking.id}`, createElement(WeatherPanel, { weather: page.detail.weather, side: "renter", totalCents: 0, busy: false, refusal }));
      // With or without JavaScript the page comes back at the move form, where the message is.
      expect(html, lang).toMatch(new RegExp(`<form[^>]*action="${lang}/ajustes/mis-reservas/${booking.id}#weather-move"[^>]*id="weather-move"`));
      const input = /<input[^>]*id="weather-move-start"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input, lang).toContain('aria-invalid="true"');
      expect(input, lang).toContain(`value="${day(9)}"`);
      const errors = /aria-describedby="([^"]*)"/.exec(input)![1]!.split(" ").find((id) => id.endsWith("errors"))!;
      expect(textOf(new RegExp(`<[^>]*id="${errors}"[^>]*>(.*?)</(ul|p|div)>`, "s").exec(html)?.[1] ?? ""), lang).toBe(TAKEN[lang]);
    }
    expect((await services.bookings.getFor(booking.id, renter.uid))?.booking).toMatchObject({ status: "confirmed", start: day(4) });
  });

  it("its calendar file carries a higher SEQUENCE, and the change's LAST-MODIFIED and DTSTAMP, so calendars update the event", async () => {
    const { booking } = await book(day(4));
    const ics = async () => {
      const response = (await settle(() => tripCalendarLoader({ request: authedRequest(`/resources/trip/${booking.id}.ics?lang=en`, renter.cookie), params: { file: `${booking.id}.ics` }, context: context() }))) as Response;
      return (await response.text()).replace(/\r\n[ \t]/g, "");
    };
    const line = (body: string, name: string) => new RegExp(`^${name}:(.*)\r$`, "m").exec(body)?.[1];
    const stampOf = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");
    expect(line(await ics(), "SEQUENCE")).toBe("0");
    const moved = await services.bookings.moveForWeather(booking.id, owner.uid, "owner", day(9));
    const after = await ics();
    expect(line(after, "SEQUENCE")).toBe("1");
    expect(line(after, "DTSTART;VALUE=DATE")).toBe(day(9).replaceAll("-", ""));
    expect(line(after, "DTSTAMP")).toBe(stampOf(moved.updatedAt));
    expect(line(after, "LAST-MODIFIED")).toBe(stampOf(moved.updatedAt));
    // The owner's meeting time moves the event's start too: one revision more.
    await services.bookings.setMeeting(booking.id, owner.uid, { place: null, time: "09:30" });
    expect(line(await ics(), "SEQUENCE")).toBe("2");
  });
});

describe("the renter's record shown to an owner", () => {
  it("does not count a trip cancelled for the weather among the bookings they cancelled", async () => {
    const someone = await createTestUser(services);
    const boat = await createBoat(services, owner.uid, { instantBooking: true, lengthM: 7 });
    const trip = await services.bookings.book({ uid: someone.uid, lang: "es" }, boat.id, { start: day(4), end: day(4), part: null, people: 2, withSkipper: false });
    expect(statusOf(await renterPost(trip.id, { intent: "weather-cancel" }, someone.cookie))).toBe(303);
    const onRequest = await createBoat(services, owner.uid, { instantBooking: false, lengthM: 7 });
    const request = await services.bookings.book({ uid: someone.uid, lang: "es" }, onRequest.id, { start: day(20), end: day(20), part: null, people: 2, withSkipper: false });
    const page = dataOf(await settle(() => rentalLoader({ request: authedRequest(`/ajustes/gestion-de-alquileres/${request.id}`, owner.cookie), params: { id: request.id }, context: context() })));
    expect(page.detail.renterRecord).toMatchObject({ cancellations: 0 });
  });
});
