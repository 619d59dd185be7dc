/**
 * Prices per day (issue 49): a boat's seasons and its weekend rule, and the price each day comes
 * to. Pure, shared by the browser (the booking box's estimate, the calendar's prices) and the
 * server (quotes, search, the owner's calendar page). docs/PRODUCT.md ("Seasons and weekends")
 * states the rules; `seasonal-pricing.ts` turns the days' prices into a rental's lines.
 *
 * A day's price, in integer cents, from the listing's day price (the base):
 * 1. in a season: the season's day price, or the base plus the season's percentage;
 * 2. else on one of the weekend rule's days: its day price, or the base plus its percentage;
 * 3. else the base.
 * A season wins over the weekend rule (a season's price is the price of every one of its days,
 * as Click&Boat's and Airbnb's custom prices replace their weekend prices).
 */

/** One season of a listing: a name, its first and last day (both in), and one of the two prices. */
export type Season = {
  id: string;
  name: string;
  /** `YYYY-MM-DD`, the first day. */
  start: string;
  /** `YYYY-MM-DD`, the last day (in the season). */
  end: string;
  /** The day price in the season, or null when `percent` says it. */
  dayPriceCents: number | null;
  /** Percent over (negative: under) the base, or null when `dayPriceCents` says it. */
  percent: number | null;
};

/** Weekdays as ISO numbers: 1 Monday … 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The weekend rule: which days it covers and one of the two prices. */
export type WeekendRule = { days: IsoWeekday[]; dayPriceCents: number | null; percent: number | null };

/** A listing's rules of price per day (absent: every day costs the base). */
export type PricingRules = { seasons: Season[]; weekend: WeekendRule | null };

/** Friday, Saturday and Sunday: the weekend the form proposes. */
export const DEFAULT_WEEKEND_DAYS: IsoWeekday[] = [5, 6, 7];
/** Seasons a listing may have. */
export const MAX_SEASONS = 24;
/** A season's longest span, in days. */
export const MAX_SEASON_DAYS = 366;
/** A season's name, in characters. */
export const MAX_SEASON_NAME = 60;
/** The percentage's range: at most 90 % off, at most 300 % over. */
export const MIN_PERCENT = -90;
export const MAX_PERCENT = 300;
/** A day price's range, in cents: 1 € to 100,000 €. */
export const MIN_DAY_PRICE_CENTS = 100;
export const MAX_DAY_PRICE_CENTS = 10_000_000;

export const NO_RULES: PricingRules = { seasons: [], weekend: null };

/** What a day costs and why: the season's name, or the weekend rule, or neither (the base). */
export type DayPrice = { cents: number; season: string | null; weekend: boolean };

/** `base` plus `percent` %, rounded half up to the cent (integer arithmetic). */
export function withPercent(base: number, percent: number): number {
  return Math.floor((base * (100 + percent) + 50) / 100);
}

/** The ISO weekday of a `YYYY-MM-DD` day (1 Monday … 7 Sunday). */
export function isoWeekday(date: string): IsoWeekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

/** The season a day falls in, if any (seasons never overlap, so at most one). */
export function seasonOf(rules: PricingRules | null | undefined, date: string): Season | null {
  return rules?.seasons.find((season) => season.start <= date && date <= season.end) ?? null;
}

/** What `date` costs under `rules`, from the base day price `baseCents` (the rules above). */
export function dayPrice(rules: PricingRules | null | undefined, baseCents: number, date: string): DayPrice {
  const season = seasonOf(rules, date);
  if (season) return { cents: season.dayPriceCents ?? withPercent(baseCents, season.percent ?? 0), season: season.name, weekend: false };
  const weekend = rules?.weekend;
  if (weekend && weekend.days.includes(isoWeekday(date))) {
    return { cents: weekend.dayPriceCents ?? withPercent(baseCents, weekend.percent ?? 0), season: null, weekend: true };
  }
  return { cents: baseCents, season: null, weekend: false };
}

/** Whether the rules change any price at all (no seasons and no weekend rule: they do not). */
export function hasRules(rules: PricingRules | null | undefined): rules is PricingRules {
  return !!rules && (rules.seasons.length > 0 || rules.weekend !== null);
}

/** The season of `seasons` (other than `exceptId`) that shares a day with `start`…`end`, if any. */
export function clashingSeason(seasons: Season[], start: string, end: string, exceptId: string | null = null): Season | null {
  return seasons.find((season) => season.id !== exceptId && season.start <= end && start <= season.end) ?? null;
}

/** The stay's days, `YYYY-MM-DD`, from `start`, `count` of them. */
export function stayDays(start: string, count: number): string[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
}
