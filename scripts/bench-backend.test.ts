import { describe, expect, it } from "vitest";
import { benchOptions, dataSizes } from "./bench-backend";

describe("the bench's --backend option", () => {
  it("measures the embedded backend with 10,000 boats by default, as before", () => {
    const defaults = { backend: "embedded", listings: 10_000, cases: 10_000, subscribers: 500, connections: 16, timeoutMs: 10_000, settle: false };
    expect(benchOptions({})).toEqual(defaults);
    expect(benchOptions({ backend: "embedded", listings: "2500", connections: "8" })).toEqual({ ...defaults, listings: 2_500, connections: 8 });
  });

  it("seeds the emulators with less data and measures them with fewer connections, unless told otherwise", () => {
    expect(benchOptions({ backend: "firebase" })).toEqual({ backend: "firebase", ...dataSizes.firebase, timeoutMs: 60_000, settle: true });
    expect(dataSizes.firebase.listings).toBeLessThan(dataSizes.embedded.listings);
    expect(benchOptions({ backend: "firebase", listings: "3000", subscribers: "20" })).toMatchObject({ listings: 3_000, subscribers: 20 });
  });

  it("refuses an unknown backend and a count that is not a whole number", () => {
    expect(() => benchOptions({ backend: "mongo" })).toThrowError(/--backend must be one of embedded, firebase/);
    expect(() => benchOptions({ listings: "lots" })).toThrowError(/--listings/);
    expect(() => benchOptions({ listings: "-5" })).toThrowError(/--listings/);
    expect(() => benchOptions({ subscribers: "0" })).toThrowError(/--subscribers/);
    expect(() => benchOptions({ connections: "1.5" })).toThrowError(/--connections/);
  });

  it("says plainly that --compare runs on the embedded backend only", () => {
    expect(benchOptions({ compare: "main" }).backend).toBe("embedded");
    expect(() => benchOptions({ backend: "firebase", compare: "main" })).toThrowError(/--compare is not supported with --backend firebase/);
  });
});
