import { describe, expect, it } from "vitest";
import { kilowattsOf, legalMinimumLicence, licenceAllowed, licenceRefusal, requiredLicence, type BoatForLicence } from "./licences";
import type { Licence } from "#app/features/search";

describe("the legal minimum of a boat (docs/PRODUCT.md, Licences)", () => {
  const cases: Array<[string, BoatForLicence, Licence]> = [
    ["motor 5 m, 15 CV: no title", { type: "motor", lengthM: 5, enginePowerHp: 15 }, "none"],
    ["motor 5.01 m, 15 CV: over 5 m", { type: "motor", lengthM: 5.01, enginePowerHp: 15 }, "licencia-navegacion"],
    ["motor 4 m, 16 CV: over 11.26 kW", { type: "motor", lengthM: 4, enginePowerHp: 16 }, "licencia-navegacion"],
    ["motor 4 m, no engine given", { type: "motor", lengthM: 4 }, "none"],
    ["motor 6 m: licencia de navegación", { type: "motor", lengthM: 6, enginePowerHp: 90 }, "licencia-navegacion"],
    ["motor 6.1 m: PNB", { type: "motor", lengthM: 6.1, enginePowerHp: 90 }, "pnb"],
    ["motor 7 m, 150 CV: PNB", { type: "motor", lengthM: 7, enginePowerHp: 150 }, "pnb"],
    ["motor 8 m: PNB", { type: "motor", lengthM: 8, enginePowerHp: 200 }, "pnb"],
    ["motor 8.5 m: PER", { type: "motor", lengthM: 8.5, enginePowerHp: 200 }, "per"],
    ["motor 15 m: PER", { type: "motor", lengthM: 15, enginePowerHp: 600 }, "per"],
    ["motor 15.5 m: Patrón de Yate", { type: "motor", lengthM: 15.5, enginePowerHp: 600 }, "patron-yate"],
    ["motor 24 m: Patrón de Yate", { type: "motor", lengthM: 24, enginePowerHp: 2000 }, "patron-yate"],
    ["motor 30 m: Capitán de Yate", { type: "motor", lengthM: 30, enginePowerHp: 2000 }, "capitan-yate"],
    ["fishing 4.5 m, 9.9 CV: no title", { type: "fishing", lengthM: 4.5, enginePowerHp: 9 }, "none"],
    ["fishing 5.5 m: licencia de navegación", { type: "fishing", lengthM: 5.5, enginePowerHp: 9 }, "licencia-navegacion"],
    ["sail 6 m with a 20 CV engine: no title", { type: "sail", lengthM: 6, enginePowerHp: 20 }, "none"],
    ["sail 6.01 m: PNB", { type: "sail", lengthM: 6.01, enginePowerHp: 0 }, "pnb"],
    ["sail 12 m: PER", { type: "sail", lengthM: 12, enginePowerHp: 40 }, "per"],
    ["jet ski 3 m, 110 CV: licencia de navegación", { type: "jetski", lengthM: 3, enginePowerHp: 110 }, "licencia-navegacion"],
    ["jet ski without length yet: licencia de navegación", { type: "jetski" }, "licencia-navegacion"],
    ["no type yet", { lengthM: 10, enginePowerHp: 300 }, "none"],
    ["no length yet", { type: "motor", enginePowerHp: 300 }, "none"],
  ];
  it.each(cases)("%s", (_, boat, expected) => expect(legalMinimumLicence(boat)).toBe(expected));

  it("reads 15 CV as 11.03 kW and 16 CV as 11.77 kW around the law's 11.26 kW", () => {
    expect(kilowattsOf(15)).toBeLessThan(11.26);
    expect(kilowattsOf(16)).toBeGreaterThan(11.26);
  });

  it("lets the owner ask for more, never less, and reads a stored licence below the law as the law", () => {
    const boat = { type: "motor" as const, lengthM: 7, enginePowerHp: 150 };
    expect(licenceAllowed(boat, "per")).toBe(true);
    expect(licenceAllowed(boat, "pnb")).toBe(true);
    expect(licenceAllowed(boat, "licencia-navegacion")).toBe(false);
    expect(licenceAllowed(boat, "none")).toBe(false);
    expect(requiredLicence({ ...boat, licence: "none" })).toBe("pnb");
    expect(requiredLicence({ ...boat, licence: "per" })).toBe("per");
  });

  it("asks nothing the owner did not choose of a boat always taken with its skipper; an optional skipper changes nothing", () => {
    const boat = { type: "motor" as const, lengthM: 12, enginePowerHp: 600 };
    expect(licenceAllowed({ ...boat, skipper: { mode: "mandatory" } }, "none")).toBe(true);
    expect(requiredLicence({ ...boat, skipper: { mode: "mandatory" }, licence: "none" })).toBe("none");
    expect(licenceAllowed({ ...boat, skipper: { mode: "optional" } }, "pnb")).toBe(false);
    expect(requiredLicence({ ...boat, skipper: { mode: "optional" }, licence: "none" })).toBe("per");
  });
});

describe("a renter's licence for a trip", () => {
  it("refuses one that expires before the trip's last day, and a title below the boat's", () => {
    expect(licenceRefusal({ type: "pnb", expiresOn: "2027-06-09" }, "pnb", "2027-06-10")).toBe("expired");
    expect(licenceRefusal({ type: "pnb", expiresOn: "2027-06-10" }, "pnb", "2027-06-10")).toBeNull();
    expect(licenceRefusal({ type: "licencia-navegacion", expiresOn: "2030-01-01" }, "pnb", "2027-06-10")).toBe("type");
    expect(licenceRefusal({ type: "capitan-yate", expiresOn: "2030-01-01" }, "pnb", "2027-06-10")).toBeNull();
  });
});
