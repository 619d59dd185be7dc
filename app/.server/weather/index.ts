/**
 * The weather port (decision 031): the forecast for one point of the coast, day by day, from
 * whichever service the operator chose (`WEATHER_PROVIDER`). The domain's rules
 * (`features/weather/.server`) decide from it whether a trip is unsafe; adapters only fetch and translate.
 *
 * Figures are the day's worst: sustained wind and gusts in knots, the significant wave height in
 * metres. Warnings are official ones (AEMET's Meteoalerta: yellow, orange, red) for the coastal
 * zone the point is in; `null` figures mean the source does not give them.
 */
export type WarningLevel = "yellow" | "orange" | "red";
/** What a warning is about: coastal events (sea state), wind, storms; anything else is `other`. */
export type WarningKind = "coastal" | "wind" | "storm" | "other";

export type WeatherWarning = {
  level: WarningLevel;
  kind: WarningKind;
  /** The issuer's own words (`Aviso de costeros de nivel naranja. Costa - …`), shown as given: quoted, never translated. */
  headline: string;
  /** Who issued it (`AEMET`), named beside the quotation. */
  issuer: string;
  /** The language of `headline` (`es`), named beside the quotation and marked on it. */
  language: OfficialLanguage;
  /** The zone's name as the issuer gives it. */
  zone: string;
  onset: string;
  expires: string;
};

export type DayForecast = {
  /** `YYYY-MM-DD`, a day in the marketplace's time zone. */
  date: string;
  windKnots: number | null;
  gustKnots: number | null;
  waveM: number | null;
  warnings: WeatherWarning[];
};

export type Forecast = {
  source: WeatherProviderName;
  /** When the source issued it (or when it was fetched, if the source does not say). */
  issuedAt: string;
  days: DayForecast[];
};

/** The languages an official warning's words may come in (AEMET writes Spanish; its English block is not kept). */
export const OFFICIAL_LANGUAGES = ["es", "ca", "en", "fr", "de"] as const;
export type OfficialLanguage = (typeof OFFICIAL_LANGUAGES)[number];

export type WeatherProviderName = "fixture" | "aemet" | "open-meteo";
export type GeoPoint = { lat: number; lng: number };

export interface WeatherPort {
  readonly name: WeatherProviderName;
  /** The days from `from` to `to` (inclusive) the source knows; days beyond its horizon are left out. */
  forecast(point: GeoPoint, from: string, to: string): Promise<Forecast>;
}

export class WeatherUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WeatherUnavailableError";
  }
}

/** Knots from metres per second / kilometres per hour. */
export const KNOTS_PER_KMH = 1 / 1.852;

