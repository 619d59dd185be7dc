/**
 * The price of a rental, in integer cents: one pure function shared by the summary page, the
 * booking record (which stores its result at confirmation) and the invoices (which copy it).
 *
 * docs/PRODUCT.md's rules: a weekly price for each full 7 days where set, the day price for the rest,
 * the half-day price for a half day; the skipper × days when chosen or mandatory; a service fee
 * of 10% of the rental (rounded half up), paid by the renter, only when Amarre takes the payment
 * (decision 048: `serviceFeePercent`); the deposit shown and held, not charged. Docks rent by the day and/or the month (30 days) with the same rule: the longer
 * period's price for each whole period, the shorter one's for the rest.
 *
 * Where the rules are silent (decision record on bookings):
 * - a period price above the same days at the shorter price is never charged: the cheaper wins;
 * - with no shorter price (a dock rented only by the month), the rest rounds up to one period,
 *   and a rest dearer than one more period is that period (6 days never cost more than a week);
 * - the skipper of a half day is paid one day;
 * - the fee is charged on the rental and the skipper, everything the renter pays the owner.
 */
import { hasRules, stayDays, type PricingRules } from "./day-prices";
import { seasonalHalfDay, seasonalLines } from "./seasonal-pricing";

export const SERVICE_FEE_PERCENT = 10;
export const DOCK_MONTH_DAYS = 30;

/**
 * The fee of a booking made under a payment mode (decision 048): SERVICE_FEE_PERCENT when a
 * provider charges (collected with the rental at checkout), none when Amarre takes no payment
 * (no step could collect it).
 */
export function serviceFeePercent(charges: boolean): number {
  return charges ? SERVICE_FEE_PERCENT : 0;
}

/** What a listing charges, whatever its kind. Periods: `days` long, `cents` each. */
export type Tariff = {
  /** Longest first or any order: e.g. a boat's week and day, a dock's month and day. */
  periods: ReadonlyArray<{ days: number; cents: number; unit: PeriodUnit }>;
  halfDayCents?: number | null;
  skipper?: { mode: "none" } | { mode: "optional" | "mandatory"; dailyPriceCents: number } | null;
  depositCents?: number | null;
  /** The service fee's percent (`serviceFeePercent`); SERVICE_FEE_PERCENT when not given. */
  feePercent?: number;
  /** Seasons and the weekend rule (`day-prices.ts`): with a choice's first day, each day at its own price. */
  rules?: PricingRules | null;
};

export type PeriodUnit = "month" | "week" | "day";

export type RentalChoice =
  | { kind: "days"; days: number; withSkipper?: boolean; start?: string }
  | { kind: "half-day"; part: "am" | "pm"; withSkipper?: boolean; start?: string };

/**
 * One line of the price. `season` (its name) or `weekend` say why its days cost what they do,
 * when the tariff has rules (`day-prices.ts`); absent, the listing's own price.
 */
export type PriceLine = { unit: PeriodUnit | "half-day"; count: number; unitCents: number; totalCents: number; season?: string; weekend?: true };

export type PriceBreakdown = {
  lines: PriceLine[];
  /** The boat's or berth's own price: the sum of the lines. */
  rentalCents: number;
  skipperDays: number;
  skipperCents: number;
  /** The tariff's fee percent of rental + skipper, rounded half up (0 without payments, decision 048). */
  serviceFeeCents: number;
  /** What the renter pays: rental + skipper + fee. The deposit is not part of it. */
  totalCents: number;
  /** Held, not charged. */
  depositCents: number;
  /** What the owner earns: rental + skipper. */
  ownerCents: number;
};

export class PricingError extends Error {
  constructor(readonly code: "no-price" | "no-half-day" | "invalid-days" | "no-skipper") {
    super(`pricing: ${code}`);
    this.name = "PricingError";
  }
}

/** `percent` of `cents`, rounded half up (integer arithmetic, no float error). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * The rental of `days` days at the given periods: whole periods first, the cheaper rule wins.
 * With rules and the first day, each day at its own price (`seasonal-pricing.ts`).
 */
function rentalLines(days: number, periods: Tariff["periods"], rules?: PricingRules | null, start?: string): PriceLine[] {
  const sorted = [...periods].filter((p) => p.days > 0 && p.cents >= 0).sort((a, b) => b.days - a.days);
  if (sorted.length === 0) throw new PricingError("no-price");
  // Each period's effective price: never dearer than the same days at the shorter periods.
  const effective: Array<{ days: number; cents: number; unit: PeriodUnit }> = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const period = sorted[i];
    const shorter = effective[0];
    const viaShorter = shorter ? costOf(period.days, effective) : Number.POSITIVE_INFINITY;
    effective.unshift({ ...period, cents: Math.min(period.cents, viaShorter) });
  }
  const base = effective.find((period) => period.days === 1)?.cents;
  if (hasRules(rules) && start && base !== undefined && base > 0) return seasonalLines(stayDays(start, days), effective, base, rules);
  return linesFor(days, effective);
}

/**
 * Whole periods first (longest first); the rest at the shorter periods, unless one more whole
 * period is cheaper (6 days never cost more than a week); a rest no shorter period prices
 * rounds up to one more period.
 */
function linesFor(days: number, periods: Array<{ days: number; cents: number; unit: PeriodUnit }>): PriceLine[] {
  const [period, ...shorter] = periods;
  let count = Math.floor(days / period.days);
  const rest = days - count * period.days;
  let restLines: PriceLine[] = [];
  if (rest > 0) {
    const viaShorter = shorter.length > 0 ? linesFor(rest, shorter) : null;
    const restCents = viaShorter ? viaShorter.reduce((sum, line) => sum + line.totalCents, 0) : Number.POSITIVE_INFINITY;
    if (viaShorter && restCents < period.cents) restLines = viaShorter;
    else count += 1;
  }
  const lines = count > 0 ? [{ unit: period.unit, count, unitCents: period.cents, totalCents: count * period.cents }] : [];
  return [...lines, ...restLines];
}

function costOf(days: number, periods: Array<{ days: number; cents: number; unit: PeriodUnit }>): number {
  return linesFor(days, periods).reduce((sum, line) => sum + line.totalCents, 0);
}

export function priceRental(tariff: Tariff, choice: RentalChoice): PriceBreakdown {
  let lines: PriceLine[];
  let skipperDays: number;
  if (choice.kind === "half-day") {
    if (tariff.halfDayCents === undefined || tariff.halfDayCents === null) throw new PricingError("no-half-day");
    const base = tariff.periods.find((period) => period.days === 1)?.cents;
    lines =
      hasRules(tariff.rules) && choice.start && base !== undefined && base > 0
        ? [seasonalHalfDay(choice.start, tariff.halfDayCents, base, tariff.rules)]
        : [{ unit: "half-day", count: 1, unitCents: tariff.halfDayCents, totalCents: tariff.halfDayCents }];
    skipperDays = 1;
  } else {
    if (!Number.isInteger(choice.days) || choice.days < 1) throw new PricingError("invalid-days");
    lines = rentalLines(choice.days, tariff.periods, tariff.rules, choice.start);
    skipperDays = choice.days;
  }
  const rentalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const skipper = tariff.skipper;
  const skipperChosen = skipper?.mode === "mandatory" || (skipper?.mode === "optional" && choice.withSkipper === true);
  if (choice.withSkipper && (!skipper || skipper.mode === "none")) throw new PricingError("no-skipper");
  const skipperCents = skipperChosen ? skipper.dailyPriceCents * skipperDays : 0;
  const ownerCents = rentalCents + skipperCents;
  const serviceFeeCents = percentOf(ownerCents, tariff.feePercent ?? SERVICE_FEE_PERCENT);
  return {
    lines,
    rentalCents,
    skipperDays: skipperChosen ? skipperDays : 0,
    skipperCents,
    serviceFeeCents,
    totalCents: ownerCents + serviceFeeCents,
    depositCents: tariff.depositCents ?? 0,
    ownerCents,
  };
}

/** A boat's tariff from its listing data. */
export function boatTariff(data: {
  dayPriceCents?: number;
  halfDayPriceCents?: number;
  weekPriceCents?: number;
  depositCents?: number;
  skipper?: Tariff["skipper"];
}, feePercent: number, rules: PricingRules | null = null): Tariff {
  const periods: Array<{ days: number; cents: number; unit: PeriodUnit }> = [];
  if (data.dayPriceCents !== undefined) periods.push({ days: 1, cents: data.dayPriceCents, unit: "day" });
  if (data.weekPriceCents !== undefined) periods.push({ days: 7, cents: data.weekPriceCents, unit: "week" });
  return { periods, halfDayCents: data.halfDayPriceCents ?? null, skipper: data.skipper ?? null, depositCents: data.depositCents ?? null, feePercent, ...(hasRules(rules) ? { rules } : {}) };
}

/** A berth for rent's tariff from its listing data. */
export function dockTariff(data: { dailyPriceCents?: number; monthlyPriceCents?: number }, feePercent: number): Tariff {
  const periods: Array<{ days: number; cents: number; unit: PeriodUnit }> = [];
  if (data.dailyPriceCents !== undefined) periods.push({ days: 1, cents: data.dailyPriceCents, unit: "day" });
  if (data.monthlyPriceCents !== undefined) periods.push({ days: DOCK_MONTH_DAYS, cents: data.monthlyPriceCents, unit: "month" });
  return { periods, halfDayCents: null, skipper: null, depositCents: null, feePercent };
}
