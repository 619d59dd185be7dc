import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayPrice, stayDays, withPercent, type IsoWeekday, type PricingRules, type Season } from "./day-prices";
import { boatTariff, priceRental } from "./pricing";
import { scaled } from "./seasonal-pricing";

const FIRST = "2027-01-01";
const day = (offset: number) => stayDays(FIRST, offset + 1)[offset]!;

/** Up to four seasons that never share a day, somewhere in the first 200 days of 2027. */
const seasonsArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 200 }), { minLength: 0, maxLength: 8 })
  .chain((edges) => {
    const sorted = [...edges].sort((a, b) => a - b);
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) pairs.push([sorted[i]!, sorted[i + 1]!]);
    return fc.tuple(...pairs.map(() => fc.oneof(fc.record({ price: fc.integer({ min: 100, max: 90_000 }) }), fc.record({ percent: fc.integer({ min: -90, max: 300 }) })))).map((prices) =>
      pairs.map(([a, b], i): Season => {
        const price = prices[i]!;
        return { id: `s${i + 1}`, name: `S${i + 1}`, start: day(a), end: day(b), dayPriceCents: "price" in price ? price.price : null, percent: "percent" in price ? price.percent : null };
      }),
    );
  });

const weekendArb = fc.option(
  fc.record({
    days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 6 }).map((d) => d as IsoWeekday[]),
    price: fc.oneof(fc.record({ dayPriceCents: fc.integer({ min: 100, max: 90_000 }), percent: fc.constant(null) }), fc.record({ dayPriceCents: fc.constant(null), percent: fc.integer({ min: -90, max: 300 }) })),
  }).map(({ days, price }) => ({ days, ...price })),
  { nil: null },
);

const rulesArb: fc.Arbitrary<PricingRules> = fc.record({ seasons: seasonsArb, weekend: weekendArb });
const stayArb = fc.record({ offset: fc.integer({ min: 0, max: 220 }), days: fc.integer({ min: 1, max: 30 }) });
const baseArb = fc.integer({ min: 1_000, max: 60_000 });
const RUNS = { numRuns: 150 };

const rentalOf = (base: number, rules: PricingRules | null, start: string, days: number, week?: number) =>
  priceRental(boatTariff({ dayPriceCents: base, weekPriceCents: week }, 0, rules), { kind: "days", days, start });

describe("prices per day (seasons and weekends)", () => {
  it("a stay costs the sum of its days' prices, each day by the rules", () => {
    fc.assert(
      fc.property(baseArb, rulesArb, stayArb, (base, rules, stay) => {
        const start = day(stay.offset);
        const price = rentalOf(base, rules, start, stay.days);
        const sum = stayDays(start, stay.days).reduce((total, d) => total + dayPrice(rules, base, d).cents, 0);
        expect(price.rentalCents).toBe(sum);
        expect(price.lines.reduce((total, l) => total + l.totalCents, 0)).toBe(price.rentalCents);
        expect(price.lines.reduce((total, l) => total + l.count, 0)).toBe(stay.days);
      }),
      RUNS,
    );
  });

  it("days outside every season and the weekend cost the base", () => {
    fc.assert(
      fc.property(baseArb, rulesArb, stayArb, (base, rules, stay) => {
        for (const d of stayDays(day(stay.offset), stay.days)) {
          const inSeason = rules.seasons.some((s) => s.start <= d && d <= s.end);
          const price = dayPrice(rules, base, d);
          if (!inSeason && !price.weekend) expect(price.cents).toBe(base);
          if (inSeason) expect(price.season).not.toBeNull();
        }
      }),
      RUNS,
    );
  });

  it("moving a stay's edge by a day changes its total by exactly that day's price", () => {
    fc.assert(
      fc.property(baseArb, rulesArb, stayArb, (base, rules, stay) => {
        const start = day(stay.offset + 1);
        const total = rentalOf(base, rules, start, stay.days).rentalCents;
        const later = rentalOf(base, rules, start, stay.days + 1).rentalCents;
        const earlier = rentalOf(base, rules, day(stay.offset), stay.days + 1).rentalCents;
        expect(later - total).toBe(dayPrice(rules, base, stayDays(start, stay.days + 1)[stay.days]!).cents);
        expect(earlier - total).toBe(dayPrice(rules, base, day(stay.offset)).cents);
      }),
      RUNS,
    );
  });

  it("rules that change no day's price give the plain price, weeks included", () => {
    fc.assert(
      fc.property(baseArb, fc.integer({ min: 1, max: 8 }), stayArb, (base, weekDays, stay) => {
        const week = base * weekDays - 7;
        const neutral: PricingRules = { seasons: [{ id: "s1", name: "N", start: FIRST, end: day(260), dayPriceCents: base, percent: null }], weekend: null };
        const start = day(stay.offset);
        expect(rentalOf(base, neutral, start, stay.days, week).rentalCents).toBe(rentalOf(base, null, start, stay.days, week).rentalCents);
      }),
      RUNS,
    );
  });

  it("a week costs the weekly price scaled by its days' factor, never more than its days", () => {
    fc.assert(
      fc.property(baseArb, rulesArb, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 3, max: 7 }), (base, rules, offset, weekDays) => {
        const week = Math.min(base * weekDays, base * 7);
        const start = day(offset);
        const days = stayDays(start, 7);
        const sum = days.reduce((total, d) => total + dayPrice(rules, base, d).cents, 0);
        const price = rentalOf(base, rules, start, 7, week);
        expect(price.rentalCents).toBe(Math.min(scaled(week, sum, 7 * base), sum));
        expect(price.rentalCents).toBeLessThanOrEqual(sum);
      }),
      RUNS,
    );
  });

  it("a half day costs the half-day price scaled by its day's factor", () => {
    const rules: PricingRules = { seasons: [{ id: "s1", name: "Alta", start: "2027-07-01", end: "2027-08-31", dayPriceCents: null, percent: 40 }], weekend: null };
    const tariff = boatTariff({ dayPriceCents: 20_000, halfDayPriceCents: 12_000 }, 0, rules);
    const inSeason = priceRental(tariff, { kind: "half-day", part: "am", start: "2027-07-14" });
    expect(inSeason.lines).toEqual([{ unit: "half-day", count: 1, unitCents: 16_800, totalCents: 16_800, season: "Alta" }]);
    expect(priceRental(tariff, { kind: "half-day", part: "pm", start: "2027-06-30" }).rentalCents).toBe(12_000);
  });

  it("names each line's reason: 3 days in high season and 2 at the base", () => {
    const rules: PricingRules = { seasons: [{ id: "s1", name: "temporada alta", start: "2027-07-01", end: "2027-08-31", dayPriceCents: 12_000, percent: null }], weekend: { days: [5, 6, 7], dayPriceCents: null, percent: 20 } };
    // Monday 28 June to Friday 2 July 2027: Mon, Tue, Wed at the base, Thu and Fri in the season.
    const price = rentalOf(9_000, rules, "2027-06-28", 5);
    expect(price.lines).toEqual([
      { unit: "day", count: 3, unitCents: 9_000, totalCents: 27_000 },
      { unit: "day", count: 2, unitCents: 12_000, totalCents: 24_000, season: "temporada alta" },
    ]);
    // A Saturday outside the season: the weekend's +20 %.
    expect(rentalOf(9_000, rules, "2027-06-26", 1).lines).toEqual([{ unit: "day", count: 1, unitCents: withPercent(9_000, 20), totalCents: 10_800, weekend: true }]);
  });
});
