import { describe, expect, it } from "vitest";
import { centsToEuros, eurosToCents, formatDecimal, formValuesOf, readFormNumbers, stepOfField } from "./form";

describe("amounts typed in euros", () => {
  it.each([
    ["120", 12000],
    ["120,5", 12050],
    ["120.50", 12050],
    [" 1 500 € ", 150000],
    ["1.500", 150000],
    ["1,500", 150000],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["12.345.678", 1234567800],
    ["0", 0],
    ["007", 700],
    ["-50", -5000],
  ])("reads %j as %i cents", (text, cents) => {
    expect(eurosToCents(text)).toBe(cents);
  });

  it("reads an empty text as nothing and anything else as not a number", () => {
    expect(eurosToCents("")).toBeUndefined();
    expect(eurosToCents("  € ")).toBeUndefined();
    for (const text of ["doce", "12.345,678", "1.234.56", "1,2,3", "12.3456", "1e3", "12-", "--5", "9999999999999999"]) {
      expect(eurosToCents(text), text).toBeNaN();
    }
  });

  it("writes cents back as a person types them, in the page's language", () => {
    expect(centsToEuros(45050, "es")).toBe("450,50");
    expect(centsToEuros(45050, "en")).toBe("450.50");
    expect(centsToEuros(150000, "de")).toBe("1500");
    expect(centsToEuros(5, "fr")).toBe("0,05");
    expect(eurosToCents(centsToEuros(123456, "es"))).toBe(123456);
    expect(formatDecimal(8.5, "es")).toBe("8,5");
    expect(formatDecimal(8.5, "en")).toBe("8.5");
  });
});

describe("form values", () => {
  it("turns typed amounts and decimal commas into the domain's numbers, nested ones included", () => {
    expect(
      readFormNumbers({
        dayPriceCents: "450,50",
        skipper: { mode: "optional", dailyPriceCents: "150" },
        lengthM: "8,5",
        homePort: { city: "Palma", lat: "39,57", lng: "2,65" },
        title: "1,5",
      }),
    ).toEqual({
      dayPriceCents: 45050,
      skipper: { mode: "optional", dailyPriceCents: 15000 },
      lengthM: "8.5",
      homePort: { city: "Palma", lat: "39.57", lng: "2.65" },
      title: "1,5",
    });
    expect(readFormNumbers("not an object")).toBe("not an object");
  });

  it("shows stored data as the inputs hold it", () => {
    expect(
      formValuesOf(["dayPriceCents", "skipper", "homePort", "lengthM", "year", "missing"], {
        dayPriceCents: 45050,
        skipper: { mode: "mandatory", dailyPriceCents: 12000 },
        homePort: { city: "Palma", lat: 39.57, lng: 2.65 },
        lengthM: 8.5,
        year: 2019,
      }, "es"),
    ).toEqual({
      dayPriceCents: "450,50",
      skipper: { mode: "mandatory", dailyPriceCents: "120" },
      homePort: { city: "Palma", lat: "39,57", lng: "2,65" },
      lengthM: "8,5",
      year: 2019,
    });
  });

  it("knows which step asks for a field", () => {
    expect(stepOfField("boat", "motor", "title")).toBe("basics");
    expect(stepOfField("boat", "jetski", "hourPriceCents")).toBe("pricing");
    expect(stepOfField("boat", "motor", "homePort")).toBe("location");
    expect(stepOfField("dock", "rent", "availableFrom")).toBe("pricing");
    expect(stepOfField("dock", "sale", "services")).toBe("features");
    expect(stepOfField("dock", "sale", "kind")).toBe("basics");
    expect(stepOfField("boat", "motor", "nonsense")).toBeNull();
  });
});
