import type Stripe from "stripe";
import { PaymentsError } from "./errors";
import type { ConnectAccountState, ConnectPort } from "./index";
import { call } from "./stripe";

/**
 * Stripe Connect for the owners' payouts (decision 052): an Express account per owner, made once
 * (`POST /v1/accounts`, type `express`, country ES, the owner's email, `metadata.uid`, the
 * `transfers` capability requested) under an Idempotency-Key made from the owner's uid, so a
 * second press, or two at once, answers the same account; its state read back
 * (`GET /v1/accounts/{id}`); a single-use onboarding link (`POST /v1/account_links`,
 * `account_onboarding`) and a single-use Express dashboard link (`POST /v1/accounts/{id}/login_links`).
 */
export function createStripeConnect(stripe: Stripe): ConnectPort {
  return {
    async createAccount({ key, uid, email }) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: "express",
            country: "ES",
            ...(email ? { email } : {}),
            metadata: { uid },
            capabilities: { transfers: { requested: true } },
          },
          { idempotencyKey: key },
        ),
      );
      return accountState(account);
    },

    async retrieveAccount(accountId) {
      checkAccountId(accountId);
      return accountState(await call(() => stripe.accounts.retrieve(accountId)));
    },

    async onboardingLink({ key, accountId, returnUrl, refreshUrl }) {
      checkAccountId(accountId);
      const link = await call(() => stripe.accountLinks.create({ account: accountId, type: "account_onboarding", return_url: returnUrl, refresh_url: refreshUrl }, { idempotencyKey: key }));
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000).toISOString() };
    },

    async dashboardLink({ key, accountId }) {
      checkAccountId(accountId);
      const link = await call(() => stripe.accounts.createLoginLink(accountId, {}, { idempotencyKey: key }));
      return { url: link.url };
    },
  };
}

/** What we keep of a Stripe account (`requirements` may be absent on an account Stripe has not looked at yet). */
export function accountState(account: Pick<Stripe.Account, "id" | "payouts_enabled" | "details_submitted" | "requirements">): ConnectAccountState {
  return {
    accountId: account.id,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    currentlyDue: [...(account.requirements?.currently_due ?? [])],
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

function checkAccountId(accountId: string) {
  if (!/^acct_\w{1,250}$/.test(accountId)) throw new PaymentsError("refused", `${JSON.stringify(accountId)} is not a Stripe account id (acct_…)`);
}
