import { eachDay } from "#app/utils/dates";
import { WeatherUnavailableError, type DayForecast, type Forecast, type GeoPoint, type WeatherPort } from "./index";

/**
 * Open-Meteo (`WEATHER_PROVIDER=open-meteo`, no key): the day's highest sustained wind and gusts
 * at 10 m from its forecast API (in knots), and the day's highest significant wave height from its
 * marine API, for the listing's point, in the marketplace's time zone. Warnings are not Open-Meteo's
 * business: the `aemet` provider adds them.
 */
export const OPEN_METEO_FORECAST = "https://api.open-meteo.com/v1/forecast";
export const OPEN_METEO_MARINE = "https://marine-api.open-meteo.com/v1/marine";
const TIMEOUT_MS = 8_000;
/** Open-Meteo's forecasts reach 16 days; ours needs 8. */
const HORIZON_DAYS = 8;

type Daily = { time?: unknown; [series: string]: unknown };
type Fetch = typeof fetch;

export function createOpenMeteoWeather(options: { fetch?: Fetch; now?: () => Date } = {}): WeatherPort {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());

  async function daily(base: string, point: GeoPoint, from: string, to: string, series: string[], extra: Record<string, string> = {}): Promise<Map<string, Array<number | null>>> {
    const url = new URL(base);
    url.search = new URLSearchParams({
      latitude: point.lat.toFixed(4),
      longitude: point.lng.toFixed(4),
      daily: series.join(","),
      timezone: "Europe/Madrid",
      start_date: from,
      end_date: to,
      ...extra,
    }).toString();
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" } });
    } catch (error) {
      throw new WeatherUnavailableError(`Open-Meteo did not answer (${url.host})`, { cause: error });
    }
    if (!response.ok) throw new WeatherUnavailableError(`Open-Meteo answered ${response.status} (${url.host})`);
    const body = (await response.json().catch(() => null)) as { daily?: Daily; error?: boolean; reason?: string } | null;
    if (!body || body.error || !body.daily || !Array.isArray(body.daily.time)) throw new WeatherUnavailableError(`Open-Meteo sent no daily forecast (${body?.reason ?? url.host})`);
    const times = body.daily.time as unknown[];
    const out = new Map<string, Array<number | null>>();
    times.forEach((time, index) => {
      if (typeof time !== "string") return;
      out.set(
        time,
        series.map((name) => {
          const values = body.daily![name];
          const value = Array.isArray(values) ? values[index] : null;
          return typeof value === "number" && Number.isFinite(value) ? value : null;
        }),
      );
    });
    return out;
  }

  return {
    name: "open-meteo",
    async forecast(point, from, to): Promise<Forecast> {
      const today = now().toISOString().slice(0, 10);
      const last = new Date(Date.parse(`${today}T00:00:00Z`) + HORIZON_DAYS * 86_400_000).toISOString().slice(0, 10);
      const start = from < today ? today : from;
      const end = to > last ? last : to;
      if (start > end) return { source: "open-meteo", issuedAt: now().toISOString(), days: [] };
      const [wind, sea] = await Promise.all([
        daily(OPEN_METEO_FORECAST, point, start, end, ["wind_speed_10m_max", "wind_gusts_10m_max"], { wind_speed_unit: "kn" }),
        // A point the marine model does not cover (inland) answers without waves rather than failing the day.
        daily(OPEN_METEO_MARINE, point, start, end, ["wave_height_max"]).catch(() => new Map<string, Array<number | null>>()),
      ]);
      const days: DayForecast[] = eachDay(start, end)
        .filter((date) => wind.has(date))
        .map((date) => {
          const [windKnots, gustKnots] = wind.get(date)!;
          return { date, windKnots, gustKnots, waveM: sea.get(date)?.[0] ?? null, warnings: [] };
        });
      return { source: "open-meteo", issuedAt: now().toISOString(), days };
    },
  };
}
