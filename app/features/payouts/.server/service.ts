import { randomUUID } from "node:crypto";
import type { ConnectAccountState, ConnectPort } from "#app/.server/payments";
import { isStoreError, type DocumentStore } from "#app/.server/store";

/**
 * The owners' payout accounts (decision 052): one document per owner (`payoutAccounts/{uid}`)
 * holding the one Connect account made for them and its state as the provider last told it.
 *
 * - The account is made once: the provider's call carries an Idempotency-Key made from the uid
 *   (two presses at once get the same account back) and the document is written with `create`,
 *   so it can only ever hold the first account id; a later press reuses it.
 * - Its state comes from the provider: read again when the owner comes back from the onboarding
 *   pages, and pushed by `account.updated` events (`accountUpdated`).
 * - Once its payouts are enabled, the owner's payouts that waited for it are due at once
 *   (`releaseWaiting`, the bookings' `releaseWaitingPayouts`); until then `payoutAccountOf`
 *   answers null and payouts wait.
 */
export const PAYOUT_ACCOUNTS = "payoutAccounts";

export type PayoutAccount = ConnectAccountState & { uid: string; createdAt: string; updatedAt: string };

/** Why a payout account request cannot be answered (the page says it in words). */
export class PayoutAccountError extends Error {
  override readonly name = "PayoutAccountError";
  constructor(readonly code: "no-provider" | "not-onboarded") {
    super(code);
  }
}

export type PayoutAccountsDeps = {
  store: DocumentStore;
  /** The provider's Connect (null: no provider, owners are paid directly). */
  connect: ConnectPort | null;
  /** The owner's account can receive payouts: their waiting payouts become due. */
  releaseWaiting: (uid: string) => Promise<number>;
  now?: () => Date;
};

export function createPayoutAccountsService(deps: PayoutAccountsDeps) {
  const { store } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  function connect(): ConnectPort {
    if (!deps.connect) throw new PayoutAccountError("no-provider");
    return deps.connect;
  }

  const get = async (uid: string): Promise<PayoutAccount | null> => store.get<PayoutAccount>(PAYOUT_ACCOUNTS, uid);

  /** Keeps the provider's state of `uid`'s account; their waiting payouts go once payouts are enabled. */
  async function keep(uid: string, state: ConnectAccountState): Promise<PayoutAccount> {
    const at = now();
    const saved = await store.runTransaction(async (tx) => {
      const current = await tx.get<PayoutAccount>(PAYOUT_ACCOUNTS, uid);
      if (!current || current.accountId !== state.accountId) return current;
      const { payoutsEnabled, detailsSubmitted, currentlyDue, disabledReason } = state;
      tx.update(PAYOUT_ACCOUNTS, uid, { payoutsEnabled, detailsSubmitted, currentlyDue, disabledReason, updatedAt: at });
      return { ...current, payoutsEnabled, detailsSubmitted, currentlyDue, disabledReason, updatedAt: at };
    });
    if (!saved) throw new Error(`the payout account of ${uid} is not ${state.accountId}`);
    if (saved.payoutsEnabled) await deps.releaseWaiting(uid);
    return saved;
  }

  /** The owner's account, made at the provider the first time (one account per owner, however often asked). */
  async function accountFor(uid: string, email: string | null): Promise<PayoutAccount> {
    const existing = await get(uid);
    if (existing) return existing;
    const state = await connect().createAccount({ key: `connect-account:${uid}`, uid, email });
    const at = now();
    const account: PayoutAccount = { ...state, uid, createdAt: at, updatedAt: at };
    try {
      await store.create(PAYOUT_ACCOUNTS, uid, account);
      return account;
    } catch (error) {
      if (!isStoreError(error, "already-exists")) throw error;
      // Another press got there first: its account is the owner's (the same one, by the key).
      const first = (await get(uid))!;
      if (first.accountId !== state.accountId) console.warn(`[payouts] owner ${uid}: account ${state.accountId} made after ${first.accountId}; ${first.accountId} kept`);
      return first;
    }
  }

  return {
    /** Whether owners have payout accounts here (a provider with Connect). */
    enabled: deps.connect !== null,
    get,

    /** The account the owner's payouts go to, only when it can receive them (null: they wait). */
    async payoutAccountOf(uid: string): Promise<string | null> {
      const account = await get(uid);
      return account?.payoutsEnabled ? account.accountId : null;
    },

    /** Where the owner completes their account on the provider's pages (made first if needed). */
    async onboardingLink(uid: string, input: { email: string | null; returnUrl: string; refreshUrl: string }): Promise<string> {
      const account = await accountFor(uid, input.email);
      // Links are single-use and short-lived: every press asks for a new one.
      const link = await connect().onboardingLink({ key: `connect-link:${account.accountId}:${randomUUID()}`, accountId: account.accountId, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl });
      return link.url;
    },

    /** The owner's account as the provider has it now (back from its pages); null without one. */
    async refresh(uid: string): Promise<PayoutAccount | null> {
      const account = await get(uid);
      if (!account) return null;
      return keep(uid, await connect().retrieveAccount(account.accountId));
    },

    /** A fresh sign-in link to the provider's dashboard of the owner's account (never kept, never shown). */
    async dashboardLink(uid: string): Promise<string> {
      const account = await get(uid);
      if (!account?.detailsSubmitted) throw new PayoutAccountError("not-onboarded");
      return (await connect().dashboardLink({ key: `connect-login:${account.accountId}:${randomUUID()}`, accountId: account.accountId })).url;
    },

    /**
     * Keeps an account made outside this page (by the team in Stripe's dashboard before onboarding
     * existed, or the demo's): only for an owner who has none yet; false when they had one.
     */
    async keepExisting(uid: string, state: ConnectAccountState): Promise<boolean> {
      const at = now();
      try {
        await store.create(PAYOUT_ACCOUNTS, uid, { ...state, uid, createdAt: at, updatedAt: at } satisfies PayoutAccount);
        return true;
      } catch (error) {
        if (isStoreError(error, "already-exists")) return false;
        throw error;
      }
    },

    /** The provider's `account.updated`: applied to the owner whose account it is. */
    async accountUpdated(state: ConnectAccountState): Promise<"applied" | "unknown-account"> {
      const [owner] = await store.query<PayoutAccount>({ collection: PAYOUT_ACCOUNTS, where: [["accountId", "==", state.accountId]], limit: 1 });
      if (!owner) return "unknown-account";
      await keep(owner.id, state);
      return "applied";
    },
  };
}

export type PayoutAccountsService = ReturnType<typeof createPayoutAccountsService>;
