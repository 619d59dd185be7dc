import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { renderSystemEmail } from "#app/features/mailbox/.server";
import type { Services } from "#app/.server/services";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { legalPageKeys } from "#app/features/legal-pages/legal-pages";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as adminCaseLoader } from "#app/features/cases/routes/admin-case";
import { loader as adminCasesLoader } from "#app/features/cases/routes/admin-cases";
import { loader as myCasesLoader } from "#app/features/cases/routes/cases";
import { action as contactAction, loader as contactLoader } from "./contact";
import { loader as legalLoader } from "./legal-page";

/**
 * The legal pages and the contact form with real Requests on the embedded backend: each page in
 * four languages shows the text kept in the store (and an edit at once); the contact form makes
 * a case of type `contact` the team sees (a visitor gets the confirmation page and an email, a
 * signed-in person the case in their list), bad input is a 400 with translated field messages,
 * the honeypot is refused and the per-address limit answers 429.
 */
let services: Services;
let adminCookie: string;
let person: Awaited<ReturnType<typeof createTestUser>>;
let address = 0;

beforeAll(async () => {
  services = await createTestServices();
  person = await createTestUser(services, { displayName: "Pilar Patrón" });
  adminCookie = (await createTestAdmin(services, { displayName: "Alba Admin" })).cookie;
});
afterAll(() => services.close());

// Each test sends from its own address, so the per-address limit is only met where it is tested.
const context = (clientAddress = `10.13.0.${++address}`) => ({ ...loadContext(services), clientAddress });
const headersOf = (result: unknown) => new Headers((result as { init: ResponseInit | null }).init?.headers);
const prefixes = { es: "", en: "/en", fr: "/fr", de: "/de" } as const;
const paths = { "aviso-legal": "/aviso-legal", privacidad: "/privacidad", cookies: "/cookies", condiciones: "/condiciones" } as const;

const load = (path: string, cookie?: string) => settle(() => legalLoader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: {}, context: context() }));
const loadContact = (path: string, cookie?: string) => settle(() => contactLoader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: {}, context: context() }));
const send = (path: string, fields: Record<string, string>, cookie?: string, clientAddress?: string) =>
  settle(() => contactAction({ request: formPost(path, fields, cookie), params: {}, context: context(clientAddress) }));
const message = {
  name: "Vera Visitante",
  email: "vera.visitante@example.com",
  subject: "Amarre en Sóller para agosto",
  message: "Hola, ¿tenéis amarres de alquiler en Sóller para un velero de 10 metros en agosto?",
  website: "",
};
/** The contact cases whole (the team's search gives list rows). */
const contactCases = async () => Promise.all((await services.cases.search({ type: "contact" })).items.map(async (row) => (await services.cases.getFor(row.id, { uid: "team", role: "admin" }))!.item));

describe("the legal pages", () => {
  it("show each page in four languages with the text kept in the store, shared with visitors", async () => {
    const titles = new Set<string>();
    for (const [lang, prefix] of Object.entries(prefixes) as Array<[keyof typeof prefixes, string]>) {
      for (const [key, path] of Object.entries(paths) as Array<[keyof typeof paths, string]>) {
        const result = await load(`${prefix}${path}`);
        expect(statusOf(result), `${prefix}${path}`).toBe(200);
        const page = dataOf(result);
        const stored = await services.legalPages.page(key, lang);
        expect(page.key).toBe(key);
        expect(page.texts).toEqual(stored);
        expect(page.meta.title).toBe(`${stored.title} | Amarre`);
        expect(page.texts.body.length).toBeGreaterThan(800);
        expect(headersOf(result).get(PAGE_CACHE_HEADER)).toBe(`visitor; tags=legal:${key}`);
        titles.add(page.meta.title);
      }
      const contact = dataOf(await loadContact(`${prefix}/contacto`));
      expect(contact.texts).toEqual(await services.legalPages.page("contacto", lang));
      titles.add(contact.meta.title);
    }
    // Five pages in four languages, each its own title ("Cookies" is the same word in three).
    expect(titles.size).toBeGreaterThanOrEqual(18);
    // What the law asks to be shown: the company, its tax id, address and email; the cookies really set.
    const notice = dataOf(await load("/aviso-legal")).texts.body;
    for (const fact of ["Amarre Marketplace S.L.", "B67294813", "07014 Palma", "hola@amarre.test"]) expect(notice).toContain(fact);
    const cookies = dataOf(await load("/de/cookies")).texts.body;
    for (const name of ["__session", "i18n_redirected", "theme"]) expect(cookies).toContain(name);
    const terms = dataOf(await load("/en/condiciones")).texts.body;
    for (const rule of ["10%", "48 hours", "Flexible", "Moderate", "Strict", "30 days"]) expect(terms).toContain(rule);
  });

  it("show an admin's edit at once, in that language only, with the date of the change", async () => {
    const before = await services.legalPages.page("privacidad", "es");
    await services.legalPages.save("privacidad", {
      lang: "fr",
      texts: { title: "Vie privée", summary: "Ce que nous faisons de vos données, en bref.", body: "## Responsable\nAmarre Marketplace S.L." },
      byUid: "admin",
    });
    const page = dataOf(await load("/fr/privacidad"));
    expect(page.texts.title).toBe("Vie privée");
    expect(page.texts.body).toBe("## Responsable\nAmarre Marketplace S.L.");
    expect(page.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(dataOf(await load("/privacidad")).texts).toEqual(before);
  });

  it("are 404 at paths that are not theirs", async () => {
    expect(statusOf(await load("/contacto"))).toBe(404);
    expect(statusOf(await load("/en/nada"))).toBe(404);
    expect(legalPageKeys).toHaveLength(5);
  });
});

describe("the contact form", () => {
  it("turns a visitor's message into a case of type contact that the team sees, and confirms it with a 303", async () => {
    // A visitor has no mailbox: their confirmation goes out by SMTP (watched here).
    const emails = vi.spyOn(services.mailbox, "send").mockResolvedValue(true);
    const sent = await send("/en/contacto", message);
    const calls = [...emails.mock.calls];
    emails.mockRestore();
    expect(statusOf(sent)).toBe(303);
    expect((sent as Response).headers.get("Location")).toBe("/en/contacto#formulario");
    const confirmation = await followNotice(services, sent as Response);
    expect(confirmation.notice).toMatchObject({ key: "legal:contact.sent", text: expect.stringMatching(/\S/) });

    const [item] = (await contactCases()).filter((found) => found.contact.email === message.email);
    expect(item).toMatchObject({ type: "contact", status: "received", requesterUid: null, lang: "en", details: { subject: message.subject, message: message.message } });
    // The team: in the list filtered by type, and the case's page with its own fields.
    const list = dataOf(await adminCasesLoader({ request: authedRequest("/admin/gestiones?type=contact", adminCookie), params: {}, context: context() }));
    expect(list.items.find((row: { id: string }) => row.id === item!.id)).toMatchObject({ type: "contact", subject: message.subject, visitor: true });
    const detail = dataOf(await adminCaseLoader({ request: authedRequest(`/admin/gestiones/${item!.id}`, adminCookie), params: { id: item!.id }, context: context() }));
    expect(Object.fromEntries(detail.item.details)).toEqual({ subject: message.subject, message: message.message });
    // The visitor is emailed the confirmation with the reference, in the language they wrote in.
    expect(calls).toHaveLength(1);
    const delivery = calls[0]![0];
    expect(delivery.to).toBe(message.email);
    // Rendered in the language the visitor wrote in, as SMTP sends it.
    const email = "email" in delivery ? renderSystemEmail(delivery.lang, delivery.email) : delivery;
    expect(email.text).toContain(item!.id);
    expect(`${email.subject} ${email.text}`).toContain("Contact");
  });

  it("files a signed-in person's message under their cases and takes them to it", async () => {
    const sent = await send("/contacto", { ...message, name: "Pilar Patrón", email: person.email }, person.cookie);
    expect(statusOf(sent)).toBe(303);
    const location = (sent as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/ajustes\/mis-gestiones\/[A-Za-z0-9]{20}$/);
    expect((await followNotice(services, sent as Response, person.cookie)).notice?.key).toBe("cases:detail.created");
    const mine = dataOf(await myCasesLoader({ request: authedRequest("/ajustes/mis-gestiones", person.cookie), params: {}, context: context() }));
    expect(mine.items).toEqual([expect.objectContaining({ type: "contact", subject: message.subject })]);
    // Their page is filled in for them, and never shared with visitors.
    const page = await loadContact("/contacto", person.cookie);
    expect(dataOf(page).contact).toEqual({ name: "Pilar Patrón", email: person.email });
    expect(headersOf(page).get(PAGE_CACHE_HEADER)).toBeNull();
  });

  it("answers bad input with 400 and the fields' messages in the page's language, saving nothing; the honeypot too", async () => {
    const before = (await contactCases()).length;
    const bad = await send("/fr/contacto", { name: "", email: "pas-un-email", subject: "Hi", message: "court", website: "" });
    expect(statusOf(bad)).toBe(400);
    const errors = dataOf(bad).result.error;
    expect(Object.keys(errors).sort()).toEqual(["email", "message", "name", "subject"]);
    expect(errors.email[0]).toMatch(/e-mail|adresse/i);
    expect(errors.message[0]).toMatch(/10\scaract/);
    const spanish = await send("/contacto", { ...message, message: "" });
    expect(dataOf(spanish).result.error.message[0]).toBe("Requerido");
    const bot = await send("/contacto", { ...message, website: "http://spam.example" });
    expect(statusOf(bot)).toBe(400);
    expect(Object.keys(dataOf(bot).result.error)).toEqual(["website"]);
    // Control characters (a %00, an escape) are refused on their fields, not stored (issue 43).
    const controls = await send("/en/contacto", { ...message, name: "Ana\u0000", subject: "Motor\u0007", message: "Mi barco\u001b[2J no arranca por la mañana." });
    expect(statusOf(controls)).toBe(400);
    expect(dataOf(controls).result.error).toEqual(Object.fromEntries(["name", "subject", "message"].map((field) => [field, ["This text contains invisible control characters (such as NUL) that cannot be saved. Type it again or paste it as plain text."]])));
    expect((await contactCases()).length).toBe(before);
  });

  it("limits messages per address (429 with a translated message), counting the service requests' way", async () => {
    const from = "192.0.2.13";
    for (let i = 0; i < 10; i++) expect(statusOf(await send("/contacto", { ...message, subject: `Pregunta ${i}` }, undefined, from))).toBe(303);
    const limited = await send("/de/contacto", message, undefined, from);
    expect(statusOf(limited)).toBe(429);
    expect(dataOf(limited).result.error[""][0]).toMatch(/Nachrichten.*Minute/);
    expect(statusOf(await send("/contacto", message, undefined, "192.0.2.14"))).toBe(303);
  });
});
