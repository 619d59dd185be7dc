import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { deleteField } from "#app/.server/store";
import { createTestServices, createTestUser } from "#tests/test-services";
import { CaseError, caseStatuses, searchTokens, type Case } from "./model";
import { createCaseNotifier } from "./notifications";
import { renderSystemEmail } from "#app/features/mailbox/.server";
import { createCasesService, type Viewer } from "./service";

/**
 * The cases domain on the real embedded store and blob port: requests with documents checked by
 * their bytes, the lifecycle, who sees what, messages and notes, visitors' cases tied to their
 * account later, and the admin's filtered free-text search.
 */
let services: Services;
let cases: ReturnType<typeof createCasesService>;
const emails: Array<[string, string]> = [];

beforeAll(async () => {
  services = await createTestServices();
  cases = createCasesService({ store: services.store, blobs: services.blobs, notify: async (event, item) => void emails.push([event, item.id]) });
});
afterAll(() => services.close());

const pdf = () => new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde]);
const admin: Viewer = { uid: "admin-1", role: "admin" };
const requester: Viewer = { uid: "person-1", role: "user" };
const stranger: Viewer = { uid: "person-2", role: "user" };

async function request(overrides: Partial<Parameters<typeof cases.create>[0]> = {}): Promise<Case> {
  return cases.create({
    type: "matriculacion-barco",
    requesterUid: requester.uid,
    contact: { name: "Lucía Martín", email: "Lucia@Amarre.test ", phone: "+34 600 000 000" },
    details: { boatName: "Brisa del Sur", lengthM: 7.5, notes: "Necesito matricular mi lancha nueva en Palma" },
    lang: "es",
    documents: [{ name: "factura.pdf", bytes: pdf() }],
    ...overrides,
  });
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

describe("cases: requests and documents", () => {
  it("creates a received case with its documents recognised by their bytes", async () => {
    const item = await request({ documents: [{ name: "../../factura.pdf", bytes: pdf() }, { name: "foto.png", bytes: png() }] });
    expect(item).toMatchObject({ status: "received", contact: { email: "lucia@amarre.test" }, history: [{ from: null, to: "received", by: "requester" }] });
    expect(item.documents.map((d) => [d.name, d.contentType])).toEqual([
      ["factura.pdf", "application/pdf"],
      ["foto.png", "image/png"],
    ]);
    expect(emails).toContainEqual(["received", item.id]);
    const download = await cases.document(item.id, item.documents[0].id, requester);
    expect(new TextDecoder().decode(download!.bytes)).toMatch(/^%PDF-1\.4/);
  });

  it("refuses an HTML file named .pdf, an empty file and one over 10 MB, storing nothing", async () => {
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    expect(await refusal(request({ documents: [{ name: "factura.pdf", bytes: html }] }))).toEqual({ code: "invalid-document", reason: "unsupported-type" });
    expect(await refusal(request({ documents: [{ name: "vacío.pdf", bytes: new Uint8Array() }] }))).toEqual({ code: "invalid-document", reason: "empty" });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf());
    expect(await refusal(request({ documents: [{ name: "grande.pdf", bytes: big }] }))).toEqual({ code: "invalid-document", reason: "too-large" });
    // A good file before a bad one is not left behind.
    const before = (await cases.listForRequester(requester.uid)).length;
    expect(await refusal(request({ documents: [{ name: "ok.pdf", bytes: pdf() }, { name: "mal.pdf", bytes: html }] }))).toMatchObject({ code: "invalid-document" });
    expect((await cases.listForRequester(requester.uid)).length).toBe(before);
  });
});

describe("cases: who sees what", () => {
  it("shows a case to its requester (without internal notes) and to the team; nobody else, documents included", async () => {
    const item = await request();
    await cases.addNote(item.id, admin, "Llamar a Capitanía el lunes");
    const own = await cases.getFor(item.id, requester);
    expect(own?.as).toBe("requester");
    expect(own?.item.notes).toEqual([]);
    expect((await cases.getFor(item.id, admin))?.item.notes.map((n) => n.text)).toEqual(["Llamar a Capitanía el lunes"]);
    for (const viewer of [stranger, null]) {
      expect(await cases.getFor(item.id, viewer)).toBeNull();
      expect(await cases.document(item.id, item.documents[0].id, viewer)).toBeNull();
    }
    // The team's operations (notes, moves) trust the admin guard of their routes (features/cases/routes/admin-cases.test.ts).
    expect(await refusal(cases.addMessage(item.id, stranger, "hola"))).toMatchObject({ code: "not-found" });
    expect(await cases.getFor("nonsense", admin)).toBeNull();
  });
});

describe("cases: the lifecycle", () => {
  it("moves through every status with comments; wrong steps are refused; the requester is emailed each time", async () => {
    // A contact message: nothing to quote, so the team starts the work itself (quotes: quotes.suite.ts).
    const item = await request({ type: "contact" });
    const path = ["in_review", "waiting_documents", "in_progress", "waiting_documents", "in_progress", "completed"] as const;
    for (const to of path) await cases.move(item.id, admin, to, `Paso a ${to}`, to === "completed" ? { waiver: "No hacían falta" } : {});
    const done = (await cases.getFor(item.id, requester))!.item;
    expect(done.history.map((h) => [h.from, h.to, h.comment])).toEqual([
      [null, "received", ""],
      ["received", "in_review", "Paso a in_review"],
      ["in_review", "waiting_documents", "Paso a waiting_documents"],
      ["waiting_documents", "in_progress", "Paso a in_progress"],
      ["in_progress", "waiting_documents", "Paso a waiting_documents"],
      ["waiting_documents", "in_progress", "Paso a in_progress"],
      ["in_progress", "completed", "Paso a completed"],
    ]);
    expect(emails.filter(([event, id]) => event === "status" && id === item.id)).toHaveLength(path.length);
    expect(await refusal(cases.move(item.id, admin, "in_review", ""))).toEqual({ code: "invalid-transition", reason: "completed" });
    const other = await request();
    expect(await refusal(cases.move(other.id, admin, "completed", ""))).toEqual({ code: "invalid-transition", reason: "received" });
    expect(await refusal(cases.move(other.id, admin, "nonsense" as never, ""))).toMatchObject({ code: "invalid-transition" });
    expect(caseStatuses).toEqual(["received", "in_review", "quoted", "waiting_documents", "in_progress", "completed", "rejected"]);
  });

  it("lets the requester add documents only while the case waits for them; the team at any time", async () => {
    const item = await request();
    expect(await refusal(cases.addDocuments(item.id, requester, [{ name: "dni.png", bytes: png() }]))).toEqual({ code: "invalid-transition", reason: "received" });
    await cases.addDocuments(item.id, admin, [{ name: "borrador.pdf", bytes: pdf() }]);
    await cases.move(item.id, admin, "in_review", "");
    await cases.move(item.id, admin, "waiting_documents", "Falta el DNI");
    const added = await cases.addDocuments(item.id, requester, [{ name: "dni.png", bytes: png() }]);
    expect(added.documents.map((d) => [d.name, d.by])).toEqual([
      ["factura.pdf", "requester"],
      ["borrador.pdf", "team"],
      ["dni.png", "requester"],
    ]);
  });

  it("keeps messages both ways; the team's reach the requester by email", async () => {
    const item = await request();
    await cases.addMessage(item.id, requester, "¿Cuánto tardará?");
    await cases.addMessage(item.id, admin, "Unos diez días");
    const seen = (await cases.getFor(item.id, requester))!.item;
    expect(seen.messages.map((m) => [m.from, m.text])).toEqual([
      ["requester", "¿Cuánto tardará?"],
      ["team", "Unos diez días"],
    ]);
    expect(emails.filter(([event, id]) => event === "message" && id === item.id)).toHaveLength(1);
  });
});

describe("cases: visitors and the admin's search", () => {
  it("finds cases by status, type, dates and every word of the text, accents and case aside", async () => {
    const target = await request({ type: "itb-barco", details: { boatName: "Gaviota Azul", notes: "Inspección técnica en Dénia" }, documents: [] });
    await request({ type: "itb-barco", details: { boatName: "Gaviota Roja", notes: "Inspección en Palma" }, documents: [] });
    const ids = async (filters: Parameters<typeof cases.search>[0]) => (await cases.search(filters)).items.map((c) => c.id);
    expect(await ids({ text: "gaviota DENIA" })).toEqual([target.id]);
    expect(await ids({ text: "INSPECCION", type: "itb-barco" })).toHaveLength(2);
    expect(await ids({ text: "gaviota", status: "completed" })).toEqual([]);
    expect(await ids({ text: target.id })).toEqual([target.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids({ text: "gaviota azul", from: today, to: today })).toEqual([target.id]);
    expect(await ids({ text: "gaviota azul", to: "2000-01-01" })).toEqual([]);
    expect(searchTokens("Cambio de lista 6ª — Dénia", 7.5)).toEqual(["cambio", "de", "lista", "6a", "denia"]);
  });

  it("lists a word's cases from their word entries, whose rows follow each change of the case", async () => {
    const item = await request({ type: "itb-barco", details: { boatName: "Cormoran Lento", notes: "Revisión" }, documents: [] });
    const row = async () => (await cases.search({ text: "cormoran" })).items;
    expect(await row()).toEqual([{ id: item.id, reference: item.reference, type: "itb-barco", status: "received", createdAt: item.createdAt, name: item.contact.name, email: item.contact.email, visitor: false, subject: null, quoteExpired: false }]);
    await cases.move(item.id, admin, "in_review", "");
    expect((await row()).map((found) => found.status)).toEqual(["in_review"]);
    expect(await cases.search({ text: "cormoran", status: "received" })).toMatchObject({ items: [], total: 0 });
    // An entry written before rows were kept: its case is read instead, the same row shown.
    const entries = await services.store.query<{ id: string; row?: unknown }>({ collection: "case_words", where: [["caseId", "==", item.id]] });
    for (const entry of entries) await services.store.update("case_words", entry.id, { row: deleteField() });
    expect((await row()).map((found) => [found.id, found.status, found.reference])).toEqual([[item.id, "in_review", item.reference]]);
  });

  it("counts cases by status and type for the dashboard, with the oldest open first", async () => {
    const { byStatus, byType, lastWeek, oldestOpen } = await cases.overview();
    const total = (await cases.search({})).total;
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(sum(byStatus)).toBe(total);
    expect(sum(byType)).toBe(total);
    // The demo cases and these tests' were all written just now.
    expect(lastWeek).toBe(total);
    expect(byStatus.received).toBeGreaterThan(0);
    expect(byType["matriculacion-barco"]).toBeGreaterThan(0);
    expect(oldestOpen.length).toBeGreaterThan(0);
    for (let i = 1; i < oldestOpen.length; i++) expect(oldestOpen[i - 1].createdAt <= oldestOpen[i].createdAt).toBe(true);
  });
});

describe("cases: the requester's emails", () => {
  it("emails the requester in the request's language on receipt, on each status change with the comment, and on the team's messages", async () => {
    const person = await createTestUser(services, { displayName: "Nora Náutica" });
    const item = await services.cases.create({
      type: "matriculacion-barco",
      requesterUid: person.uid,
      contact: { name: "Nora Náutica", email: person.email, phone: null },
      details: { boatName: "Albatros" },
      lang: "en",
    });
    await services.cases.move(item.id, admin, "in_review", "We are checking the invoice");
    await services.cases.addMessage(item.id, admin, "Could you send the builder's certificate?");
    const mail = (await services.mailbox.list(person.uid)).map((email) => email.subject);
    expect(mail.slice(0, 3)).toEqual([
      "A message about your Boat registration request",
      "Your Boat registration request: In review",
      "We have received your request: Boat registration",
    ]);
    const statusEmail = (await services.mailbox.list(person.uid)).find((email) => email.subject.endsWith("In review"))!;
    expect(statusEmail.text).toContain("The team's comment: We are checking the invoice");
    // The case by its reference; its id only in the link.
    expect(statusEmail.text).toContain(`reference ${item.reference}`);
  });

  it("emails a visitor through SMTP with a fresh signed link, in their language; an account with that address gets only an invitation", async () => {
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    const delivered: Array<{ uid: string; subject: string; text: string; link: string | null | undefined }> = [];
    const late = { withEmails: null as ReturnType<typeof createCasesService> | null };
    const notify = createCaseNotifier({
      mailbox: {
        deliver: async (email) => {
          delivered.push({ uid: email.uid, link: email.link, ...("email" in email ? renderSystemEmail(email.lang, email.email) : email) });
          return Promise.resolve({} as never);
        },
        send: async (email) => Boolean(sent.push({ to: email.to, ...("email" in email ? renderSystemEmail(email.lang, email.email) : email) })),
      },
      link: (item, lang) => `https://amarre.test${lang === "es" ? "" : `/${lang}`}/ajustes/mis-gestiones/${item.id}?vincular=${late.withEmails!.claimLink(item)}`,
      findAccount: async (email) => (email === "ana@amarre.test" ? "ana-1" : null),
    });
    const withEmails = createCasesService({ store: services.store, blobs: services.blobs, notify, claimSecrets: ["test-secret"] });
    late.withEmails = withEmails;
    const item = await withEmails.create({ type: "limpieza", requesterUid: null, contact: { name: "Jean", email: "jean@example.fr", phone: null }, details: { port: "Sóller" }, lang: "fr" });
    await withEmails.move(item.id, admin, "in_review", "Nous vérifions la date");
    expect(sent.map((email) => [email.to, email.subject])).toEqual([
      ["jean@example.fr", expect.stringContaining("Nettoyage")],
      ["jean@example.fr", expect.stringContaining("En examen")],
    ]);
    expect(sent[0]!.text).toMatch(new RegExp(`/fr/ajustes/mis-gestiones/${item.id}\\?vincular=v1\\.\\d+\\.[A-Za-z0-9_-]{43}`));
    expect(sent[0]!.text).toMatch(/créez un compte gratuit avec cette même adresse/);
    expect(sent[0]!.text).toContain("dans les 7 jours");
    expect(sent[1]!.text).toContain("Nous vérifions la date");
    expect(delivered).toEqual([]);

    // A stranger files a request with Ana's address: her mailbox gets an invitation naming the
    // type and reference with the link — not the stranger's name or text — and the case is not hers.
    sent.length = 0;
    const spoofed = await withEmails.create({ type: "contact", requesterUid: null, contact: { name: "Mallory Spoof", email: "ana@amarre.test", phone: null }, details: { message: "Pay here: evil.example" }, lang: "en" });
    expect(sent).toEqual([]);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ uid: "ana-1", subject: `Is this request yours? Contact (${spoofed.reference})` });
    expect(delivered[0]!.link).toContain(`/en/ajustes/mis-gestiones/${spoofed.id}?vincular=v1.`);
    expect(delivered[0]!.text).not.toMatch(/Mallory|evil\.example/);
    expect(spoofed.requesterUid).toBeNull();
    // Later emails about it go to the address only (never the account's mailbox).
    await withEmails.move(spoofed.id, admin, "in_review", "");
    expect(delivered).toHaveLength(1);
    expect(sent.map((email) => email.to)).toEqual(["ana@amarre.test"]);
  });
});
