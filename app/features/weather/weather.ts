/**
 * What the booking pages show of a trip's weather (decision 031): the forecast's days judged for
 * the boat, and the weather decisions taken. The server's weather feature produces these shapes.
 */
export type WarningLevelView = "yellow" | "orange" | "red";
export type WarningKindView = "coastal" | "wind" | "storm" | "other";
export type BoatClassView = "small" | "motor" | "sail";
/**
 * An official warning: its level, what it is about, its zone and hours (which the pages summarise
 * in the reader's language) and the issuer's own words in their language (quoted as given).
 * Decisions stored before issue 44 kept only the level and the words (AEMET's, in Spanish).
 */
export type OfficialWarningView = {
  level: WarningLevelView;
  headline: string;
  kind?: WarningKindView;
  zone?: string;
  onset?: string;
  expires?: string;
  issuer?: string;
  language?: string;
};
export type ReasonView =
  | { kind: "wind"; beaufort: number; limit: number }
  | { kind: "gusts"; knots: number; limit: number }
  | { kind: "waves"; metres: number; limit: number }
  | ({ kind: "warning"; about?: WarningKindView } & Omit<OfficialWarningView, "kind">);
export type WeatherDayView = {
  date: string;
  windKnots: number | null;
  gustKnots: number | null;
  waveM: number | null;
  beaufort: number | null;
  warnings: OfficialWarningView[];
  unsafe: boolean;
  reasons: ReasonView[];
};
export type WeatherSourceView = "fixture" | "aemet" | "open-meteo";
export type TripWeatherView =
  | { status: "later"; opensOn: string }
  | { status: "unavailable" }
  | { status: "forecast"; source: WeatherSourceView; issuedAt: string; boatClass: BoatClassView; days: WeatherDayView[]; unsafe: boolean };
export type WeatherDecisionView = {
  action: "cancel" | "move";
  by: "renter" | "owner";
  at: string;
  from: { start: string; end: string };
  to: { start: string; end: string } | null;
  evidence: { source: WeatherSourceView; issuedAt: string; boatClass: BoatClassView; date: string; windKnots: number | null; gustKnots: number | null; waveM: number | null; beaufort: number | null; reasons: ReasonView[] };
};
export type WeatherPanelView = {
  trip: TripWeatherView | null;
  decisions: WeatherDecisionView[];
  /** Whether this side may act on the forecast now (a confirmed trip, not begun, made unsafe). */
  canAct: boolean;
  /** The trip's length, for the move form (same number of days). */
  days: number;
};
