import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action as adminAction, loader as adminLoader } from "#app/features/cases/routes/admin-case";
import { loader as documentLoader } from "#app/features/cases/routes/case-document";
import { loader as invoicePdfLoader } from "#app/features/invoices/routes/invoice-pdf";
import { loader as invoicesLoader } from "#app/features/invoices/routes/invoices";
import { action as caseAction, loader as caseLoader } from "./case";
import { addDays, today } from "#app/features/bookings/.server";

/**
 * Quotes and results through the real pages: the team quotes (`intent=quote`) and delivers
 * (`intent=deliver`, multipart) on /admin/gestiones/{id}; the requester accepts or declines on
 * /ajustes/mis-gestiones/{id} and downloads the results and the invoice. Every guard: another
 * person gets 404 on the loader and the actions, a non-admin cannot quote or deliver, bad input
 * is a 400 with a message per field in the page's language, a quote past its day a 409, and too
 * many case messages a 429 with Retry-After.
 */
let services: Services;
let requester: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;

beforeAll(async () => {
  services = await createTestServices();
  requester = await createTestUser(services, { displayName: "Quima Quote" });
  stranger = await createTestUser(services, { displayName: "Sam Stranger" });
  admin = await createTestAdmin(services, { displayName: "Ada Admin" });
});
afterAll(() => services.close());

const context = () => loadContext(services);
const pdf = (): Uint8Array<ArrayBuffer> => new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
// Days as the marketplace counts them (Madrid), as the quote's validity is judged: between 23:00 and
// midnight UTC in winter, UTC's date is already yesterday there.
const inDays = (days: number) => addDays(today(new Date()), days);

async function newCase() {
  const item = await services.cases.create({ type: "matriculacion-barco", requesterUid: requester.uid, contact: { name: "Quima Quote", email: requester.email, phone: null }, details: { boatName: "Gaviota" }, lang: "es" });
  await services.cases.move(item.id, { uid: admin.uid }, "in_review", "");
  return item;
}
const adminPost = (id: string, fields: Record<string, string>, cookie: string, lang = "") => settle(() => adminAction({ request: formPost(`${lang}/admin/gestiones/${id}`, fields, cookie), params: { id }, context: context() }));
const adminView = (id: string, cookie: string) => settle(() => adminLoader({ request: authedRequest(`/admin/gestiones/${id}`, cookie), params: { id }, context: context() }));
const requesterPost = (id: string, fields: Record<string, string>, cookie: string, lang = "") => settle(() => caseAction({ request: formPost(`${lang}/ajustes/mis-gestiones/${id}`, fields, cookie), params: { id }, context: context() }));
const requesterView = (id: string, cookie: string, lang = "") => settle(() => caseLoader({ request: authedRequest(`${lang}/ajustes/mis-gestiones/${id}`, cookie), params: { id }, context: context() }));
function deliver(id: string, cookie: string, files: Array<[string, Uint8Array<ArrayBuffer>]>, lang = "") {
  const form = new FormData();
  form.append("intent", "deliver");
  for (const [name, bytes] of files) form.append("documents", new Blob([bytes], { type: "application/pdf" }), name);
  return settle(() => adminAction({ request: authedRequest(`${lang}/admin/gestiones/${id}`, cookie, { method: "POST", body: form }), params: { id }, context: context() }));
}
const download = (caseId: string, documentId: string, cookie?: string) =>
  documentLoader({ request: cookie ? authedRequest(`/resources/case-document/${caseId}/${documentId}`, cookie) : pageRequest(`/resources/case-document/${caseId}/${documentId}`), params: { caseId, documentId }, context: context() }) as Promise<Response>;
const thrownStatus = (result: unknown) => statusOf(result);

describe("paperwork quotes and results through the pages", () => {
  it("quote → accept → deliver → download → complete; the invoice shows on the case and in /ajustes/facturas", async () => {
    const item = await newCase();
    const sent = await adminPost(item.id, { intent: "quote", amount: "145,50", description: "Matriculación y tasas de Capitanía", validUntil: inDays(10) }, admin.cookie);
    expect(statusOf(sent)).toBe(303);
    expect((sent as Response).headers.get("Location")).toBe(`/admin/gestiones/${item.id}`);
    expect((await followNotice(services, sent as Response)).notice?.key).toBe("admin:case.done.quote");
    const page = dataOf(await requesterView(item.id, requester.cookie));
    expect(page.item.status).toBe("quoted");
    expect(page.quotes).toEqual([expect.objectContaining({ n: 1, amountCents: 14_550, description: "Matriculación y tasas de Capitanía", status: "pending", expired: false, invoice: null })]);
    const mail = await services.mailbox.list(requester.uid);
    expect(mail[0]!.subject.replace(/\s/g, " ")).toBe("Presupuesto para tu gestión de Matriculación del barco: 145,50 €");
    expect(mail[0]!.text).toContain("Incluye: Matriculación y tasas de Capitanía");

    const accepted = await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, requester.cookie);
    expect(statusOf(accepted)).toBe(303);
    expect((accepted as Response).headers.get("Location")).toBe(`/ajustes/mis-gestiones/${item.id}`);
    expect((await followNotice(services, accepted as Response)).notice?.key).toBe("cases:quote.accepted");
    const after = dataOf(await requesterView(item.id, requester.cookie));
    expect(after.item.status).toBe("in_progress");
    expect(after.quotes[0]).toMatchObject({ status: "accepted", invoice: { id: `case_${item.id}_quote_1`, number: expect.stringMatching(/^F-\d{4}-\d{6}$/) } });
    // Emailed both ways: the requester, and the team member who sent the quote.
    expect((await services.mailbox.list(requester.uid))[0]!.subject).toBe("Presupuesto aceptado: tu gestión de Matriculación del barco está en curso");
    expect((await services.mailbox.list(admin.uid))[0]!.subject).toBe(`Presupuesto aceptado: Matriculación del barco (${item.reference})`);

    // The invoice: in the requester's list (no booking behind it), as a PDF for her and the team only.
    const invoices = dataOf(await settle(() => invoicesLoader({ request: authedRequest("/ajustes/facturas", requester.cookie), params: {}, context: context() })));
    expect(invoices.received.rows).toEqual([expect.objectContaining({ id: `case_${item.id}_quote_1`, kind: "paperwork", subject: `Matriculación del barco · ${item.reference}`, totalCents: 14_550 })]);
    const invoiceId = `case_${item.id}_quote_1`;
    const pdfFor = (cookie: string) => invoicePdfLoader({ request: authedRequest(`/resources/invoice/${invoiceId}?lang=es`, cookie), params: { invoiceId }, context: context() }) as Promise<Response>;
    expect((await pdfFor(requester.cookie)).status).toBe(200);
    expect((await pdfFor(admin.cookie)).status).toBe(200);
    expect((await pdfFor(stranger.cookie)).status).toBe(404);

    const delivered = await deliver(item.id, admin.cookie, [["permiso-navegacion.pdf", pdf()]]);
    expect(statusOf(delivered)).toBe(303);
    const withResult = dataOf(await requesterView(item.id, requester.cookie));
    const result = withResult.item.documents.find((doc: { result: boolean }) => doc.result);
    expect(result).toMatchObject({ name: "permiso-navegacion.pdf", by: "team" });
    expect((await download(item.id, result.id, requester.cookie)).status).toBe(200);
    expect((await download(item.id, result.id, admin.cookie)).status).toBe(200);
    expect((await download(item.id, result.id, stranger.cookie)).status).toBe(404);
    expect((await download(item.id, result.id)).status).toBe(404);
    expect(statusOf(await adminPost(item.id, { intent: "status", status: "completed", comment: "Listo" }, admin.cookie))).toBe(303);
    expect(dataOf(await adminView(item.id, admin.cookie)).item.status).toBe("completed");
  });

  it("another person gets 404 on the page and on every action; a non-admin cannot quote or deliver", async () => {
    const item = await newCase();
    await adminPost(item.id, { intent: "quote", amount: "90", description: "ITB", validUntil: inDays(5) }, admin.cookie);
    expect(statusOf(await requesterView(item.id, stranger.cookie))).toBe(404);
    expect(statusOf(await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, stranger.cookie))).toBe(404);
    expect(statusOf(await requesterPost(item.id, { intent: "decline-quote", quote: "1" }, stranger.cookie))).toBe(404);
    // The admin sees the case, but answering the quote is the requester's alone.
    expect(statusOf(await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, admin.cookie))).toBe(404);
    for (const cookie of [requester.cookie, stranger.cookie]) {
      expect(thrownStatus(await adminPost(item.id, { intent: "quote", amount: "10", description: "x", validUntil: inDays(5) }, cookie))).toBe(403);
      expect(thrownStatus(await deliver(item.id, cookie, [["x.pdf", pdf()]]))).toBe(403);
      expect(thrownStatus(await adminView(item.id, cookie))).toBe(403);
    }
    expect(dataOf(await requesterView(item.id, requester.cookie)).quotes).toHaveLength(1);
  });

  it("bad input is a 400 with a message per field in the page's language; steps out of turn are 409", async () => {
    const item = await newCase();
    const bad = await adminPost(item.id, { intent: "quote", amount: "mucho", description: "  ", validUntil: "2020-01-01" }, admin.cookie, "/en");
    expect(statusOf(bad)).toBe(400);
    expect(dataOf(bad).fields).toEqual({
      amount: "Enter an amount between €1 and €100,000, for example 145.50.",
      description: "Say what the quote covers.",
      validUntil: "Choose a date from today up to 365 days ahead.",
    });
    expect(dataOf(bad).values).toMatchObject({ amount: "mucho", validUntil: "2020-01-01" });
    const far = await adminPost(item.id, { intent: "quote", amount: "100", description: "x", validUntil: inDays(400) }, admin.cookie, "/de");
    expect(statusOf(far)).toBe(400);
    expect(dataOf(far).fields).toEqual({ validUntil: "Wählen Sie ein Datum von heute bis in 365 Tagen." });
    // Work does not start, nor results arrive, before an accepted quote.
    const early = await adminPost(item.id, { intent: "status", status: "in_progress", comment: "" }, admin.cookie, "/fr");
    expect(statusOf(early)).toBe(409);
    expect(dataOf(early).errors).toEqual(["Le travail commence quand le demandeur accepte un devis : envoyez-en un d’abord."]);
    const soon = await deliver(item.id, admin.cookie, [["x.pdf", pdf()]]);
    expect(statusOf(soon)).toBe(409);
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    await adminPost(item.id, { intent: "quote", amount: "100", description: "x", validUntil: inDays(5) }, admin.cookie);
    await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, requester.cookie);
    const fake = await deliver(item.id, admin.cookie, [["resultado.pdf", html]], "/en");
    expect(statusOf(fake)).toBe(400);
    expect(dataOf(fake).fields).toEqual({ documents: "“resultado.pdf” is not a PDF, JPEG or PNG." });
    const none = await deliver(item.id, admin.cookie, []);
    expect(statusOf(none)).toBe(400);
    // Completing needs the result; a bad quote number is a 400; an answered quote a 409.
    expect(statusOf(await adminPost(item.id, { intent: "status", status: "completed", comment: "" }, admin.cookie))).toBe(409);
    expect(statusOf(await requesterPost(item.id, { intent: "accept-quote", quote: "uno" }, requester.cookie))).toBe(400);
    const again = await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, requester.cookie, "/en");
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again).errors).toEqual(["This quote is no longer pending: reload the page to see the current one."]);
    // Control characters (a %00, an escape) in the quote's description or a decline's reason: the field's message, nothing stored (issue 43).
    const other = await newCase();
    const control = "This text contains invisible control characters (such as NUL) that cannot be saved. Type it again or paste it as plain text.";
    const described = await adminPost(other.id, { intent: "quote", amount: "100", description: "ITB\u0000", validUntil: inDays(5) }, admin.cookie, "/en");
    expect(statusOf(described)).toBe(400);
    expect(dataOf(described).fields).toEqual({ description: control });
    expect(dataOf(await requesterView(other.id, requester.cookie)).quotes).toHaveLength(0);
    expect(statusOf(await adminPost(other.id, { intent: "quote", amount: "100", description: "ITB", validUntil: inDays(5) }, admin.cookie))).toBe(303);
    const declined = await requesterPost(other.id, { intent: "decline-quote", quote: "1", reason: "Muy\u001b caro" }, requester.cookie, "/en");
    expect(statusOf(declined)).toBe(400);
    expect(dataOf(declined).errors).toEqual([control]);
    expect(dataOf(await requesterView(other.id, requester.cookie)).quotes).toEqual([expect.objectContaining({ status: "pending" })]);
  });

  it("a case waiting for documents completes only with the team's reason, a required field", async () => {
    const item = await newCase();
    await adminPost(item.id, { intent: "quote", amount: "60", description: "Cambio de lista", validUntil: inDays(5) }, admin.cookie);
    await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, requester.cookie);
    await adminPost(item.id, { intent: "status", status: "waiting_documents", comment: "Falta el DNI" }, admin.cookie);
    expect(dataOf(await adminView(item.id, admin.cookie)).documentsOutstanding).toBe(true);
    await adminPost(item.id, { intent: "status", status: "in_progress", comment: "" }, admin.cookie);
    await deliver(item.id, admin.cookie, [["hoja.pdf", pdf()]]);
    const refused = await adminPost(item.id, { intent: "status", status: "completed", comment: "" }, admin.cookie, "/fr");
    expect(statusOf(refused)).toBe(400);
    expect(dataOf(refused).fields).toEqual({ waiver: "Expliquez pourquoi la démarche se termine sans les documents demandés." });
    // What was chosen and typed comes back with the refusal.
    expect(dataOf(refused).values).toMatchObject({ status: "completed", comment: "" });
    expect(statusOf(await adminPost(item.id, { intent: "status", status: "completed", comment: "", waiver: "Ya constaba en Capitanía" }, admin.cookie))).toBe(303);
    const seen = dataOf(await requesterView(item.id, requester.cookie));
    expect(seen.item.history.at(-1)).toMatchObject({ to: "completed", waiver: "Ya constaba en Capitanía" });
  });

  it("declining sends the case back to review; a quote past its day cannot be accepted (409, translated)", async () => {
    const item = await newCase();
    await adminPost(item.id, { intent: "quote", amount: "300", description: "Abanderamiento", validUntil: inDays(3) }, admin.cookie);
    expect(statusOf(await requesterPost(item.id, { intent: "decline-quote", quote: "1", reason: "Lo haré yo" }, requester.cookie))).toBe(303);
    expect(dataOf(await adminView(item.id, admin.cookie)).item.status).toBe("in_review");
    expect((await services.mailbox.list(admin.uid))[0]!.subject).toBe(`Presupuesto rechazado: Matriculación del barco (${item.reference})`);

    // A quote whose day has passed (stored as the team sent it days ago).
    await adminPost(item.id, { intent: "quote", amount: "250", description: "Segunda oferta", validUntil: inDays(0) }, admin.cookie);
    const stored = await services.store.get<{ quotes: Array<{ validUntil: string }> }>("cases", item.id);
    await services.store.update("cases", item.id, { quotes: stored!.quotes.map((quote, index) => (index === 1 ? { ...quote, validUntil: "2026-01-01" } : quote)) });
    const view = dataOf(await requesterView(item.id, requester.cookie, "/de"));
    expect(view.quotes.find((quote: { n: number }) => quote.n === 2)).toMatchObject({ status: "pending", expired: true });
    const late = await requesterPost(item.id, { intent: "accept-quote", quote: "2" }, requester.cookie, "/de");
    expect(statusOf(late)).toBe(409);
    expect(dataOf(late).errors).toEqual(["Dieses Angebot ist abgelaufen und kann nicht mehr angenommen werden. Schreiben Sie dem Team, um ein neues anzufordern."]);
    expect(dataOf(await requesterView(item.id, requester.cookie)).item.status).toBe("quoted");
  });

  it("a visitor's case: the quote is answered once the claim link has put the case in their account", async () => {
    const veraEmail = `vera-${Date.now()}@example.com`;
    const item = await services.cases.create({ type: "itb-barco", requesterUid: null, contact: { name: "Vera Visitante", email: veraEmail, phone: null }, details: { boatName: "Lubina" }, lang: "es" });
    await services.cases.move(item.id, { uid: admin.uid }, "in_review", "");
    await adminPost(item.id, { intent: "quote", amount: "80", description: "ITB", validUntil: inDays(5) }, admin.cookie);
    const vera = await createTestUser(services, { displayName: "Vera Visitante", email: veraEmail });
    // Before the link, the case is not hers: answering is a 404.
    expect(statusOf(await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, vera.cookie))).toBe(404);
    const token = services.cases.claimLink(item)!;
    const claimed = await settle(() => caseLoader({ request: authedRequest(`/ajustes/mis-gestiones/${item.id}?vincular=${token}`, vera.cookie), params: { id: item.id }, context: context() }));
    expect(statusOf(claimed)).toBe(303);
    expect(statusOf(await requesterPost(item.id, { intent: "accept-quote", quote: "1" }, vera.cookie))).toBe(303);
    expect(await services.invoices.getFor(`case_${item.id}_quote_1`, { uid: vera.uid, role: "user" })).toMatchObject({ buyer: { uid: vera.uid }, totalCents: 8_000 });
  });

  it("limits a requester's case messages: the 21st in ten minutes is a 429 with Retry-After", async () => {
    const item = await newCase();
    const chatty = await createTestUser(services, { displayName: "Charla" });
    const own = await services.cases.create({ type: "contact", requesterUid: chatty.uid, contact: { name: "Charla", email: chatty.email, phone: null }, details: { notes: "hola" }, lang: "es" });
    for (let i = 0; i < 20; i++) expect(statusOf(await requesterPost(own.id, { intent: "message", message: `Mensaje ${i}` }, chatty.cookie))).toBe(303);
    const limited = await requesterPost(own.id, { intent: "message", message: "Uno más" }, chatty.cookie, "/en");
    expect(statusOf(limited)).toBe(429);
    const retryAfter = Number(new Headers((limited as { init: ResponseInit }).init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(dataOf(limited).errors[0]).toMatch(/^You have sent many messages in a row\. You can write again in \d+ min\.$/);
    expect((await services.cases.getFor(own.id, { uid: chatty.uid, role: "user" }))!.item.messages).toHaveLength(20);
    // Someone else's limit is their own.
    expect(statusOf(await requesterPost(item.id, { intent: "message", message: "¿Alguna novedad?" }, requester.cookie))).toBe(303);
  });
});
