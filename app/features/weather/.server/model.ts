import type { DayForecast, Forecast, OfficialLanguage, WarningKind, WarningLevel, WeatherProviderName } from "#app/.server/weather";

/**
 * Weather-safe trips (decision 031): when the forecast makes a trip unsafe for its boat, either side
 * may cancel it with everything refunded (the fee included) or move it to free days at the same
 * price. These are the rules, as data and pure functions.
 *
 * A boat's class decides its limits: jet skis and motor boats up to 8 m are `small` (a yellow coastal
 * warning or force 5 stops them), larger motor and fishing boats `motor` (force 6 or an orange
 * warning), sailing boats `sail` (force 7 or an orange warning). A red warning stops everyone.
 * Gusts and waves have their own limits, so a gusty day with a moderate mean wind still counts.
 */
export type BoatClass = "small" | "motor" | "sail";
export const SMALL_BOAT_MAX_M = 8;
/** The forecast is shown, and decides, from this many days before the trip. */
export const WEATHER_WINDOW_DAYS = 7;

export type ClassRule = { beaufort: number; gustKnots: number; waveM: number; warning: WarningLevel };
export const CLASS_RULES: Readonly<Record<BoatClass, ClassRule>> = {
  small: { beaufort: 5, gustKnots: 25, waveM: 1.0, warning: "yellow" },
  motor: { beaufort: 6, gustKnots: 34, waveM: 2.0, warning: "orange" },
  sail: { beaufort: 7, gustKnots: 41, waveM: 2.5, warning: "orange" },
};

/** The Beaufort force of a sustained wind in knots (WMO: the lower bound of each force). */
const BEAUFORT_KNOTS = [1, 4, 7, 11, 17, 22, 28, 34, 41, 48, 56, 64];
export function beaufortOf(knots: number): number {
  let force = 0;
  for (const bound of BEAUFORT_KNOTS) if (knots >= bound) force += 1;
  return force;
}

const LEVEL_RANK: Record<WarningLevel, number> = { yellow: 1, orange: 2, red: 3 };

export function boatClassOf(listing: { kind: "boat" | "dock"; type?: string | null; data: unknown }): BoatClass | null {
  if (listing.kind !== "boat") return null;
  const data = (listing.data ?? {}) as { type?: string; lengthM?: number };
  const type = listing.type ?? data.type ?? "motor";
  if (type === "jetski") return "small";
  if (type === "sail") return "sail";
  return typeof data.lengthM === "number" && data.lengthM > SMALL_BOAT_MAX_M ? "motor" : "small";
}

export type Reason =
  | { kind: "wind"; beaufort: number; limit: number }
  | { kind: "gusts"; knots: number; limit: number }
  | { kind: "waves"; metres: number; limit: number }
  /** An official warning: what the pages summarise in the reader's language (`about`, `zone`, the times) beside the issuer's words, quoted. */
  | { kind: "warning"; level: WarningLevel; headline: string; about: WarningKind; zone: string; onset: string; expires: string; issuer: string; language: OfficialLanguage };

export type DayVerdict = DayForecast & { beaufort: number | null; unsafe: boolean; reasons: Reason[] };

/** Why a day is unsafe for a boat of `boatClass` (no reasons: it is not). */
export function judgeDay(day: DayForecast, boatClass: BoatClass): DayVerdict {
  const rule = CLASS_RULES[boatClass];
  const reasons: Reason[] = [];
  const beaufort = day.windKnots === null ? null : beaufortOf(day.windKnots);
  if (beaufort !== null && beaufort >= rule.beaufort) reasons.push({ kind: "wind", beaufort, limit: rule.beaufort });
  if (day.gustKnots !== null && day.gustKnots >= rule.gustKnots) reasons.push({ kind: "gusts", knots: day.gustKnots, limit: rule.gustKnots });
  if (day.waveM !== null && day.waveM >= rule.waveM) reasons.push({ kind: "waves", metres: day.waveM, limit: rule.waveM });
  // Official warnings about the sea, the wind or storms; a red one of any of them stops every boat.
  for (const warning of day.warnings) {
    if (warning.kind === "other") continue;
    if (LEVEL_RANK[warning.level] >= LEVEL_RANK[rule.warning]) {
      const { level, headline, kind: about, zone, onset, expires, issuer, language } = warning;
      reasons.push({ kind: "warning", level, headline, about, zone, onset, expires, issuer, language });
    }
  }
  return { ...day, beaufort, unsafe: reasons.length > 0, reasons };
}

export type TripWeather =
  | { status: "later"; opensOn: string }
  | { status: "unavailable" }
  | { status: "forecast"; source: WeatherProviderName; issuedAt: string; boatClass: BoatClass; days: DayVerdict[]; unsafe: boolean };

/** The trip's days as the forecast judges them (days beyond the forecast's reach are left out). */
export function judgeTrip(forecast: Forecast, trip: { start: string; end: string }, boatClass: BoatClass): Extract<TripWeather, { status: "forecast" }> {
  const days = forecast.days.filter((day) => day.date >= trip.start && day.date <= trip.end).map((day) => judgeDay(day, boatClass));
  return { status: "forecast", source: forecast.source, issuedAt: forecast.issuedAt, boatClass, days, unsafe: days.some((day) => day.unsafe) };
}

/**
 * What a weather decision stores: the forecast of the first unsafe day that justified it, its
 * reasons, and the source and moment of the forecast (shown on the booking's page for good).
 */
export type WeatherEvidence = {
  source: WeatherProviderName;
  issuedAt: string;
  boatClass: BoatClass;
  date: string;
  windKnots: number | null;
  gustKnots: number | null;
  waveM: number | null;
  beaufort: number | null;
  reasons: Reason[];
};

export function evidenceOf(weather: TripWeather): WeatherEvidence | null {
  if (weather.status !== "forecast") return null;
  const day = weather.days.find((d) => d.unsafe);
  if (!day) return null;
  return { source: weather.source, issuedAt: weather.issuedAt, boatClass: weather.boatClass, date: day.date, windKnots: day.windKnots, gustKnots: day.gustKnots, waveM: day.waveM, beaufort: day.beaufort, reasons: day.reasons };
}
