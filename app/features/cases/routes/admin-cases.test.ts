import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action as caseAction, loader as caseLoader } from "./admin-case";
import { loader as casesLoader } from "./admin-cases";

/**
 * The admin's cases pages with real Requests: the admin area's guards on every loader and action
 * (anonymous → sign in, signed-in non-admin → 403), the filtered list, and moving a case with a
 * comment (a value that is not a status 400, a step the lifecycle does not allow 409).
 */
let services: Services;
let adminCookie: string;
let person: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  person = await createTestUser(services, { displayName: "Pepa Persona" });
  adminCookie = (await createTestAdmin(services, { displayName: "Alba Admin" })).cookie;
});
afterAll(() => services.close());

const context = () => loadContext(services);
const thrownStatus = (result: unknown) => (result && typeof result === "object" && "init" in result ? statusOf(result) : statusOf(result));

async function newCase(boatName: string) {
  return services.cases.create({ type: "cambio-propiedad-barco", requesterUid: person.uid, contact: { name: "Pepa Persona", email: person.email, phone: null }, details: { boatName }, lang: "es" });
}
const list = (query: string, cookie?: string) => settle(() => casesLoader({ request: cookie ? authedRequest(`/admin/gestiones${query}`, cookie) : pageRequest(`/admin/gestiones${query}`), params: {}, context: context() }));
const view = (id: string, cookie?: string) => settle(() => caseLoader({ request: cookie ? authedRequest(`/admin/gestiones/${id}`, cookie) : pageRequest(`/admin/gestiones/${id}`), params: { id }, context: context() }));
const post = (id: string, fields: Record<string, string>, cookie: string, lang = "") => settle(() => caseAction({ request: formPost(`${lang}/admin/gestiones/${id}`, fields, cookie), params: { id }, context: context() }));

describe("/admin/gestiones", () => {
  it("sends anonymous people to sign in and refuses signed-in non-admins with 403, on every loader and action", async () => {
    const item = await newCase("Guardas");
    expect(statusOf(await list(""))).toBe(302);
    expect(statusOf(await view(item.id))).toBe(302);
    expect(thrownStatus(await list("", person.cookie))).toBe(403);
    expect(thrownStatus(await view(item.id, person.cookie))).toBe(403);
    // The guard is the only check of the admin role (the domain's team operations trust it): every intent is refused here.
    const teamIntents: Array<Record<string, string>> = [
      { intent: "status", status: "in_review", comment: "" },
      { intent: "quote", amount: "100", description: "x", validUntil: "2099-12-01" },
      { intent: "note", text: "x" },
      { intent: "message", text: "x" },
      { intent: "deliver" },
    ];
    for (const fields of teamIntents) {
      expect(thrownStatus(await post(item.id, fields, person.cookie))).toBe(403);
    }
    const untouched = (await services.cases.getFor(item.id, { uid: "x", role: "admin" }))!.item;
    expect({ notes: untouched.notes, quotes: untouched.quotes, history: untouched.history.length }).toEqual({ notes: [], quotes: [], history: 1 });
    expect((await services.cases.getFor(item.id, { uid: "x", role: "admin" }))?.item.status).toBe("received");
  });

  it("finds cases by the words of their text, status and type; invalid filters are left out and said", async () => {
    const item = await newCase("Velero Estrella Polar");
    const found = dataOf(await list("?q=estrella+POLAR", adminCookie));
    expect(found.items.map((c: { id: string }) => c.id)).toEqual([item.id]);
    expect(dataOf(await list("?q=estrella&status=completed", adminCookie)).items).toEqual([]);
    const odd = dataOf(await list("?q=estrella&status=nonsense&type=yacht&from=ayer", adminCookie));
    expect(odd.ignored).toEqual(["status", "type", "from"]);
    expect(odd.items.map((c: { id: string }) => c.id)).toEqual([item.id]);
  });

  it("moves a case with a comment; a non-status is a 400, a step the lifecycle does not allow a 409; notes and messages", async () => {
    const item = await newCase("Movimientos");
    const bad = await post(item.id, { intent: "status", status: "archived", comment: "" }, adminCookie, "/en");
    expect(statusOf(bad)).toBe(400);
    expect(dataOf(bad).errors).toEqual(["Choose one of the statuses."]);
    const skip = await post(item.id, { intent: "status", status: "completed", comment: "" }, adminCookie);
    expect(statusOf(skip)).toBe(409);
    expect(dataOf(skip).errors).toEqual(["La gestión no puede pasar a ese estado desde el actual."]);
    const moved = await post(item.id, { intent: "status", status: "in_review", comment: "Revisando el contrato" }, adminCookie);
    expect(statusOf(moved)).toBe(303);
    expect((moved as Response).headers.get("Location")).toBe(`/admin/gestiones/${item.id}`);
    expect((await followNotice(services, moved as Response)).notice?.key).toBe("admin:case.done.status");
    expect(statusOf(await post(item.id, { intent: "note", text: "Cliente habitual" }, adminCookie))).toBe(303);
    expect(statusOf(await post(item.id, { intent: "message", text: "¿Nos envías el contrato firmado?" }, adminCookie))).toBe(303);
    expect(statusOf(await post(item.id, { intent: "note", text: "  " }, adminCookie))).toBe(400);
    // Control characters (a %00, an escape) are refused with the field's message, nothing stored (issue 43).
    const control = "This text contains invisible control characters (such as NUL) that cannot be saved. Type it again or paste it as plain text.";
    const controls: Array<Record<string, string>> = [{ intent: "note", text: "Cliente\u0000 habitual" }, { intent: "message", text: "¿Nos\u001b envías el contrato?" }, { intent: "status", status: "in_progress", comment: "Revisado\u0007" }];
    for (const fields of controls) {
      const refused = await post(item.id, fields, adminCookie, "/en");
      expect(statusOf(refused), JSON.stringify(fields)).toBe(400);
      expect(dataOf(refused).errors).toEqual([control]);
    }
    const page = dataOf(await view(item.id, adminCookie));
    expect(page.item.history.map((h: { to: string; comment: string }) => [h.to, h.comment])).toEqual([["received", ""], ["in_review", "Revisando el contrato"]]);
    expect(page.item.notes.map((n: { text: string }) => n.text)).toEqual(["Cliente habitual"]);
    expect(page.next).toEqual(["waiting_documents", "in_progress", "rejected"]);
    // The requester sees the comment and the message, never the note.
    const theirs = await services.cases.getFor(item.id, { uid: person.uid, role: "user" });
    expect(theirs?.item.notes).toEqual([]);
    expect(theirs?.item.messages.map((m) => m.text)).toEqual(["¿Nos envías el contrato firmado?"]);
    expect(thrownStatus(await view("nonexistent00000000000", adminCookie))).toBe(404);
  });
  it("reads its forms through the body gate and one schema per intent: bodies no form sends are 400/413/415, a bad field a translated 400 with what was typed", async () => {
    const item = await newCase("Cuerpos");
    const raw = (init: RequestInit, lang = "") => settle(() => caseAction({ request: hostilePost(`${lang}/admin/gestiones/${item.id}`, adminCookie, init), params: { id: item.id }, context: context() }));
    const json = await raw(hostileBodies.json({ intent: "note", text: "hola" }), "/en");
    expect(statusOf(json)).toBe(415);
    expect(dataOf(json).formErrors).toHaveLength(1);
    expect(statusOf(await raw(hostileBodies.invalidUtf8()))).toBe(400);
    expect(statusOf(await raw(hostileBodies.megabytes("note", "text")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.manyFields("note")))).toBe(413);
    const broken = await raw(hostileBodies.brokenMultipart());
    expect(statusOf(broken)).toBe(400);
    expect(dataOf(broken)).toMatchObject({ intent: "deliver", errors: ["No hemos podido leer el envío. Inténtalo de nuevo."] });
    const quote = await post(item.id, { intent: "quote", amount: "12,345", description: "  ", validUntil: "2001-01-01" }, adminCookie, "/en");
    expect(statusOf(quote)).toBe(400);
    expect(Object.keys(dataOf(quote).fields)).toEqual(["amount", "description", "validUntil"]);
    expect(dataOf(quote).values).toMatchObject({ amount: "12,345", validUntil: "2001-01-01" });
    expect(dataOf(quote).fields.amount).toMatch(/^Enter an amount between €1 and €100,000/);
    const unknown = await post(item.id, { intent: "archive" }, adminCookie);
    expect(statusOf(unknown)).toBe(400);
    expect(dataOf(unknown).errors).toHaveLength(1);
    expect((await services.cases.getFor(item.id, { uid: person.uid, role: "user" }))?.item.messages).toEqual([]);
  });
});
