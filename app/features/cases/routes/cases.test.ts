import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as documentLoader } from "#app/features/cases/routes/case-document";
import { loader as adminCaseLoader } from "#app/features/cases/routes/admin-case";
import { loader as adminCasesLoader } from "#app/features/cases/routes/admin-cases";
import { loader as adminDashboardLoader } from "#app/features/admin/routes/dashboard";
import { action as caseAction, loader as caseLoader } from "./case";
import { loader as casesLoader } from "./cases";

/**
 * The requester's case pages and the document downloads with real Requests: every guard
 * (anonymous, another person, the requester, the admin), adding documents only while the case
 * waits for them (checked by their bytes), and messages to the team.
 */
let services: Services;
let requester: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
let adminCookie: string;
let adminUid: string;

beforeAll(async () => {
  services = await createTestServices();
  requester = await createTestUser(services, { displayName: "Rosa Requester" });
  stranger = await createTestUser(services, { displayName: "Sam Stranger" });
  const admin = await createTestAdmin(services, { displayName: "Ada Admin" });
  adminUid = admin.uid;
  adminCookie = admin.cookie;
});
afterAll(() => services.close());

const context = () => loadContext(services);
const pdf = (): Uint8Array<ArrayBuffer> => new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function newCase() {
  return services.cases.create({
    type: "matriculacion-barco",
    requesterUid: requester.uid,
    contact: { name: "Rosa Requester", email: requester.email, phone: null },
    details: { boatName: "Rosa de los Vientos" },
    lang: "es",
    documents: [{ name: "factura.pdf", bytes: pdf() }],
  });
}
const loadCase = (id: string, cookie?: string) => settle(() => caseLoader({ request: cookie ? authedRequest(`/ajustes/mis-gestiones/${id}`, cookie) : pageRequest(`/ajustes/mis-gestiones/${id}`), params: { id }, context: context() }));
const download = (caseId: string, documentId: string, cookie?: string) =>
  documentLoader({ request: cookie ? authedRequest(`/resources/case-document/${caseId}/${documentId}`, cookie) : pageRequest(`/resources/case-document/${caseId}/${documentId}`), params: { caseId, documentId }, context: context() }) as Promise<Response>;
function upload(id: string, cookie: string, files: Array<[string, Uint8Array<ArrayBuffer>, string]>, lang = "") {
  const form = new FormData();
  for (const [name, bytes, type] of files) form.append("documents", new Blob([bytes], { type }), name);
  return settle(() => caseAction({ request: authedRequest(`${lang}/ajustes/mis-gestiones/${id}`, cookie, { method: "POST", body: form }), params: { id }, context: context() }));
}

describe("/ajustes/mis-gestiones", () => {
  it("lists the person's own cases only", async () => {
    const item = await newCase();
    const mine = dataOf(await settle(() => casesLoader({ request: authedRequest("/ajustes/mis-gestiones", requester.cookie), params: {}, context: context() })));
    expect(mine.items.map((c: { id: string }) => c.id)).toContain(item.id);
    const theirs = dataOf(await settle(() => casesLoader({ request: authedRequest("/ajustes/mis-gestiones", stranger.cookie), params: {}, context: context() })));
    expect(theirs.items).toEqual([]);
    expect(statusOf(await settle(() => casesLoader({ request: pageRequest("/ajustes/mis-gestiones"), params: {}, context: context() })))).toBe(302);
  });

  it("guards the case page and its documents: anonymous to sign-in or 404, another person 404, the requester and the admin in", async () => {
    const item = await newCase();
    await services.cases.addNote(item.id, { uid: adminUid }, "Nota interna");
    expect(statusOf(await loadCase(item.id))).toBe(302);
    expect(statusOf(await loadCase(item.id, stranger.cookie))).toBe(404);
    const own = dataOf(await loadCase(item.id, requester.cookie));
    expect(own.item.documents).toHaveLength(1);
    expect(JSON.stringify(own)).not.toContain("Nota interna");
    expect(statusOf(await settle(() => caseAction({ request: formPost(`/ajustes/mis-gestiones/${item.id}`, { intent: "message", message: "hola" }, stranger.cookie), params: { id: item.id }, context: context() })))).toBe(404);

    const documentId = own.item.documents[0].id;
    expect((await download(item.id, documentId)).status).toBe(404);
    expect((await download(item.id, documentId, stranger.cookie)).status).toBe(404);
    for (const cookie of [requester.cookie, adminCookie]) {
      const response = await download(item.id, documentId, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="factura.pdf"; filename*=UTF-8''factura.pdf`);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(new TextDecoder().decode(await response.arrayBuffer())).toMatch(/^%PDF/);
    }
    expect((await download(item.id, "nope", requester.cookie)).status).toBe(404);
    expect((await download("__proto__", documentId, adminCookie)).status).toBe(404);
  });

  it("takes documents only while the case waits for them, checked by their bytes, with translated refusals", async () => {
    const item = await newCase();
    expect(statusOf(await upload(item.id, requester.cookie, [["dni.pdf", pdf(), "application/pdf"]]))).toBe(409);
    const admin = { uid: adminUid, role: "admin" as const };
    await services.cases.move(item.id, admin, "in_review", "");
    await services.cases.move(item.id, admin, "waiting_documents", "Falta el DNI");
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const fake = await upload(item.id, requester.cookie, [["dni.pdf", html, "application/pdf"]], "/en");
    expect(statusOf(fake)).toBe(400);
    expect(dataOf(fake).errors).toEqual(["“dni.pdf” is not a PDF, JPEG or PNG."]);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf());
    const tooBig = await upload(item.id, requester.cookie, [["enorme.pdf", big, "application/pdf"]]);
    expect(statusOf(tooBig)).toBe(400);
    expect(dataOf(tooBig).errors).toEqual(["«enorme.pdf» pesa más de 10 MB."]);
    const ok = await upload(item.id, requester.cookie, [["a=b;dni.pdf", pdf(), "application/pdf"]]);
    expect(statusOf(ok)).toBe(303);
    expect((ok as Response).headers.get("Location")).toBe(`/ajustes/mis-gestiones/${item.id}`);
    expect((await followNotice(services, ok as Response)).notice?.key).toBe("cases:detail.uploaded");
    const names = dataOf(await loadCase(item.id, requester.cookie)).item.documents.map((d: { name: string }) => d.name);
    expect(names).toEqual(["factura.pdf", "a=b;dni.pdf"]);
  });

  it("sends messages to the team; an empty one is a 400", async () => {
    const item = await newCase();
    const post = (message: string, lang = "") => settle(() => caseAction({ request: formPost(`${lang}/ajustes/mis-gestiones/${item.id}`, { intent: "message", message }, requester.cookie), params: { id: item.id }, context: context() }));
    const empty = await post("   ", "/fr");
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty).errors).toEqual(["Écrivez votre message."]);
    // A control character (a %00, an escape) is refused with the field's message, nothing stored (issue 43).
    const control = await post("¿Necesitáis\u0000 algo?", "/en");
    expect(statusOf(control)).toBe(400);
    expect(dataOf(control).errors).toEqual(["This text contains invisible control characters (such as NUL) that cannot be saved. Type it again or paste it as plain text."]);
    expect(statusOf(await post("¿Necesitáis algo más?"))).toBe(303);
    expect(dataOf(await loadCase(item.id, requester.cookie)).item.messages).toEqual([expect.objectContaining({ from: "requester", text: "¿Necesitáis algo más?" })]);
  });
  it("reads its forms through the body gate and one schema per intent: bodies no form sends are 400/413/415, a bad field a translated 400", async () => {
    const item = await newCase();
    const raw = (init: RequestInit, lang = "") => settle(() => caseAction({ request: hostilePost(`${lang}/ajustes/mis-gestiones/${item.id}`, requester.cookie, init), params: { id: item.id }, context: context() }));
    const json = await raw(hostileBodies.json({ intent: "message", message: "hola" }), "/en");
    expect(statusOf(json)).toBe(415);
    expect(dataOf(json).formErrors).toHaveLength(1);
    expect(statusOf(await raw(hostileBodies.invalidUtf8()))).toBe(400);
    expect(statusOf(await raw(hostileBodies.megabytes("message", "message")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.manyFields("message")))).toBe(413);
    const broken = await raw(hostileBodies.brokenMultipart());
    expect(statusOf(broken)).toBe(400);
    expect(dataOf(broken).intent).toBe("documents");
    const post = (fields: Record<string, string>, lang = "") => settle(() => caseAction({ request: formPost(`${lang}/ajustes/mis-gestiones/${item.id}`, fields, requester.cookie), params: { id: item.id }, context: context() }));
    const badQuote = await post({ intent: "accept-quote", quote: "first" }, "/en");
    expect(statusOf(badQuote)).toBe(400);
    expect(dataOf(badQuote)).toEqual({ intent: "accept-quote", errors: ["This quote is no longer pending: reload the page to see the current one."] });
    const unknown = await post({ intent: "archive" });
    expect(statusOf(unknown)).toBe(400);
    expect(dataOf(unknown).intent).toBe("message");
    expect(dataOf(await loadCase(item.id, requester.cookie)).item.messages).toEqual([]);
  });
});

describe("case references", () => {
  const REFERENCE = /^GES-[2-9A-HJ-NP-Z]{5}$/;

  it("name a case by GES- and five characters wherever a person reads it, never by its id: list, page, email, the team's list, page and dashboard, and the search", async () => {
    const item = await newCase();
    expect(item.reference).toMatch(REFERENCE);
    // Claimed in a document of its own beside the case: the same reference twice is impossible.
    expect(await services.store.get("case_references", item.reference)).toMatchObject({ caseId: item.id });
    const others = await Promise.all([1, 2, 3].map(() => newCase()));
    expect(new Set([item, ...others].map((other) => other.reference)).size).toBe(4);

    const list = dataOf(await settle(() => casesLoader({ request: authedRequest("/ajustes/mis-gestiones", requester.cookie), params: {}, context: context() })));
    expect(list.items.find((row: { id: string }) => row.id === item.id)).toMatchObject({ reference: item.reference });
    const page = dataOf(await loadCase(item.id, requester.cookie));
    expect(page.item.reference).toBe(item.reference);
    // The receipt email quotes the reference; the id is only in the link.
    const receipt = (await services.mailbox.list(requester.uid)).find((email) => email.text.includes(item.reference));
    expect(receipt?.subject).toContain("Matriculación del barco");
    expect(receipt?.text.replace(/https?:\/\/\S+/g, "")).not.toContain(item.id);

    const team = dataOf(await settle(() => adminCaseLoader({ request: authedRequest(`/admin/gestiones/${item.id}`, adminCookie), params: { id: item.id }, context: context() })));
    expect(team.item.reference).toBe(item.reference);
    // The team finds it by the reference as people quote it (any case, with or without the dash).
    for (const typed of [item.reference, item.reference.toLowerCase(), item.reference.replace("-", " ")]) {
      const found = dataOf(await settle(() => adminCasesLoader({ request: authedRequest(`/admin/gestiones?q=${encodeURIComponent(typed)}`, adminCookie), params: {}, context: context() })));
      expect(found.items.map((row: { id: string; reference: string }) => [row.id, row.reference]), typed).toEqual([[item.id, item.reference]]);
    }
    const dashboard = dataOf(await settle(() => adminDashboardLoader({ request: authedRequest("/admin/dashboard", adminCookie), params: {}, context: context() })));
    for (const row of dashboard.cases.oldestOpen) expect(row.reference).toMatch(REFERENCE);
  });

  it("are backfilled on cases stored without one, the derived candidate first, and found by it", async () => {
    const item = await newCase();
    await services.store.delete("case_references", item.reference);
    await services.store.update("cases", item.id, { reference: null });
    await services.store.delete("migrations", "case-references-v1");
    // Read before the backfill: the derived reference, the same the backfill stores.
    const derived = dataOf(await loadCase(item.id, requester.cookie)).item.reference;
    expect(derived).toBe(item.reference);
    expect(await services.cases.backfillReferences()).toBeGreaterThanOrEqual(1);
    expect(await services.store.get("cases", item.id)).toMatchObject({ reference: derived });
    expect(await services.store.get("case_references", derived)).toMatchObject({ caseId: item.id });
    const found = dataOf(await settle(() => adminCasesLoader({ request: authedRequest(`/admin/gestiones?q=${derived}`, adminCookie), params: {}, context: context() })));
    expect(found.items.map((row: { id: string }) => row.id)).toEqual([item.id]);
    expect(await services.cases.backfillReferences()).toBe(0);
  });
});
