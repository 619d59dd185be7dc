import { describe, expect, it } from "vitest";
import { checkoutLines } from "./checkout-lines";
import type { Booking } from "./model";

/** A booking as `checkoutLines` reads it: its days, skipper, renter's language and the ledger's rental and fee lines. */
function booking(input: { lang: string; start: string; end: string; part?: "am" | "pm" | null; withSkipper?: boolean; rental: number; fee: number }): Booking {
  const line = (id: string, amountCents: number) => ({ id, kind: id, from: "renter", to: id === "fee" ? "platform" : "owner", amountCents, state: "awaiting", dueAt: null, reason: null, reference: null, op: null, updatedAt: "2027-01-01T00:00:00.000Z" });
  return {
    id: "b1",
    listingId: "boat-1",
    renterLang: input.lang,
    start: input.start,
    end: input.end,
    part: input.part ?? null,
    withSkipper: input.withSkipper ?? false,
    price: { ownerCents: input.rental, serviceFeeCents: input.fee, totalCents: input.rental + input.fee },
    money: { provider: "stripe", charges: true, reference: null, checkout: null, lines: [line("rental", input.rental), ...(input.fee > 0 ? [line("fee", input.fee)] : [])] },
  } as unknown as Booking;
}

const titles: Record<string, string> = { es: "Llaüt Sa Dragonera", en: "Llaüt Sa Dragonera", fr: "Llaüt Sa Dragonera", de: "Llaüt Sa Dragonera" };
const titleOf = async (_id: string, lang: string) => titles[lang]!;

describe("the lines of a booking's checkout", () => {
  it("names the rental (with the skipper when chosen) and Amarre's fee in the renter's language, priced from the ledger's lines", async () => {
    expect(await checkoutLines(booking({ lang: "es", start: "2027-04-14", end: "2027-04-15", withSkipper: true, rental: 900_00, fee: 90_00 }), titleOf)).toEqual([
      { name: "Alquiler con patrón: Llaüt Sa Dragonera, 14 abr 2027 – 15 abr 2027", amountCents: 900_00 },
      { name: "Tarifa de servicio de Amarre", amountCents: 90_00 },
    ]);
    expect(await checkoutLines(booking({ lang: "en", start: "2027-04-20", end: "2027-04-20", rental: 300_00, fee: 30_00 }), titleOf)).toEqual([
      { name: "Rental: Llaüt Sa Dragonera, Apr 20, 2027", amountCents: 300_00 },
      { name: "Amarre service fee", amountCents: 30_00 },
    ]);
    expect(await checkoutLines(booking({ lang: "fr", start: "2027-04-24", end: "2027-04-24", part: "am", rental: 180_00, fee: 18_00 }), titleOf)).toEqual([
      { name: "Location : Llaüt Sa Dragonera, 24 avr. 2027, matin", amountCents: 180_00 },
      { name: "Frais de service Amarre", amountCents: 18_00 },
    ]);
    expect(await checkoutLines(booking({ lang: "de", start: "2027-05-03", end: "2027-05-04", withSkipper: true, rental: 900_00, fee: 90_00 }), titleOf)).toEqual([
      { name: "Miete mit Skipper: Llaüt Sa Dragonera, 3. Mai 2027 – 4. Mai 2027", amountCents: 900_00 },
      { name: "Amarre-Servicegebühr", amountCents: 90_00 },
    ]);
  });

  it("without a fee line (none charged) the rental alone; an unknown language reads Spanish", async () => {
    expect(await checkoutLines(booking({ lang: "xx", start: "2027-04-14", end: "2027-04-14", rental: 300_00, fee: 0 }), titleOf)).toEqual([{ name: "Alquiler: Llaüt Sa Dragonera, 14 abr 2027", amountCents: 300_00 }]);
  });
});
