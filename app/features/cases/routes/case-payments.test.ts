import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import { PAYMENT_EVENTS_COLLECTION } from "#app/.server/payments/stripe-webhooks";
import type { Services } from "#app/.server/services";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, settle, statusOf } from "#tests/test-services";
import { action as adminAction, loader as adminLoader } from "#app/features/cases/routes/admin-case";
import { action as webhookAction } from "#app/features/payouts/routes/stripe-webhook";
import { action as caseAction, loader as caseLoader } from "./case";

/**
 * Paid quotes through the real pages and the webhook, with PAYMENTS_PROVIDER=stripe against the
 * local fake of Stripe (decision 054): the requester's acceptance answers 303 to Stripe's
 * Checkout and the case waits; the signed `checkout.session.completed` at
 * /api/payments/stripe-webhook starts the work, once; an event about another checkout is
 * acknowledged and not applied, one without the quote's number is a 400 naming the field. The
 * team refunds on /admin/gestiones/{id} (`intent=refund-quote`): part, then the rest; more than
 * is left, no reason or an old page are refused with a message per field in the page's language.
 */
const SECRET = "whsec_quotesPagesSecret";
let services: Services;
let fake: StripeFake;
let requester: Awaited<ReturnType<typeof createTestUser>>;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;

beforeAll(async () => {
  fake = await startStripeFake();
  services = await createTestServices({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_quote_pages", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: fake.url });
  requester = await createTestUser(services, { displayName: "Paula Pago" });
  admin = await createTestAdmin(services, { displayName: "Ada Admin" });
});
afterAll(async () => {
  await services?.close();
  await fake?.close();
});

const context = () => loadContext(services);
const inDays = (days: number) => addDays(today(new Date()), days);
const requesterPost = (id: string, fields: Record<string, string>, cookie: string, lang = "") => settle(() => caseAction({ request: formPost(`${lang}/ajustes/mis-gestiones/${id}`, fields, cookie), params: { id }, context: context() }));
const requesterView = (id: string, cookie: string, path = "") => settle(() => caseLoader({ request: authedRequest(`/ajustes/mis-gestiones/${id}${path}`, cookie), params: { id }, context: context() }));
const adminPost = (id: string, fields: Record<string, string>, cookie: string, lang = "") => settle(() => adminAction({ request: formPost(`${lang}/admin/gestiones/${id}`, fields, cookie), params: { id }, context: context() }));
const adminView = (id: string, cookie: string) => settle(() => adminLoader({ request: authedRequest(`/admin/gestiones/${id}`, cookie), params: { id }, context: context() }));

async function deliver(payload: string) {
  const headers = new Headers({ "Content-Type": "application/json", "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) });
  const response = (await webhookAction({ request: new Request("http://localhost:3000/api/payments/stripe-webhook", { method: "POST", headers, body: payload }), context: context(), params: {} })) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A case with quote 1 of `amount` euros, accepted by the requester (303 to Checkout), and its checkout. */
async function acceptedAtCheckout(amount = "121") {
  const item = await services.cases.create({ type: "itb-barco", requesterUid: requester.uid, contact: { name: "Paula Pago", email: requester.email, phone: null }, details: { boatName: "Brisa" }, lang: "es" });
  await services.cases.move(item.id, { uid: admin.uid }, "in_review", "");
  await adminPost(item.id, { intent: "quote", amount, description: "ITB completa con tasas", validUntil: inDays(7) }, admin.cookie);
  const accepted = await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, requester.cookie, "/en");
  expect(statusOf(accepted)).toBe(303);
  const location = (accepted as Response).headers.get("Location")!;
  const checkout = location.split("/pay/")[1]!;
  return { id: item.id, location, checkout };
}

async function paid(amount = "121") {
  const opened = await acceptedAtCheckout(amount);
  expect((await deliver(JSON.stringify(fake.completeCheckout(opened.checkout)))).body).toEqual({ received: true, result: "handled" });
  return opened;
}

describe("paid quotes through the pages (Stripe, the local fake)", { timeout: 60_000 }, () => {
  it("accepting answers 303 to Checkout, back to the case's page in the requester's language; the signed completion starts the work once", async () => {
    const { id, location, checkout } = await acceptedAtCheckout();
    expect(location).toBe(fake.sessions.get(checkout)!.url);
    expect(fake.sessions.get(checkout)).toMatchObject({ amount_total: 12_100, success_url: expect.stringContaining(`/en/ajustes/mis-gestiones/${id}?checkout=complete`), cancel_url: expect.stringContaining(`/en/ajustes/mis-gestiones/${id}?checkout=cancelled`) });
    const waiting = dataOf(await requesterView(id, requester.cookie, "?checkout=complete"));
    expect(waiting).toMatchObject({ charges: true, checkout: "complete", item: { status: "quoted" }, quotes: [{ status: "pending", payment: { mode: "provider", open: true, paidAt: null } }] });

    const payload = JSON.stringify(fake.completeCheckout(checkout));
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, result: "handled" } });
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, result: "duplicate" } });
    const page = dataOf(await requesterView(id, requester.cookie));
    expect(page.item.status).toBe("in_progress");
    expect(page.quotes[0]).toMatchObject({ status: "accepted", payment: { mode: "provider", paidAt: expect.any(String) }, invoice: { number: expect.stringMatching(/^F-/) } });
    const emails = (await services.mailbox.list(requester.uid)).filter((email) => email.subject.includes("Presupuesto aceptado"));
    expect(emails).toHaveLength(1);
    expect(await services.store.get(PAYMENT_EVENTS_COLLECTION, (JSON.parse(payload) as { id: string }).id)).toMatchObject({ state: "done", caseId: id, outcome: "applied" });
  });

  it("an event about another checkout of the case is acknowledged, not applied; one without the quote's number is a 400 naming the field", async () => {
    const { id, checkout } = await acceptedAtCheckout();
    const event = fake.completeCheckout(checkout) as { data: { object: Record<string, unknown> } };
    const other = JSON.stringify({ ...event, id: "evt_quoteOtherCheckout1", data: { object: { ...event.data.object, id: "cs_test_notTheQuotes" } } });
    expect(await deliver(other)).toEqual({ status: 200, body: { received: true, result: "not-applied" } });
    expect(await services.store.get(PAYMENT_EVENTS_COLLECTION, "evt_quoteOtherCheckout1")).toMatchObject({ outcome: "other-checkout" });
    const noQuote = JSON.stringify({ ...event, id: "evt_quoteNoNumber1", data: { object: { ...event.data.object, metadata: { caseId: id } } } });
    expect(await deliver(noQuote)).toMatchObject({ status: 400, body: { error: "malformed", field: "data.object.metadata.quote" } });
    expect(dataOf(await requesterView(id, requester.cookie)).item.status).toBe("quoted");
  });

  it("the team refunds part, then the rest, each with its corrective invoice; the requester sees them and is emailed", async () => {
    const { id } = await paid("121");
    const view = dataOf(await adminView(id, admin.cookie));
    expect(view.quotes[0]).toMatchObject({ paidCents: 12_100, leftCents: 12_100, nextRefund: 1 });
    expect(statusOf(await adminPost(id, { intent: "refund-quote", quote: "1", refund: "1", amount: "30,50", reason: "Tasas más bajas" }, admin.cookie))).toBe(303);
    // The same form pressed again: refunded once.
    expect(statusOf(await adminPost(id, { intent: "refund-quote", quote: "1", refund: "1", amount: "30,50", reason: "Tasas más bajas" }, admin.cookie))).toBe(303);
    expect(statusOf(await adminPost(id, { intent: "refund-quote", quote: "1", refund: "2", amount: "90,50", reason: "Trabajo cancelado" }, admin.cookie))).toBe(303);
    const intent = [...fake.sessions.values()].find((session) => (session.metadata as Record<string, string>).caseId === id)!.payment_intent as string;
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([3_050, 9_050]);
    const page = dataOf(await requesterView(id, requester.cookie));
    expect(page.quotes[0].refunds).toMatchObject([
      { amountCents: 3_050, reason: "Tasas más bajas", invoice: { number: expect.stringMatching(/^R-/) } },
      { amountCents: 9_050, reason: "Trabajo cancelado", invoice: { number: expect.stringMatching(/^R-/) } },
    ]);
    const refundEmails = (await services.mailbox.list(requester.uid)).filter((email) => email.subject.startsWith("Reembolso de"));
    expect(refundEmails).toHaveLength(2);
    expect(dataOf(await adminView(id, admin.cookie)).quotes[0]).toMatchObject({ leftCents: 0 });
  });

  it("refusals: more than is left, no amount or reason, an old page, in the page's language; a non-admin gets the admin area's 403", async () => {
    const { id } = await paid("50");
    const messages: Record<string, { amount: string; reason: string; over: string }> = {
      "": { amount: "Escribe el importe en euros, por ejemplo 45 o 45,50.", reason: "Escribe el motivo del reembolso (lo verá el solicitante).", over: "Puedes reembolsar como mucho 50,00 € (lo pagado menos lo ya reembolsado)." },
      "/en": { amount: "Type the amount in euros, for example 45 or 45.50.", reason: "Write the reason for the refund (the requester will see it).", over: "You can refund at most €50.00 (what was paid minus what was already refunded)." },
      "/fr": { amount: "Saisissez le montant en euros, par exemple 45 ou 45,50.", reason: "Indiquez le motif du remboursement (le demandeur le verra).", over: "Vous pouvez rembourser au plus 50,00 € (le montant payé moins ce qui a déjà été remboursé)." },
      "/de": { amount: "Geben Sie den Betrag in Euro ein, zum Beispiel 45 oder 45,50.", reason: "Geben Sie den Grund der Erstattung an (der Antragsteller sieht ihn).", over: "Sie können höchstens 50,00 € erstatten (das Bezahlte abzüglich des bereits Erstatteten)." },
    };
    for (const [lang, expected] of Object.entries(messages)) {
      const bad = await adminPost(id, { intent: "refund-quote", quote: "1", refund: "1", amount: "mucho", reason: " " }, admin.cookie, lang);
      expect(statusOf(bad), lang).toBe(400);
      expect(dataOf(bad).fields, lang).toEqual({ amount: expected.amount, reason: expected.reason });
      const over = await adminPost(id, { intent: "refund-quote", quote: "1", refund: "1", amount: "50,01", reason: "Demasiado" }, admin.cookie, lang);
      expect(statusOf(over), lang).toBe(400);
      // Amounts as the language writes them (a no-break space before "€" where it puts one).
      expect(dataOf(over).fields.amount.replace(/\s/gu, " "), lang).toBe(expected.over);
      expect(dataOf(over).values, lang).toMatchObject({ amount: "50,01", reason: "Demasiado" });
    }
    expect(statusOf(await adminPost(id, { intent: "refund-quote", quote: "1", refund: "4", amount: "10", reason: "Página vieja" }, admin.cookie))).toBe(409);
    expect(statusOf(await adminPost(id, { intent: "refund-quote", quote: "1", refund: "1", amount: "10", reason: "No soy del equipo" }, requester.cookie))).toBe(403);
    expect(fake.requests.filter((r) => r.operation === "POST /v1/refunds" && r.idempotencyKey?.startsWith(`case_${id}_`))).toHaveLength(0);
  });
});

describe("paid quotes without a provider (recorded)", { timeout: 60_000 }, () => {
  let recorded: Services;
  beforeAll(async () => {
    recorded = await createTestServices();
  });
  afterAll(() => recorded?.close());

  it("accepting starts the work (paid outside Amarre, the page says so); a refund is recorded, paid back outside Amarre, with its corrective invoice", async () => {
    const ctx = () => loadContext(recorded);
    const person = await createTestUser(recorded, { displayName: "Rita Recorded" });
    const team = await createTestAdmin(recorded, { displayName: "Teo Team" });
    const item = await recorded.cases.create({ type: "itb-barco", requesterUid: person.uid, contact: { name: "Rita Recorded", email: person.email, phone: null }, details: { boatName: "Brisa" }, lang: "es" });
    await recorded.cases.move(item.id, { uid: team.uid }, "in_review", "");
    await recorded.cases.sendQuote(item.id, { uid: team.uid }, { amountCents: 8_000, description: "ITB", validUntil: inDays(5) });
    const post = (fields: Record<string, string>, cookie: string, route: (args: Parameters<typeof caseAction>[0]) => Promise<unknown>, path: string) => settle(() => route({ request: formPost(path, fields, cookie), params: { id: item.id }, context: ctx() }));
    const view = () => settle(() => caseLoader({ request: authedRequest(`/ajustes/mis-gestiones/${item.id}`, person.cookie), params: { id: item.id }, context: ctx() }));
    expect(dataOf(await view()).charges).toBe(false);
    const accepted = await post({ intent: "accept-quote", quote: "1" }, person.cookie, caseAction, `/ajustes/mis-gestiones/${item.id}`);
    expect((accepted as Response).headers.get("Location")).toBe(`/ajustes/mis-gestiones/${item.id}`);
    expect(dataOf(await view())).toMatchObject({ item: { status: "in_progress" }, quotes: [{ status: "accepted", payment: { mode: "direct", paidAt: null } }] });
    expect(statusOf(await post({ intent: "refund-quote", quote: "1", refund: "1", amount: "80", reason: "No se pudo hacer" }, team.cookie, adminAction, `/admin/gestiones/${item.id}`))).toBe(303);
    expect(dataOf(await view()).quotes[0].refunds).toMatchObject([{ amountCents: 8_000, invoice: { number: expect.stringMatching(/^R-/) } }]);
    const email = (await recorded.mailbox.list(person.uid)).find((message) => message.subject.startsWith("Reembolso de"));
    expect(email?.text).toContain("el equipo te lo devuelve fuera de Amarre");
  });
});
