import { expect, it } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import type { DocumentStore } from "#app/.server/store";
import { createInvoicesService } from "#app/features/invoices/.server";
import { CaseError, MAX_DOCUMENTS, type Case } from "./model";
import { createCasesService, type CaseEvent, type Viewer } from "./service";

/**
 * Quotes, results and the completion rules of a case, run on each store (SQLite and Firestore):
 * quote → accept (invoiced once, in series F) → in progress → deliver → complete; a declined and
 * a replaced quote; a quote past its day; completion without the documents asked for; and
 * simultaneous uploads that must never take a case past its cap.
 */
export function quotesSuite(get: () => { store: DocumentStore; blobs: BlobStore }) {
  const admin: Viewer = { uid: "team-1", role: "admin" };
  const requester: Viewer = { uid: "req-1", role: "user" };
  const stranger: Viewer = { uid: "someone", role: "user" };
  const pdf = () => new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  let clock = new Date("2026-11-26T10:00:00Z");

  function setup() {
    const { store, blobs } = get();
    const events: Array<[CaseEvent, string]> = [];
    const invoices = createInvoicesService({
      store,
      users: { getMany: async () => new Map() },
      subjectTitle: async () => "—",
      platform: { name: "Amarre Marketplace S.L.", taxId: "B67294813", address: "Passeig Marítim 32, Palma" },
      now: () => clock,
    });
    const cases = createCasesService({
      store,
      blobs,
      now: () => clock,
      notify: async (event, item) => void events.push([event, item.id]),
      invoiceQuote: async (item, quote) =>
        void (await invoices.issueForCaseQuote({ caseId: item.id, reference: item.reference, caseType: item.type, n: quote.n, requesterUid: item.requesterUid!, requesterName: item.contact.name, title: "Matriculación del barco", description: quote.description, amountCents: quote.amountCents, acceptedAt: quote.answeredAt! })),
    });
    return { cases, invoices, events, store };
  }

  async function refusal(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (error) {
      if (error instanceof CaseError) return { code: error.code, reason: error.reason };
      throw error;
    }
    throw new Error("expected a refusal");
  }

  async function newCase(cases: ReturnType<typeof setup>["cases"], type: Case["type"] = "matriculacion-barco") {
    const item = await cases.create({ type, requesterUid: requester.uid, contact: { name: "Lucía Martín", email: "lucia@amarre.test", phone: null }, details: { boatName: "Brisa" }, lang: "es" });
    await cases.move(item.id, admin, "in_review", "");
    return item;
  }

  it("quote → accept (invoiced once, F series) → in progress → deliver → complete; only the requester answers", async () => {
    clock = new Date("2026-11-26T10:00:00Z");
    const { cases, invoices, events } = setup();
    const item = await newCase(cases);
    // Work does not start without an accepted quote.
    expect(await refusal(cases.move(item.id, admin, "in_progress", ""))).toMatchObject({ code: "needs-quote" });
    const quoted = await cases.sendQuote(item.id, admin, { amountCents: 12_100, description: "Matriculación con tasas", validUntil: "2026-12-10" });
    expect(quoted.status).toBe("quoted");
    expect(quoted.quotes).toMatchObject([{ n: 1, status: "pending", amountCents: 12_100, validUntil: "2026-12-10", byUid: admin.uid }]);
    expect(events).toContainEqual(["quote", item.id]);
    expect(await refusal(cases.acceptQuote(item.id, stranger, 1))).toMatchObject({ code: "not-found" });
    expect(await refusal(cases.acceptQuote(item.id, admin, 1))).toMatchObject({ code: "not-found" });
    expect(await refusal(cases.acceptQuote(item.id, requester, 2))).toMatchObject({ code: "stale-quote" });
    const accepted = await cases.acceptQuote(item.id, requester, 1);
    expect(accepted.status).toBe("in_progress");
    expect(accepted.quotes[0]).toMatchObject({ status: "accepted", answeredAt: clock.toISOString() });
    expect(accepted.history.at(-1)).toMatchObject({ from: "quoted", to: "in_progress", by: "requester" });
    expect(events).toContainEqual(["quote-accepted", item.id]);
    expect(await refusal(cases.acceptQuote(item.id, requester, 1))).toMatchObject({ code: "stale-quote" });

    const invoice = await invoices.getFor(`case_${item.id}_quote_1`, requester);
    expect(invoice).toMatchObject({
      series: "F",
      kind: "paperwork",
      bookingId: null,
      caseId: item.id,
      // The case by its type (named in the reader's language when read) and its reference, never its id.
      subject: { kind: "case", caseType: "matriculacion-barco", title: "Matriculación del barco", reference: item.reference },
      seller: { uid: null, taxId: "B67294813" },
      buyer: { uid: requester.uid, name: "Lucía Martín" },
      lines: [{ kind: "paperwork", quantity: 1, amountCents: 12_100, description: "Matriculación con tasas" }],
      vatPercent: 21,
      baseCents: 10_000,
      vatCents: 2_100,
      totalCents: 12_100,
    });
    expect(await invoices.getFor(`case_${item.id}_quote_1`, stranger)).toBeNull();
    // Asked again (a retried acceptance, the seed): nothing new, no number taken.
    expect(item.reference).toMatch(/^GES-[2-9A-HJ-NP-Z]{5}$/);
    expect(await invoices.issueForCaseQuote({ caseId: item.id, reference: item.reference, caseType: item.type, n: 1, requesterUid: requester.uid, requesterName: "x", title: "x", description: "x", amountCents: 12_100, acceptedAt: clock.toISOString() })).toEqual([]);
    expect((await invoices.listFor(requester.uid)).received.filter((entry) => entry.caseId === item.id)).toHaveLength(1);

    // Completing needs a result document after an accepted quote; delivering needs the team and work in progress.
    expect(await refusal(cases.move(item.id, admin, "completed", ""))).toMatchObject({ code: "needs-result" });
    const delivered = await cases.deliver(item.id, admin, [{ name: "permiso-navegacion.pdf", bytes: pdf() }]);
    expect(delivered.documents.filter((doc) => doc.result).map((doc) => [doc.name, doc.by])).toEqual([["permiso-navegacion.pdf", "team"]]);
    expect(events).toContainEqual(["delivered", item.id]);
    const resultId = delivered.documents.find((doc) => doc.result)!.id;
    expect(await cases.document(item.id, resultId, requester)).not.toBeNull();
    expect(await cases.document(item.id, resultId, admin)).not.toBeNull();
    expect(await cases.document(item.id, resultId, stranger)).toBeNull();
    expect(await cases.document(item.id, resultId, null)).toBeNull();
    const done = await cases.move(item.id, admin, "completed", "Listo");
    expect(done.status).toBe("completed");
    expect(await refusal(cases.deliver(item.id, admin, [{ name: "tarde.pdf", bytes: pdf() }]))).toMatchObject({ code: "invalid-transition", reason: "completed" });
  });

  it("a declined quote sends the case back to review with the reason; a new quote replaces an unanswered one", async () => {
    clock = new Date("2026-11-26T10:00:00Z");
    const { cases, events } = setup();
    const item = await newCase(cases);
    await cases.sendQuote(item.id, admin, { amountCents: 30_000, description: "Primera oferta", validUntil: "2026-12-01" });
    const replaced = await cases.sendQuote(item.id, admin, { amountCents: 25_000, description: "Segunda oferta", validUntil: "2026-12-01" });
    expect(replaced.quotes.map((quote) => [quote.n, quote.status])).toEqual([
      [1, "superseded"],
      [2, "pending"],
    ]);
    expect(await refusal(cases.acceptQuote(item.id, requester, 1))).toMatchObject({ code: "stale-quote" });
    const declined = await cases.declineQuote(item.id, requester, 2, "Es demasiado caro");
    expect(declined.status).toBe("in_review");
    expect(declined.quotes[1]).toMatchObject({ status: "declined", reason: "Es demasiado caro" });
    expect(declined.history.at(-1)).toMatchObject({ from: "quoted", to: "in_review", by: "requester", comment: "Es demasiado caro" });
    expect(events).toContainEqual(["quote-declined", item.id]);
    expect(await refusal(cases.acceptQuote(item.id, requester, 2))).toMatchObject({ code: "stale-quote" });
    // Bad quotes: no amount, no text, a day in the past; a contact message has nothing to quote.
    expect(await refusal(cases.sendQuote(item.id, admin, { amountCents: 0, description: "x", validUntil: "2026-12-01" }))).toMatchObject({ code: "invalid", reason: "amount" });
    expect(await refusal(cases.sendQuote(item.id, admin, { amountCents: 1_000, description: "  ", validUntil: "2026-12-01" }))).toMatchObject({ code: "invalid", reason: "description" });
    expect(await refusal(cases.sendQuote(item.id, admin, { amountCents: 1_000, description: "x", validUntil: "2026-11-25" }))).toMatchObject({ code: "invalid", reason: "validUntil" });
    const contact = await newCase(cases, "contact");
    expect(await refusal(cases.sendQuote(contact.id, admin, { amountCents: 1_000, description: "x", validUntil: "2026-12-01" }))).toMatchObject({ code: "invalid-transition" });
    // …and it can be worked on and closed without one.
    await cases.move(contact.id, admin, "in_progress", "");
    expect((await cases.move(contact.id, admin, "completed", "Respondido")).status).toBe("completed");
  });

  it("a quote past its valid-until day (Madrid) cannot be accepted, only declined", async () => {
    clock = new Date("2026-11-26T10:00:00Z");
    const { cases } = setup();
    const item = await newCase(cases);
    await cases.sendQuote(item.id, admin, { amountCents: 5_000, description: "ITB", validUntil: "2026-11-30" });
    // 23:30 in Madrid on the 30th is still the 30th; 00:30 on 1 December is not.
    clock = new Date("2026-11-30T23:30:00Z");
    expect(await refusal(cases.acceptQuote(item.id, requester, 1))).toMatchObject({ code: "quote-expired" });
    expect((await cases.getFor(item.id, requester))!.item.status).toBe("quoted");
    clock = new Date("2026-11-30T22:30:00Z");
    expect((await cases.acceptQuote(item.id, requester, 1)).status).toBe("in_progress");
    const other = await newCase(cases);
    await cases.sendQuote(other.id, admin, { amountCents: 5_000, description: "ITB", validUntil: "2026-12-01" });
    clock = new Date("2026-12-05T10:00:00Z");
    expect(await refusal(cases.acceptQuote(other.id, requester, 1))).toMatchObject({ code: "quote-expired" });
    expect((await cases.declineQuote(other.id, requester, 1, "")).status).toBe("in_review");
  });

  it("a case waiting for documents completes only once they arrive or with the team's reason", async () => {
    clock = new Date("2026-11-26T10:00:00Z");
    const { cases } = setup();
    const item = await newCase(cases);
    await cases.sendQuote(item.id, admin, { amountCents: 5_000, description: "Cambio de propiedad", validUntil: "2026-12-10" });
    await cases.acceptQuote(item.id, requester, 1);
    await cases.deliver(item.id, admin, [{ name: "borrador.pdf", bytes: pdf() }]);
    await cases.move(item.id, admin, "waiting_documents", "Falta tu DNI");
    await cases.move(item.id, admin, "in_progress", "Seguimos mientras tanto");
    expect(await refusal(cases.move(item.id, admin, "completed", "Hecho"))).toMatchObject({ code: "needs-reason" });
    expect(await refusal(cases.move(item.id, admin, "completed", "Hecho", { waiver: "   " }))).toMatchObject({ code: "needs-reason" });
    const done = await cases.move(item.id, admin, "completed", "Hecho", { waiver: "Capitanía aceptó el pasaporte que ya teníamos" });
    expect(done.history.at(-1)).toMatchObject({ to: "completed", waiver: "Capitanía aceptó el pasaporte que ya teníamos" });

    // Documents that arrive after the request lift the rule.
    const other = await newCase(cases);
    await cases.sendQuote(other.id, admin, { amountCents: 5_000, description: "x", validUntil: "2026-12-10" });
    await cases.acceptQuote(other.id, requester, 1);
    await cases.move(other.id, admin, "waiting_documents", "Falta tu DNI");
    clock = new Date("2026-11-26T11:00:00Z");
    await cases.addDocuments(other.id, requester, [{ name: "dni.pdf", bytes: pdf() }]);
    await cases.move(other.id, admin, "in_progress", "");
    await cases.deliver(other.id, admin, [{ name: "resultado.pdf", bytes: pdf() }]);
    const closed = await cases.move(other.id, admin, "completed", "");
    expect(closed.history.at(-1)!.waiver).toBeUndefined();
  });

  it(`eight simultaneous uploads never take a case past ${MAX_DOCUMENTS} documents`, async () => {
    clock = new Date("2026-11-26T10:00:00Z");
    const { cases } = setup();
    const item = await newCase(cases);
    for (let i = 0; i < 11; i++) await cases.addDocuments(item.id, admin, [{ name: `equipo-${i}.pdf`, bytes: pdf() }]);
    await cases.move(item.id, admin, "waiting_documents", "Sube las fotos");
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => cases.addDocuments(item.id, requester, Array.from({ length: 3 }, (_, j) => ({ name: `foto-${i}-${j}.pdf`, bytes: pdf() })))),
    );
    const stored = (await cases.getFor(item.id, admin))!.item.documents;
    const accepted = results.filter((result) => result.status === "fulfilled").length;
    expect(stored.length).toBeLessThanOrEqual(MAX_DOCUMENTS);
    expect(stored.length).toBe(11 + accepted * 3);
    expect(accepted).toBe(3);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "too-many-documents" });
  }, 60_000);
}
