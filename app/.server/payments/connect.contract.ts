/**
 * The Connect contract (decision 052): what the payout accounts feature relies on from
 * `payments.connect`, on every adapter (`connect.test.ts` runs it on `recorded` and on `stripe`
 * against the local fake):
 * - without a provider there is no Connect (`null`): owners are paid directly by renters;
 * - with one, an account made twice with the same key is one account (a double press);
 * - a new account cannot receive payouts and says what is due; once the owner completes the
 *   provider's onboarding, its state says payouts are enabled and nothing is due;
 * - onboarding links are absolute URLs, a new one each time; a dashboard link is refused before
 *   onboarding and given after; an account id that is not one is refused before any call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentsPort } from "./index";
import { refusal } from "./payments.contract";

export interface ConnectHarness {
  payments: PaymentsPort;
  /** What the owner does on the provider's onboarding pages (adapters with Connect only). */
  completeOnboarding?(url: string): Promise<void>;
  cleanup(): Promise<void>;
}

let sequence = 0;
const fresh = (what: string) => `connect-${Date.now().toString(36)}-${++sequence}-${what}`;


export function describeConnectContract(name: string, setup: () => Promise<ConnectHarness>) {
  describe(`connect contract: ${name}`, () => {
    let h: ConnectHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    it("has Connect exactly when the adapter charges", () => {
      expect(h.payments.connect === null).toBe(!h.payments.charges);
    });

    it("makes one account per key, not able to receive payouts until onboarded, saying what is due", async () => {
      const connect = h.payments.connect;
      if (!connect) return;
      const uid = fresh("owner");
      const first = await connect.createAccount({ key: `connect-account:${uid}`, uid, email: "olga@amarre.test" });
      const again = await connect.createAccount({ key: `connect-account:${uid}`, uid, email: "olga@amarre.test" });
      expect(again.accountId).toBe(first.accountId);
      expect(first).toMatchObject({ accountId: expect.stringMatching(/^acct_\w+$/), payoutsEnabled: false, detailsSubmitted: false });
      expect(first.currentlyDue.length).toBeGreaterThan(0);
      expect(await connect.retrieveAccount(first.accountId)).toEqual(first);
      const other = await connect.createAccount({ key: `connect-account:${uid}-other`, uid: `${uid}-other`, email: null });
      expect(other.accountId).not.toBe(first.accountId);
    });

    it("links to onboarding (a new link each time); the dashboard only once onboarded; then payouts are on", async () => {
      const connect = h.payments.connect;
      if (!connect) return;
      const uid = fresh("owner");
      const { accountId } = await connect.createAccount({ key: `connect-account:${uid}`, uid, email: null });
      const urls = { returnUrl: "https://amarre.test/en/ajustes/cobros?connect=return", refreshUrl: "https://amarre.test/en/ajustes/cobros?connect=refresh" };
      const link = await connect.onboardingLink({ key: fresh("link"), accountId, ...urls });
      const second = await connect.onboardingLink({ key: fresh("link"), accountId, ...urls });
      expect(link.url).toMatch(/^https?:\/\//);
      expect(second.url).not.toBe(link.url);
      expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now());
      expect(await refusal(connect.dashboardLink({ key: fresh("login"), accountId }))).toBe("refused");

      await h.completeOnboarding!(link.url);
      expect(await connect.retrieveAccount(accountId)).toEqual({ accountId, payoutsEnabled: true, detailsSubmitted: true, currentlyDue: [], disabledReason: null });
      expect((await connect.dashboardLink({ key: fresh("login"), accountId })).url).toMatch(/^https?:\/\//);
    });

    it("refuses an account that is not one, before asking", async () => {
      const connect = h.payments.connect;
      if (!connect) return;
      expect(await refusal(connect.retrieveAccount("acct_nope/../x"))).toBe("refused");
      expect(await refusal(connect.retrieveAccount("acct_neverMade"))).toBe("refused");
    });
  });
}
