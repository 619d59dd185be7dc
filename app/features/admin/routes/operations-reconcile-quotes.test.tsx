import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Case } from "#app/features/cases/.server";
import type { MailMessage } from "#app/.server/mail";
import { getFixedT } from "#app/.server/i18n";
import type { Services } from "#app/.server/services";
import { formatEuros } from "#app/utils/money";
import { differenceSentence } from "#app/features/reconciliation/reconciliation";
import { drawnAt } from "#tests/drawn";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createTestAdmin, createTestServices, createTestUser, dataOf, formPost, authedRequest, loadContext, settle, statusOf } from "#tests/test-services";
import { action as webhookAction } from "#app/features/payouts/routes/stripe-webhook";
import { action, loader } from "./operations";
import { Reconciliation } from "./operations-reconciliation";

/**
 * The reconciliation of paperwork quotes paid through Stripe (decisions 053 and 054), with real
 * Requests on the embedded backend in Stripe mode against the local fake: a quote paid at
 * Checkout (its signed completion at the webhook) and one paid and then refunded in part by the
 * team agree with Stripe, and a quote paid without a provider is not compared; then a refund made
 * at Stripe that the quote does not list and a quote refund Stripe has for another amount are
 * each found with both figures, listed on /admin/operaciones linking to the team's case page,
 * and emailed to the team in Spanish. Nothing is corrected.
 */
const SECRET = "whsec_reconcileQuotes";
const TEAM = "equipo@amarre.test";
const mail = { sent: [] as MailMessage[] };
const transport = { send: async (message: MailMessage) => void mail.sent.push(message) };

let fake: StripeFake;
let services: Services;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;
let requester: Awaited<ReturnType<typeof createTestUser>>;
const paid: Record<"whole" | "refunded", { item: Case; pi: string }> = {} as never;

beforeAll(async () => {
  fake = await startStripeFake();
  services = await createTestServices(
    { PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_rec_quotes", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: fake.url, TEAM_EMAIL: TEAM },
    { mailTransport: transport },
  );
  admin = await createTestAdmin(services, { displayName: "Alba Admin" });
  requester = await createTestUser(services, { displayName: "Paula Pago" });
  paid.whole = await paidQuote(121_00);
  paid.refunded = await paidQuote(200_00);
  await services.cases.refundQuote(paid.refunded.item.id, { uid: admin.uid }, { n: 1, k: 1, amountCents: 50_00, reason: "Tasas más bajas" });
  paid.refunded.item = (await services.cases.getFor(paid.refunded.item.id, { uid: admin.uid, role: "admin" }))!.item;
  // A quote paid without a provider (the `recorded` mode's `direct`): nothing at Stripe to compare.
  const { id: _id, ...direct } = paid.whole.item;
  const quote = direct.quotes[0]!;
  await services.store.set("cases", "DiReCtPaIdQuOtE00001", { ...direct, quotes: [{ ...quote, payment: { ...quote.payment!, mode: "direct", checkoutId: null, reference: "direct_quote" } }] });
}, 60_000);
afterAll(async () => {
  await services?.close();
  await fake?.close();
});

/** A case whose quote of `cents` the requester accepted and paid at Checkout (the signed completion, at the webhook). */
async function paidQuote(cents: number): Promise<{ item: Case; pi: string }> {
  const item = await services.cases.create({ type: "itb-barco", requesterUid: requester.uid, contact: { name: "Paula Pago", email: requester.email, phone: null }, details: { boatName: "Brisa" }, lang: "es" });
  await services.cases.move(item.id, { uid: admin.uid }, "in_review", "");
  await services.cases.sendQuote(item.id, { uid: admin.uid }, { amountCents: cents, description: "ITB completa con tasas", validUntil: addDays(today(new Date()), 7) });
  const accepted = await services.cases.acceptQuote(item.id, { uid: requester.uid, role: "user" }, 1, { lang: "es", email: requester.email });
  const payload = JSON.stringify(fake.completeCheckout(accepted.quotes[0]!.payment!.checkoutId!));
  const headers = new Headers({ "Content-Type": "application/json", "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) });
  const answer = (await webhookAction({ request: new Request("http://localhost:3000/api/payments/stripe-webhook", { method: "POST", headers, body: payload }), context: loadContext(services), params: {} })) as Response;
  expect(await answer.json()).toEqual({ received: true, result: "handled" });
  const stored = (await services.cases.getFor(item.id, { uid: admin.uid, role: "admin" }))!.item;
  return { item: stored, pi: stored.quotes[0]!.payment!.reference! };
}

const context = () => loadContext(services);
const view = (lang = "") => settle(() => loader({ request: authedRequest(`${lang}/admin/operaciones`, admin.cookie), params: {}, context: context() }));
const reconcile = (lang = "") => settle(() => action({ request: formPost(`${lang}/admin/operaciones`, { intent: "reconcile" }, admin.cookie), params: {}, context: context() }));
const teamMail = () => mail.sent.filter((m) => m.to === TEAM);

/** The section as the page draws it, at `path` (its language is its prefix). */
const drawn = (section: Parameters<typeof Reconciliation>[0]["view"], path: string) => drawnAt(path, <Reconciliation view={section} />);

describe("/admin/operaciones: paid quotes reconciled with Stripe", { timeout: 60_000 }, () => {
  it("finds no difference for a quote paid whole and one refunded in part, and leaves the one paid without a provider alone", async () => {
    expect(paid.refunded.item.quotes[0]!.refunds).toMatchObject([{ k: 1, amountCents: 50_00, state: "done" }]);
    expect(statusOf(await reconcile())).toBe(303);
    const { last } = dataOf(await view()).reconciliation;
    // Each quote's payment, and the refund.
    expect(last).toMatchObject({ state: "done", bookings: 0, quotes: 2, objects: 3, differences: [], unread: 0, inFlight: 0, email: "none" });
    expect(last.ledger).toEqual({ capturedCents: 321_00, refundedCents: 50_00, transferredCents: 0 });
    expect(last.stripe).toMatchObject(last.ledger);
    expect(last.stripe.feeCents).toBeGreaterThan(0);
    expect(teamMail()).toEqual([]);
    expect(await drawn(dataOf(await view("/en")).reconciliation, "/en/admin/operaciones")).toContain("Bookings compared: 0 · paid quotes: 2 · Stripe objects: 3.");
  });

  it("finds a refund made at Stripe that the quote does not list and a quote refund of another amount, with both figures; lists them linking to the case; emails the team", async () => {
    const planted = fake.balance.plant({ kind: "refund", paymentIntent: paid.whole.pi, amount: 20_00 });
    const refund = paid.refunded.item.quotes[0]!.refunds![0]!.reference!;
    fake.refunds.get(refund)!.amount = 45_00;
    expect(statusOf(await reconcile("/en"))).toBe(303);
    const section = dataOf(await view("/en")).reconciliation;
    const { whole, refunded } = { whole: paid.whole.item, refunded: paid.refunded.item };
    expect(section.last.differences).toEqual(
      [
        { caseId: whole.id, caseReference: whole.reference, quoteN: 1, line: null, object: "refund", kind: "missing", reference: planted.id, ledger: { cents: null, state: null }, stripe: { cents: 20_00, state: "succeeded" } },
        { caseId: refunded.id, caseReference: refunded.reference, quoteN: 1, line: "refund-1", object: "refund", kind: "amount", reference: refund, ledger: { cents: 50_00, state: "refunded" }, stripe: { cents: 45_00, state: "succeeded" } },
      ].sort((a, b) => a.caseId.localeCompare(b.caseId)),
    );
    expect(whole.reference).toMatch(/^GES-/);
    expect(section.last.stripe.refundedCents).toBe(20_00 + 45_00);
    expect(section.last.email).toBe("sent");

    // The page: each difference in words, linked to the team's page of its case, in the page's language.
    const html = await drawn(section, "/en/admin/operaciones");
    expect(html).toContain(`href="/en/admin/gestiones/${whole.id}"`);
    expect(html).toContain(`href="/en/admin/gestiones/${refunded.id}"`);
    expect(html).toContain(`Case ${whole.reference}, quote no. 1 (${whole.id})`);
    expect(html).toContain(`Different amount for a refund (${refund}): the ledger says ${formatEuros(50_00, "en")}, Stripe ${formatEuros(45_00, "en")}.`);
    expect(html).not.toContain("/admin/reservas/");

    // The team's email, in Spanish, names the case and the quote.
    const [email] = teamMail();
    expect(teamMail()).toHaveLength(1);
    expect(email!.subject).toBe("Conciliación con Stripe: 2 diferencias");
    const es = getFixedT("es", "admin");
    for (const d of section.last.differences) expect(email!.text).toContain(`- Gestión ${d.caseReference}, presupuesto n.º 1 (${d.caseId}): ${differenceSentence(es, "es", d)}`);
    expect(email!.text).toContain(`Falta en el libro: una devolución de ${formatEuros(20_00, "es")} que Stripe tiene (${String(planted.id)}).`);

    // Nothing corrected: the quotes are as they were.
    for (const item of [whole, refunded]) expect((await services.cases.getFor(item.id, { uid: admin.uid, role: "admin" }))!.item.quotes).toEqual(item.quotes);
  });
});
