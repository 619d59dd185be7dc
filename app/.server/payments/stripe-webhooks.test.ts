import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCloudFirestoreEmulator, startCloudFirestoreEmulator, startFirestoreEmulator, type FirestoreEmulator } from "#tests/firestore-emulator";
import type { DocumentStore } from "../store";
import { createStore } from "../store/create-store";
import { FirestoreStore } from "../store/firestore";
import { createStripeWebhooks, PAYMENT_EVENTS_COLLECTION, type BookingPaymentEvents } from "./stripe-webhooks";
import { createPayoutAccountsService } from "#app/features/payouts/.server";
import type { ConnectPort } from "./index";

/**
 * The webhook's "handled once" holds on both stores: the same event delivered eight times at once
 * (Stripe retrying while a slow first delivery runs, or two servers behind a balancer) reaches the
 * bookings once; every other delivery answers 200 (duplicate) or 409 (in progress, Stripe retries).
 */
const SECRET = "whsec_storeTest";

function completed(id: string, bookingId: string) {
  const payload = JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: `cs_${id}`, object: "checkout.session", metadata: { bookingId }, payment_intent: `pi_${id}` } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

function sharedBehaviour(name: string, open: () => Promise<{ store: DocumentStore; close: () => Promise<void> }>) {
  describe(`Stripe webhooks on ${name}`, () => {
    let store: DocumentStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    }, 120_000);
    afterAll(() => close?.());

    it("eight simultaneous deliveries of one event reach the bookings once", { timeout: 60_000 }, async () => {
      const calls: string[] = [];
      const bookings: BookingPaymentEvents = {
        async paymentAuthorised({ reference }) {
          calls.push(reference);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return "applied";
        },
        async checkoutExpired() {
          return "applied";
        },
      };
      const webhooks = createStripeWebhooks({ store, webhookSecret: SECRET, bookings });
      const event = completed(`evt_${name.replace(/\W/g, "")}${Date.now()}`, "b-concurrent");
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => webhooks.handle({ rawBody: event.payload, signature: event.signature })));
      expect(calls).toHaveLength(1);
      expect(outcomes.filter((o) => o.result === "handled")).toHaveLength(1);
      for (const outcome of outcomes) expect(["handled", "duplicate", "in-progress"]).toContain(outcome.result);
      const later = await webhooks.handle({ rawBody: event.payload, signature: event.signature });
      expect(later).toMatchObject({ status: 200, result: "duplicate" });
      expect(calls).toHaveLength(1);
      const id = JSON.parse(event.payload).id as string;
      expect(await store.get(PAYMENT_EVENTS_COLLECTION, id)).toMatchObject({ state: "done", bookingId: "b-concurrent" });
    });

    it("payout accounts (decision 052): two presses at once keep one account; account.updated, delivered four times at once, is applied once to its owner", { timeout: 60_000 }, async () => {
      // Stripe's side: one account per idempotency key, as Stripe answers a replayed key.
      const made = new Map<string, string>();
      let next = 0;
      const connect: ConnectPort = {
        async createAccount({ key }) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (!made.has(key)) made.set(key, `acct_${name.replace(/\W/g, "")}${Date.now()}${++next}`);
          return { accountId: made.get(key)!, payoutsEnabled: false, detailsSubmitted: false, currentlyDue: ["external_account"], disabledReason: null };
        },
        retrieveAccount: async () => Promise.reject(new Error("not asked")),
        onboardingLink: async ({ accountId }) => ({ url: `https://connect.stripe.test/${accountId}`, expiresAt: new Date(Date.now() + 300_000).toISOString() }),
        dashboardLink: async () => ({ url: "https://connect.stripe.test/express" }),
      };
      const released: string[] = [];
      const accounts = createPayoutAccountsService({ store, connect, releaseWaiting: async (uid) => (released.push(uid), 0) });
      const uid = `owner-${Date.now()}`;
      const urls = { email: null, returnUrl: "https://amarre.test/r", refreshUrl: "https://amarre.test/f" };
      const links = await Promise.all([accounts.onboardingLink(uid, urls), accounts.onboardingLink(uid, urls)]);
      const { accountId } = (await accounts.get(uid))!;
      expect(links).toEqual([`https://connect.stripe.test/${accountId}`, `https://connect.stripe.test/${accountId}`]);
      expect(made.size).toBe(1);

      const bookings: BookingPaymentEvents = { paymentAuthorised: async () => "applied", checkoutExpired: async () => "applied" };
      const webhooks = createStripeWebhooks({ store, webhookSecret: SECRET, bookings, accounts });
      const payload = JSON.stringify({ id: `evt_acct${Date.now()}`, object: "event", type: "account.updated", data: { object: { id: accountId, object: "account", payouts_enabled: true, details_submitted: true, requirements: { currently_due: [], disabled_reason: null } } } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      const outcomes = await Promise.all(Array.from({ length: 4 }, () => webhooks.handle({ rawBody: payload, signature })));
      expect(outcomes.filter((o) => o.result === "handled")).toHaveLength(1);
      expect(released).toEqual([uid]);
      expect(await accounts.get(uid)).toMatchObject({ accountId, payoutsEnabled: true, currentlyDue: [] });
      expect(await accounts.payoutAccountOf(uid)).toBe(accountId);
    });

    it("answers 400 to a signed event whose id or booking no store would take, and stores nothing", async () => {
      const calls: unknown[] = [];
      const bookings: BookingPaymentEvents = {
        async paymentAuthorised(input) {
          calls.push(input);
          return "applied";
        },
        async checkoutExpired(input) {
          calls.push(input);
          return "applied";
        },
      };
      const webhooks = createStripeWebhooks({ store, webhookSecret: SECRET, bookings });
      const odd = [completed("/", "b-odd"), completed(`evt_${"a".repeat(1_496)}`, "b-odd"), completed(`evt_odd1${Date.now()}`, "/"), completed(`evt_odd2${Date.now()}`, "b".repeat(1_500))];
      for (const event of odd) {
        const outcome = await webhooks.handle({ rawBody: event.payload, signature: event.signature }).catch((error: unknown) => ({ status: 500, error }));
        expect(outcome.status, event.payload.slice(0, 60)).toBe(400);
      }
      expect(calls).toEqual([]);
      expect(await store.query({ collection: PAYMENT_EVENTS_COLLECTION, where: [["bookingId", "in", ["b-odd", "/"]]], limit: 10 })).toEqual([]);
    });
  });
}

sharedBehaviour("SQLite", async () => {
  const store = await createStore({ backend: "embedded", dataDir: ":memory:" });
  return { store, close: () => store.close() };
});

const cloud = findCloudFirestoreEmulator();
sharedBehaviour(`Firestore (${cloud ? "Google's emulator" : "in-process emulator"})`, async () => {
  const emulator: FirestoreEmulator = cloud ? await startCloudFirestoreEmulator() : await startFirestoreEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  const store = new FirestoreStore({ projectId: `demo-amarre-webhooks-${Date.now()}` });
  return {
    store,
    close: async () => {
      await store.close();
      await emulator.stop();
    },
  };
});
