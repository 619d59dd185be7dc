/**
 * A rental's lines when its days do not all cost the same (seasons, weekends: `day-prices.ts`).
 * One rule for every period (docs/PRODUCT.md, "Seasons and weekends"):
 *
 * - a day costs its own price (`dayPrice`);
 * - a longer period (a week) covering some days costs the period's price scaled by those days'
 *   factor: `period × (sum of the days' prices) / (days × base)`, rounded half up to the cent.
 *   A week entirely in a +40 % season costs the week's price + 40 %; a week across a season's
 *   edge, its share of each; with no rules every factor is 1 and nothing changes;
 * - whole periods first, from the first day; the rest at the shorter periods, unless one more
 *   period over those days (the same scaling) is cheaper, as without seasons;
 * - a half day costs the half-day price scaled by its day's factor: `half × price(day) / base`.
 *
 * Lines of the same unit, price and reason are merged ("3 días × 120 € (temporada alta)").
 */
import { dayPrice, type DayPrice, type PricingRules } from "./day-prices";
import type { PeriodUnit, PriceLine } from "./pricing";

type Period = { days: number; cents: number; unit: PeriodUnit };

/** `cents × num / den`, rounded half up, exact for any sizes (BigInt). */
export function scaled(cents: number, num: number, den: number): number {
  if (den <= 0) return cents;
  const n = BigInt(cents) * BigInt(num) * 2n + BigInt(den);
  return Number(n / (BigInt(den) * 2n));
}

/** The reason two or more days share: a season's name, the weekend, or nothing (mixed or base). */
function reasonOf(prices: DayPrice[]): Pick<PriceLine, "season" | "weekend"> {
  const [first] = prices;
  if (!first || !prices.every((p) => p.season === first.season && p.weekend === first.weekend)) return {};
  if (first.season !== null) return { season: first.season };
  return first.weekend ? { weekend: true } : {};
}

function line(unit: PriceLine["unit"], unitCents: number, reason: Pick<PriceLine, "season" | "weekend">): PriceLine {
  return { unit, count: 1, unitCents, totalCents: unitCents, ...reason };
}

/** Merges neighbouring and distant lines of the same unit, price and reason, first seen first. */
function merged(lines: PriceLine[]): PriceLine[] {
  const out: PriceLine[] = [];
  for (const next of lines) {
    const same = out.find((l) => l.unit === next.unit && l.unitCents === next.unitCents && l.season === next.season && l.weekend === next.weekend);
    if (same) {
      same.count += next.count;
      same.totalCents += next.totalCents;
    } else out.push({ ...next });
  }
  return out;
}

function linesOf(prices: DayPrice[], periods: Period[], base: number): PriceLine[] {
  const [period, ...shorter] = periods;
  if (period.days === 1) return prices.map((p) => line("day", p.cents, reasonOf([p])));
  const blockCents = (block: DayPrice[]) => scaled(period.cents, block.reduce((sum, p) => sum + p.cents, 0), block.length * base);
  const whole = Math.floor(prices.length / period.days);
  const out: PriceLine[] = [];
  for (let i = 0; i < whole; i++) {
    const block = prices.slice(i * period.days, (i + 1) * period.days);
    out.push(line(period.unit, blockCents(block), reasonOf(block)));
  }
  const rest = prices.slice(whole * period.days);
  if (rest.length === 0) return out;
  const viaShorter = shorter.length > 0 ? linesOf(rest, shorter, base) : null;
  const oneMore = blockCents(rest);
  if (viaShorter && viaShorter.reduce((sum, l) => sum + l.totalCents, 0) < oneMore) return [...out, ...viaShorter];
  return [...out, line(period.unit, oneMore, reasonOf(rest))];
}

/**
 * The lines of a stay of `days` (`YYYY-MM-DD`, in order) at `periods` (their effective prices,
 * longest first, the day's among them), `base` the day price the rules scale from.
 */
export function seasonalLines(days: string[], periods: Period[], base: number, rules: PricingRules): PriceLine[] {
  const prices = days.map((day) => dayPrice(rules, base, day));
  return merged(linesOf(prices, periods, base));
}

/** A half day on `date`: the half-day price scaled by the day's factor, with its reason. */
export function seasonalHalfDay(date: string, halfDayCents: number, base: number, rules: PricingRules): PriceLine {
  const price = dayPrice(rules, base, date);
  return line("half-day", scaled(halfDayCents, price.cents, base), reasonOf([price]));
}
