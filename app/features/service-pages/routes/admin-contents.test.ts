import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as servicePageLoader } from "#app/features/service-pages/routes/service-page";
import { action as contentAction, loader as contentLoader } from "./admin-content";
import { loader as contentsLoader } from "./admin-contents";

/**
 * The team edits the service pages without code: the admin area's guards on both pages and the
 * action, saving one language's texts and the price (seen at once on the page, other languages
 * untouched), and bad input (400 with the field's message, nothing saved; unknown pages 404).
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

function fields(overrides: Record<string, string> = {}) {
  return {
    lang: "en",
    priceFromEuros: "175",
    title: "Boat registration, done for you",
    summary: "We register your new boat and hand you its papers.",
    body: "First paragraph.\n\nSecond paragraph.",
    whoNeeds: "New boat owners\n\nJet ski buyers\n",
    documents: "Invoice\nEC declaration",
    turnaround: "1 to 3 weeks",
    "faqs[0].question": "Do jet skis need it?",
    "faqs[0].answer": "Yes, like any boat.",
    "faqs[1].question": "",
    "faqs[1].answer": "",
    ...overrides,
  };
}

describe("/admin/contenidos", () => {
  it("sends anonymous people to sign in and refuses signed-in non-admins with 403, on both pages and the action", async () => {
    const attempts = [
      (cookie?: string) => settle(() => contentsLoader({ request: request("/admin/contenidos", cookie), params: {}, context: context() })),
      (cookie?: string) => settle(() => contentLoader({ request: request("/admin/contenidos/seguro?lang=en", cookie), params: { key: "seguro" }, context: context() })),
      (cookie?: string) =>
        settle(() => contentAction({ request: formPost("/admin/contenidos/seguro", fields(), cookie), params: { key: "seguro" }, context: context() })),
    ];
    for (const attempt of attempts) {
      const anonymous = await attempt();
      expect(statusOf(anonymous)).toBe(302);
      expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login\?redirect=/);
      expect(statusOf(await attempt(person.cookie))).toBe(403);
    }
    expect((await services.servicePages.page("seguro", "en")).texts.title).not.toBe("Boat registration, done for you");
    const list = dataOf(await contentsLoader({ request: request("/admin/contenidos", adminCookie), params: {}, context: context() }));
    expect(list.pages).toHaveLength(12);
  });

  it("saves one language's texts and the price; the page shows them at once, other languages keep theirs", async () => {
    const spanishBefore = (await services.servicePages.page("matriculacion-barco", "es")).texts;
    const saved = await settle(() =>
      contentAction({ request: formPost("/admin/contenidos/matriculacion-barco", fields(), adminCookie), params: { key: "matriculacion-barco" }, context: context() }),
    );
    expect(statusOf(saved)).toBe(303);
    expect((saved as Response).headers.get("Location")).toBe("/admin/contenidos/matriculacion-barco?lang=en");
    expect((await followNotice(services, saved as Response)).notice?.key).toBe("admin:content.saved");
    const page = dataOf(await servicePageLoader({ request: pageRequest("/en/gestoria/matriculacion-barco"), params: {}, context: context() }));
    expect(page.page).toEqual({
      priceFromEuros: 175,
      texts: {
        title: "Boat registration, done for you",
        summary: "We register your new boat and hand you its papers.",
        body: "First paragraph.\n\nSecond paragraph.",
        whoNeeds: ["New boat owners", "Jet ski buyers"],
        documents: ["Invoice", "EC declaration"],
        turnaround: "1 to 3 weeks",
        faqs: [{ question: "Do jet skis need it?", answer: "Yes, like any boat." }],
      },
    });
    expect((await services.servicePages.page("matriculacion-barco", "es")).texts).toEqual(spanishBefore);
    // The editor shows what was saved; an empty price means "on quotation".
    const editor = dataOf(await contentLoader({ request: request("/admin/contenidos/matriculacion-barco?lang=en", adminCookie), params: { key: "matriculacion-barco" }, context: context() }));
    expect(editor.values).toMatchObject({ title: "Boat registration, done for you", priceFromEuros: "175", whoNeeds: "New boat owners\nJet ski buyers" });
    await contentAction({ request: formPost("/admin/contenidos/matriculacion-barco", fields({ priceFromEuros: "" }), adminCookie), params: { key: "matriculacion-barco" }, context: context() }).catch((r) => r);
    expect((await services.servicePages.page("matriculacion-barco", "en")).priceFromEuros).toBeNull();
  });

  it("answers bad input with 400 and the fields' messages, saving nothing; an unknown page is a 404", async () => {
    const before = await services.servicePages.get("limpieza");
    const bad = await settle(() =>
      contentAction({
        request: formPost("/admin/contenidos/limpieza", fields({ lang: "it", title: "", priceFromEuros: "-3", "faqs[0].answer": "" }), adminCookie),
        params: { key: "limpieza" },
        context: context(),
      }),
    );
    expect(statusOf(bad)).toBe(400);
    expect(Object.keys(dataOf(bad).result.error)).toEqual(expect.arrayContaining(["lang", "title", "priceFromEuros", "faqs[0].answer"]));
    expect(await services.servicePages.get("limpieza")).toEqual(before);
    const unknown = await settle(() => contentLoader({ request: request("/admin/contenidos/nada", adminCookie), params: { key: "nada" }, context: context() }));
    expect(statusOf(unknown)).toBe(404);
    const unknownPost = await settle(() => contentAction({ request: formPost("/admin/contenidos/nada", fields(), adminCookie), params: { key: "nada" }, context: context() }));
    expect(statusOf(unknownPost)).toBe(404);
  });
});
