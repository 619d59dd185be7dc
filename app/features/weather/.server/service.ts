import type { GeoPoint, WeatherPort } from "#app/.server/weather";
import { addDays, today } from "#app/utils/dates";
import { boatClassOf, evidenceOf, judgeTrip, WEATHER_WINDOW_DAYS, type BoatClass, type TripWeather, type WeatherEvidence } from "./model";

/**
 * The weather of a trip (decision 031): the forecast for the listing's point over the trip's days,
 * judged by the boat's class, from `WEATHER_WINDOW_DAYS` before the start. Forecasts are kept for
 * `CACHE_MINUTES` per point and trip, so a booking page asks its source at most that often; a source
 * that fails makes the trip's weather `unavailable` (never an error page, never "safe"), kept for
 * `FAILED_MINUTES` so a source that is down is not asked again by every page meanwhile. Pages asking
 * at once for the same forecast share one request to the source.
 *
 * The listing pages ask for `outlook`: the days from today to the end of the forecast's reach, judged
 * by the same rule (issue 44: the calendar and the booking summary say what the trip page says).
 */
const CACHE_MINUTES = 15;
const FAILED_MINUTES = 1;
const CACHE_ENTRIES = 2_000;

export type WeatherTrip = { start: string; end: string };
export type WeatherListing = { kind: "boat" | "dock"; type?: string | null; data: unknown; lat: number | null; lng: number | null };

export function createWeatherService(deps: { weather: WeatherPort; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const cache = new Map<string, { at: number; value: Promise<TripWeather> }>();

  async function judged(point: GeoPoint, trip: WeatherTrip, boatClass: BoatClass, current: string): Promise<TripWeather> {
    try {
      return judgeTrip(await deps.weather.forecast(point, trip.start < current ? current : trip.start, trip.end), trip, boatClass);
    } catch (error) {
      console.warn(`[weather] the ${deps.weather.name} forecast failed:`, error instanceof Error ? error.message : error);
      return { status: "unavailable" };
    }
  }

  async function forTrip(listing: WeatherListing, trip: WeatherTrip): Promise<TripWeather | null> {
    const boatClass = boatClassOf(listing);
    if (!boatClass || listing.lat === null || listing.lng === null) return null;
    const current = today(now());
    const opensOn = addDays(trip.start, -WEATHER_WINDOW_DAYS);
    if (current < opensOn) return { status: "later", opensOn };
    if (trip.end < current) return null;
    const point: GeoPoint = { lat: listing.lat, lng: listing.lng };
    const key = `${deps.weather.name}:${point.lat.toFixed(3)},${point.lng.toFixed(3)}:${trip.start}:${trip.end}:${boatClass}:${current}`;
    const at = now().getTime();
    const cached = cache.get(key);
    if (cached && at - cached.at < CACHE_MINUTES * 60_000) {
      const value = await cached.value;
      if (value.status !== "unavailable" || at - cached.at < FAILED_MINUTES * 60_000) return value;
    }
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    const value = judged(point, trip, boatClass, current);
    cache.set(key, { at, value });
    return value;
  }

  return {
    forTrip,
    /**
     * The listing's days from today as far as the forecast reaches, judged for its boat (the
     * calendar's marks); null for a berth. With `waitMs`, a source slower than that leaves the page
     * without marks (null: nothing claimed) rather than holding it; its answer still fills the cache.
     */
    async outlook(listing: WeatherListing, options: { waitMs?: number } = {}): Promise<TripWeather | null> {
      const current = today(now());
      const pending = forTrip(listing, { start: current, end: addDays(current, WEATHER_WINDOW_DAYS) });
      if (!options.waitMs) return pending;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(resolve, options.waitMs, null);
      });
      try {
        return await Promise.race([pending, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    /** The evidence that makes the trip weather-unsafe now, or null when it is not (or nobody can tell). */
    async unsafeEvidence(listing: WeatherListing, trip: WeatherTrip): Promise<WeatherEvidence | null> {
      const weather = await forTrip(listing, trip);
      return weather ? evidenceOf(weather) : null;
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
