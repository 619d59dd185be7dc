import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { AvailabilitySection } from "#app/features/bookings/components/booking-estimate";
import { SummaryWeather } from "#app/features/weather/components/weather-before-booking";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { drawnAt, textOf } from "#tests/drawn";
import { createTestServices, dataOf, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as boatLoader } from "#app/features/listings/routes/boat-detail";
import { loader as rentLoader } from "./rent";
import { loader as summaryLoader } from "./summary";

/**
 * The forecast's verdict before booking (issue 44, item 5; decision 031): the boat page's and the
 * rent page's calendars mark the days the forecast makes unsafe for the boat (within the
 * forecast's reach; nothing is said of later days), and the summary says plainly, before the
 * renter confirms, that the chosen days are unsafe and what may be done later — judged by the
 * trip page's own rule. The loaders' data, drawn by the components that show it, in four languages.
 */
const day = (n: number) => addDays(today(new Date()), n);
const LANGS = ["", "/en", "/fr", "/de"] as const;
let services: Services;
let dir: string;
let small: string;
let sail: string;
let barcelona: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-weather-before-"));
  const file = path.join(dir, "forecast.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      places: [
        {
          name: "Bahía de Palma",
          lat: 39.5593,
          lng: 2.6296,
          radiusKm: 30,
          days: [{ offset: 3, windKnots: 18.4, gustKnots: 26, waveM: 1.4, warnings: [{ level: "yellow", kind: "coastal", headline: "Aviso de costeros de nivel amarillo. Costa de Mallorca", zone: "Costa de Mallorca" }] }],
        },
      ],
      calm: { windKnots: 7, gustKnots: 11, waveM: 0.3 },
    }),
  );
  services = await createTestServices({ WEATHER_FIXTURE_FILE: file });
  const owner = await createOwner(services);
  small = (await createBoat(services, owner.uid, { instantBooking: true, lengthM: 7 })).id;
  sail = (await createBoat(services, owner.uid, { instantBooking: true, type: "sail", lengthM: 11 })).id;
  barcelona = (await createBoat(services, owner.uid, { instantBooking: true, lengthM: 7, portSlug: "port-vell-barcelona" })).id;
});
afterAll(async () => {
  await services.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const context = () => loadContext(services);
const boatPage = async (lang: string, id: string) => dataOf(await settle(() => boatLoader({ request: pageRequest(`${lang}/boat/${id}`), params: { id }, context: context() })));
const summaryAt = (lang: string, id: string, start: string, end = start) => `${lang}/boat/rent/boat/ReservationSummary?${new URLSearchParams({ listing: id, start, end, people: "2" })}`;
const summary = async (lang: string, id: string, start: string, end = start) => {
  const result = await settle(() => summaryLoader({ request: pageRequest(summaryAt(lang, id, start, end)), params: {}, context: context() }));
  expect(statusOf(result)).toBe(200);
  return dataOf(result);
};

/** What each language says of an unsafe day in the calendar, and of the chosen days on the summary. */
const SAYS = {
  "": { cell: "previsión insegura para este barco", legend: "Los días marcados en coral son inseguros para este barco", unsafe: "La previsión hace inseguros los días elegidos para este barco (moto de agua o barco a motor de hasta 8 m).", later: "tú o el propietario podréis cancelarlo desde la página del viaje con todo devuelto, tarifa de servicio incluida, o pasarlo a otros días libres al mismo precio." },
  "/en": { cell: "forecast unsafe for this boat", legend: "Days ringed in coral are unsafe for this boat", unsafe: "The forecast makes the days you chose unsafe for this boat (jet ski or motor boat up to 8 m).", later: "you or the owner may cancel it from the trip's page with everything refunded, the service fee included, or move it to other free days at the same price." },
  "/fr": { cell: "prévisions dangereuses pour ce bateau", legend: "Les jours entourés de corail sont dangereux pour ce bateau", unsafe: "Les prévisions rendent les jours choisis dangereux pour ce bateau (jet-ski ou bateau à moteur de 8 m maximum).", later: "vous ou le propriétaire pourrez l’annuler depuis la page de la sortie avec tout remboursé, frais de service compris, ou la déplacer à d’autres jours libres au même prix." },
  "/de": { cell: "laut Vorhersage unsicher für dieses Boot", legend: "Korallrot umrandete Tage sind laut Vorhersage für dieses Boot", unsafe: "Die Vorhersage macht die gewählten Tage für dieses Boot (Jetski oder Motorboot bis 8 m) unsicher.", later: "können Sie oder der Eigentümer sie auf der Seite der Fahrt stornieren und alles zurückerhalten, einschließlich der Servicegebühr, oder sie zum selben Preis auf andere freie Tage verschieben." },
} as const;

describe("the boat page's calendar", () => {
  it("marks the days the forecast makes unsafe for this boat, within the forecast's reach, in four languages", async () => {
    for (const lang of LANGS) {
      const page = await boatPage(lang, small);
      expect(page.bookingBox.weather, lang).toMatchObject({ boatClass: "small", unsafe: [day(3)], through: day(7) });
      const html = await drawnAt(`${lang}/boat/${small}`, createElement(AvailabilitySection, { box: page.bookingBox }));
      // The unsafe day says so to everyone; no other day does (none beyond the forecast's reach).
      const marked = [...html.matchAll(/<td[^>]*data-unsafe="([\d-]+)"[^>]*>(.*?)<\/td>/g)];
      expect(marked.map((cell) => cell[1]), lang).toEqual([day(3)]);
      expect(textOf(marked[0]![2]!), lang).toBe(`${Number(day(3).slice(8))} ${SAYS[lang].cell}`);
      expect(textOf(html), lang).toContain(SAYS[lang].legend);
    }
  });

  it("judges by the boat's class (force 5 stops a small boat, not a sailing boat) and says nothing where the forecast has no blow", async () => {
    expect((await boatPage("", sail)).bookingBox.weather).toMatchObject({ boatClass: "sail", unsafe: [] });
    expect((await boatPage("/en", barcelona)).bookingBox.weather).toMatchObject({ boatClass: "small", unsafe: [] });
  });

  it("the rent page's calendar marks the same days", async () => {
    const page = dataOf(await settle(() => rentLoader({ request: pageRequest(`/en/boat/rent/boat/${small}`), params: { id: small }, context: context() })));
    expect(page.weather).toMatchObject({ boatClass: "small", unsafe: [day(3)], through: day(7) });
  });
});

describe("the booking summary", () => {
  it("says before the renter confirms that the chosen days are forecast unsafe, and what may be done later, in four languages", async () => {
    for (const lang of LANGS) {
      const page = await summary(lang, small, day(2), day(4));
      expect(page.weather, lang).toMatchObject({ status: "forecast", boatClass: "small", unsafe: true, days: [{ date: day(2), unsafe: false }, { date: day(3), unsafe: true, beaufort: 5 }, { date: day(4), unsafe: false }] });
      const text = textOf(await drawnAt(summaryAt(lang, small, day(2), day(4)), createElement(SummaryWeather, { weather: page.weather, end: day(4) })));
      expect(text, lang).toContain(SAYS[lang].unsafe);
      expect(text, lang).toContain(SAYS[lang].later);
    }
  });

  it("a safe choice is said to be safe as far as the forecast reaches; beyond its reach nothing is claimed", async () => {
    expect((await summary("/en", small, day(1))).weather).toMatchObject({ status: "forecast", unsafe: false });
    expect((await summary("/en", sail, day(3))).weather).toMatchObject({ status: "forecast", unsafe: false });
    expect((await summary("/en", small, day(12))).weather).toBeNull();
  });
});
