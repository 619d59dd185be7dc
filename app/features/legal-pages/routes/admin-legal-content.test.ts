import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as contactLoader } from "#app/features/legal-pages/routes/contact";
import { loader as legalLoader } from "#app/features/legal-pages/routes/legal-page";
import { loader as contentsLoader } from "#app/features/service-pages/routes/admin-contents";
import { action as legalAction, loader as legalEditorLoader } from "./admin-legal-content";

/**
 * The team edits the legal texts without code: the guards of the editor and its action, saving
 * one language's text (seen at once on the public page, other languages untouched), the list at
 * /admin/contenidos, and bad input (400 with the fields' messages, nothing saved; unknown pages 404).
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
const request = (path: string, cookie?: string) => (cookie ? authedRequest(path, cookie) : pageRequest(path));
const edit = (key: string, fields: Record<string, string>, cookie?: string) =>
  settle(() => legalAction({ request: formPost(`/admin/contenidos/legal/${key}`, fields, cookie), params: { key }, context: context() }));

const german = {
  lang: "de",
  title: "Allgemeine Nutzungsbedingungen",
  summary: "Die Regeln für Inserate, Buchungen und Stornierungen auf Amarre.",
  body: "## 1. Geltung\nDiese Bedingungen gelten ab dem 1. Januar 2027.\n\n- Servicegebühr: 10 %",
};

describe("/admin/contenidos/legal/{key}", () => {
  it("sends anonymous people to sign in and refuses signed-in non-admins with 403, on the editor and its action", async () => {
    const attempts = [
      (cookie?: string) => settle(() => legalEditorLoader({ request: request("/admin/contenidos/legal/condiciones?lang=de", cookie), params: { key: "condiciones" }, context: context() })),
      (cookie?: string) => edit("condiciones", german, cookie),
    ];
    for (const attempt of attempts) {
      const anonymous = await attempt();
      expect(statusOf(anonymous)).toBe(302);
      expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login\?redirect=/);
      expect(statusOf(await attempt(person.cookie))).toBe(403);
    }
    expect((await services.legalPages.page("condiciones", "de")).title).toBe("Nutzungsbedingungen");
  });

  it("lists the five legal pages beside the service pages, and edits one language's text, seen at once", async () => {
    const list = dataOf(await contentsLoader({ request: request("/en/admin/contenidos", adminCookie), params: {}, context: context() }));
    expect(list.legal.map((page: { key: string; title: string }) => [page.key, page.title])).toEqual([
      ["aviso-legal", "Legal notice"],
      ["privacidad", "Privacy policy"],
      ["cookies", "Cookies policy"],
      ["condiciones", "Terms of use"],
      ["contacto", "Contact"],
    ]);
    const editor = dataOf(await legalEditorLoader({ request: request("/admin/contenidos/legal/condiciones?lang=de", adminCookie), params: { key: "condiciones" }, context: context() }));
    expect(editor.values).toMatchObject({ lang: "de", title: "Nutzungsbedingungen" });
    expect(editor.values.body).toContain("10 %");

    const spanishBefore = await services.legalPages.page("condiciones", "es");
    const saved = await edit("condiciones", german, adminCookie);
    expect(statusOf(saved)).toBe(303);
    expect((saved as Response).headers.get("Location")).toBe("/admin/contenidos/legal/condiciones?lang=de");
    expect((await followNotice(services, saved as Response)).notice?.key).toBe("admin:legalContents.saved");
    const page = dataOf(await settle(() => legalLoader({ request: pageRequest("/de/condiciones"), params: {}, context: context() })));
    expect(page.texts).toEqual({ title: german.title, summary: german.summary, body: german.body });
    expect(page.meta.title).toBe("Allgemeine Nutzungsbedingungen | Amarre");
    expect(await services.legalPages.page("condiciones", "es")).toEqual(spanishBefore);
    const listed = dataOf(await contentsLoader({ request: request("/admin/contenidos", adminCookie), params: {}, context: context() }));
    expect(listed.legal.find((row: { key: string }) => row.key === "condiciones").updatedAt).toMatch(/^\d{4}-/);

    // The contact page's text is edited the same way.
    expect(statusOf(await edit("contacto", { lang: "es", title: "Habla con nosotros", summary: "Respondemos en un día laborable.", body: "Escríbenos cuando quieras." }, adminCookie))).toBe(303);
    const contact = dataOf(await settle(() => contactLoader({ request: pageRequest("/contacto"), params: {}, context: context() })));
    expect(contact.texts.title).toBe("Habla con nosotros");
  });

  it("answers bad input with 400 and the fields' messages, saving nothing; an unknown page is a 404", async () => {
    const before = await services.legalPages.get("cookies");
    const bad = await edit("cookies", { lang: "it", title: "", summary: "corto", body: "" }, adminCookie);
    expect(statusOf(bad)).toBe(400);
    expect(Object.keys(dataOf(bad).result.error).sort()).toEqual(["body", "lang", "summary", "title"]);
    expect(await services.legalPages.get("cookies")).toEqual(before);
    const unknown = await settle(() => legalEditorLoader({ request: request("/admin/contenidos/legal/nada", adminCookie), params: { key: "nada" }, context: context() }));
    expect(statusOf(unknown)).toBe(404);
    expect(statusOf(await edit("nada", german, adminCookie))).toBe(404);
  });
});
