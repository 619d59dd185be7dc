import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getFixedT } from "#app/.server/i18n";
import { errors } from "#tests/zod-messages";
import {
  boatStepFields,
  boatStepSchema,
  dockStepFields,
  dockStepSchema,
  listingPhotosSchema,
  publishableBoatSchema,
  publishableDockSchema,
  type ListingPhoto,
} from "./schemas";
import { zodErrorMap } from "#app/utils/zod-errors";


function formData(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  return data;
}

const photo = (id: string): ListingPhoto => ({ id, width: 1600, height: 1067, placeholder: "data:image/webp;base64,AAAA", widths: [480, 960, 1600], folder: `listings/test/${id.toLowerCase()}` });

const motorBoat = {
  type: "motor",
  title: "Lancha Quicksilver en Palma",
  description: { es: "Lancha cómoda para un día de calas.", en: "A comfortable boat for a day of coves." },
  make: "Quicksilver",
  model: "Activ 605 Open",
  year: 2021,
  lengthM: 6,
  capacity: 7,
  cabins: 0,
  berths: 0,
  enginePowerHp: 115,
  fuel: "gasoline",
  equipment: ["swim-ladder", "bimini"],
  homePort: { portSlug: "club-de-mar-palma" },
  dayPriceCents: 26_000,
  halfDayPriceCents: 17_000,
  depositCents: 40_000,
  skipper: { mode: "optional", dailyPriceCents: 15_000 },
  licence: "licencia-navegacion",
  fuelPolicy: "not-included-return-full",
  instantBooking: true,
  cancellationPolicy: "flexible",
};

describe("boat step schemas", () => {
  it("basics: needs a type, a title and a description in at least one language", () => {
    expect(Object.keys(errors(boatStepSchema("basics", "motor"), {})).sort()).toEqual(["description", "title", "type"]);
    expect(errors(boatStepSchema("basics", "motor"), { type: "submarine", title: "Corto", description: { es: "  ", en: "" } })).toEqual({
      type: ["Choose one of the options"],
      title: ["The title must be at least 10 characters long"],
      description: ["Write the description in at least one language"],
    });
    const ok = boatStepSchema("basics", "motor").parse({ type: "sail", title: "  Velero en Dénia con patrón  ", description: { es: " Hola, navega con nosotros. ", fr: "" } });
    expect(ok).toEqual({ type: "sail", title: "Velero en Dénia con patrón", description: { es: "Hola, navega con nosotros." } });
  });

  it("names the field and its length in four languages, with proper plurals", () => {
    const basics = boatStepSchema("basics", "motor");
    const short = { type: "motor", title: "Corto", description: { es: "Hola" } };
    expect(errors(basics, short, "es").title).toEqual(["El título debe tener al menos 10 caracteres"]);
    expect(errors(basics, short, "en").title).toEqual(["The title must be at least 10 characters long"]);
    expect(errors(basics, short, "fr").title).toEqual(["Le titre doit comporter au moins 10 caractères"]);
    expect(errors(basics, short, "de").title).toEqual(["Der Titel muss mindestens 10 Zeichen lang sein"]);
    const long = { ...short, title: "x".repeat(91) };
    expect(errors(basics, long, "es").title).toEqual(["El título debe tener como máximo 90 caracteres"]);
    expect(errors(basics, long, "de").title).toEqual(["Der Titel darf höchstens 90 Zeichen lang sein"]);
    // One character: the singular; a text inside the description names the description.
    const specs = boatStepSchema("specs", "motor");
    expect(errors(specs, { make: "  " }, "es").make).toEqual(["La marca debe tener al menos 1 carácter"]);
    expect(errors(specs, { make: "  " }, "fr").make).toEqual(["La marque doit comporter au moins 1 caractère"]);
    expect(errors(basics, { ...short, description: { es: "x".repeat(5001) } }, "en")["description.es"]).toEqual(["The description must be at most 5,000 characters long"]);
    // Lists count their items, with plurals too.
    expect(errors(z.object({ tags: z.array(z.string()).min(2) }), { tags: ["a"] }, "es").tags).toEqual(["Elige al menos 2 elementos"]);
    expect(errors(z.object({ tags: z.array(z.string()).max(1) }), { tags: ["a", "b"] }, "de").tags).toEqual(["Bitte höchstens 1 Eintrag wählen"]);
    // A field without a name: the plain message.
    expect(errors(z.object({ code: z.string().min(4) }), { code: "ab" }, "es").code).toEqual(["Escribe al menos 4 caracteres"]);
  });

  it("specs: every number in range, known fuel and equipment, no engine power without fuel", () => {
    expect(Object.keys(errors(boatStepSchema("specs", "motor"), {})).sort()).toEqual(
      ["berths", "cabins", "capacity", "enginePowerHp", "fuel", "lengthM", "make", "model", "year"].sort(),
    );
    const bad = errors(boatStepSchema("specs", "motor"), {
      make: "Beneteau",
      model: "Oceanis",
      year: 1800,
      lengthM: 0.5,
      capacity: 0,
      cabins: -1,
      berths: 2.5,
      enginePowerHp: 30,
      fuel: "coal",
      equipment: ["gps", "jacuzzi"],
    });
    expect(Object.keys(bad).sort()).toEqual(["berths", "cabins", "capacity", "equipment.1", "fuel", "lengthM", "year"]);
    expect(errors(boatStepSchema("specs", "sail"), { ...motorBoat, fuel: "none", enginePowerHp: 10 })).toEqual({ fuel: ["A boat with an engine needs a fuel"] });
    const ok = boatStepSchema("specs", "motor").parse({ ...motorBoat, equipment: ["swim-ladder", "gps", "swim-ladder"] });
    expect(ok.equipment).toEqual(["gps", "swim-ladder"]);
    expect(boatStepSchema("specs", "motor").parse({ ...motorBoat, equipment: undefined }).equipment).toEqual([]);
  });

  it("location: a port, or a city with coordinates", () => {
    const schema = boatStepSchema("location", "motor");
    expect(schema.parse({ homePort: { portSlug: "marina-denia", city: "ignored" } })).toEqual({ homePort: { portSlug: "marina-denia" } });
    expect(schema.parse({ homePort: { city: " Sóller ", lat: 39.7958, lng: 2.6913 } })).toEqual({ homePort: { city: "Sóller", lat: 39.7958, lng: 2.6913 } });
    expect(errors(schema, { homePort: {} })).toEqual({ "homePort.portSlug": ["Choose a port or give the city and its coordinates"] });
    expect(Object.keys(errors(schema, { homePort: { city: "Sóller" } })).sort()).toEqual(["homePort.lat", "homePort.lng"]);
    expect(Object.keys(errors(schema, { homePort: { portSlug: "Not A Slug" } }))).toEqual(["homePort.portSlug"]);
    expect(Object.keys(errors(schema, { homePort: { city: "X", lat: 100, lng: 2 } })).sort()).toEqual(["homePort.city", "homePort.lat"]);
    expect(Object.keys(errors(schema, {}))).toEqual(["homePort"]);
  });

  it("pricing: cents within bounds, half day below the day price, a week at most seven days, a priced skipper", () => {
    const schema = boatStepSchema("pricing", "motor");
    expect(Object.keys(errors(schema, {})).sort()).toEqual(["dayPriceCents", "depositCents", "skipper"]);
    expect(errors(schema, { dayPriceCents: 20_000, depositCents: 50_000, skipper: { mode: "mandatory" } })).toEqual({ "skipper.dailyPriceCents": ["Required"] });
    // Cross-field rules speak together with the fields' own messages: a form shows every error at once.
    expect(errors(schema, { dayPriceCents: 20_000, halfDayPriceCents: 25_000, depositCents: 12.5, skipper: { mode: "none" } })).toEqual({
      halfDayPriceCents: ["The half-day price must be lower than the day price"],
      depositCents: ["Expected integer, received float"],
    });
    expect(
      errors(schema, {
        dayPriceCents: 20_000,
        halfDayPriceCents: 20_000,
        weekPriceCents: 150_000,
        depositCents: 50_000,
        skipper: { mode: "mandatory", dailyPriceCents: 18_000 },
      }),
    ).toEqual({
      halfDayPriceCents: ["The half-day price must be lower than the day price"],
      weekPriceCents: ["The weekly price cannot be more than seven times the day price"],
    });
    expect(errors(schema, { dayPriceCents: 500, depositCents: 12.5, skipper: { mode: "none" } })).toEqual({
      dayPriceCents: ["Enter an amount between 10 € and 100000 €"],
      depositCents: ["Expected integer, received float"],
    });
    expect(errors(schema, { ...motorBoat, skipper: { mode: "sometimes" } })).toEqual({ "skipper.mode": [expect.stringContaining("Invalid discriminator value")] });
    // Only water scooters have an hourly price.
    expect(schema.parse({ ...motorBoat, hourPriceCents: 9_000 })).not.toHaveProperty("hourPriceCents");
    expect(errors(boatStepSchema("pricing", "jetski"), { ...motorBoat })).toEqual({ hourPriceCents: ["Required"] });
    expect(boatStepSchema("pricing", "jetski").parse({ ...motorBoat, skipper: { mode: "none" }, hourPriceCents: 9_000 })).toEqual({
      dayPriceCents: 26_000,
      halfDayPriceCents: 17_000,
      depositCents: 40_000,
      skipper: { mode: "none" },
      hourPriceCents: 9_000,
    });
  });

  it("conditions: licence, fuel and cancellation policies, instant booking off unless ticked; scooters' age and guided rides", () => {
    const schema = boatStepSchema("conditions", "sail");
    expect(Object.keys(errors(schema, {})).sort()).toEqual(["cancellationPolicy", "fuelPolicy", "licence"]);
    expect(Object.keys(errors(schema, { licence: "car", fuelPolicy: "maybe", cancellationPolicy: "never", instantBooking: "yes" })).sort()).toEqual([
      "cancellationPolicy",
      "fuelPolicy",
      "instantBooking",
      "licence",
    ]);
    expect(schema.parse({ licence: "per", fuelPolicy: "included", cancellationPolicy: "strict" })).toEqual({
      licence: "per",
      fuelPolicy: "included",
      cancellationPolicy: "strict",
      instantBooking: false,
    });
    const jetski = boatStepSchema("conditions", "jetski");
    expect(errors(jetski, { licence: "none", fuelPolicy: "included", cancellationPolicy: "strict" })).toEqual({ minimumAge: ["Required"] });
    expect(errors(jetski, { licence: "none", fuelPolicy: "included", cancellationPolicy: "strict", minimumAge: 12 })).toEqual({
      minimumAge: ["Number must be greater than or equal to 16"],
    });
    expect(jetski.parse({ licence: "none", fuelPolicy: "included", cancellationPolicy: "strict", minimumAge: 18 })).toMatchObject({ minimumAge: 18, guidedWithoutLicence: false });
  });

  it("lists the fields each step writes, with the scooters' extras where they belong", () => {
    expect(boatStepFields("basics", "motor")).toEqual(["type", "title", "description"]);
    expect(boatStepFields("pricing", "sail")).not.toContain("hourPriceCents");
    expect(boatStepFields("pricing", "jetski")).toContain("hourPriceCents");
    expect(boatStepFields("conditions", "jetski")).toEqual(["licence", "fuelPolicy", "instantBooking", "cancellationPolicy", "minimumAge", "guidedWithoutLicence"]);
  });

  it("asks each type what it has: a water scooter no cabins or berths nor a boat's fittings, a motorboat or a scooter an engine", () => {
    const specs = { make: "Yamaha", model: "VX Cruiser", year: 2023, lengthM: 3.4, capacity: 3, enginePowerHp: 180, fuel: "gasoline", equipment: ["gps"] };
    expect(boatStepFields("specs", "jetski")).toEqual(["make", "model", "year", "lengthM", "capacity", "enginePowerHp", "fuel", "equipment"]);
    for (const type of ["motor", "sail", "fishing"] as const) expect(boatStepFields("specs", type)).toEqual(expect.arrayContaining(["cabins", "berths"]));
    // What a scooter's form cannot send is not kept either.
    expect(boatStepSchema("specs", "jetski").parse({ ...specs, cabins: 2, berths: 4 })).not.toHaveProperty("cabins");
    expect(boatStepSchema("specs", "jetski").parse({ ...specs, equipment: ["kitchen", "cooler", "gps"] })).toMatchObject({ equipment: ["gps", "cooler"] });
    expect(errors(boatStepSchema("specs", "sail"), { ...specs, cabins: 1, berths: 2, equipment: ["kitchen"] })).toEqual({});
    // No engine: a sailing boat (or a fishing boat rowed out), never a motorboat or a scooter.
    expect(errors(boatStepSchema("specs", "jetski"), { ...specs, fuel: "none", enginePowerHp: 0 })).toHaveProperty("fuel");
    expect(errors(boatStepSchema("specs", "motor"), { ...specs, cabins: 0, berths: 0, fuel: "none", enginePowerHp: 0 })).toHaveProperty("fuel");
    for (const type of ["sail", "fishing"] as const) expect(errors(boatStepSchema("specs", type), { ...specs, cabins: 0, berths: 0, fuel: "none", enginePowerHp: 0, equipment: [] })).toEqual({});
    // A complete scooter is publishable without them.
    const { cabins: _c, berths: _b, ...scooter } = motorBoat;
    expect(publishableBoatSchema.safeParse({ ...scooter, type: "jetski", hourPriceCents: 9_000, minimumAge: 18, equipment: [] }).success).toBe(true);
  });

  it("reads a plain form post (conform's coercion) and explains errors in the page's language", () => {
    const submission = parseWithZod(
      formData({
        dayPriceCents: "26000",
        halfDayPriceCents: "",
        depositCents: "40000",
        "skipper.mode": "optional",
        "skipper.dailyPriceCents": "15000",
      }),
      { schema: boatStepSchema("pricing", "motor") },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ dayPriceCents: 26_000, depositCents: 40_000, skipper: { mode: "optional", dailyPriceCents: 15_000 } });

    const conditions = parseWithZod(formData({ licence: "pnb", fuelPolicy: "included", cancellationPolicy: "moderate", instantBooking: "on" }), {
      schema: boatStepSchema("conditions", "motor"),
    });
    expect(conditions.status === "success" && conditions.value.instantBooking).toBe(true);

    const messages = (lang: "es" | "en" | "fr" | "de") =>
      parseWithZod(formData({ type: "motor", title: "Lancha para la bahía", "description.es": " " }), {
        schema: boatStepSchema("basics", "motor"),
        errorMap: zodErrorMap(getFixedT(lang, ["zod", "validation"])),
      }).reply().error;
    expect(messages("es")).toEqual({ description: ["Escribe la descripción al menos en un idioma"] });
    expect(messages("en")).toEqual({ description: ["Write the description in at least one language"] });
    const fr = messages("fr")?.description?.[0];
    const de = messages("de")?.description?.[0];
    expect(new Set([fr, de, messages("en")?.description?.[0]]).size).toBe(3);
    expect(errors(boatStepSchema("pricing", "motor"), { dayPriceCents: 1, depositCents: 0, skipper: { mode: "none" } }, "es")).toEqual({
      dayPriceCents: ["Introduce un importe entre 10 € y 100000 €"],
    });
  });
});

describe("publishable boat schema", () => {
  it("accepts a complete boat and normalises it", () => {
    const parsed = publishableBoatSchema.parse(motorBoat);
    expect(parsed).toMatchObject({ type: "motor", equipment: ["bimini", "swim-ladder"], homePort: { portSlug: "club-de-mar-palma" } });
  });

  it("refuses a boat missing a step, and applies the cross-field rules", () => {
    const { homePort: _homePort, licence: _licence, ...withoutSome } = motorBoat;
    expect(Object.keys(errors(publishableBoatSchema, withoutSome)).sort()).toEqual(["homePort", "licence"]);
    expect(errors(publishableBoatSchema, { ...motorBoat, halfDayPriceCents: 30_000 })).toEqual({
      halfDayPriceCents: ["The half-day price must be lower than the day price"],
    });
  });

  it("asks water scooters for their extras", () => {
    expect(Object.keys(errors(publishableBoatSchema, { ...motorBoat, type: "jetski" })).sort()).toEqual(["hourPriceCents", "minimumAge"]);
    const jetski = publishableBoatSchema.parse({ ...motorBoat, type: "jetski", hourPriceCents: 9_000, minimumAge: 18, guidedWithoutLicence: true });
    expect(jetski).toMatchObject({ type: "jetski", hourPriceCents: 9_000, minimumAge: 18, guidedWithoutLicence: true });
  });
});

const saleDock = {
  kind: "sale",
  portSlug: "puerto-banus-marbella",
  berthNumber: "R-62",
  description: { es: "Amarre en primera línea." },
  berthType: "pontoon",
  maxLengthM: 12,
  maxBeamM: 4.5,
  depthM: 4,
  services: { water: true, electricity: true, electricityAmps: 32 },
  priceCents: 29_000_000,
  concessionYearsLeft: 9,
  annualFeeCents: 870_000,
  marinaApprovalRequired: true,
};
const rentDock = {
  ...saleDock,
  kind: "rent",
  priceCents: undefined,
  concessionYearsLeft: undefined,
  annualFeeCents: undefined,
  marinaApprovalRequired: undefined,
  monthlyPriceCents: 45_000,
  availableFrom: "2027-05-01",
};

describe("dock step schemas", () => {
  it("basics: sale or rent, a port, an optional berth number and a description", () => {
    const schema = dockStepSchema("basics", "sale");
    expect(Object.keys(errors(schema, {})).sort()).toEqual(["description", "kind", "portSlug"]);
    expect(schema.parse({ kind: "rent", portSlug: "marina-valencia", berthNumber: "  ", description: { en: "A berth." } })).toEqual({
      kind: "rent",
      portSlug: "marina-valencia",
      description: { en: "A berth." },
    });
  });

  it("features: berth type, dimensions and services; electricity needs its amperage", () => {
    const schema = dockStepSchema("features", "sale");
    expect(Object.keys(errors(schema, {})).sort()).toEqual(["berthType", "depthM", "maxBeamM", "maxLengthM", "services"]);
    expect(errors(schema, { ...saleDock, berthType: "garage", maxLengthM: 500, services: { electricity: true } })).toEqual({
      berthType: ["Choose one of the options"],
      maxLengthM: ["Number must be less than or equal to 150"],
      "services.electricityAmps": ["Enter the amperage of the power supply"],
    });
    const ok = schema.parse({ ...saleDock, services: { water: true, electricityAmps: 16 } });
    expect(ok.services).toEqual({ water: true, electricity: false, wifi: false, showers: false, security: false, fuel: false, parking: false, pumpOut: false });
    expect(dockStepFields("features", "rent")).toEqual(["berthType", "maxLengthM", "maxBeamM", "depthM", "services"]);
  });

  it("pricing for sale: price, concession years, annual fee and marina approval", () => {
    const schema = dockStepSchema("pricing", "sale");
    expect(Object.keys(errors(schema, {})).sort()).toEqual(["annualFeeCents", "concessionYearsLeft", "priceCents"]);
    expect(schema.parse(saleDock)).toEqual({ priceCents: 29_000_000, concessionYearsLeft: 9, annualFeeCents: 870_000, marinaApprovalRequired: true });
  });

  it("pricing for rent: a daily or monthly price, and a consistent availability", () => {
    const schema = dockStepSchema("pricing", "rent");
    expect(errors(schema, { availableFrom: "2027-05-01" })).toEqual({ dailyPriceCents: ["Enter a daily price, a monthly price or both"] });
    expect(errors(schema, { dailyPriceCents: 3_000, availableFrom: "2027-05-01", availableTo: "2027-04-01" })).toEqual({
      availableTo: ["The end of availability cannot be before its start"],
    });
    expect(errors(schema, { monthlyPriceCents: 45_000, availableFrom: "1 May" })).toEqual({ availableFrom: ["Enter a valid date"] });
    // Every error at once: the missing price is reported with the malformed date, not after it is fixed.
    expect(errors(schema, { availableFrom: "1 May", availableTo: "2027-04-01" })).toEqual({
      dailyPriceCents: ["Enter a daily price, a monthly price or both"],
      availableFrom: ["Enter a valid date"],
    });
    // A price that does not parse gets its own message only.
    expect(errors(schema, { dailyPriceCents: "mucho", availableFrom: "2027-05-01" })).toEqual({ dailyPriceCents: [expect.not.stringContaining("monthly")] });
    expect(schema.parse({ monthlyPriceCents: 45_000, availableFrom: "2027-05-01", priceCents: 1 })).toEqual({ monthlyPriceCents: 45_000, availableFrom: "2027-05-01" });
    expect(dockStepFields("pricing", "rent")).toEqual(["dailyPriceCents", "monthlyPriceCents", "availableFrom", "availableTo"]);
  });
});

describe("publishable dock schema", () => {
  it("accepts complete docks for sale and for rent", () => {
    expect(publishableDockSchema.parse(saleDock)).toMatchObject({ kind: "sale", priceCents: 29_000_000 });
    expect(publishableDockSchema.parse(rentDock)).toMatchObject({ kind: "rent", monthlyPriceCents: 45_000 });
  });

  it("refuses incomplete ones", () => {
    expect(Object.keys(errors(publishableDockSchema, { ...saleDock, priceCents: undefined, depthM: undefined })).sort()).toEqual(["depthM", "priceCents"]);
    expect(errors(publishableDockSchema, { ...rentDock, monthlyPriceCents: undefined })).toEqual({ dailyPriceCents: ["Enter a daily price, a monthly price or both"] });
  });
});

describe("photos", () => {
  it("keeps the order, allows at most 20 and each photo once", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => photo(`p${i}`));
    expect(listingPhotosSchema.parse(twenty).map((p) => p.id)).toEqual(twenty.map((p) => p.id));
    expect(errors(listingPhotosSchema, [...twenty, photo("p20")])).toEqual({ "": ["Add between 1 and 20 photos"] });
    expect(errors(listingPhotosSchema, [photo("a"), photo("b"), photo("a")])).toEqual({ "2.id": ["This photo is already in the list"] });
    expect(Object.keys(errors(listingPhotosSchema, [{ ...photo("a"), id: "../etc", widths: [] }])).sort()).toEqual(["0.id", "0.widths"]);
  });
});
