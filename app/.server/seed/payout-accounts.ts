import type { Services } from "../services";

/**
 * The demo owners' payout accounts (decision 052), seen on /ajustes/cobros when the app runs with
 * Stripe: Javier's is onboarded (payouts on), Marta's was started and Stripe still needs her
 * identity document, bank account and acceptance of its terms. Their ids are the demo's own:
 * `npm run demo:stripe` plants the same accounts in the local Stripe fake, so Marta can finish
 * onboarding there; against Stripe itself they name no account (the page then says Stripe could
 * not be reached for it, and keeps what it had).
 */
export const DEMO_PAYOUT_ACCOUNTS = [
  { email: "owner@amarre.test", accountId: "acct_1DemoJavierPayouts", currentlyDue: [] as string[], disabledReason: null },
  {
    email: "pro@amarre.test",
    accountId: "acct_1DemoMartaStarted",
    currentlyDue: ["individual.verification.document", "external_account", "tos_acceptance.date"],
    disabledReason: "requirements.past_due",
  },
] as const;

export async function seedDemoPayoutAccounts({ identity, payoutAccounts }: Services): Promise<void> {
  for (const demo of DEMO_PAYOUT_ACCOUNTS) {
    const uid = (await identity.getUserByEmail(demo.email))?.uid;
    if (!uid) continue;
    const enabled = demo.currentlyDue.length === 0;
    await payoutAccounts.keepExisting(uid, { accountId: demo.accountId, payoutsEnabled: enabled, detailsSubmitted: enabled, currentlyDue: [...demo.currentlyDue], disabledReason: demo.disabledReason });
  }
}
