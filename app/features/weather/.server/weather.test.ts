import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { describe, expect, it, vi } from "vitest";
import { capFiles, createAemetWeather, nearPolygon, parseCap } from "#app/.server/weather/aemet";
import { createFixtureWeather } from "#app/.server/weather/fixture";
import { createOpenMeteoWeather } from "#app/.server/weather/open-meteo";
import type { Forecast, WeatherPort } from "#app/.server/weather";
import { beaufortOf, boatClassOf, createWeatherService, evidenceOf, judgeDay, judgeTrip, type BoatClass } from "./index";

/**
 * Weather-safe trips (decision 031): the rules per boat class, run on forecasts in the shapes
 * Open-Meteo and AEMET answer (tests/fixtures/weather), and the adapters that read them.
 */
const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/weather/${name}`, import.meta.url), "utf8");
const PALMA = { lat: 39.5593, lng: 2.6296 };
const BARCELONA = { lat: 41.3754, lng: 2.1837 };
const NOW = () => new Date("2027-03-10T08:00:00Z");

/** Open-Meteo's two APIs, answered from the fixtures. */
const openMeteoFetch: typeof fetch = async (input) => {
  const url = new URL(String(input));
  const file = url.host.startsWith("marine-api") ? "open-meteo-marine-palma.json" : "open-meteo-forecast-palma.json";
  if (url.host.startsWith("api.") && url.searchParams.get("wind_speed_unit") !== "kn") return new Response("knots expected", { status: 400 });
  return new Response(fixture(file), { headers: { "content-type": "application/json" } });
};

async function tarOf(files: string[], gzip: boolean): Promise<Uint8Array> {
  const archive = pack();
  const chunks: Buffer[] = [];
  archive.on("data", (chunk: unknown) => chunks.push(Buffer.from(chunk as Uint8Array)));
  const done = new Promise<void>((resolve) => archive.on("end", () => resolve()));
  for (const name of files) archive.entry({ name }, fixture(name));
  archive.finalize();
  await done;
  const tar = Buffer.concat(chunks);
  return new Uint8Array(gzip ? gzipSync(tar) : tar);
}

const CAPS = ["aemet-costeros-naranja-bahia-palma.xml", "aemet-vientos-amarillo-bahia-palma.xml", "aemet-temperaturas-naranja-interior.xml"];
function aemetFetch(bytes: Uint8Array, calls: string[] = []): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    calls.push(url);
    if (url.includes("/avisos_cap/")) {
      const key = new Headers(init?.headers).get("api_key");
      if (key !== "test-aemet-key-0123456789") return new Response(JSON.stringify({ estado: 401, descripcion: "API key invalido" }), { status: 401 });
      return Response.json({ descripcion: "exito", estado: 200, datos: "https://opendata.aemet.es/opendata/sh/avisos-0001", metadatos: "https://opendata.aemet.es/opendata/sh/meta" });
    }
    return new Response(Buffer.from(bytes));
  };
}

const verdicts = (forecast: Forecast, boatClass: BoatClass) => Object.fromEntries(forecast.days.map((day) => [day.date, judgeDay(day, boatClass).unsafe]));

describe("the rules", () => {
  it("counts Beaufort forces from the WMO's knots", () => {
    expect([0, 0.9, 1, 3.9, 4, 10.9, 11, 16.9, 17, 21.9, 22, 27.9, 28, 33.9, 34, 63.9, 64].map(beaufortOf)).toEqual([0, 0, 1, 1, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 11, 12]);
  });

  it("classes jet skis and motor boats up to 8 m as small, larger motor and fishing boats as motor, sailing boats as sail; berths have none", () => {
    expect(boatClassOf({ kind: "boat", type: "jetski", data: { lengthM: 3.5 } })).toBe("small");
    expect(boatClassOf({ kind: "boat", type: "motor", data: { lengthM: 7.5 } })).toBe("small");
    expect(boatClassOf({ kind: "boat", type: "motor", data: { lengthM: 8 } })).toBe("small");
    expect(boatClassOf({ kind: "boat", type: "motor", data: { lengthM: 12 } })).toBe("motor");
    expect(boatClassOf({ kind: "boat", type: "fishing", data: { lengthM: 9 } })).toBe("motor");
    expect(boatClassOf({ kind: "boat", type: "sail", data: { lengthM: 6 } })).toBe("sail");
    expect(boatClassOf({ kind: "dock", data: {} })).toBeNull();
  });

  it("on Open-Meteo's figures: small boats stop at force 5 (or gusts of 25 kn, or 1 m of waves), motor boats at force 6 or 2 m, sailing boats at force 7 or 2.5 m", async () => {
    const forecast = await createOpenMeteoWeather({ fetch: openMeteoFetch, now: NOW }).forecast(PALMA, "2027-03-10", "2027-03-16");
    expect(forecast.days.map((d) => d.date)).toEqual(["2027-03-10", "2027-03-11", "2027-03-12", "2027-03-13", "2027-03-14", "2027-03-15", "2027-03-16"]);
    expect(forecast.days[2]).toEqual({ date: "2027-03-12", windKnots: 17.2, gustKnots: 22.9, waveM: 1.02, warnings: [] });
    expect(verdicts(forecast, "small")).toEqual({ "2027-03-10": false, "2027-03-11": false, "2027-03-12": true, "2027-03-13": true, "2027-03-14": true, "2027-03-15": true, "2027-03-16": true });
    expect(verdicts(forecast, "motor")).toEqual({ "2027-03-10": false, "2027-03-11": false, "2027-03-12": false, "2027-03-13": false, "2027-03-14": true, "2027-03-15": true, "2027-03-16": true });
    expect(verdicts(forecast, "sail")).toEqual({ "2027-03-10": false, "2027-03-11": false, "2027-03-12": false, "2027-03-13": false, "2027-03-14": false, "2027-03-15": false, "2027-03-16": true });
    // Each limit on its own: gusts alone stop a small boat; waves alone a motor boat.
    expect(judgeDay({ date: "x", windKnots: 10, gustKnots: 25, waveM: 0.2, warnings: [] }, "small").reasons).toEqual([{ kind: "gusts", knots: 25, limit: 25 }]);
    expect(judgeDay({ date: "x", windKnots: 10, gustKnots: 12, waveM: 2.0, warnings: [] }, "motor").reasons).toEqual([{ kind: "waves", metres: 2.0, limit: 2.0 }]);
  });

  it("on AEMET's warnings: yellow stops small boats, orange every boat, red everyone; warnings not about sea, wind or storms never", async () => {
    const calm: WeatherPort = { name: "open-meteo", forecast: async (_p, from, to) => ({ source: "open-meteo", issuedAt: NOW().toISOString(), days: [from, to].filter((d, i, all) => all.indexOf(d) === i).map((date) => ({ date, windKnots: 5, gustKnots: 8, waveM: 0.3, warnings: [] })) }) };
    const aemet = createAemetWeather({ apiKey: "test-aemet-key-0123456789", figures: calm, fetch: aemetFetch(await tarOf(CAPS, true)), now: NOW });
    const forecast = await aemet.forecast(PALMA, "2027-03-11", "2027-03-15");
    const byDate = Object.fromEntries(forecast.days.map((d) => [d.date, d.warnings.map((w) => `${w.kind}:${w.level}`)]));
    expect(byDate).toEqual({ "2027-03-11": ["other:orange"], "2027-03-12": ["wind:yellow"], "2027-03-14": ["coastal:orange"], "2027-03-15": ["coastal:orange"] });
    expect(verdicts(forecast, "small")).toEqual({ "2027-03-11": false, "2027-03-12": true, "2027-03-14": true, "2027-03-15": true });
    expect(verdicts(forecast, "motor")).toEqual({ "2027-03-11": false, "2027-03-12": false, "2027-03-14": true, "2027-03-15": true });
    expect(verdicts(forecast, "sail")).toEqual({ "2027-03-11": false, "2027-03-12": false, "2027-03-14": true, "2027-03-15": true });
    const red = judgeDay({ date: "x", windKnots: 5, gustKnots: 8, waveM: 0.3, warnings: [{ level: "red", kind: "storm", headline: "Aviso rojo", issuer: "AEMET", language: "es", zone: "z", onset: "", expires: "" }] }, "sail");
    expect(red.unsafe).toBe(true);
    // Far from the bay (Barcelona): no warning reaches it.
    expect((await aemet.forecast(BARCELONA, "2027-03-11", "2027-03-15")).days.every((d) => d.warnings.length === 0)).toBe(true);
  });

  it("keeps the evidence of the first unsafe day of a trip, and nothing for a safe one", async () => {
    const forecast = await createOpenMeteoWeather({ fetch: openMeteoFetch, now: NOW }).forecast(PALMA, "2027-03-10", "2027-03-16");
    expect(evidenceOf(judgeTrip(forecast, { start: "2027-03-10", end: "2027-03-11" }, "small"))).toBeNull();
    expect(evidenceOf(judgeTrip(forecast, { start: "2027-03-13", end: "2027-03-15" }, "motor"))).toMatchObject({ date: "2027-03-14", beaufort: 6, windKnots: 22.4, boatClass: "motor", reasons: [{ kind: "wind", beaufort: 6, limit: 6 }] });
  });
});

describe("the adapters", () => {
  it("AEMET: reads CAP messages from a gzipped tar, a plain tar or one file; ignores cancellations and green", async () => {
    expect(await capFiles(await tarOf(CAPS, true))).toHaveLength(3);
    expect(await capFiles(await tarOf(CAPS, false))).toHaveLength(3);
    expect(await capFiles(new TextEncoder().encode(fixture(CAPS[0]!)))).toHaveLength(1);
    const [zone] = parseCap(fixture(CAPS[0]!));
    expect(zone!.warning).toMatchObject({ level: "orange", kind: "coastal", zone: "Costa - Bahía de Palma", headline: "Aviso de costeros de nivel naranja. Costa - Bahía de Palma", issuer: "AEMET", language: "es" });
    expect(parseCap(fixture(CAPS[0]!).replace("<msgType>Alert</msgType>", "<msgType>Cancel</msgType>"))).toEqual([]);
    expect(parseCap(fixture(CAPS[0]!).replaceAll("<value>naranja</value>", "<value>verde</value>"))).toEqual([]);
    expect(parseCap("<not-xml")).toEqual([]);
  });

  it("AEMET: a point counts inside its zone or within 10 km of it, not farther", () => {
    const square: Array<[number, number]> = [[39.5, 2.5], [39.5, 2.7], [39.3, 2.7], [39.3, 2.5], [39.5, 2.5]];
    expect(nearPolygon({ lat: 39.4, lng: 2.6 }, square, 10)).toBe(true);
    expect(nearPolygon({ lat: 39.55, lng: 2.6 }, square, 10)).toBe(true); // 5.5 km north of the edge
    expect(nearPolygon({ lat: 39.7, lng: 2.6 }, square, 10)).toBe(false); // 22 km
  });

  it("AEMET: a refused key or a dead service is 'unavailable', never a safe trip", async () => {
    const service = createWeatherService({ weather: createAemetWeather({ apiKey: "wrong-key-0123456789", figures: createOpenMeteoWeather({ fetch: openMeteoFetch, now: NOW }), fetch: aemetFetch(new Uint8Array()), now: NOW }), now: NOW });
    const trip = await service.forTrip({ kind: "boat", type: "motor", data: { lengthM: 7 }, ...PALMA }, { start: "2027-03-12", end: "2027-03-12" });
    expect(trip).toEqual({ status: "unavailable" });
  });

  it("Open-Meteo: asks in knots for the point and the days, in Madrid's time; no waves (inland) leaves them out; an error is unavailable", async () => {
    const asked: URL[] = [];
    const noSea: typeof fetch = async (input) => {
      const url = new URL(String(input));
      asked.push(url);
      if (url.host.startsWith("marine-api")) return Response.json({ error: true, reason: "No data is available for this location" }, { status: 400 });
      return new Response(fixture("open-meteo-forecast-palma.json"));
    };
    const forecast = await createOpenMeteoWeather({ fetch: noSea, now: NOW }).forecast(PALMA, "2027-03-12", "2027-03-13");
    expect(forecast.days.map((d) => [d.date, d.windKnots, d.waveM])).toEqual([["2027-03-12", 17.2, null], ["2027-03-13", 21.9, null]]);
    const forecastUrl = asked.find((u) => u.host === "api.open-meteo.com")!;
    expect(Object.fromEntries(forecastUrl.searchParams)).toMatchObject({ latitude: "39.5593", longitude: "2.6296", wind_speed_unit: "kn", timezone: "Europe/Madrid", start_date: "2027-03-12", end_date: "2027-03-13" });
    const down = createOpenMeteoWeather({ fetch: async () => new Response("busy", { status: 503 }), now: NOW });
    await expect(down.forecast(PALMA, "2027-03-12", "2027-03-12")).rejects.toThrow(/503/);
  });

  it("the fixture: days by offset from today, calm elsewhere, seven days ahead at most; a bad file is refused naming the field", async () => {
    const weather = createFixtureWeather({
      now: NOW,
      fixture: { places: [{ name: "Palma", ...PALMA, radiusKm: 20, days: [{ offset: 2, windKnots: 25, gustKnots: 30, waveM: 2, warnings: [] }, { date: "2027-03-11", windKnots: 12, gustKnots: 15, waveM: 0.5, warnings: [] }] }], calm: { windKnots: 6, gustKnots: 9, waveM: 0.3 } },
    });
    const palma = await weather.forecast(PALMA, "2027-03-10", "2027-03-30");
    expect(palma.days.map((d) => [d.date, d.windKnots])).toEqual([["2027-03-10", 6], ["2027-03-11", 12], ["2027-03-12", 25], ["2027-03-13", 6], ["2027-03-14", 6], ["2027-03-15", 6], ["2027-03-16", 6], ["2027-03-17", 6]]);
    expect((await weather.forecast(BARCELONA, "2027-03-12", "2027-03-12")).days[0]!.windKnots).toBe(6);
    expect(() => createFixtureWeather({ fixture: { places: [{ name: "x", lat: 100, lng: 0, radiusKm: 1, days: [] }], calm: { windKnots: 1, gustKnots: 1, waveM: 0 } } })).toThrow(/places\.0\.lat/);
  });
});

describe("the trip's weather", () => {
  const boat = { kind: "boat" as const, type: "motor", data: { lengthM: 7.5 }, ...PALMA };
  it("opens 7 days before the trip, judges it by the boat, and asks the source once per quarter of an hour", async () => {
    let calls = 0;
    const counting: WeatherPort = { name: "open-meteo", forecast: async (point, from, to) => (calls++, createOpenMeteoWeather({ fetch: openMeteoFetch, now: NOW }).forecast(point, from, to)) };
    const service = createWeatherService({ weather: counting, now: NOW });
    expect(await service.forTrip(boat, { start: "2027-03-20", end: "2027-03-20" })).toEqual({ status: "later", opensOn: "2027-03-13" });
    const trip = await service.forTrip(boat, { start: "2027-03-12", end: "2027-03-13" });
    expect(trip).toMatchObject({ status: "forecast", boatClass: "small", unsafe: true });
    await service.forTrip(boat, { start: "2027-03-12", end: "2027-03-13" });
    expect(calls).toBe(1);
    expect(await service.forTrip({ ...boat, lat: null, lng: null }, { start: "2027-03-12", end: "2027-03-12" })).toBeNull();
    expect(await service.unsafeEvidence(boat, { start: "2027-03-10", end: "2027-03-10" })).toBeNull();
  });

  it("the listing pages' outlook: today to the forecast's reach, by the same rule; pages asking at once share one request; a source that is down is asked again after a minute, not by every page", async () => {
    const clock = { now: NOW() };
    let calls = 0;
    let down = false;
    const source: WeatherPort = {
      name: "open-meteo",
      forecast: async (point, from, to) => {
        calls++;
        if (down) throw new Error("503");
        return createOpenMeteoWeather({ fetch: openMeteoFetch, now: NOW }).forecast(point, from, to);
      },
    };
    const service = createWeatherService({ weather: source, now: () => clock.now });
    const [outlook] = await Promise.all([service.outlook(boat), service.outlook(boat), service.outlook(boat)]);
    expect(calls).toBe(1);
    expect(outlook).toMatchObject({ status: "forecast", boatClass: "small" });
    const judged = outlook!.status === "forecast" ? outlook!.days.map((day) => [day.date, day.unsafe]) : [];
    expect(judged).toEqual(Object.entries(verdicts(await source.forecast(PALMA, "2027-03-10", "2027-03-17"), "small")));
    calls = 0;
    down = true;
    const other = { ...boat, lat: 41.3754, lng: 2.1837 };
    expect(await service.outlook(other)).toEqual({ status: "unavailable" });
    clock.now = new Date(NOW().getTime() + 50_000);
    expect(await service.outlook(other)).toEqual({ status: "unavailable" });
    expect(calls).toBe(1);
    clock.now = new Date(NOW().getTime() + 61_000);
    down = false;
    expect(await service.outlook(other)).toMatchObject({ status: "forecast" });
    expect(calls).toBe(2);
  });

  it("a listing page waits for a slow source only so long: nothing claimed, and the answer kept for the next page", async () => {
    let answer: (value: Forecast) => void = () => {};
    let calls = 0;
    const slow: WeatherPort = { name: "open-meteo", forecast: () => (calls++, new Promise<Forecast>((resolve) => (answer = resolve))) };
    const service = createWeatherService({ weather: slow, now: NOW });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const first = service.outlook(boat, { waitMs: 1_500 });
      await vi.advanceTimersByTimeAsync(1_500);
      expect(await first).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    answer({ source: "open-meteo", issuedAt: NOW().toISOString(), days: [{ date: "2027-03-11", windKnots: 20, gustKnots: 22, waveM: 0.5, warnings: [] }] });
    expect(await service.outlook(boat, { waitMs: 1_500 })).toMatchObject({ status: "forecast", unsafe: true, days: [{ date: "2027-03-11", beaufort: 5 }] });
    expect(calls).toBe(1);
  });
});
