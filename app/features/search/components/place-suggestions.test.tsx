import { readFileSync } from "node:fs";
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { demoPorts } from "#app/.server/seed/ports";
import { PlaceSuggestions, placeSuggestions } from "./place-suggestions";

describe("place suggestions", () => {
  it("suggest each town once, then each port by its name beside its town, never a value twice", () => {
    const suggestions = placeSuggestions(demoPorts);
    const values = suggestions.map((suggestion) => suggestion.value);
    // Two marinas in Barcelona: "Barcelona" once.
    expect(values.filter((value) => value === "Barcelona")).toHaveLength(1);
    expect(new Set(values.map((value) => value.toLocaleLowerCase())).size).toBe(values.length);
    expect(suggestions.slice(0, 2)).toEqual([
      { value: "Barcelona", hint: null },
      { value: "Palma", hint: null },
    ]);
    expect(suggestions).toContainEqual({ value: "Port Olímpic", hint: "Barcelona" });
    expect(suggestions).toContainEqual({ value: "Port Vell", hint: "Barcelona" });
  });

  it("leave out a port named like a town already suggested", () => {
    const ports = [
      { slug: "a", name: "Puerto de Sóller", city: "Sóller" },
      { slug: "b", name: "sóller", city: "Sóller" },
    ];
    expect(placeSuggestions(ports)).toEqual([
      { value: "Sóller", hint: null },
      { value: "Puerto de Sóller", hint: "Sóller" },
    ]);
  });

  it("end with each region once, named in the page's language", () => {
    const names: Record<string, string> = { "Islas Baleares": "Balearic Islands", "Cataluña": "Catalonia" };
    const suggestions = placeSuggestions(demoPorts, (region) => names[region] ?? region);
    const values = suggestions.map((suggestion) => suggestion.value);
    expect(values.filter((value) => value === "Balearic Islands")).toHaveLength(1);
    expect(values).toContain("Catalonia");
    expect(values).not.toContain("Islas Baleares");
    expect(values.indexOf("Balearic Islands")).toBeGreaterThan(values.indexOf("Port Vell"));
  });
});

describe("place suggestions drawn on the server", () => {
  /** The datalist as the server draws it, in `lng`, with the project's own common texts. */
  async function drawn(lng: string, ports: ReadonlyArray<{ slug: string; name: string; city: string; region?: string }>) {
    const i18n = i18next.createInstance();
    const common = JSON.parse(readFileSync(new URL(`../../../../locales/${lng}/common.json`, import.meta.url), "utf8"));
    await i18n.use(initReactI18next).init({ lng, resources: { [lng]: { common } }, defaultNS: "common", ns: ["common"] });
    return renderToString(
      <I18nextProvider i18n={i18n}>
        <PlaceSuggestions id="places" ports={ports} />
      </I18nextProvider>,
    );
  }

  it("names regions in each page's language and follows a change of ports, though kept between pages", async () => {
    const ports = [{ slug: "p", name: "Port de Sóller", city: "Sóller", region: "Islas Baleares" }];
    const en = await drawn("en", ports);
    expect(en).toContain('value="Balearic Islands"');
    // The same ports again, then in German: each language its own names.
    expect(await drawn("en", ports)).toBe(en);
    const de = await drawn("de", ports);
    expect(de).toContain('value="Balearen"');
    expect(de).not.toContain("Balearic Islands");
    // A port renamed, or moved to another region, is drawn as it now is.
    const renamed = await drawn("en", [{ ...ports[0], name: "Port of Sóller" }]);
    expect(renamed).toContain('value="Port of Sóller"');
    expect(renamed).not.toContain("Port de Sóller");
    expect(await drawn("en", [{ ...ports[0], region: "Cataluña" }])).toContain('value="Catalonia"');
  });
});
