import { describe, expect, it } from "vitest";
import { demoPorts } from "#app/.server/seed/ports";
import { placeSuggestions } from "./place-suggestions";

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
