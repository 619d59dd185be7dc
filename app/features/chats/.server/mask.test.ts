import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { demoPosts } from "#app/.server/seed/blog";
import { DEMO_CHAT_LINES } from "#app/.server/seed/chats";
import { conversationParts, findContactDetails, maskedText, messageParts } from "./mask";
import { MASKED, VISIBLE } from "./mask-table";

/** The masking table (mask-table.ts) and the tests around it: what masks, what stays, split messages, hostile lengths. */
const hide = (text: string) => maskedText(text, (kind) => `[${kind}]`);

describe("the masking table (decision record 026)", () => {
  it("has at least 150 rows, half of them to mask", () => {
    expect(MASKED.length + VISIBLE.length).toBeGreaterThanOrEqual(150);
    expect(MASKED.length).toBeGreaterThanOrEqual(75);
    expect(VISIBLE.length).toBeGreaterThanOrEqual(75);
  });

  it.each(MASKED)("masks %j", (text, expected) => {
    expect(hide(text)).toBe(expected);
  });

  it.each(VISIBLE)("leaves %j as it is", (text) => {
    expect(findContactDetails(text)).toEqual([]);
    expect(hide(text)).toBe(text);
  });
});

describe("false positives on real texts", () => {
  it("masks nothing but the contact details in the demo conversations (0 false positives)", () => {
    const texts = Object.values(DEMO_CHAT_LINES).flatMap((lines) => lines.map(([, , text]) => text));
    const expected = new Map([
      ["¡Hola Lucía! Hay parking en el Moll Vell. Llámame al llegar: +34 600 123 456.", "¡Hola Lucía! Hay parking en el Moll Vell. Llámame al llegar: [phone]."],
      ["Perfecto. Mi móvil es el 611 22 33 44 por si acaso.", "Perfecto. Mi móvil es el [phone] por si acaso."],
      ["Si te va mejor, escríbeme a iago.fernandez@gmail.com o llámame al 655 44 33 22.", "Si te va mejor, escríbeme a [email] o llámame al [phone]."],
      ["Mi número: seis uno uno, veintidós, treinta y tres, cuarenta y cuatro.", "Mi número: [phone]."],
    ]);
    const wrong = texts.filter((text) => hide(text) !== (expected.get(text) ?? text));
    expect(texts).toHaveLength(10);
    expect(wrong).toEqual([]);
  });

  it("masks nothing in the demo blog posts (96 texts, 0 false positives)", () => {
    const texts = demoPosts.flatMap((post) => Object.values(post.texts).flatMap((texts) => Object.values(texts).filter((value): value is string => typeof value === "string")));
    const wrong = texts.filter((text) => findContactDetails(text).length > 0).map((text) => findContactDetails(text).map((span) => text.slice(span.start, span.end)));
    expect(texts).toHaveLength(96);
    expect(wrong).toEqual([]);
  });
});

describe("a number split over messages", () => {
  const at = (minute: number) => new Date(Date.UTC(2027, 5, 1, 10, minute)).toISOString();
  const show = (messages: Array<{ senderUid: string; createdAt: string; text: string }>) => conversationParts(messages, true).map((parts) => parts.map((part) => ("hidden" in part ? `[${part.hidden}]` : part.text)).join(""));

  it("hides both parts of a number split over two messages of the same sender", () => {
    expect(
      show([
        { senderUid: "a", createdAt: at(0), text: "mi número es 612 345" },
        { senderUid: "a", createdAt: at(1), text: "678 gracias" },
      ]),
    ).toEqual(["mi número es [phone]", "[phone] gracias"]);
  });

  it("reads three messages together, across the other person's replies", () => {
    expect(
      show([
        { senderUid: "a", createdAt: at(0), text: "612" },
        { senderUid: "b", createdAt: at(1), text: "¿Qué?" },
        { senderUid: "a", createdAt: at(2), text: "345" },
        { senderUid: "a", createdAt: at(3), text: "678" },
      ]),
    ).toEqual(["[phone]", "¿Qué?", "[phone]", "[phone]"]);
  });

  it("leaves apart what two people write, what is written long apart and what words between break", () => {
    expect(show([{ senderUid: "a", createdAt: at(0), text: "612 345" }, { senderUid: "b", createdAt: at(1), text: "678 ok" }])).toEqual(["612 345", "678 ok"]);
    expect(show([{ senderUid: "a", createdAt: at(0), text: "612 345" }, { senderUid: "a", createdAt: at(11), text: "678 ok" }])).toEqual(["612 345", "678 ok"]);
    expect(show([{ senderUid: "a", createdAt: at(0), text: "612" }, { senderUid: "a", createdAt: at(1), text: "hola" }, { senderUid: "a", createdAt: at(2), text: "adiós" }, { senderUid: "a", createdAt: at(3), text: "345678" }])).toEqual(["612", "hola", "adiós", "345678"]);
  });

  // Issue 43: a number split over up to six messages in a row (the other person not writing in between).
  it.each([
    ["es", ["mi número:", "6", "1", "2", "34", "56", "78"]],
    ["en", ["call me on", "six", "one", "two", "three four", "five six", "seven eight"]],
    ["fr", ["mon portable :", "06", "12", "34", "56", "7", "8"]],
    ["de", ["meine Nummer:", "0171", "12", "34", "56", "7", "8"]],
  ])("hides a number split over six messages in a row (%s)", (_, texts) => {
    const shown = show(texts.map((text, minute) => ({ senderUid: "a", createdAt: at(minute), text })));
    expect(shown).toEqual([texts[0], "[phone]", "[phone]", "[phone]", "[phone]", "[phone]", "[phone]"]);
  });

  it("reads no more than six messages in a row, ten minutes, or three messages around the other person's replies", () => {
    const pieces = ["6", "1", "2", "3", "4", "5", "678"];
    expect(show(pieces.map((text, minute) => ({ senderUid: "a", createdAt: at(minute), text })))).toEqual(pieces);
    const slow = ["6", "12", "34", "56", "78"];
    expect(show(slow.map((text, k) => ({ senderUid: "a", createdAt: at(k * 3), text })))).toEqual(slow);
    const answered = [
      { senderUid: "a", createdAt: at(0), text: "6" },
      { senderUid: "a", createdAt: at(0), text: "12" },
      { senderUid: "a", createdAt: at(1), text: "34" },
      { senderUid: "b", createdAt: at(1), text: "?" },
      { senderUid: "a", createdAt: at(2), text: "56" },
      { senderUid: "a", createdAt: at(2), text: "78" },
    ];
    expect(show(answered)).toEqual(["6", "12", "34", "?", "56", "78"]);
  });

  it.each([
    ["es", ["Somos 6", "llegamos el 12/06", "a las 10:30", "450 € en total", "2 niños", "eslora 12 m"]],
    ["en", ["We are 6", "arriving 12 June", "at 10:30", "450 € in all", "2 kids", "she is 12 m"]],
    ["fr", ["Nous sommes 6", "arrivée le 12/06", "à 10h30", "450 € en tout", "2 enfants", "12 m de long"]],
    ["de", ["Wir sind 6", "Ankunft am 12.06.", "um 10:30", "450 € insgesamt", "2 Kinder", "12 m lang"]],
  ])("keeps six messages of facts in a row visible (%s)", (_, texts) => {
    expect(show(texts.map((text, minute) => ({ senderUid: "a", createdAt: at(minute), text })))).toEqual(texts);
  });

  it("keeps answers to the other person's questions visible: they are not read as one number", () => {
    const lines: Array<[string, string]> = [["b", "¿Cuántos sois?"], ["a", "6"], ["b", "¿Cuántos días?"], ["a", "3"], ["b", "¿Presupuesto?"], ["a", "500"], ["b", "¿Hora?"], ["a", "10"], ["b", "¿Eslora?"], ["a", "12"]];
    const texts = lines.map(([, text]) => text);
    expect(show(lines.map(([senderUid, text], minute) => ({ senderUid, createdAt: at(minute), text })))).toEqual(texts);
  });

  it("keeps prices and dates written in a row visible", () => {
    expect(show([{ senderUid: "a", createdAt: at(0), text: "Del 12/06" }, { senderUid: "a", createdAt: at(1), text: "al 19/06, 450 €" }])).toEqual(["Del 12/06", "al 19/06, 450 €"]);
  });
});

describe("hostile messages (issue 43): 10,000 characters of each evasion class", () => {
  const LENGTH = 10_000;
  const flood = (unit: string) => unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH);
  const visibleText = (text: string) =>
    messageParts(text, true)
      .filter((part): part is { text: string } => "text" in part)
      .map((part) => part.text)
      .join("");
  // [class, message, whether what it says is hidden (all but spaces) or shown as typed]
  const HOSTILE: Array<[string, string, "hidden" | "shown"]> = [
    ["hundreds in words", flood("seiscientos doce "), "hidden"],
    ["hundreds glued into one word", flood("sechshundertzwölf"), "shown"],
    ["emoji between digits", flood("6🚤"), "hidden"],
    ["fillers between digits", flood("6ㅤ"), "hidden"],
    ["emoji without digits", flood("🚤 ⚓ "), "shown"],
    ["look-alike letters", flood("аrrоbа "), "shown"],
    ["Greek text", flood("Θα είμαστε στο λιμάνι "), "shown"],
    ["a provider after 'en'", flood("ana.boats en gmail "), "hidden"],
    ["local parts without a provider", flood("a.b en "), "shown"],
    ["a domain said apart", flood("el dominio es "), "shown"],
    ["a messenger's name and 'como'", flood("insta como "), "shown"],
    ["a bare domain", flood("boats1.es "), "hidden"],
    ["dots between letters", flood("a."), "shown"],
    ["app links", flood("tg://"), "hidden"],
    ["Skype names", flood("live:ab.c "), "hidden"],
    ["letters between digits", `${flood("6a").slice(0, -1)}6`, "hidden"],
  ];

  it.each(HOSTILE)("%s", (_, text, outcome) => {
    const visible = visibleText(text);
    if (outcome === "hidden") expect(visible.trim()).toBe("");
    else expect(visible).toBe(text);
  });

  it("six messages of 2,000 characters in a row", () => {
    const messages = Array.from({ length: 6 }, (_, k) => ({ senderUid: "a", createdAt: new Date(Date.UTC(2027, 5, 1, 10, k)).toISOString(), text: `${"6🚤".repeat(666)}6` }));
    expect(conversationParts(messages, true)).toEqual(messages.map(() => [{ hidden: "phone" }]));
  });
});

describe("contact details in messages", () => {
  it("shows everything once contact may be shared", () => {
    expect(messageParts("ana@gmail.com 612 345 678", false)).toEqual([{ text: "ana@gmail.com 612 345 678" }]);
    expect(messageParts("mail ana@gmail.com o 612 345 678.", true)).toEqual([{ text: "mail " }, { hidden: "email" }, { text: " o " }, { hidden: "phone" }, { text: "." }]);
  });

  it("hides the original text's characters, however the text was disguised", () => {
    const text = "tel ６\u200b１\u200b２ 345 678 ok";
    const [span] = findContactDetails(text);
    expect(text.slice(span!.start, span!.end)).toBe("６\u200b１\u200b２ 345 678");
  });

  it("never loses or reorders the text around what it hides", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const parts = messageParts(text, true);
        const visible = parts.filter((part) => "text" in part).map((part) => (part as { text: string }).text);
        let at = 0;
        for (const chunk of visible) {
          const found = text.indexOf(chunk, at);
          expect(found).toBeGreaterThanOrEqual(0);
          at = found + chunk.length;
        }
      }),
    );
  });

  it("hides a number whose first group reads as a year (fast-check found `1900 0000 0000`)", () => {
    expect(hide("tel 1900 0000 0000 ok")).toBe("tel [phone] ok");
    expect(hide("tel 2026 612 345 678 ok")).toBe("tel [phone] ok");
  });

  it("finds a phone number however it is grouped", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 13 }), fc.constantFrom(" ", ".", "-", "/", "", "_", "*", "\t", "  ", "\u00a0", "\u200b", "🚤", " ⚓ ", "\u3164", "\u2800", "•", "|", "'"), fc.integer({ min: 1, max: 4 }), (digits, sep, group) => {
        const chunks: string[] = [];
        for (let i = 0; i < digits.length; i += group) chunks.push(digits.slice(i, i + group).join(""));
        const number = chunks.join(sep);
        expect(hide(`tel ${number} ok`)).toBe("tel [phone] ok");
      }),
    );
  });
});
