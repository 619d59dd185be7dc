import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import type { Lang } from "#app/i18n";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import { addDays, today, type Booking } from "./index";

/**
 * The emails that state a booking's money list its price lines (decision 062), labelled as its
 * price card labels them, in the reader's language, and add up to the booking's figures to the
 * cent: a stay over a weekend day and a season's edge, booked through the domain on the embedded
 * store. A boat without seasons keeps its email as it was.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let instant: string;
let request: string;
let plain: string;
const LANGS: Lang[] = ["es", "en", "fr", "de"];

/** The first Wednesday at least `from` days away: the stay is Wed, Thu (base), Fri (weekend), Sat, Sun (the season's first days). */
function wednesdayFrom(from: number): string {
  let date = addDays(today(new Date()), from);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 3) date = addDays(date, 1);
  return date;
}
const start = wednesdayFrom(30);
const later = wednesdayFrom(60);

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Armador de Temporada" });
  renter = await createTestUser(services, { displayName: "Rita Temporada" });
  instant = (await createBoat(services, owner.uid, { dayPriceCents: 200_00, instantBooking: true })).id;
  request = (await createBoat(services, owner.uid, { dayPriceCents: 200_00, instantBooking: false })).id;
  plain = (await createBoat(services, owner.uid, { dayPriceCents: 200_00, instantBooking: true })).id;
  for (const boat of [instant, request]) {
    // The season starts on the stay's Saturday; Friday is a weekend day at +25 %.
    await services.listings.seasons.add(owner.uid, boat, { name: "Temporada alta", start: addDays(start, 3), end: addDays(later, 10), dayPriceCents: null, percent: 40 });
    await services.listings.seasons.setWeekend(owner.uid, boat, { days: [5, 6, 7], dayPriceCents: null, percent: 25 });
  }
}, 60_000);
afterAll(async () => services.close());

const HEADINGS: Record<Lang, string> = { es: "El precio, día a día:", en: "The price, day by day:", fr: "Le prix, jour par jour :", de: "Der Preis, Tag für Tag:" };
/** The stay's three lines as each language writes them. */
const LINES: Record<Lang, string[]> = {
  es: ["2 días × 200,00 €: 400,00 €", "1 día × 250,00 € (fin de semana): 250,00 €", "2 días × 280,00 € (Temporada alta): 560,00 €"],
  en: ["2 days × €200.00: €400.00", "1 day × €250.00 (weekend): €250.00", "2 days × €280.00 (Temporada alta): €560.00"],
  fr: ["2 jours × 200,00 € : 400,00 €", "1 jour × 250,00 € (week-end) : 250,00 €", "2 jours × 280,00 € (Temporada alta) : 560,00 €"],
  de: ["2 Tage × 200,00 €: 400,00 €", "1 Tag × 250,00 € (Wochenende): 250,00 €", "2 Tage × 280,00 € (Temporada alta): 560,00 €"],
};
const TOTAL: Record<Lang, string> = { es: "Total: 1210,00 €", en: "Total: €1,210.00", fr: "Total : 1 210,00 €", de: "Gesamt: 1.210,00 €" };
const EARNINGS: Record<Lang, string> = { es: "Tus ganancias: 1210,00 €", en: "Your earnings: €1,210.00", fr: "Vos gains : 1 210,00 €", de: "Ihre Einnahmen: 1.210,00 €" };

/** Spaces as typed (the formats' no-break spaces are plain here). */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
/** The block's lines ("· …"), without their bullet; [] when the email has none. */
function blockOf(text: string, lang: Lang): string[] {
  const at = plainSpaces(text).indexOf(HEADINGS[lang]);
  if (at < 0) return [];
  return plainSpaces(text).slice(at).split("\n").slice(1).filter((line) => line.startsWith("· ")).map((line) => line.slice(2));
}
/** An amount as the line writes it, in cents ("1.210,00 €", "€1,210.00", "1 210,00 €"). */
function centsOf(line: string): number {
  const amount = line.slice(line.lastIndexOf(":") + 1).replace(/[^\d]/g, "");
  return Number(amount);
}
const emailsOf = async (uid: string, lang: Lang) => (await services.mailbox.list(uid, { lang })).map((mail) => ({ subject: plainSpaces(mail.subject), text: mail.text }));

describe("a booking's emails list its price lines", () => {
  let booked: Booking;

  it("the confirmation and the new booking: each line with its season or the weekend, the total and the earnings, in four languages", async () => {
    booked = await services.bookings.book({ uid: renter.uid, lang: "es" }, instant, { start, end: addDays(start, 4), part: null, people: 2, withSkipper: false });
    expect(booked.price.lines.map((l) => [l.count, l.unitCents, l.season ?? (l.weekend ? "weekend" : null)])).toEqual([[2, 200_00, null], [1, 250_00, "weekend"], [2, 280_00, "Temporada alta"]]);
    for (const lang of LANGS) {
      const toRenter = (await emailsOf(renter.uid, lang)).filter((mail) => mail.subject.includes(booked.reference!) && blockOf(mail.text, lang).length > 0);
      const toOwner = (await emailsOf(owner.uid, lang)).filter((mail) => mail.subject.includes(booked.reference!) && blockOf(mail.text, lang).length > 0);
      expect(toRenter, lang).toHaveLength(1);
      expect(toOwner, lang).toHaveLength(1);
      // Every line, in order: one dropped or one more fails here.
      expect(blockOf(toRenter[0]!.text, lang), lang).toEqual([...LINES[lang], TOTAL[lang]]);
      expect(blockOf(toOwner[0]!.text, lang), lang).toEqual([...LINES[lang], EARNINGS[lang]]);
    }
    // To the cent: the lines add up to the rental, the last line is the booking's total (no fee without a provider).
    const block = blockOf((await emailsOf(renter.uid, "en")).find((mail) => blockOf(mail.text, "en").length > 0)!.text, "en");
    expect(block.slice(0, -1).reduce((sum, line) => sum + centsOf(line), 0)).toBe(booked.price.rentalCents);
    expect(centsOf(block.at(-1)!)).toBe(booked.price.totalCents);
    expect(booked.price.totalCents).toBe(1_210_00);
  });

  it("the invoice's email lists the rental's days at their prices and the total, adding up to the invoice", async () => {
    const rental = (await services.invoices.forBooking(booked.id)).find((invoice) => invoice.kind === "rental")!;
    const heading: Record<Lang, string> = { es: "La factura, línea a línea:", en: "The invoice, line by line:", fr: "La facture, ligne par ligne :", de: "Die Rechnung, Posten für Posten:" };
    for (const lang of LANGS) {
      for (const uid of [renter.uid, owner.uid]) {
        const mail = (await emailsOf(uid, lang)).find((each) => each.subject.includes(`${rental.series}-${rental.number}`))!;
        const at = plainSpaces(mail.text).indexOf(heading[lang]);
        expect(at, lang).toBeGreaterThan(0);
        const days = plainSpaces(mail.text).slice(at).split("\n").filter((line) => line.startsWith("· ")).map((line) => line.slice(2));
        expect(days, lang).toEqual([...LINES[lang], TOTAL[lang]]);
        expect(days.slice(0, -1).reduce((sum, line) => sum + centsOf(line), 0)).toBe(rental.totalCents);
        expect(centsOf(days.at(-1)!)).toBe(rental.totalCents);
      }
    }
  });

  it("a cancellation: the lines, the total, what is no longer owed and what is left to pay", async () => {
    await services.bookings.act(booked.id, renter.uid, "renter", "cancel");
    const mails = await emailsOf(renter.uid, "es");
    const cancelled = mails.find((mail) => mail.subject.includes(booked.reference!) && /cancelad/.test(mail.subject))!;
    const block = blockOf(cancelled.text, "es");
    expect(block.slice(0, 4)).toEqual([...LINES.es, TOTAL.es]);
    // Without a provider nothing was paid: the whole price is no longer owed, nothing is left to pay.
    expect(block.slice(4)).toEqual(["Ya no se debe: −1210,00 €", "Lo que pagas: 0,00 €"]);
    const toOwner = (await emailsOf(owner.uid, "de")).find((mail) => mail.subject.includes(booked.reference!) && blockOf(mail.text, "de").includes("Nicht mehr geschuldet: −1.210,00 €"));
    expect(toOwner && blockOf(toOwner.text, "de").at(-1)).toBe("Ihre Einnahmen: 0,00 €");
  });

  it("a request and its answer: the owner's and the renter's emails list the same lines", async () => {
    const asked = await services.bookings.book({ uid: renter.uid, lang: "fr" }, request, { start, end: addDays(start, 4), part: null, people: 2, withSkipper: false });
    const sent = (await emailsOf(renter.uid, "fr")).find((mail) => mail.subject.includes(asked.reference!))!;
    expect(blockOf(sent.text, "fr")).toEqual([...LINES.fr, TOTAL.fr]);
    expect(blockOf((await emailsOf(owner.uid, "en")).find((mail) => mail.subject.includes(asked.reference!))!.text, "en")).toEqual([...LINES.en, EARNINGS.en]);
    await services.bookings.act(asked.id, owner.uid, "owner", "accept");
    const accepted = (await emailsOf(renter.uid, "de")).filter((mail) => mail.subject.includes(asked.reference!));
    expect(accepted.length).toBeGreaterThan(1);
    expect(blockOf(accepted[0]!.text, "de")).toEqual([...LINES.de, TOTAL.de]);
  });

  it("a boat without seasons or weekends keeps its email as it was", async () => {
    const trip = await services.bookings.book({ uid: renter.uid, lang: "es" }, plain, { start: later, end: addDays(later, 1), part: null, people: 2, withSkipper: false });
    for (const lang of LANGS) {
      const mails = (await emailsOf(renter.uid, lang)).filter((mail) => mail.subject.includes(trip.reference!));
      expect(mails.length, lang).toBeGreaterThan(0);
      for (const mail of mails) {
        expect(blockOf(mail.text, lang), lang).toEqual([]);
        expect(mail.text, lang).not.toContain("{{");
        expect(mail.text, lang).not.toContain("· ");
      }
    }
    // Its invoice's email too: no days, no placeholder.
    const invoice = (await services.invoices.forBooking(trip.id)).find((each) => each.kind === "rental")!;
    const invoiceMail = (await emailsOf(renter.uid, "es")).find((mail) => mail.subject.includes(`${invoice.series}-${invoice.number}`))!;
    expect(invoiceMail.text).toMatch(/por 400,00\s€\.\n\nDescárgala/u);
    const confirmation = (await emailsOf(renter.uid, "es")).find((mail) => mail.subject.startsWith("Reserva confirmada") && mail.subject.includes(trip.reference!))!;
    expect(plainSpaces(confirmation.text)).toMatch(/Total: 400,00 €\. Amarre aún no cobra en línea ni cobra tarifa de servicio: pagarás 400,00 € al propietario al empezar el viaje\.\n\nConsulta tu reserva/);
  });
});
