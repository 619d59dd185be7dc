import { describe, expect, it } from "vitest";
import { renderSystemEmail } from "../mailbox/templates";
import { cancel, commit, openMoney } from "./ledger";
import type { Booking } from "./model";
import { paymentSentence } from "./notifications";

/** The money sentence of the renter's emails says what the ledger says, in every language. */
const price = { lines: [], rentalCents: 1_120_00, skipperDays: 0, skipperCents: 0, serviceFeeCents: 112_00, totalCents: 1_232_00, depositCents: 0, ownerCents: 1_120_00 };
const trip = { price, startsAt: "2027-06-10T22:00:00.000Z", endsAt: "2027-06-12T22:00:00.000Z" };
const now = "2027-05-01T10:00:00.000Z";

function booking(charges: boolean, status: Booking["status"], refund = 0): Booking {
  let money = commit(openMoney(charges ? "stripe" : "recorded", charges), trip, status !== "pending", now);
  if (refund > 0) money = cancel(money, { rentalCents: refund, feeCents: 0, reason: { rule: "policy", by: "renter", percent: 100 } }, now);
  return {
    status,
    price,
    money,
    cancellation: refund > 0 ? { by: "renter", at: now, refundCents: refund, percent: 100, rentalRefundCents: refund, feeRefundCents: 0, rule: "policy" } : null,
  } as unknown as Booking;
}
const sentence = (b: Booking, lang: "es" | "en" = "es") => renderSystemEmail(lang, { subject: "booking.bookedRenter.subject", text: "booking.bookedRenter.text", params: { payment: paymentSentence(b) } as never }).text;

describe("the renter's emails tell the ledger's story", () => {
  it("without a provider nothing is said to be paid: what is owed, to whom; a cancellation's credit", () => {
    expect(sentence(booking(false, "pending"))).toMatch(/Amarre aún no cobra en línea: si la acepta, pagarás 1\.?120(,00)?\s€ al propietario al empezar el viaje y 112(,00)?\s€ de tarifa de servicio a Amarre\./);
    expect(sentence(booking(false, "confirmed"), "en")).toMatch(/Amarre does not take payments online yet: you will pay €1,120(\.00)? to the owner/);
    expect(sentence(booking(false, "cancelled", 1_120_00))).toMatch(/ya no debes 1\.?120(,00)?\s€, y sigues debiendo 112(,00)?\s€\./);
    for (const b of [booking(false, "pending"), booking(false, "confirmed"), booking(false, "cancelled", 1_120_00)]) expect(sentence(b)).not.toMatch(/cobrado|Pagado|devolvemos/i);
  });

  it("with a provider: held, charged, refunded to the card", () => {
    expect(sentence(booking(true, "pending"))).toMatch(/Tu tarjeta retiene 1\.?232(,00)?\s€/);
    expect(sentence(booking(true, "confirmed"))).toMatch(/Hemos cobrado 1\.?232(,00)?\s€ en tu tarjeta\./);
    expect(sentence(booking(true, "cancelled", 1_120_00), "en")).toMatch(/We are returning €1,120(\.00)? to your card\./);
  });
});
