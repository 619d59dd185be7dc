import { PaymentsError } from "./errors";
import type { CheckoutLine } from ".";

/** Stripe shows a product's name on Checkout and the receipt; longer names are cut here. */
const MAX_NAME = 250;
/** A line's description, under its name on Checkout: cut as long names are. */
const MAX_DESCRIPTION = 500;

/**
 * The `line_items` of a booking's Checkout Session: one per line given (the rental, the fee), in
 * euros, quantity 1 — or, without lines, one line of the total named after the booking. The lines
 * must sum to the amount held (the webhook checks the session's total against the booking's); a
 * line of 0 (a fee rounded to nothing) is left out, since Checkout refuses it.
 */
export function checkoutLineItems(input: { bookingId: string; amountCents: number; currency: string; lines?: readonly CheckoutLine[] }) {
  const given = (input.lines ?? []).filter((line) => line.amountCents !== 0);
  const lines = given.length > 0 ? given : [{ name: `Amarre ${input.bookingId}`, amountCents: input.amountCents }];
  for (const line of lines) {
    if (!Number.isInteger(line.amountCents) || line.amountCents < 0) throw new PaymentsError("refused", `a checkout line must be a whole number of cents, not ${line.amountCents}`);
    if (line.name.trim().length === 0) throw new PaymentsError("refused", "a checkout line needs a name");
  }
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== input.amountCents) throw new PaymentsError("refused", `the checkout's lines sum to ${sum}, not the ${input.amountCents} held`);
  return lines.map((line) => ({
    quantity: 1,
    price_data: {
      currency: input.currency,
      unit_amount: line.amountCents,
      product_data: { name: line.name.trim().slice(0, MAX_NAME), ...(line.description?.trim() ? { description: line.description.trim().slice(0, MAX_DESCRIPTION) } : {}) },
    },
  }));
}
