import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boatTariff, dockTariff, percentOf, priceRental, PricingError, SERVICE_FEE_PERCENT, type Tariff } from "./pricing";

const cents = (max = 100_000_00) => fc.integer({ min: 0, max });
const boatData = fc.record(
  {
    dayPriceCents: fc.integer({ min: 10_00, max: 100_000_00 }),
    halfDayPriceCents: fc.option(fc.integer({ min: 5_00, max: 100_000_00 }), { nil: undefined }),
    weekPriceCents: fc.option(fc.integer({ min: 10_00, max: 700_000_00 }), { nil: undefined }),
    depositCents: fc.option(cents(), { nil: undefined }),
    skipper: fc.oneof(
      fc.constant({ mode: "none" as const }),
      fc.record({ mode: fc.constantFrom("optional" as const, "mandatory" as const), dailyPriceCents: fc.integer({ min: 10_00, max: 5_000_00 }) }),
    ),
  },
  { requiredKeys: ["dayPriceCents", "skipper"] },
);
const days = fc.integer({ min: 1, max: 120 });

describe("rental prices (property laws)", () => {
  it("are never negative, and their parts add up to the total", () => {
    fc.assert(
      fc.property(boatData, days, fc.boolean(), (data, n, withSkipper) => {
        const tariff = boatTariff(data, SERVICE_FEE_PERCENT);
        const price = priceRental(tariff, { kind: "days", days: n, withSkipper: withSkipper && data.skipper.mode !== "none" });
        for (const value of [price.rentalCents, price.skipperCents, price.serviceFeeCents, price.totalCents, price.depositCents]) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(price.lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(price.rentalCents);
        for (const line of price.lines) expect(line.totalCents).toBe(line.count * line.unitCents);
        expect(price.totalCents).toBe(price.rentalCents + price.skipperCents + price.serviceFeeCents);
        expect(price.ownerCents + price.serviceFeeCents).toBe(price.totalCents);
      }),
    );
  });

  it("charge a week's price for each full 7 days, the day price for the rest, and never more than the days alone", () => {
    fc.assert(
      fc.property(boatData, days, (data, n) => {
        const price = priceRental(boatTariff(data, SERVICE_FEE_PERCENT), { kind: "days", days: n });
        const daysOnly = priceRental(boatTariff({ ...data, weekPriceCents: undefined }, SERVICE_FEE_PERCENT), { kind: "days", days: n });
        expect(price.rentalCents).toBeLessThanOrEqual(daysOnly.rentalCents);
        expect(daysOnly.rentalCents).toBe(n * data.dayPriceCents);
        if (data.weekPriceCents !== undefined && data.weekPriceCents <= 7 * data.dayPriceCents) {
          const rest = (n % 7) * data.dayPriceCents;
          expect(price.rentalCents).toBe(Math.floor(n / 7) * data.weekPriceCents + (rest > 0 && rest >= data.weekPriceCents ? data.weekPriceCents : rest));
        }
      }),
    );
  });

  it("take a service fee of 10% of what the owner earns, rounded half up", () => {
    fc.assert(
      fc.property(boatData, days, (data, n) => {
        const price = priceRental(boatTariff(data, SERVICE_FEE_PERCENT), { kind: "days", days: n });
        expect(price.serviceFeeCents).toBe(Math.round((price.ownerCents * 10) / 100));
        // the exact rule, without floating point: fee*100 is within half a cent of owner*10
        expect(Math.abs(price.serviceFeeCents * 100 - price.ownerCents * 10)).toBeLessThanOrEqual(50);
      }),
    );
    expect(percentOf(5, 10)).toBe(1); // 0.5 rounds up
    expect(percentOf(4, 10)).toBe(0);
    expect(percentOf(15, 10)).toBe(2); // 1.5 rounds up
    expect(percentOf(123_45, 10)).toBe(12_35);
  });

  it("add the skipper for every day when mandatory or chosen, never otherwise", () => {
    fc.assert(
      fc.property(boatData, days, fc.boolean(), (data, n, chosen) => {
        const skipper = data.skipper;
        const price = priceRental(boatTariff(data, SERVICE_FEE_PERCENT), { kind: "days", days: n, withSkipper: chosen && skipper.mode !== "none" });
        const expected = skipper.mode === "mandatory" || (skipper.mode === "optional" && chosen) ? skipper.dailyPriceCents * n : 0;
        expect(price.skipperCents).toBe(expected);
      }),
    );
  });

  it("never grow cheaper with more days", () => {
    fc.assert(
      fc.property(boatData, days, (data, n) => {
        const tariff = boatTariff(data, SERVICE_FEE_PERCENT);
        expect(priceRental(tariff, { kind: "days", days: n + 1 }).totalCents).toBeGreaterThanOrEqual(priceRental(tariff, { kind: "days", days: n }).totalCents);
      }),
    );
  });
});

describe("rental prices (examples)", () => {
  const boat: Tariff = boatTariff({
    dayPriceCents: 300_00,
    halfDayPriceCents: 180_00,
    weekPriceCents: 1_800_00,
    depositCents: 500_00,
    skipper: { mode: "optional", dailyPriceCents: 150_00 },
  }, SERVICE_FEE_PERCENT);

  it("a 9-day trip with a skipper: one week, two days, nine skipper days, 10% fee, deposit held", () => {
    expect(priceRental(boat, { kind: "days", days: 9, withSkipper: true })).toEqual({
      lines: [
        { unit: "week", count: 1, unitCents: 1_800_00, totalCents: 1_800_00 },
        { unit: "day", count: 2, unitCents: 300_00, totalCents: 600_00 },
      ],
      rentalCents: 2_400_00,
      skipperDays: 9,
      skipperCents: 1_350_00,
      serviceFeeCents: 375_00,
      totalCents: 4_125_00,
      depositCents: 500_00,
      ownerCents: 3_750_00,
    });
  });

  it("a half day costs the half-day price; its skipper is paid one day", () => {
    const price = priceRental(boat, { kind: "half-day", part: "am", withSkipper: true });
    expect(price.lines).toEqual([{ unit: "half-day", count: 1, unitCents: 180_00, totalCents: 180_00 }]);
    expect(price.skipperCents).toBe(150_00);
    expect(price.totalCents).toBe(180_00 + 150_00 + 33_00);
  });

  it("refuses what the listing does not offer", () => {
    expect(() => priceRental(boatTariff({ dayPriceCents: 100_00 }, SERVICE_FEE_PERCENT), { kind: "half-day", part: "pm" })).toThrow(PricingError);
    expect(() => priceRental(boatTariff({ dayPriceCents: 100_00, skipper: { mode: "none" } }, SERVICE_FEE_PERCENT), { kind: "days", days: 2, withSkipper: true })).toThrow(PricingError);
    expect(() => priceRental(boat, { kind: "days", days: 0 })).toThrow(PricingError);
    expect(() => priceRental(boat, { kind: "days", days: 1.5 })).toThrow(PricingError);
    expect(() => priceRental(dockTariff({}, SERVICE_FEE_PERCENT), { kind: "days", days: 3 })).toThrow(PricingError);
  });

  it("docks: whole months at the monthly price, the rest by the day; monthly only rounds up", () => {
    const both = priceRental(dockTariff({ dailyPriceCents: 40_00, monthlyPriceCents: 900_00 }, SERVICE_FEE_PERCENT), { kind: "days", days: 45 });
    expect(both.lines).toEqual([
      { unit: "month", count: 1, unitCents: 900_00, totalCents: 900_00 },
      { unit: "day", count: 15, unitCents: 40_00, totalCents: 600_00 },
    ]);
    expect(both.skipperCents).toBe(0);
    const monthly = priceRental(dockTariff({ monthlyPriceCents: 900_00 }, SERVICE_FEE_PERCENT), { kind: "days", days: 45 });
    expect(monthly.lines).toEqual([{ unit: "month", count: 2, unitCents: 900_00, totalCents: 1_800_00 }]);
    // a month dearer than 30 days is never charged
    const dear = priceRental(dockTariff({ dailyPriceCents: 10_00, monthlyPriceCents: 900_00 }, SERVICE_FEE_PERCENT), { kind: "days", days: 30 });
    expect(dear.rentalCents).toBe(300_00);
  });
});
