import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, withoutControlCharacters } from "./free-text";
import { hasControlCharacters } from "./text";

describe("the texts people write (issue 43)", () => {
  it("hold no C0 control but tab, LF and CR, no DEL, no C1; everything else people type is text", () => {
    for (const code of [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9b, 0x9f]) expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(true);
    for (const text of ["", "tab\there", "line\nbreak", "windows\r\n", "ñandú, été, Größe: 250 €", "🚤⚓", "\u00a0no-break", "\u2028", "\u00ad"]) expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
  });

  it("a form's text field refuses them with the one shared message", () => {
    const field = withoutControlCharacters(z.string());
    expect(field.safeParse("Ya estaba roto\n\tal salir").success).toBe(true);
    expect(field.safeParse("Ya estaba roto\u0000").error?.issues).toEqual([expect.objectContaining({ code: "custom", params: { i18n: CONTROL_CHARACTERS_MESSAGE } })]);
  });
});
