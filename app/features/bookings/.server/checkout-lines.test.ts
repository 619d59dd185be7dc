import { describe, expect, it } from "vitest";
import { checkoutLineItems } from "#app/.server/payments/stripe-checkout-lines";
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

describe("a rental priced by season or weekend at checkout", () => {
  it("says its days at their prices under the rental's name, in the renter's language; a rental without them says nothing more", async () => {
    const lines = [
      { unit: "day", count: 1, unitCents: 517_50, totalCents: 517_50, weekend: true },
      { unit: "day", count: 3, unitCents: 450_00, totalCents: 1_350_00 },
      { unit: "day", count: 1, unitCents: 630_00, totalCents: 630_00, season: "Temporada alta" },
    ];
    const seasonal = (lang: string) => {
      const b = booking({ lang, start: "2027-06-27", end: "2027-07-01", rental: 2_497_50, fee: 249_75 });
      return { ...b, price: { ...b.price, lines } } as Booking;
    };
    const [rental, fee] = await checkoutLines(seasonal("es"), titleOf);
    expect(rental!.description?.replace(/\u00a0/g, " ")).toBe("1 día × 517,50 € (fin de semana) + 3 días × 450,00 € + 1 día × 630,00 € (Temporada alta)");
    expect(rental!.amountCents + fee!.amountCents).toBe(2_497_50 + 249_75);
    expect(fee!.description).toBeUndefined();
    // Stripe shows it under the line's name (its product's description); the fee's line has none.
    const items = checkoutLineItems({ bookingId: "b1", amountCents: 2_497_50 + 249_75, currency: "eur", lines: [rental!, fee!] });
    expect(items.map((item) => item.price_data.product_data)).toEqual([{ name: rental!.name, description: rental!.description }, { name: fee!.name }]);
    expect((await checkoutLines(seasonal("de"), titleOf))[0]!.description?.replace(/\u00a0/g, " ")).toBe("1 Tag × 517,50 € (Wochenende) + 3 Tage × 450,00 € + 1 Tag × 630,00 € (Temporada alta)");
    const plain = booking({ lang: "en", start: "2027-04-14", end: "2027-04-15", rental: 900_00, fee: 90_00 });
    expect((await checkoutLines({ ...plain, price: { ...plain.price, lines: [{ unit: "day", count: 2, unitCents: 450_00, totalCents: 900_00 }] } } as Booking, titleOf))[0]).not.toHaveProperty("description");
  });
});
