import { register } from "prom-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, createBookingsService, lineOf, today } from "#app/features/bookings/.server";
import { createHandoverService } from "#app/features/handover/.server";
import type { MailMessage } from "#app/.server/mail";
import { recordedWebhooks } from "#app/.server/operations";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action, loader } from "./operations";

/**
 * /admin/operaciones with real Requests on the embedded backend: the admin guard on the loader and
 * every intent; a scheduler that fails shown as failed with its message and counts; an email the
 * mail server refused listed, sent again (a transport that fails, then works) and off the list; a
 * Stripe delivery refused kept; a deposit claim stuck half-way finished once, whoever presses
 * again; and the counters of prom-client's default registry moved by each.
 */
// Working while the test people register (their welcome emails go out); each test says when it fails.
const mail = { failing: false, sent: [] as MailMessage[] };
const transport = {
  async send(message: MailMessage) {
    if (mail.failing) throw new Error("451 4.3.0 Mail server temporarily unavailable\n    at SMTPConnection._formatError");
    mail.sent.push(message);
  },
};

let services: Services;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;
let person: Awaited<ReturnType<typeof createTestUser>>;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  services = await createTestServices({}, { mailTransport: transport });
  admin = await createTestAdmin(services, { displayName: "Alba Admin" });
  person = await createTestUser(services, { displayName: "Pepa Persona" });
  owner = await createOwner(services, { displayName: "Olga Owner" });
}, 60_000);
afterAll(() => services.close());

const context = () => loadContext(services);
const view = (cookie?: string, lang = "") => settle(() => loader({ request: cookie ? authedRequest(`${lang}/admin/operaciones`, cookie) : pageRequest(`${lang}/admin/operaciones`), params: {}, context: context() }));
const post = (fields: Record<string, string>, cookie: string, lang = "") => settle(() => action({ request: formPost(`${lang}/admin/operaciones`, fields, cookie), params: {}, context: context() }));

/** A counter's value in the default registry for these labels (0 when never counted). */
async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const metric = register.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.find((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value))?.value ?? 0;
}

describe("/admin/operaciones", () => {
  it("sends anonymous people to sign in and refuses signed-in non-admins with 403, on the page and every intent", async () => {
    expect(statusOf(await view())).toBe(302);
    expect(statusOf(await view(person.cookie))).toBe(403);
    const intents: Array<Record<string, string>> = [{ intent: "retry-email", id: "x" }, { intent: "retry-all" }, { intent: "finish-claim", bookingId: "x" }, { intent: "reconcile" }];
    for (const fields of intents) {
      expect(statusOf(await post(fields, person.cookie))).toBe(403);
    }
    const page = dataOf(await view(admin.cookie));
    expect(page.instance.version).toBe("0.1.0");
    expect(Date.parse(page.instance.startedAt)).not.toBeNaN();
    // No payments provider: nothing moved through one, nothing to reconcile (the page says so; the button is not there).
    expect(page.reconciliation).toEqual({ available: false });
    const none = await post({ intent: "reconcile" }, admin.cookie, "/en");
    expect([statusOf(none), dataOf(none).errors.form]).toEqual([409, "Without a payments provider there is nothing to reconcile: nothing goes through Stripe."]);
  });

  it("shows a scheduler whose pass failed as failed, with its message (no stack) and its counts, and counts it", async () => {
    const before = await counted("amarre_scheduler_runs_total", { scheduler: "bookings-due", outcome: "failed" });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const applyDue = vi.spyOn(services.bookings, "applyDue").mockRejectedValueOnce(new Error("the store did not answer\n    at applyDue (due.ts:1)"));
    services.startBackgroundWork();
    // Only the first passes: the clocks stop, so no later pass (the deposit closings' every minute)
    // finishes a claim this file plants as stuck before its button is pressed.
    services.stopBackgroundWork();
    await vi.waitFor(() => expect(services.operations.schedulers().find((s) => s.name === "bookings-due")?.runs).toBe(1));
    applyDue.mockRestore();
    expect(errors).toHaveBeenCalledWith("[bookings-due] applying due expiries and completions failed:", expect.any(Error));
    const row = dataOf(await view(admin.cookie)).schedulers.find((s: { name: string }) => s.name === "bookings-due");
    expect(row).toMatchObject({ lastOutcome: "failed", lastError: "Error: the store did not answer", runs: 1, failures: 1, running: false });
    expect(await counted("amarre_scheduler_runs_total", { scheduler: "bookings-due", outcome: "failed" })).toBe(before + 1);
  });

  it("keeps an email the mail server refused, and sends it again from the page once it answers", async () => {
    const failedBefore = await counted("amarre_emails_total", { outcome: "failed" });
    const sentBefore = await counted("amarre_emails_total", { outcome: "sent" });
    mail.failing = true;
    mail.sent.length = 0;
    const email = await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "Tu reserva", text: "Hola" });
    expect(await counted("amarre_emails_total", { outcome: "failed" })).toBe(failedBefore + 1);
    const listed = dataOf(await view(admin.cookie)).emails;
    expect(listed).toEqual([expect.objectContaining({ id: email.id, to: person.email, subject: "Tu reserva", error: "451 4.3.0 Mail server temporarily unavailable", attempts: 1 })]);

    // Still refused: the page says so (in the page's language), and the email stays with one more attempt.
    const again = await post({ intent: "retry-email", id: email.id }, admin.cookie, "/en");
    expect(statusOf(again)).toBe(502);
    expect(dataOf(again).errors.form).toBe("The mail server refused it again: 451 4.3.0 Mail server temporarily unavailable");
    expect(dataOf(await view(admin.cookie)).emails[0].attempts).toBe(2);

    mail.failing = false;
    const sent = await post({ intent: "retry-email", id: email.id }, admin.cookie);
    expect(statusOf(sent)).toBe(303);
    expect((await followNotice(services, sent as Response, admin.cookie)).notice?.text).toBe("Correo reenviado.");
    expect(mail.sent).toEqual([{ to: person.email, subject: "Tu reserva", text: "Hola" }]);
    expect(dataOf(await view(admin.cookie)).emails).toEqual([]);
    expect(await counted("amarre_emails_total", { outcome: "sent" })).toBe(sentBefore + 1);
    // The email stayed in the person's mailbox all along.
    expect((await services.mailbox.list(person.uid)).map((e) => e.id)).toContain(email.id);

    // The same id again: gone from the list (404); a malformed id: 400; an unknown intent: 400.
    const gone = await post({ intent: "retry-email", id: email.id }, admin.cookie, "/fr");
    expect([statusOf(gone), dataOf(gone).errors.form]).toEqual([404, "Cet e-mail n’est plus dans la liste (renvoyé, ou inexistant)."]);
    const bad = await post({ intent: "retry-email", id: "../x" }, admin.cookie, "/de");
    expect([statusOf(bad), dataOf(bad).errors.form]).toEqual([400, "Die Kennung fehlt oder ist ungültig."]);
    const odd = await post({ intent: "drop-table" }, admin.cookie);
    expect([statusOf(odd), dataOf(odd).errors.form]).toEqual([400, "Esa acción no existe en esta página."]);
  });

  it("sends every failed email again at once and says how many went", async () => {
    mail.failing = true;
    await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "Uno", text: "1" });
    await services.mailbox.send({ to: "visitante@example.test", subject: "Dos", text: "2" });
    expect(dataOf(await view(admin.cookie)).emails.map((e: { subject: string }) => e.subject).sort()).toEqual(["Dos", "Uno"]);
    mail.failing = false;
    const all = await post({ intent: "retry-all" }, admin.cookie, "/en");
    expect(statusOf(all)).toBe(303);
    expect((await followNotice(services, all as Response, admin.cookie)).notice?.text).toBe("Sent again: 2. Still failing: 0.");
    expect(mail.sent.slice(-2).map((m) => m.to).sort()).toEqual([person.email, "visitante@example.test"].sort());
    expect(statusOf(await post({ intent: "retry-all" }, admin.cookie))).toBe(409);
  });

  it("lists an imported calendar in error by its listing and host, never its address's secret", async () => {
    const boatId = (await createBoat(services, owner.uid, { instantBooking: true })).id;
    const ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "END:VCALENDAR", ""].join("\r\n");
    const feed = await services.calendarSync.importText(owner.uid, boatId, "https://calendar.example.test/ical/s3cr3t-t0ken.ics", ics, { syncError: "timeout" });
    const page = dataOf(await view(admin.cookie));
    expect(page.feeds).toEqual([expect.objectContaining({ id: feed.id, listingId: boatId, host: "calendar.example.test", failures: 1, error: expect.objectContaining({ code: "timeout" }), nextSyncAt: feed.nextSyncAt })]);
    expect(JSON.stringify(page)).not.toContain("s3cr3t");
  });

  it("keeps a webhook delivery that failed, with its event's id and type, and counts every delivery", async () => {
    const before = await counted("amarre_webhook_deliveries_total", { provider: "stripe", outcome: "bad-signature" });
    const webhooks = recordedWebhooks({ handle: async () => ({ status: 400, result: "bad-signature", eventId: null }) }, { store: services.store });
    await webhooks.handle({ rawBody: JSON.stringify({ id: "evt_123", type: "checkout.session.completed" }), signature: "t=1,v1=nope" });
    expect(await counted("amarre_webhook_deliveries_total", { provider: "stripe", outcome: "bad-signature" })).toBe(before + 1);
    expect(dataOf(await view(admin.cookie)).webhooks).toEqual([expect.objectContaining({ eventId: "evt_123", eventType: "checkout.session.completed", reason: "bad-signature" })]);
  });
});

describe("deposit claims stuck half-way", () => {
  /** A finished one-day trip with its deposit held, claimed by the owner (the check-out noted the damage). */
  async function claimedTrip(): Promise<string> {
    const boatId = (await createBoat(services, owner.uid, { instantBooking: true })).id;
    const clock = new Date(Date.now() - 10 * 86_400_000);
    const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: services.payments, now: () => clock });
    const day = addDays(today(new Date()), -1);
    const booking = await bookings.book({ uid: person.uid, lang: "es" }, boatId, { start: day, end: day, part: null, people: 2, withSkipper: false });
    const onTheDay = new Date(`${day}T10:00:00Z`);
    const handover = createHandoverService({ store: services.store, blobs: services.blobs, bookings: services.bookings, listings: services.listings, now: () => onTheDay });
    await handover.record(person.uid, booking.id, "check-in", { fuelEighths: 8, engineHours: 100 });
    await handover.record(owner.uid, booking.id, "check-out", { fuelEighths: 4, engineHours: 103, notes: "Toldo bimini rasgado.", damage: true });
    await services.deposits.claim(owner.uid, booking.id, { amountCents: 200_00, reason: "Toldo roto", evidence: { quote: "bimini rasgado" } });
    return booking.id;
  }
  /** What a closing that stopped ten minutes ago left: its marker, the claim still open. */
  const stop = (bookingId: string, marker: Record<string, unknown>) =>
    services.store.create("deposit_claim_closings", bookingId, { by: admin.uid, at: new Date(Date.now() - 10 * 60_000).toISOString(), ...marker });
  const moneyOf = async (bookingId: string) => (await services.bookings.getFor(bookingId, owner.uid))!.booking.money;
  const finish = (bookingId: string, lang = "") => post({ intent: "finish-claim", bookingId }, admin.cookie, lang);

  it("finishes a decision stopped before the money moved, exactly once, whoever presses again", async () => {
    const id = await claimedTrip();
    await stop(id, { kind: "decide", keptCents: 150_00, note: "Se queda el toldo" });
    const listed = dataOf(await view(admin.cookie)).claims;
    expect(listed).toEqual([expect.objectContaining({ bookingId: id, kind: "decide", keptCents: 150_00, moneyMoved: false, owner: "Olga Owner", renter: "Pepa Persona" })]);

    const done = await finish(id);
    expect(statusOf(done)).toBe(303);
    expect((await followNotice(services, done as Response, admin.cookie)).notice?.text).toBe("Cierre terminado: la reclamación está cerrada.");
    const claim = await services.deposits.forBooking(id, { uid: admin.uid, role: "admin" });
    expect(claim).toMatchObject({ status: "decided", decision: { keptCents: 150_00, by: admin.uid, note: "Se queda el toldo" } });
    const money = await moneyOf(id);
    expect(money.lines.filter((l) => l.kind === "claim").map((l) => l.amountCents)).toEqual([150_00]);
    expect(lineOf(money, "deposit")).toMatchObject({ state: "released", amountCents: 350_00 });

    const twice = await finish(id, "/en");
    expect([statusOf(twice), dataOf(twice).errors.form]).toEqual([409, "That claim is not stuck half-way: it is closed already, or its closing is still under way."]);
    expect((await moneyOf(id)).lines.filter((l) => l.kind === "claim")).toHaveLength(1);
    expect(dataOf(await view(admin.cookie)).claims).toEqual([]);
  });

  it("two presses at once finish it once; a closing whose money moved already only writes the claim", async () => {
    const id = await claimedTrip();
    await stop(id, { kind: "withdraw" });
    const results = await Promise.all([finish(id), finish(id)]);
    expect(results.map(statusOf).sort()).toEqual([303, 409]);
    expect(await services.deposits.forBooking(id, { uid: admin.uid, role: "admin" })).toMatchObject({ status: "withdrawn" });
    expect(lineOf(await moneyOf(id), "deposit")).toMatchObject({ state: "released", amountCents: 500_00 });

    const moved = await claimedTrip();
    await stop(moved, { kind: "decide", keptCents: 80_00, note: "Parte" });
    await services.bookings.settleDeposit(moved, 80_00);
    expect(dataOf(await view(admin.cookie)).claims).toEqual([expect.objectContaining({ bookingId: moved, moneyMoved: true })]);
    expect(statusOf(await finish(moved))).toBe(303);
    expect((await moneyOf(moved)).lines.filter((l) => l.kind === "claim").map((l) => l.amountCents)).toEqual([80_00]);
    expect(await services.deposits.forBooking(moved, { uid: admin.uid, role: "admin" })).toMatchObject({ status: "decided", decision: { keptCents: 80_00 } });
  });

  it("leaves a closing under way alone, and answers an unknown claim with a 404", async () => {
    const id = await claimedTrip();
    await services.store.create("deposit_claim_closings", id, { by: admin.uid, kind: "decide", at: new Date().toISOString(), keptCents: 10_00, note: "x" });
    expect(dataOf(await view(admin.cookie)).claims).toEqual([]);
    expect(statusOf(await finish(id))).toBe(409);
    expect(lineOf(await moneyOf(id), "deposit")?.state).toBe("disputed");
    const unknown = await finish("AAAAAAAAAAAAAAAAAAAA", "/de");
    expect([statusOf(unknown), dataOf(unknown).errors.form]).toEqual([404, "Diese Forderung gibt es nicht."]);
  });
});
