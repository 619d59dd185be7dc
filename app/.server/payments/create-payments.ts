import type { Config } from "../config";
import { createRecordedPayments, type PaymentsAdapter } from "./index";
import { createStripePayments } from "./stripe";

/** The configured payments adapter (`PAYMENTS_PROVIDER`; the config schema checks Stripe's secrets). */
export function createPayments(config: Pick<Config, "PAYMENTS_PROVIDER" | "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">): PaymentsAdapter {
  if (config.PAYMENTS_PROVIDER === "stripe") {
    return createStripePayments({ secretKey: config.STRIPE_SECRET_KEY!, apiBase: config.STRIPE_API_BASE });
  }
  return createRecordedPayments();
}
