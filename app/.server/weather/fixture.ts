import { eachDay } from "#app/utils/dates";
import { readFileSync } from "node:fs";
import { type DayForecast, type Forecast, type GeoPoint, type WeatherPort } from "./index";
import { demoForecast } from "./demo-forecast";
import { fixtureSchema, type WeatherFixture } from "./fixture-schema";

export { fixtureSchema, type WeatherFixture } from "./fixture-schema";

/**
 * The offline forecast (`WEATHER_PROVIDER=fixture`, the embedded default): places with a radius
 * and their days, from `WEATHER_FIXTURE_FILE` (JSON) or the built-in demo forecast. A day is given
 * by its `date` or by its `offset` from today (so demo data stays in the window as time passes);
 * a point outside every place, or a day not listed, gets the file's calm weather.
 */

const EARTH_KM = 6371;
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

const madridDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" });
const madridZone = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Madrid", timeZoneName: "longOffset" });
/** Madrid's offset from UTC on a day (`+01:00` in winter, `+02:00` in summer): a warning's hours are shown in Madrid's time. */
function madridOffset(date: string): string {
  const name = madridZone.formatToParts(new Date(`${date}T12:00:00Z`)).find((part) => part.type === "timeZoneName")?.value ?? "GMT+01:00";
  return name.replace("GMT", "") || "+00:00";
}
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function createFixtureWeather(options: { file?: string; fixture?: WeatherFixture; now?: () => Date } = {}): WeatherPort {
  const source = options.fixture ?? (options.file ? (JSON.parse(readFileSync(options.file, "utf8")) as unknown) : demoForecast);
  const parsed = fixtureSchema.safeParse(source);
  if (!parsed.success) throw new Error(`WEATHER_FIXTURE_FILE is not a weather fixture: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  const fixture = parsed.data;
  const now = options.now ?? (() => new Date());
  return {
    name: "fixture",
    async forecast(point, from, to): Promise<Forecast> {
      const today = madridDay.format(now());
      const place = fixture.places
        .map((p) => ({ p, km: distanceKm(point, p) }))
        .filter(({ p, km }) => km <= p.radiusKm)
        .sort((a, b) => a.km - b.km)[0]?.p;
      const days: DayForecast[] = eachDay(from, to)
        // A forecast reaches 7 days ahead, like the services it stands for.
        .filter((date) => date >= today && date <= plusDays(today, 7))
        .map((date) => {
          const given = place?.days.find((d) => (d.date ?? plusDays(today, d.offset ?? 0)) === date);
          const whole = { onset: `${date}T00:00:00${madridOffset(date)}`, expires: `${date}T23:59:59${madridOffset(date)}` };
          return given
            ? { date, windKnots: given.windKnots, gustKnots: given.gustKnots, waveM: given.waveM, warnings: given.warnings.map((w) => ({ ...w, ...whole })) }
            : { date, ...fixture.calm, warnings: [] };
        });
      return { source: "fixture", issuedAt: `${today}T06:00:00.000Z`, days };
    },
  };
}
