import { z } from "zod";

/**
 * The forms of /ajustes/cobros (decision 052), by `intent`: start or continue the payout account's
 * onboarding at Stripe (`connect-payouts`), open Stripe's Express dashboard (`stripe-dashboard`).
 * Neither carries anything else: the account is always the signed-in owner's own.
 */
export const PAYOUT_INTENTS = ["connect-payouts", "stripe-dashboard"] as const;

export const payoutsFormSchema = z.object({ intent: z.enum(PAYOUT_INTENTS) });
