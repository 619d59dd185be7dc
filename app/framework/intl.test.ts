import { afterEach, describe, expect, it } from "vitest";
import { adoptFormatsSeen, dateTimeFormat, displayNamesOf, formatsSeenText, numberFormat, recordFormats } from "./intl";

/** Counts the Intl objects built while `run` runs. */
function intlBuilt(run: () => void): number {
  const real = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat, DisplayNames: Intl.DisplayNames };
  let built = 0;
  for (const name of Object.keys(real) as Array<keyof typeof real>) {
    Object.defineProperty(Intl, name, {
      configurable: true,
      writable: true,
      value: new Proxy(real[name], {
        construct(target, args) {
          built += 1;
          return Reflect.construct(target, args) as object;
        },
      }),
    });
  }
  try {
    run();
  } finally {
    for (const name of Object.keys(real) as Array<keyof typeof real>) Object.defineProperty(Intl, name, { configurable: true, writable: true, value: real[name] });
  }
  return built;
}

// Formatters are shared for the life of the module: each case uses options of its own, so it
// starts with a formatter whose Intl object is not built yet.
afterEach(() => adoptFormatsSeen(""));

describe("the server's formats, carried to the browser", () => {
  it("records what a render writes, per formatter and input, and nothing outside a render", () => {
    numberFormat("es-ES", { maximumFractionDigits: 4 }).format(1.5);
    const text = recordFormats(() => {
      numberFormat("es-ES", { maximumFractionDigits: 4 }).format(1234.5);
      numberFormat("es-ES", { style: "currency", currency: "EUR", maximumFractionDigits: 1 }).format(87.5);
      dateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(new Date("2027-04-01T12:00:00Z"));
      dateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "UTC" }).format();
      displayNamesOf("de", { type: "language", style: "short" }).of("es");
      return formatsSeenText();
    });
    expect(JSON.parse(text)).toEqual({
      'number|es-ES|{"maximumFractionDigits":4}': { "1234.5": "1234,5" },
      'number|es-ES|{"style":"currency","currency":"EUR","maximumFractionDigits":1}': { "87.5": "87,5\u00a0€" },
      'date|fr-FR|{"dateStyle":"long","timeZone":"UTC"}': { [String(Date.parse("2027-04-01T12:00:00Z"))]: "1 avril 2027" },
      'names|de|{"type":"language","style":"short"}': { es: "Spanisch" },
    });
    expect(formatsSeenText(), "no table outside a render").toBe("");
  });

  it("writes the table so that nothing in it can close its script element", () => {
    // Intl ignores an option it does not know; the table's key keeps it.
    const options = { maximumFractionDigits: 7, "</script><!--": true } as Intl.NumberFormatOptions;
    const text = recordFormats(() => {
      numberFormat("en-GB", options).format(2);
      return formatsSeenText();
    });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ 'number|en-GB|{"maximumFractionDigits":7,"</script><!--":true}': { "2": "2" } });
  });

  it("answers a value the server wrote from the table, without building an Intl object; others as Intl writes them", () => {
    const options = { maximumFractionDigits: 5 };
    const day = Date.parse("2027-08-15T00:00:00Z");
    adoptFormatsSeen(
      JSON.stringify({
        'number|de-DE|{"maximumFractionDigits":5}': { "7.5": "7,5 (server)" },
        'date|de-DE|{"month":"long","timeZone":"UTC"}': { [String(day)]: "August (server)" },
      }),
    );
    let written: string[] = [];
    expect(
      intlBuilt(() => {
        written = [numberFormat("de-DE", options).format(7.5), dateTimeFormat("de-DE", { month: "long", timeZone: "UTC" }).format(new Date(day))];
      }),
    ).toBe(0);
    expect(written).toEqual(["7,5 (server)", "August (server)"]);
    expect(intlBuilt(() => (written = [numberFormat("de-DE", options).format(1234.5)]))).toBe(1);
    expect(written).toEqual(["1.234,5"]);
  });

  it("formats everything itself when the document's table is missing or damaged", () => {
    for (const text of [null, "", "{not json", "42"]) {
      adoptFormatsSeen(text);
      expect(numberFormat("en-GB", { maximumFractionDigits: 6 }).format(7.5)).toBe("7.5");
      expect(formatsSeenText()).toBe(text ?? "");
    }
  });

  it("answers only from the table's own entries, never from an object's inherited properties", () => {
    const options = { type: "language", style: "narrow" } as const;
    const expected = new Intl.DisplayNames(["en"], options).of("toString");
    adoptFormatsSeen(JSON.stringify({ 'names|en|{"type":"language","style":"narrow"}': { es: "Spanish" } }));
    expect(displayNamesOf("en", options).of("toString")).toBe(expected);
    expect(displayNamesOf("en", options).of("es")).toBe("Spanish");
    const text = recordFormats(() => {
      displayNamesOf("en", { type: "language", style: "long", languageDisplay: "standard" }).of("toString");
      return formatsSeenText();
    });
    expect(Object.keys(JSON.parse(text)['names|en|{"type":"language","style":"long","languageDisplay":"standard"}'])).toEqual(["toString"]);
  });

  it("keeps Intl's answers: a name it does not have is undefined, an invalid date throws", () => {
    expect(recordFormats(() => displayNamesOf("es", { type: "region", fallback: "none" }).of("QQ"))).toBeUndefined();
    adoptFormatsSeen(JSON.stringify({ 'names|es|{"type":"region","fallback":"none"}': { QQ: "" } }));
    expect(displayNamesOf("es", { type: "region", fallback: "none" }).of("QQ")).toBeUndefined();
    expect(() => dateTimeFormat("es-ES", { dateStyle: "full", timeZone: "UTC" }).format(new Date("nope"))).toThrow(RangeError);
  });
});
