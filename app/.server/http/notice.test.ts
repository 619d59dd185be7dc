import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as contactAction, loader as contactLoader } from "#app/features/legal-pages/routes/contact";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { followNotice, sessionPairOf } from "#tests/notice";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest, settle } from "#tests/test-services";
import { createPageCache } from "../page-cache";
import type { Services } from "../services";
import enLegal from "../../../locales/en/legal.json";
import frLegal from "../../../locales/fr/legal.json";
import deLegal from "../../../locales/de/legal.json";
import esLegal from "../../../locales/es/legal.json";

/**
 * The one notice mechanism (decision record 033): a form's redirect flashes its notice into the
 * session cookie, the root loader shows it once, translated, and forgets it; a visitor's cookie
 * that only held the notice is deleted, and no page with a notice is kept in the page cache.
 */
let services: Services;
let person: Awaited<ReturnType<typeof createTestUser>>;
let address = 0;

beforeAll(async () => {
  services = await createTestServices();
  person = await createTestUser(services, { displayName: "Nora Notice" });
});
afterAll(() => services.close());

const context = () => ({ ...loadContext(services), clientAddress: `10.33.0.${++address}` });
const message = { name: "Vera Visitante", subject: "Amarre en Sóller", message: "Hola, ¿tenéis amarres de alquiler en Sóller para agosto?", website: "" };
const send = async (path: string, email: string) =>
  (await settle(() => contactAction({ request: formPost(path, { ...message, email }), params: {}, context: context() }))) as Response;

describe("the flashed notice", () => {
  it("is shown once, on the page the form redirects to, with no query word", async () => {
    const sent = await send("/en/contacto", "once@example.com");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/en/contacto#formulario");
    expect(sessionPairOf(sent)).toMatch(/^__session=./);

    const first = await followNotice(services, sent);
    expect(first.notice).toMatchObject({ key: "legal:contact.sent", text: enLegal.contact.sent });
    // The visitor's cookie held only the notice: it is deleted, so their next pages are shared again.
    expect(first.setCookie).toMatch(/^__session=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i);
    expect(first.cookie).toBeNull();

    // Reloading (the browser no longer has the cookie) shows nothing.
    const again = await followNotice(services, new Response(null, { status: 303, headers: { Location: first.location } }), first.cookie ?? undefined);
    expect(again.notice).toBeNull();
  });

  it("is translated into the language of the page it lands on", async () => {
    const texts = { es: esLegal.contact.sent, en: enLegal.contact.sent, fr: frLegal.contact.sent, de: deLegal.contact.sent };
    expect(new Set(Object.values(texts)).size).toBe(4);
    for (const [lang, text] of Object.entries(texts)) {
      const prefix = lang === "es" ? "" : `/${lang}`;
      const shown = await followNotice(services, await send(`${prefix}/contacto`, `lang-${lang}@example.com`));
      expect(shown.notice?.text, lang).toBe(text);
    }
  });

  it("keeps a signed-in person's session and forgets only the notice", async () => {
    const sent = (await settle(() => contactAction({ request: formPost("/contacto", { ...message, email: person.email }, person.cookie), params: {}, context: context() }))) as Response;
    expect(sent.status).toBe(303);
    const shown = await followNotice(services, sent, person.cookie);
    expect(shown.notice?.key).toBe("cases:detail.created");
    expect(shown.cookie).toMatch(/^__session=./);
    // Still signed in with the cookie the root loader wrote, and the notice is gone.
    const next = await followNotice(services, new Response(null, { status: 303, headers: { Location: "/ajustes/mis-gestiones" } }), shown.cookie!);
    expect(next.notice).toBeNull();
    const page = await settle(() => contactLoader({ request: authedRequest("/contacto", shown.cookie!), params: {}, context: context() }));
    expect((page as unknown as { data: { contact: { email: string } | null } }).data.contact?.email).toBe(person.email);
  });

  it("never reaches the page cache: a request with the notice's cookie has no cache key, and a response that sets it is not kept", async () => {
    const sent = await send("/en/contacto", "cache@example.com");
    const pair = sessionPairOf(sent)!;
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const header = (cookie: string) => (name: string) => (name.toLowerCase() === "cookie" ? cookie : undefined);
    expect(cache.keyOf({ method: "GET", url: "http://localhost/en/contacto", header: header(`i18n_redirected=en; ${pair}`) })).toBeNull();

    // The contact page itself is one visitors share: even if a request without the cookie were
    // rendered with a notice, the Set-Cookie that forgets it keeps it out of the cache.
    const visitorPage = await settle(() => contactLoader({ request: pageRequest("/en/contacto", { Cookie: `i18n_redirected=en; ${pair}` }), params: {}, context: context() }));
    const marker = new Headers((visitorPage as unknown as { init: ResponseInit | null }).init?.headers).get(PAGE_CACHE_HEADER);
    expect(marker).toMatch(/^visitor/);
    const shown = await followNotice(services, sent);
    const key = cache.keyOf({ method: "GET", url: "http://localhost/en/contacto", header: header("i18n_redirected=en") })!;
    const headers = new Headers({ "Content-Type": "text/html", [PAGE_CACHE_HEADER]: marker! });
    headers.append("Set-Cookie", shown.setCookie!);
    const kept = cache.begin(key)!.done({ status: 200, headers, body: Buffer.from(`<p>${shown.notice!.text}</p>`) }, "");
    expect(kept).toBe(false);
    expect(cache.lookup(key)).toBeUndefined();
  });

  it("ignores a cookie whose notice is not one (a key that names no message)", async () => {
    const storage = services.sessions;
    const session = await storage.getSession();
    session.flash("notice", JSON.stringify({ key: "<script>" }));
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const shown = await followNotice(services, new Response(null, { status: 303, headers: { Location: "/en/contacto" } }), cookie);
    expect(shown.notice).toBeNull();
    expect(shown.cookie).toBeNull();
  });
});
