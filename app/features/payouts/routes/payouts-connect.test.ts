import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFixedT } from "#app/.server/i18n";
import { PAYOUT_ACCOUNTS } from "#app/features/payouts/.server";
import type { Services } from "#app/.server/services";
import { createOwner } from "#tests/listing-fixtures";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { authedRequest, createTestServices, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action, loader } from "./payouts";

/**
 * /ajustes/cobros's payout account with Stripe (decision 052), against the local fake of Stripe:
 * the button makes the owner's Express account once and sends them to Stripe's onboarding in
 * their language; back from Stripe the page reads the account again and says what is still due
 * in words; the dashboard is a fresh single-use link; nobody reaches another owner's account.
 */
let services: Services;
let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake();
  services = await createTestServices({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_cobros", STRIPE_WEBHOOK_SECRET: "whsec_cobros", STRIPE_API_BASE: fake.url });
}, 60_000);
afterAll(async () => {
  await services?.close();
  await fake?.close();
});

const ctx = () => loadContext(services);
const load = (cookie: string, path = "/ajustes/cobros") => settle(() => loader({ request: authedRequest(path, cookie), params: {}, context: ctx() }));
const post = (cookie: string | undefined, intent: string, path = "/ajustes/cobros") => settle(() => action({ request: formPost(path, { intent }, cookie), params: {}, context: ctx() }));
const location = (result: unknown) => (result as Response).headers.get("Location") ?? "";

/** The owner on Stripe's onboarding page presses "submit"; Stripe sends them back (the URL it answers). */
async function submitOnboarding(url: string): Promise<string> {
  const link = new URL(url).searchParams.get("link")!;
  const done = await fetch(url.split("?")[0], { method: "POST", body: new URLSearchParams({ link }), redirect: "manual" });
  expect(done.status).toBe(303);
  return done.headers.get("Location")!;
}

describe("/ajustes/cobros with Stripe: the payout account", () => {
  it("is for signed-in people only: a visitor's loader and action go to sign in", async () => {
    const page = await settle(() => loader({ request: pageRequest("/ajustes/cobros"), params: {}, context: ctx() }));
    expect(statusOf(page)).toBe(302);
    const pressed = await post(undefined, "connect-payouts");
    expect(statusOf(pressed)).toBe(302);
    expect(location(pressed)).toMatch(/^\/login\?redirect=/);
  });

  it("makes the Express account once (a second press reuses it) and answers 303 to Stripe's onboarding, back to the page in the owner's language", async () => {
    const owner = await createOwner(services, { displayName: "Olga Connect" });
    const before = dataOf(await load(owner.cookie));
    expect(before.connect).toMatchObject({ account: { state: "none", due: [], detailsSubmitted: false }, expired: false, unavailable: false, waiting: { count: 0, cents: 0 } });
    expect(before.iban).toMatch(/^•••• /);

    const accountsBefore = fake.connect.accounts.size;
    const first = await post(owner.cookie, "connect-payouts", "/en/ajustes/cobros");
    expect(statusOf(first)).toBe(303);
    expect(location(first)).toMatch(new RegExp(`^${fake.url}/connect/onboarding/acct_\\w+\\?link=`));
    const second = await post(owner.cookie, "connect-payouts", "/en/ajustes/cobros");
    expect(location(second)).not.toBe(location(first));
    expect(fake.connect.accounts.size).toBe(accountsBefore + 1);

    const stored = await services.store.get<{ accountId: string }>(PAYOUT_ACCOUNTS, owner.uid);
    const created = fake.requests.filter((r) => r.operation === "POST /v1/accounts" && r.idempotencyKey === `connect-account:${owner.uid}`);
    // The second press finds the owner's account stored: Stripe is asked once.
    expect(created.length).toBe(1);
    expect(created[0].params).toMatchObject({ type: "express", country: "ES", metadata: { uid: owner.uid }, capabilities: { transfers: { requested: "true" } } });
    expect(created[0].params.email).toMatch(/@/);
    expect(location(first)).toContain(`/connect/onboarding/${stored!.accountId}?`);
    const link = fake.requests.filter((r) => r.operation === "POST /v1/account_links").at(-1)!;
    expect(link.params).toMatchObject({
      account: stored!.accountId,
      type: "account_onboarding",
      return_url: "http://localhost:3000/en/ajustes/cobros?connect=return",
      refresh_url: "http://localhost:3000/en/ajustes/cobros?connect=refresh",
    });
  });

  it("makes one account when two presses arrive at once (Stripe's idempotency by the uid, the document created once)", async () => {
    const owner = await createOwner(services);
    const accountsBefore = fake.connect.accounts.size;
    const answers = await Promise.all([post(owner.cookie, "connect-payouts"), post(owner.cookie, "connect-payouts")]);
    expect(answers.map(statusOf)).toEqual([303, 303]);
    expect(fake.connect.accounts.size).toBe(accountsBefore + 1);
    const created = fake.requests.filter((r) => r.operation === "POST /v1/accounts" && r.idempotencyKey === `connect-account:${owner.uid}`);
    expect(created.map((r) => r.replayed)).toEqual([false, true]);
    const stored = await services.payoutAccounts.get(owner.uid);
    for (const answer of answers) expect(location(answer)).toContain(`/connect/onboarding/${stored!.accountId}?`);
  });

  it("sends each language back to its own page", async () => {
    const owner = await createOwner(services);
    for (const [prefix, lang] of [["", "es"], ["/en", "en"], ["/fr", "fr"], ["/de", "de"]] as const) {
      const answer = await post(owner.cookie, "connect-payouts", `${prefix}/ajustes/cobros`);
      expect(statusOf(answer), lang).toBe(303);
      const link = fake.requests.filter((r) => r.operation === "POST /v1/account_links").at(-1)!;
      expect(link.params.return_url).toBe(`http://localhost:3000${prefix}/ajustes/cobros?connect=return`);
      expect(link.params.refresh_url).toBe(`http://localhost:3000${prefix}/ajustes/cobros?connect=refresh`);
    }
  });

  it("back from Stripe, reads the account again and lists what Stripe still needs in words; the dashboard only once onboarded", async () => {
    const owner = await createOwner(services);
    const url = location(await post(owner.cookie, "connect-payouts"));
    // Not through the form yet: no dashboard (Stripe refuses a login link), said in words.
    const early = await post(owner.cookie, "stripe-dashboard");
    expect(statusOf(early)).toBe(409);
    expect(dataOf(early).error).toBe("Antes termina de configurar tu cuenta de cobros en Stripe.");

    fake.connect.requirementsLeftDue.splice(0, Infinity, "individual.verification.document", "external_account", "tos_acceptance.date", "business_profile.url", "individual.dob.day", "individual.dob.month", "mystery.field_x");
    try {
      expect(await submitOnboarding(url)).toBe("http://localhost:3000/ajustes/cobros?connect=return");
    } finally {
      fake.connect.requirementsLeftDue.length = 0;
    }
    const back = dataOf(await load(owner.cookie, "/ajustes/cobros?connect=return"));
    expect(back.connect.account).toMatchObject({ state: "pending", disabled: "pastDue", detailsSubmitted: true });
    // A date of birth's day and month are one line; an id no rule knows is said generically, with its id.
    const due = back.connect.account.due as Array<{ key: string; id: string }>;
    expect(due.map((word) => word.key)).toEqual(["identityDocument", "bankAccount", "terms", "website", "birthDate", "other"]);
    for (const lang of ["es", "en", "fr", "de"] as const) {
      const t = getFixedT(lang, "bookings");
      const words = due.map((word) => t(`payouts.connect.due.${word.key}`, { id: word.id }));
      expect(words.every((word) => !word.startsWith("payouts.")), lang).toBe(true);
      expect(new Set(words).size).toBe(words.length);
    }
    expect(getFixedT("en", "bookings")("payouts.connect.due.other", { id: "mystery.field_x" })).toBe("Another detail Stripe asks for (mystery.field_x)");

    // Onboarding again (a new link), nothing left due: payouts on, and the dashboard opens through a fresh link.
    await submitOnboarding(location(await post(owner.cookie, "connect-payouts")));
    const done = dataOf(await load(owner.cookie, "/ajustes/cobros?connect=return"));
    expect(done.connect.account).toEqual({ state: "enabled", due: [], disabled: null, detailsSubmitted: true });
    const dashboard = await post(owner.cookie, "stripe-dashboard");
    expect(statusOf(dashboard)).toBe(303);
    expect(location(dashboard)).toMatch(new RegExp(`^${fake.url}/connect/express/acct_\\w+\\?login=`));
    expect(location(await post(owner.cookie, "stripe-dashboard"))).not.toBe(location(dashboard));
    // The single-use link is never in the page's data.
    expect(JSON.stringify(done)).not.toContain("/connect/express/");
  });

  it("keeps each owner to their own account: another owner's presses make and open theirs only", async () => {
    const olga = await createOwner(services);
    await submitOnboarding(location(await post(olga.cookie, "connect-payouts")));
    await load(olga.cookie, "/ajustes/cobros?connect=return");
    const pablo = await createOwner(services);
    expect(dataOf(await load(pablo.cookie)).connect.account.state).toBe("none");
    expect(statusOf(await post(pablo.cookie, "stripe-dashboard"))).toBe(409);
    await post(pablo.cookie, "connect-payouts");
    const [mine, theirs] = await Promise.all([services.payoutAccounts.get(olga.uid), services.payoutAccounts.get(pablo.uid)]);
    expect(theirs!.accountId).not.toBe(mine!.accountId);
    expect(mine!.payoutsEnabled).toBe(true);
    expect(theirs!.payoutsEnabled).toBe(false);
    // Each one's export of their data holds their own account, not the other's.
    const exported = await services.privacy.exportData(olga.uid, "http://localhost:3000");
    expect(exported.payoutAccount).toMatchObject({ accountId: mine!.accountId, payoutsEnabled: true, currentlyDue: [] });
    expect(JSON.stringify(exported)).not.toContain(theirs!.accountId);
  });

  it("answers an unknown intent with a translated 400, and an expired link with the button again", async () => {
    const owner = await createOwner(services);
    const odd = await post(owner.cookie, "delete-everything", "/fr/ajustes/cobros");
    expect(statusOf(odd)).toBe(400);
    expect(dataOf(odd).error).toBe("Ce formulaire ne peut pas être envoyé d’ici.");
    const expired = dataOf(await load(owner.cookie, "/ajustes/cobros?connect=refresh"));
    expect(expired.connect).toMatchObject({ expired: true, account: { state: "none" } });
  });
});

describe("/ajustes/cobros when Stripe cannot be reached, and without a provider", () => {
  it("says so on the page (503 to the button, the stored state on return), never a 500", async () => {
    const down = await createTestServices({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_down", STRIPE_WEBHOOK_SECRET: "whsec_down", STRIPE_API_BASE: "http://127.0.0.1:9" });
    try {
      const owner = await createOwner(down);
      const context = loadContext(down);
      const pressed = await settle(() => action({ request: formPost("/de/ajustes/cobros", { intent: "connect-payouts" }, owner.cookie), params: {}, context }));
      expect(statusOf(pressed)).toBe(503);
      expect(dataOf(pressed).error).toMatch(/^Stripe war gerade nicht erreichbar/);
      await down.store.set(PAYOUT_ACCOUNTS, owner.uid, { uid: owner.uid, accountId: "acct_1Kept", payoutsEnabled: false, detailsSubmitted: true, currentlyDue: ["external_account"], disabledReason: null, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" });
      const back = await settle(() => loader({ request: authedRequest("/ajustes/cobros?connect=return", owner.cookie), params: {}, context }));
      expect(statusOf(back)).toBe(200);
      expect(dataOf(back).connect).toMatchObject({ unavailable: true, account: { state: "pending", due: [{ key: "bankAccount", id: "external_account" }] } });
    } finally {
      await down.close();
    }
  });

  it("without a provider there is no payout account: no section, and a POST is a translated 400", async () => {
    const recorded = await createTestServices();
    try {
      const owner = await createOwner(recorded);
      const context = loadContext(recorded);
      const page = dataOf(await settle(() => loader({ request: authedRequest("/en/ajustes/cobros", owner.cookie), params: {}, context })));
      expect(page.connect).toBeNull();
      expect(page.charges).toBe(false);
      const pressed = await settle(() => action({ request: formPost("/en/ajustes/cobros", { intent: "connect-payouts" }, owner.cookie), params: {}, context }));
      expect(statusOf(pressed)).toBe(400);
      expect(dataOf(pressed).error).toBe("Amarre does not take payments online: renters pay you directly, no payout account is needed.");
    } finally {
      await recorded.close();
    }
  });
});
