import { describe, expect, it } from "vitest";
import { misformattedNumbers, visibleText } from "#tests/e2e/visible-text";

describe("visibleText", () => {
  it("keeps what the page shows and drops scripts, attributes, inputs and code", () => {
    const html = `<html><head><title>2026-01-01</title></head><body>
      <p class="x" data-at="2026-12-26">Fecha&nbsp;<b>26 dic 2026</b></p>
      <input name="start" value="2026-12-26"><textarea>6.2</textarea>
      <script>window.__remixContext = {"at":"2026-12-26","n":6.2}</script><code>1.5</code>
      <time dateTime="2026-12-26">26 de diciembre</time></body></html>`;
    expect(visibleText(html)).toBe("Fecha\n26 dic 2026\n26 de diciembre");
  });
});

describe("misformattedNumbers", () => {
  it("finds the case page's «Fecha 2026-12-26» and «6.2» in Spanish, French and German", () => {
    for (const lang of ["es", "fr", "de"]) {
      const found = misformattedNumbers("Fecha\n2026-12-26\nEslora (m)\n6.2", lang);
      expect(found).toHaveLength(2);
      expect(found[0]).toContain("2026-12-26");
      expect(found[1]).toContain("6.2");
    }
  });

  it("lets a decimal comma and thousands points pass in Spanish and German", () => {
    expect(misformattedNumbers("6,2 m · 1.232 € · 12.345.678 € · 4,5 ★ · 2026", "es")).toEqual([]);
    expect(misformattedNumbers("6,2 m · 1.232 €", "de")).toEqual([]);
    expect(misformattedNumbers("6,2 m · 1\u202f232 €", "fr")).toEqual([]);
  });

  it("is language-aware: English writes a decimal point and a thousands comma, never a decimal comma", () => {
    expect(misformattedNumbers("6.2 m · €1,232.50 · 4.5 ★", "en")).toEqual([]);
    expect(misformattedNumbers("6,2 m", "en")).toHaveLength(1);
  });

  it("does not take invoice numbers, references or sentence ends for dates or decimals", () => {
    expect(misformattedNumbers("A-2026-000123 · AMR-7K3Q9 · Paso 2. Después", "es")).toEqual([]);
  });

  it("lets names with numbers pass (a boat's model, a law's article) and German short dates", () => {
    expect(misformattedNumbers("Lancha Cap Camarat 7.5 para la bahía de Palma\nOceanis 46.1 con cuatro camarotes", "es")).toEqual([]);
    expect(misformattedNumbers("interés legítimo (art. 6.1.f RGPD) · según el artículo 22.2 de la LSSI", "es")).toEqual([]);
    expect(misformattedNumbers("conformément à l’article 22.2 · nach Artikel 22.2 LSSI", "fr")).toEqual([]);
    expect(misformattedNumbers("26.11.2026", "de")).toEqual([]);
    expect(misformattedNumbers("26.11.2026", "es")).toHaveLength(1);
    // A label before a value on its own line is not a name.
    expect(misformattedNumbers("Eslora (m)\n6.2", "es")).toHaveLength(1);
  });
});
