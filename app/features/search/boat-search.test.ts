import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { getFixedT } from "#app/.server/i18n";
import { errors } from "#tests/zod-messages";
import { boatSearchSchema, licenceCovers } from "./boat-search";
import { dockSearchSchema } from "#app/features/listings/schemas";
import { zodErrorMap } from "#app/utils/zod-errors";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("boat search schema", () => {
  it("accepts a complete search and an empty one", () => {
    const full = parseWithZod(form({ type: "sail", place: "Palma", from: "2027-07-01", to: "2027-07-08", people: "6" }), { schema: boatSearchSchema });
    expect(full.status).toBe("success");
    expect(full.status === "success" && full.value).toEqual({ type: "sail", place: "Palma", from: "2027-07-01", to: "2027-07-08", people: 6 });
    expect(parseWithZod(form({}), { schema: boatSearchSchema }).status).toBe("success");
  });

  it("explains bad input in the page's language", () => {
    const messages = (lang: "es" | "en" | "fr" | "de") => {
      const fields = parseWithZod(form({ type: "submarine", people: "0" }), { schema: boatSearchSchema, errorMap: zodErrorMap(getFixedT(lang, ["zod", "validation"])) });
      const dates = parseWithZod(form({ from: "2027-07-08", to: "2027-07-01" }), { schema: boatSearchSchema, errorMap: zodErrorMap(getFixedT(lang, ["zod", "validation"])) });
      return { ...fields.reply().error, ...dates.reply().error };
    };
    const es = messages("es");
    expect(Object.keys(es).sort()).toEqual(["people", "to", "type"]);
    expect(es.to).toEqual(["La fecha de fin no puede ser anterior a la de inicio"]);
    expect(es.people?.[0]).toMatch(/mayor o igual a 1/);
    const en = messages("en");
    expect(en.to).toEqual(["The end date cannot be before the start date"]);
    for (const lang of ["fr", "de"] as const) {
      const translated = messages(lang);
      expect(translated.to?.[0]).not.toBe(en.to?.[0]);
      expect(translated.people?.[0]).not.toBe(en.people?.[0]);
    }
  });

  it("needs a start date when an end date is given", () => {
    const result = parseWithZod(form({ to: "2027-07-01" }), { schema: boatSearchSchema, errorMap: zodErrorMap(getFixedT("en", ["zod", "validation"])) });
    expect(result.reply().error).toEqual({ from: ["Choose the start date too"] });
  });
});


describe("search schemas", () => {
  it("extends the boat search compatibly with price, licence, skipper, instant booking, sort and page", () => {
    expect(boatSearchSchema.parse({})).toEqual({});
    const submission = parseWithZod(
      form({ type: "sail", place: "Palma", people: "4", minPrice: "100", maxPrice: "400", licence: "per", skipper: "with", instantBooking: "on", sort: "price-asc", page: "2" }),
      { schema: boatSearchSchema },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      type: "sail",
      place: "Palma",
      people: 4,
      minPrice: 100,
      maxPrice: 400,
      licence: "per",
      skipper: "with",
      instantBooking: true,
      sort: "price-asc",
      page: 2,
    });
    expect(errors(boatSearchSchema, { minPrice: 500, maxPrice: 100 }, "es")).toEqual({ maxPrice: ["El precio mínimo no puede superar al máximo"] });
    expect(Object.keys(errors(boatSearchSchema, { sort: "cheapest", page: 43, licence: "car", skipper: "maybe" })).sort()).toEqual(["licence", "page", "skipper", "sort"]);
  });

  it("checks the dock search", () => {
    expect(dockSearchSchema.parse({ kind: "rent", minLengthM: 9.5, sort: "price-desc" })).toEqual({ kind: "rent", minLengthM: 9.5, sort: "price-desc" });
    expect(Object.keys(errors(dockSearchSchema, { kind: "swap", minLengthM: -1, sort: "rating", page: 0 })).sort()).toEqual(["kind", "minLengthM", "page", "sort"]);
    expect(errors(dockSearchSchema, { minPrice: 10, maxPrice: 5 })).toEqual({ maxPrice: ["The minimum price cannot be higher than the maximum"] });
  });

  it("orders licences: each covers the ones below it", () => {
    expect(licenceCovers("none", "none")).toBe(true);
    expect(licenceCovers("none", "licencia-navegacion")).toBe(false);
    expect(licenceCovers("per", "pnb")).toBe(true);
    expect(licenceCovers("pnb", "per")).toBe(false);
    expect(licenceCovers("capitan-yate", "patron-yate")).toBe(true);
  });
});
