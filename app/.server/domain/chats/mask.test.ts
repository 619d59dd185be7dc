import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { findContactDetails, maskedText, messageParts } from "./mask";

const hide = (text: string) => maskedText(text, (kind) => `[${kind}]`);

describe("contact details in messages", () => {
  it.each([
    ["Escríbeme a ana.garcia+barco@gmail.com y te cuento", "Escríbeme a [email] y te cuento"],
    ["mail: ana @ gmail . com", "mail: [email]"],
    ["ana(at)gmail(dot)com", "[email]"],
    ["ana [at] example [dot] es", "[email]"],
    ["mi correo es ana arroba gmail punto com, gracias", "mi correo es [email], gracias"],
    ["écris à jean.dupont arobase orange point fr stp", "écris à [email] stp"],
    ["schreib an max ät gmx punkt de", "schreib an [email]"],
    ["email me at john at hotmail dot co", "email me at [email]"],
    ["Jürgen.Müller@web.de", "[email]"],
  ])("hides the email address in %j", (text, expected) => {
    expect(hide(text)).toBe(expected);
  });

  it.each([
    // Spanish
    ["Llámame al 612 345 678", "Llámame al [phone]"],
    ["mi móvil: 612345678.", "mi móvil: [phone]."],
    ["+34 612-34-56-78", "[phone]"],
    ["0034 91 123 45 67", "[phone]"],
    ["seis uno dos tres cuatro cinco seis siete ocho", "[phone]"],
    ["seis, uno, dos, treinta y cuatro, cincuenta y seis, setenta y ocho", "[phone]"],
    ["6 1 2 tres 4 5 seis 7 8", "[phone]"],
    // French
    ["appelle-moi au 06 12 34 56 78", "appelle-moi au [phone]"],
    ["06.12.34.56.78", "[phone]"],
    ["+33 (0)6 12 34 56 78", "[phone]"],
    ["zéro six douze trente-quatre cinquante-six soixante-dix-huit", "[phone]"],
    // German
    ["Ruf an: 0171/1234567", "Ruf an: [phone]"],
    ["(030) 123 4567", "[phone]"],
    ["+49 171 1234567", "[phone]"],
    ["null eins sieben eins eins zwei drei vier fünf sechs", "[phone]"],
    ["null eins sieben vierunddreißig zwölf sechsundfünfzig", "[phone]"],
    // English
    ["call 07700 900123", "call [phone]"],
    ["oh seven seven double zero nine zero zero one two three", "oh [phone]"],
    ["whatsapp +44 7700-900-123 please", "whatsapp [phone] please"],
  ])("hides the phone number in %j", (text, expected) => {
    expect(hide(text)).toBe(expected);
  });

  it.each([
    "Del 12/05/2026 - 14/05/2026 para 6 personas",
    "Llegamos el 2026-06-12 a las 10:30 y salimos a las 18h30",
    "Precio 1.200,50 € por 7 días, fianza 500 €",
    "Somos seis, dos niños y cuatro adultos",
    "Eslora 12,5 m, 3 cabinas, 8 plazas, 2 baños",
    "Capacidad 6, 8, 10 personas; precios 100, 200, 300",
    "We meet at marina point vell at 9",
    "Nous serons à la marina à 9h, vingt et une personnes",
    "Wir kommen um 10:00 Uhr mit 4 Personen",
    "Reserva para el 3 y el 4 de julio",
  ])("leaves %j as it is", (text) => {
    expect(findContactDetails(text)).toEqual([]);
    expect(hide(text)).toBe(text);
  });

  it("shows everything once contact may be shared", () => {
    expect(messageParts("ana@gmail.com 612 345 678", false)).toEqual([{ text: "ana@gmail.com 612 345 678" }]);
    expect(messageParts("mail ana@gmail.com o 612 345 678.", true)).toEqual([{ text: "mail " }, { hidden: "email" }, { text: " o " }, { hidden: "phone" }, { text: "." }]);
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

  it("finds a phone number however it is grouped", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 13 }), fc.constantFrom(" ", ".", "-", "/", ""), fc.integer({ min: 1, max: 4 }), (digits, sep, group) => {
        const chunks: string[] = [];
        for (let i = 0; i < digits.length; i += group) chunks.push(digits.slice(i, i + group).join(""));
        const number = chunks.join(sep);
        expect(hide(`tel ${number} ok`)).toBe("tel [phone] ok");
      }),
    );
  });
});
