import { describe, expect, it } from "vitest";
import { formatDetail } from "./case";

describe("a case's details in the reader's language", () => {
  it("writes days and decimals the language's way, years without a separator, the rest as sent", () => {
    expect(formatDetail("date", "2026-12-26", "es-ES")).toBe("26 de diciembre de 2026");
    expect(formatDetail("date", "2026-12-26", "en-US")).toBe("December 26, 2026");
    expect(formatDetail("date", "2026-12-26", "de-DE")).toBe("26. Dezember 2026");
    expect(formatDetail("lengthM", 6.2, "es-ES")).toBe("6,2");
    expect(formatDetail("lengthM", "6.2", "fr-FR")).toBe("6,2");
    expect(formatDetail("lengthM", 6.2, "en-US")).toBe("6.2");
    expect(formatDetail("value", 45000, "de-DE")).toBe("45.000");
    expect(formatDetail("year", 2015, "en-US")).toBe("2015");
    expect(formatDetail("registration", "7PM-1-234-05", "es-ES")).toBe("7PM-1-234-05");
  });
});
