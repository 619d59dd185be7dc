import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat } from "#tests/listing-fixtures";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createTestServices } from "#tests/test-services";
import { seedDemoBookings } from "./bookings";
import { seedDemoHandover } from "./handover";
import { seedDemoReviews } from "./reviews";
import { DEMO_PAYOUT_ACCOUNTS } from "./payout-accounts";
import { loader as payoutsPage } from "#app/features/payouts/routes/payouts";
import { authedRequest, dataOf, loadContext, signInAs } from "#tests/test-services";
import { DEMO_PASSWORD } from "./accounts";

/**
 * A first start with `PAYMENTS_PROVIDER=stripe` and the demo data on: the demo's trips are made
 * as records of what happened, settled directly between the demo people, so the seed opens no
 * Checkout (the demo people have no cards, and a start must not depend on reaching Stripe)
 * while every booking made afterwards goes through Checkout. Only the two boats of the demo
 * owner that the booking steps use are made here (the 78 demo listings take seconds).
 */
let fake: StripeFake;
let services: Services;

beforeAll(async () => {
  fake = await startStripeFake();
  services = await createTestServices({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_demo", STRIPE_WEBHOOK_SECRET: "whsec_demo", STRIPE_API_BASE: fake.url });
}, 60_000);
afterAll(async () => {
  await services?.close();
  await fake?.close();
});

describe("the demo data on a server that charges through Stripe", () => {
  it("seeds the demo trips in every state without opening a Checkout, and the next booking goes through Checkout", { timeout: 30_000 }, async () => {
    const uid = async (email: string) => (await services.identity.getUserByEmail(email))!.uid;
    const [owner, renter] = await Promise.all([uid("owner@amarre.test"), uid("renter@amarre.test")]);
    const boat = { capacity: 10, skipper: { mode: "optional" as const, dailyPriceCents: 160_00 } };
    await createBoat(services, owner, { ...boat, type: "sail", title: "Mi velero Sun Odyssey 410 en el Club de Mar", instantBooking: false });
    const motorboat = await createBoat(services, owner, { ...boat, title: "Lancha Cap Camarat 7.5 para la bahía de Palma", instantBooking: true });

    await seedDemoBookings(services);
    await seedDemoReviews(services);
    await seedDemoHandover(services);

    const trips = await services.bookings.listForRenter(renter);
    expect(new Set(trips.map((booking) => booking.status))).toEqual(new Set(["completed", "confirmed", "pending"]));
    expect(trips.every((booking) => !booking.money.charges && booking.money.checkoutId === null)).toBe(true);
    expect(fake.requests).toEqual([]);

    const day = new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10);
    const booked = await services.bookings.book({ uid: renter, lang: "es" }, motorboat.id, { start: day, end: day, part: null, people: 2, withSkipper: false });
    expect(booked).toMatchObject({ status: "awaiting-payment", money: { charges: true, checkoutId: expect.stringMatching(/^cs_/) } });
    expect(fake.sessions.get(booked.money.checkoutId!)).toMatchObject({ success_url: expect.stringMatching(/^http:\/\/localhost:\d+\/ajustes\/mis-reservas\/\w+\?checkout=complete$/) });
  });

  it("shows the demo owners' payout accounts on /ajustes/cobros: Javier's onboarded, Marta's with what Stripe still needs", async () => {
    const page = async (email: string) => {
      const { cookie } = await signInAs(services, email, DEMO_PASSWORD);
      return dataOf(await payoutsPage({ request: authedRequest("/ajustes/cobros", cookie), params: {}, context: loadContext(services) }));
    };
    const [javier, marta] = DEMO_PAYOUT_ACCOUNTS;
    expect((await services.payoutAccounts.get((await services.identity.getUserByEmail(javier.email))!.uid))!.accountId).toBe(javier.accountId);
    expect((await page(javier.email)).connect.account).toEqual({ state: "enabled", due: [], disabled: null, detailsSubmitted: true });
    expect((await page(marta.email)).connect.account).toMatchObject({ state: "pending", disabled: "pastDue", due: [{ key: "identityDocument" }, { key: "bankAccount" }, { key: "terms" }] });
  });
});
