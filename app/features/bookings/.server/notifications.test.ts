import { describe, expect, it } from "vitest";
import { renderSystemEmail } from "#app/features/mailbox/.server/templates";
import { cancel, commit, holdDeposit, openMoney, reschedule } from "./ledger";
import type { Booking } from "./model";
import { depositMoveLine, paymentSentence } from "./notifications";

/** The money sentence of the renter's emails says what the ledger says, in every language. */
const price = { lines: [], rentalCents: 1_120_00, skipperDays: 0, skipperCents: 0, serviceFeeCents: 112_00, totalCents: 1_232_00, depositCents: 0, ownerCents: 1_120_00 };
const trip = { price, startsAt: "2027-06-10T22:00:00.000Z", endsAt: "2027-06-12T22:00:00.000Z" };
const now = "2027-05-01T10:00:00.000Z";

/** Without a provider there is no fee (decision 048), and a cancellation lets everything go (`unpaid`). */
const direct = { ...price, serviceFeeCents: 0, totalCents: 1_120_00 };
function booking(charges: boolean, status: Booking["status"], refund = 0): Booking {
  const priced = charges ? price : direct;
  let money = commit(openMoney(charges ? "stripe" : "recorded", charges), { ...trip, price: priced }, status !== "pending", now);
  const rule = charges ? "policy" : "unpaid";
  if (refund > 0) money = cancel(money, { rentalCents: refund, feeCents: 0, reason: charges ? { rule: "policy", by: "renter", percent: 100 } : { rule: "unpaid", by: "renter" } }, now);
  return {
    status,
    price: priced,
    money,
    cancellation: refund > 0 ? { by: "renter", at: now, refundCents: refund, percent: 100, rentalRefundCents: refund, feeRefundCents: 0, rule } : null,
  } as unknown as Booking;
}
const sentence = (b: Booking, lang: "es" | "en" = "es") => renderSystemEmail(lang, { subject: "booking.bookedRenter.subject", text: "booking.bookedRenter.text", params: { payment: paymentSentence(b) } as never }).text;

describe("the renter's emails tell the ledger's story", () => {
  it("without a provider nothing is said to be paid, and no fee: what is owed, to whom; a cancellation leaves nothing owed", () => {
    expect(sentence(booking(false, "pending"))).toMatch(/Amarre aún no cobra en línea ni cobra tarifa de servicio: si la acepta, pagarás 1\.?120(,00)?\s€ al propietario al empezar el viaje\./);
    expect(sentence(booking(false, "confirmed"), "en")).toMatch(/Amarre does not take payments online yet and charges no service fee: you will pay €1,120(\.00)? to the owner when the trip starts\./);
    expect(sentence(booking(false, "cancelled", 1_120_00))).toMatch(/ya no debes 1\.?120(,00)?\s€ y no queda nada por pagar de esta reserva\./);
    for (const b of [booking(false, "pending"), booking(false, "confirmed"), booking(false, "cancelled", 1_120_00)]) expect(sentence(b)).not.toMatch(/de tarifa de servicio a Amarre|sigues debiendo/);
    for (const b of [booking(false, "pending"), booking(false, "confirmed"), booking(false, "cancelled", 1_120_00)]) expect(sentence(b)).not.toMatch(/cobrado|Pagado|devolvemos/i);
  });

  it("with a provider: held, charged, refunded to the card", () => {
    expect(sentence(booking(true, "pending"))).toMatch(/Tu tarjeta retiene 1\.?232(,00)?\s€/);
    expect(sentence(booking(true, "confirmed"))).toMatch(/Hemos cobrado 1\.?232(,00)?\s€ en tu tarjeta\./);
    expect(sentence(booking(true, "cancelled", 1_120_00), "en")).toMatch(/We are returning €1,120(\.00)? to your card\./);
  });
});

describe("a weather move's emails say what became of the deposit's hold", () => {
  const withDeposit = { ...price, depositCents: 800_00 };
  const moved = { price: withDeposit, startsAt: "2027-06-20T22:00:00.000Z", endsAt: "2027-06-21T22:00:00.000Z" };
  const line = (money: Booking["money"], lang: "es" | "en" = "es") =>
    renderSystemEmail(lang, {
      subject: "booking.weatherMovedRenter.subject",
      text: "booking.weatherMovedRenter.text",
      params: { depositMove: depositMoveLine({ price: withDeposit, money } as unknown as Booking) } as never,
    }).text;
  const booked = (charges: boolean) => commit(openMoney(charges ? "stripe" : "recorded", charges), { ...trip, price: withDeposit }, true, now);

  it("a hold already placed: let go, and held again two days before the new days; or still held when the move is that close", () => {
    const held = holdDeposit(booked(true), "2027-06-08T23:00:00.000Z");
    const placed = { ...held, lines: held.lines.map((l) => (l.id === "deposit" ? { ...l, op: null, reference: "pi_1" } : l)) };
    // The new start is 21 June at midnight in Madrid: held again from 19 June.
    expect(line(reschedule(placed, moved, "2027-06-09T10:00:00.000Z"))).toMatch(/Fianza de 800(,00)?\s€: se libera lo retenido para las fechas anteriores; se volverá a retener en la tarjeta el 19 de junio de 2027, sin cobrarla\./);
    expect(line(reschedule(placed, moved, "2027-06-09T10:00:00.000Z"), "en")).toMatch(/Deposit of €800(\.00)?: the hold for the earlier dates is released; it will be held on the card again on June 19, 2027, not charged\./);
    const close = { ...moved, startsAt: "2027-06-10T10:00:00.000Z", endsAt: "2027-06-11T10:00:00.000Z" };
    expect(line(reschedule(placed, close, "2027-06-09T10:00:00.000Z"))).toMatch(/Fianza de 800(,00)?\s€: sigue retenida en la tarjeta, sin cobrarla\./);
  });

  it("not held yet: the day it will be; without a provider: handed over on boarding; none asked", () => {
    expect(line(reschedule(booked(true), moved, now), "en")).toMatch(/Deposit of €800(\.00)?: it will be held on the card on .*2027, not charged\./);
    expect(line(reschedule(booked(false), moved, now))).toMatch(/Fianza de 800(,00)?\s€: se entrega al propietario al embarcar y se devuelve al llegar\./);
    const none = commit(openMoney("stripe", true), trip, true, now);
    expect(renderSystemEmail("es", { subject: "booking.weatherMovedRenter.subject", text: "booking.weatherMovedRenter.text", params: { depositMove: depositMoveLine({ price, money: none } as unknown as Booking) } as never }).text).toContain("Sin fianza.");
  });
});
