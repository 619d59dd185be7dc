import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today, type Booking } from "#app/features/bookings/.server";
import { RECONCILIATION_LOCK } from "#app/features/reconciliation/.server";
import type { MailMessage } from "#app/.server/mail";
import type { Services } from "#app/.server/services";
import { getFixedT } from "#app/.server/i18n";
import { formatEuros } from "#app/utils/money";
import { differenceSentence } from "#app/features/reconciliation/reconciliation";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { followNotice } from "#tests/notice";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as bookingLoader } from "#app/features/bookings/routes/admin-booking";
import { action, loader } from "./operations";

/**
 * /admin/operaciones's reconciliation with Stripe (decision 053), with real Requests on the
 * embedded backend in Stripe mode against the local fake: admins only (as every intent of the
 * page); "Conciliar ahora" runs it and answers 303 back to the section with the run listed; a
 * refund made at Stripe that the ledger does not know is listed in words, in the page's language,
 * and emailed to the team (TEAM_EMAIL, in Spanish); no email when nothing differs; a 409 while
 * a run is under way.
 */
const mail = { sent: [] as MailMessage[] };
const transport = { send: async (message: MailMessage) => void mail.sent.push(message) };
const TEAM = "equipo@amarre.test";

let fake: StripeFake;
let services: Services;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;
let person: Awaited<ReturnType<typeof createTestUser>>;
let booking: Booking;

beforeAll(async () => {
  fake = await startStripeFake();
  services = await createTestServices(
    { PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_ops", STRIPE_WEBHOOK_SECRET: "whsec_ops", STRIPE_API_BASE: fake.url, TEAM_EMAIL: TEAM },
    { mailTransport: transport },
  );
  admin = await createTestAdmin(services, { displayName: "Alba Admin" });
  person = await createTestUser(services, { displayName: "Pepa Persona" });
  const owner = await createOwner(services, { displayName: "Olga Owner" });
  // An instant booking paid at Checkout (the fake's completion, as the webhook hands it over): captured.
  const boat = await createBoat(services, owner.uid, { instantBooking: true });
  const start = addDays(today(new Date()), 30);
  const booked = await services.bookings.book({ uid: person.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
  const event = fake.completeCheckout(booked.money.reference!);
  const pi = (event.data as { object: { payment_intent: string } }).object.payment_intent;
  await services.bookings.paymentAuthorised({ bookingId: booked.id, checkout: booked.money.reference!, reference: pi, amountCents: booked.price.totalCents, currency: "eur" });
  booking = (await services.bookings.getFor(booked.id, owner.uid))!.booking;
}, 60_000);
afterAll(async () => {
  await services?.close();
  await fake?.close();
});

const context = () => loadContext(services);
const view = (cookie?: string, lang = "") => settle(() => loader({ request: cookie ? authedRequest(`${lang}/admin/operaciones`, cookie) : pageRequest(`${lang}/admin/operaciones`), params: {}, context: context() }));
const reconcile = (cookie: string, lang = "") => settle(() => action({ request: formPost(`${lang}/admin/operaciones`, { intent: "reconcile" }, cookie), params: {}, context: context() }));
const teamMail = () => mail.sent.filter((m) => m.to === TEAM);

describe("/admin/operaciones: the reconciliation with Stripe", { timeout: 60_000 }, () => {
  it("is the team's only: signed-out people sign in, others get the 403 every admin page gives", async () => {
    expect(statusOf(await view())).toBe(302);
    expect(statusOf(await view(person.cookie))).toBe(403);
    expect(statusOf(await reconcile(person.cookie))).toBe(403);
    expect(statusOf(await settle(() => action({ request: formPost("/admin/operaciones", { intent: "reconcile" }), params: {}, context: context() })))).toBe(302);
    expect(dataOf(await view(admin.cookie)).reconciliation).toEqual({ available: true, underWay: false, windowDays: 3, maxBookings: 500, last: null });
  });

  it("runs now from the button, back to the section with the run listed: no differences, the figures compared, no email", async () => {
    expect(booking.money.lines.find((l) => l.id === "rental")?.state).toBe("captured");
    const ran = await reconcile(admin.cookie);
    expect(statusOf(ran)).toBe(303);
    expect((ran as Response).headers.get("Location")).toBe("/admin/operaciones#conciliacion");
    expect((await followNotice(services, ran as Response, admin.cookie)).notice?.text).toBe("Conciliación terminada: el resultado está en «Conciliación con Stripe».");
    const { last } = dataOf(await view(admin.cookie)).reconciliation;
    expect(last).toMatchObject({ state: "done", by: { kind: "admin", uid: admin.uid, name: "Alba Admin" }, bookings: 1, objects: 1, differences: [], email: "none" });
    expect(last.ledger.capturedCents).toBe(booking.price.totalCents);
    expect(last.stripe.capturedCents).toBe(booking.price.totalCents);
    expect(teamMail()).toEqual([]);
  });

  it("lists a refund made at Stripe that the ledger does not know, and emails it to the team in Spanish", async () => {
    const planted = fake.balance.plant({ kind: "refund", paymentIntent: booking.money.reference!, amount: 50_00 });
    expect(statusOf(await reconcile(admin.cookie, "/en"))).toBe(303);
    const page = dataOf(await view(admin.cookie, "/en"));
    expect(page.reconciliation.last.differences).toEqual([
      expect.objectContaining({ bookingId: booking.id, bookingReference: booking.reference, line: null, object: "refund", kind: "missing", reference: planted.id, stripe: { cents: 50_00, state: "succeeded" } }),
    ]);
    expect(page.reconciliation.last.email).toBe("sent");
    // The page says it in its language.
    expect(differenceSentence(getFixedT("en", "admin"), "en", page.reconciliation.last.differences[0])).toBe(`Missing on the ledger: a refund of ${formatEuros(50_00, "en")} that Stripe has (${String(planted.id)}).`);
    const [email] = teamMail();
    expect(teamMail()).toHaveLength(1);
    expect(email!.subject).toBe("Conciliación con Stripe: 1 diferencia");
    expect(email!.text).toContain(`- ${booking.reference} (${booking.id}): Falta en el libro: una devolución de ${formatEuros(50_00, "es")} que Stripe tiene (${String(planted.id)}).`);
    expect(email!.text).toContain("/admin/operaciones#conciliacion");
    // Nothing corrected: the ledger still has no such refund.
    expect((await services.bookings.getFor(booking.id, person.uid))!.booking.money).toEqual(booking.money);
  });

  it("links each difference to the booking's page for the team: its ledger lines with Stripe's ids, and what was found", async () => {
    const open = (id: string, cookie?: string) => settle(() => bookingLoader({ request: cookie ? authedRequest(`/admin/reservas/${id}`, cookie) : pageRequest(`/admin/reservas/${id}`), params: { id }, context: context() }));
    expect(statusOf(await open(booking.id))).toBe(302);
    // Its own renter too gets the 403 every admin page gives.
    expect(statusOf(await open(booking.id, person.cookie))).toBe(403);
    expect(statusOf(await open("AAAAAAAAAAAAAAAAAAAA", admin.cookie))).toBe(404);
    const page = dataOf(await open(booking.id, admin.cookie));
    expect(page.booking).toMatchObject({ id: booking.id, reference: booking.reference, charges: true, paymentReference: booking.money.reference });
    expect(page.lines.find((l: { id: string }) => l.id === "rental")).toMatchObject({ state: "captured", reference: booking.money.reference, pending: false });
    expect(page.reconciliation.differences).toEqual([expect.objectContaining({ kind: "missing", object: "refund" })]);
  });

  it("answers 409 while a run is under way, and says so on the page", async () => {
    await services.store.set(RECONCILIATION_LOCK, "current", { runId: "run-elsewhere", at: new Date().toISOString() });
    const busy = await reconcile(admin.cookie, "/de");
    expect([statusOf(busy), dataOf(busy).errors.form]).toEqual([409, "Ein Abgleich läuft bereits: Warten Sie, bis er fertig ist, und laden Sie die Seite neu."]);
    expect(dataOf(await view(admin.cookie)).reconciliation.underWay).toBe(true);
    await services.store.delete(RECONCILIATION_LOCK, "current");
    expect(teamMail()).toHaveLength(1);
  });
});
