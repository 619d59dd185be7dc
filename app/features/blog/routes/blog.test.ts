import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { coverJpeg } from "#app/features/blog/.server/blog.suite";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as homeLoader } from "#app/features/site/routes/home";
import { loader as feedLoader } from "./blog-feed";
import { action as previewAction } from "./blog-preview";
import { loader as sitemapLoader } from "#app/features/site/routes/sitemap";
import { action as editorAction, loader as editorLoader } from "./editor";
import { loader as listLoader } from "./list";
import { loader as postLoader } from "./post";

/**
 * The blog's pages against a real embedded backend: the editor's guards (sign-in with a way
 * back, 403), bad input (400 with the field's translated message), publishing, editing and
 * unpublishing; the post in the visitor's language or with a note; the list, the feeds, the
 * sitemap and the home page; and the page-cache tags that make a change visible at once.
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
const headersOf = (result: unknown) => new Headers((result as { init: ResponseInit | null }).init?.headers);
const request = (path: string, cookie?: string) => (cookie ? authedRequest(path, cookie) : pageRequest(path));
const post = (path: string, fields: Record<string, string>, cookie = adminCookie) => settle(() => editorAction({ request: formPost(path, fields, cookie), params: {}, context: context() }));
const previewPost = async (fields: Record<string, string>, cookie = adminCookie) =>
  (await settle(() => previewAction({ request: formPost("/resources/blog-preview", fields, cookie || undefined), params: {}, context: context() }))) as Response;
const read = (path: string, blogId: string, cookie?: string) => settle(() => postLoader({ request: request(path, cookie), params: { blogId }, context: context() }));

function multipart(path: string, fields: Record<string, string | Blob>, cookie = adminCookie) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return authedRequest(path, cookie, { method: "POST", body });
}

let counter = 0;
function spanish(overrides: Record<string, string> = {}) {
  counter++;
  return {
    "es.title": `Calas de prueba ${counter}`,
    "es.slug": `calas-de-prueba-${counter}-${Date.now().toString(36)}`,
    "es.excerpt": "Un resumen breve.",
    "es.body": "## Fondeo\n\nTexto con <script>window.__pwned = 1</script> y [un enlace](javascript:alert(1)) y <img src=\"/x.png\" onerror=\"alert(1)\">.",
    ...overrides,
  };
}

describe("/blog/nuevo-blog guards", () => {
  it("sends anonymous people to sign in (with the way back) and refuses signed-in non-admins with 403, on the page and the action", async () => {
    const anonymousPage = await settle(() => editorLoader({ request: request("/en/blog/nuevo-blog?id=abc"), params: {}, context: context() }));
    expect(statusOf(anonymousPage)).toBe(302);
    expect((anonymousPage as Response).headers.get("Location")).toBe(`/en/login?${new URLSearchParams({ redirect: "/en/blog/nuevo-blog?id=abc" })}`);
    const anonymousPost = await post("/blog/nuevo-blog", { intent: "publish", ...spanish() }, "");
    expect(statusOf(anonymousPost)).toBe(302);
    expect((anonymousPost as Response).headers.get("Location")).toMatch(/^\/login\?redirect=/);
    expect(statusOf(await settle(() => editorLoader({ request: request("/blog/nuevo-blog", person.cookie), params: {}, context: context() })))).toBe(403);
    const fields = spanish();
    expect(statusOf(await post("/blog/nuevo-blog", { intent: "publish", ...fields }, person.cookie))).toBe(403);
    expect(await services.blog.find(fields["es.slug"])).toBeNull();
    // An unknown post to edit is a 404.
    expect(statusOf(await settle(() => editorLoader({ request: request("/blog/nuevo-blog?id=nothere", adminCookie), params: {}, context: context() })))).toBe(404);
  });
});

describe("/blog/nuevo-blog bad input", () => {
  it("answers 400 with translated field messages, saving nothing", async () => {
    const empty = await post("/en/blog/nuevo-blog", { intent: "publish" });
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty).result.error["es.title"]).toEqual(["Write the post in at least one language"]);

    const partial = await post("/fr/blog/nuevo-blog", { intent: "draft", "de.title": "Nur ein Titel" });
    expect(statusOf(partial)).toBe(400);
    expect(dataOf(partial).result.error["de.excerpt"]).toEqual(["Remplissez ce champ ou laissez toute la langue vide"]);
    expect(dataOf(partial).result.error["de.body"]).toHaveLength(1);

    const badSlug = await post("/blog/nuevo-blog", { intent: "publish", ...spanish({ "es.slug": "No Vale!" }) });
    expect(statusOf(badSlug)).toBe(400);
    expect(dataOf(badSlug).result.error["es.slug"][0]).toMatch(/minúsculas/);

    const reserved = await post("/blog/nuevo-blog", { intent: "publish", ...spanish({ "es.slug": "nuevo-blog" }) });
    expect(statusOf(reserved)).toBe(400);

    const fields = spanish();
    expect(statusOf(await post("/blog/nuevo-blog", { intent: "publish", ...fields }))).toBe(303);
    const taken = await post("/de/blog/nuevo-blog", { intent: "publish", ...spanish({ "es.slug": fields["es.slug"] }) });
    expect(statusOf(taken)).toBe(400);
    expect(dataOf(taken).result.error["es.slug"]).toEqual(["Ein anderer Beitrag verwendet diese Adresse schon: Wählen Sie eine andere"]);

    const notAnImage = await settle(() =>
      editorAction({ request: multipart("/en/blog/nuevo-blog", { intent: "publish", ...spanish(), cover: new File(["<svg/>"], "cover.svg", { type: "image/svg+xml" }) }), params: {}, context: context() }),
    );
    expect(statusOf(notAnImage)).toBe(400);
    expect(dataOf(notAnImage).result.error.cover).toEqual(["The cover is not a JPEG, PNG or WebP image"]);

    expect(statusOf(await post("/blog/nuevo-blog", { intent: "publish", id: "missingPost1", ...spanish() }))).toBe(404);
    expect(statusOf(await post("/blog/nuevo-blog", { intent: "unpublish" }))).toBe(404);
    expect(statusOf(await post("/blog/nuevo-blog", { intent: "sideways", ...spanish() }))).toBe(400);
  });
});

describe("writing, reading and taking down a post", () => {
  it("publishes with a cover; visitors read it sanitised in its language, or with a note and links in another; edits and unpublishing show at once", async () => {
    const slug = `ruta-${Date.now().toString(36)}`;
    const jpeg = await coverJpeg();
    const published = await settle(() =>
      editorAction({
        request: multipart("/en/blog/nuevo-blog", {
          intent: "publish",
          ...spanish({ "es.slug": slug, "es.title": "Ruta por Menorca" }),
          "en.title": "A Menorca route",
          "en.slug": `${slug}-en`,
          "en.excerpt": "A short summary.",
          "en.body": "Hello **sailors**.",
          cover: new File([jpeg], "cover.jpg", { type: "image/jpeg" }),
        }),
        params: {},
        context: context(),
      }),
    );
    expect(statusOf(published)).toBe(303);
    expect((published as Response).headers.get("Location")).toBe(`/en/blog/${slug}-en`);
    const saved = (await services.blog.find(slug))!;
    expect(saved.cover).not.toBeNull();
    expect(saved.authorName).toBe("Alba Admin");

    // Spanish visitor: the Spanish text, sanitised, with OG/JSON-LD data and the page-cache tags.
    const es = await read(`/blog/${slug}`, slug);
    const page = dataOf(es);
    expect(page.title).toBe("Ruta por Menorca");
    expect(page.missing).toBe(false);
    expect(page.html).toContain("<h2>Fondeo</h2>");
    expect(page.html).not.toMatch(/<script|__pwned|javascript:|onerror/);
    expect(page.meta.image).toMatch(/^http:\/\/localhost:3000\/photos\/blog\//);
    expect(page.jsonLd).toMatchObject({ "@type": "BlogPosting", headline: "Ruta por Menorca", inLanguage: "es-ES", author: { name: "Alba Admin" } });
    expect(page.others).toEqual([{ lang: "en", name: "English", title: "A Menorca route", to: `/en/blog/${slug}-en` }]);
    // Canonical and hreflang: the two languages it is written in, each at its own slug.
    const bothLanguages = [
      { lang: "es", path: `/blog/${slug}` },
      { lang: "en", path: `/en/blog/${slug}-en` },
    ];
    expect(page.alternates).toEqual({ canonical: `/blog/${slug}`, languages: bothLanguages, xDefault: `/blog/${slug}` });
    expect(headersOf(es).get(PAGE_CACHE_HEADER)).toBe(`visitor; tags=blog:${saved.id},blog:list`);

    // The English slug under Spanish redirects to the Spanish one; the id too.
    const wrongSlug = await read(`/blog/${slug}-en`, `${slug}-en`);
    expect(statusOf(wrongSlug)).toBe(301);
    expect((wrongSlug as Response).headers.get("Location")).toBe(`/blog/${slug}`);
    expect((await read(`/fr/blog/${saved.id}`, saved.id) as Response).headers.get("Location")).toBe(`/fr/blog/${slug}`);

    // French visitor: not written in French — shown in Spanish with a note and the other languages.
    const fr = dataOf(await read(`/fr/blog/${slug}`, slug));
    expect(fr.missing).toBe(true);
    expect(fr.shown).toBe("es");
    expect(fr.wantedName).toBe("français");
    expect(fr.others.map((o: { lang: string }) => o.lang)).toEqual(["en"]);
    // The Spanish text under /fr is a copy of the Spanish page: that is its canonical, and no
    // French alternate is named.
    expect(fr.alternates).toEqual({ canonical: `/blog/${slug}`, languages: bothLanguages, xDefault: `/blog/${slug}` });
    expect(fr.meta.url).toBe(`http://localhost:3000/blog/${slug}`);

    // Edited: the change shows at once.
    const edited = await post("/blog/nuevo-blog", { intent: "publish", id: saved.id, ...spanish({ "es.slug": slug, "es.title": "Ruta por Menorca, revisada" }), "en.title": "A Menorca route", "en.slug": `${slug}-en`, "en.excerpt": "A short summary.", "en.body": "Hello." });
    expect(statusOf(edited)).toBe(303);
    expect(dataOf(await read(`/blog/${slug}`, slug)).title).toBe("Ruta por Menorca, revisada");
    expect((await services.blog.get(saved.id))?.cover?.folder).toBe(saved.cover!.folder);

    // Unpublished: a 404 for visitors, a draft page for the team.
    const down = await post("/blog/nuevo-blog", { intent: "unpublish", id: saved.id });
    expect((down as Response).headers.get("Location")).toBe(`/blog/nuevo-blog?id=${saved.id}`);
    expect((await followNotice(services, down as Response)).notice?.key).toBe("blog:editor.unpublished");
    expect(statusOf(await read(`/blog/${slug}`, slug))).toBe(404);
    expect(statusOf(await read(`/blog/${slug}`, slug, person.cookie))).toBe(404);
    const teamView = dataOf(await read(`/blog/${slug}`, slug, adminCookie));
    expect(teamView.draft).toBe(true);
    expect(teamView.editUrl).toBe(`/blog/nuevo-blog?id=${saved.id}`);
  });

  it("a draft saved from the editor reopens in it, and its live preview is the sanitised HTML", async () => {
    const fields = spanish();
    const saved = await post("/blog/nuevo-blog", { intent: "draft", ...fields });
    expect((saved as Response).headers.get("Location")).toMatch(/^\/blog\/nuevo-blog\?id=[A-Za-z0-9]+$/);
    expect((await followNotice(services, saved as Response)).notice?.key).toBe("blog:editor.saved");
    const id = new URL((saved as Response).headers.get("Location")!, "http://x").searchParams.get("id")!;
    const editor = dataOf(await editorLoader({ request: request(`/blog/nuevo-blog?id=${id}`, adminCookie), params: {}, context: context() }));
    expect(editor.values.es.slug).toBe(fields["es.slug"]);
    expect(editor.post.status).toBe("draft");
    expect(statusOf(await read(`/blog/${fields["es.slug"]}`, fields["es.slug"]))).toBe(404);

    // The live preview (`/resources/blog-preview`): the sanitised HTML, as JSON, for the team only.
    const preview = await previewPost({ lang: "es", body: "# Hola <script>x()</script>\n\n<a href=\"javascript:x()\">y</a>" });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ lang: "es", html: "<h2>Hola </h2>\n<p><a>y</a></p>\n" });
    expect((await previewPost({ lang: "xx", body: "a" })).status).toBe(400);
    expect(statusOf(await previewPost({ lang: "es", body: "a" }, person.cookie))).toBe(403);
    const anonymous = await previewPost({ lang: "es", body: "a" }, "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?/);
    // A body longer than a post's is no preview, said in the editor's language; an empty one is an empty preview.
    const tooLong = await previewPost({ lang: "es", body: "a".repeat(60_001) }, `${adminCookie}; i18n_redirected=en`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ error: "This text cannot be previewed (at most 50,000 characters)." });
    expect(await (await previewPost({ lang: "en", body: "" })).json()).toEqual({ lang: "en", html: "" });
    // The editor's own action no longer answers previews: it reads the post's form.
    expect(statusOf(await post("/blog/nuevo-blog", { intent: "preview", previewLang: "es", previewBody: "a" }))).toBe(400);
    // A body no form sends (5,000 fields) is the body gate's 413, in the page's language.
    const fields5000 = await settle(() =>
      editorAction({
        request: authedRequest("/en/blog/nuevo-blog", adminCookie, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&") }),
        params: {},
        context: context(),
      }),
    );
    expect(statusOf(fields5000)).toBe(413);
    expect(JSON.stringify(dataOf(fields5000))).toContain("too many fields");
  });
});

describe("the list, the feeds, the sitemap and the home page", () => {
  it("list the published posts newest first, in each language where written", async () => {
    const tag = Date.now().toString(36);
    const older = await services.blog.save({ uid: "a", name: "Alba" }, { texts: { de: { title: `Nur Deutsch ${tag}`, slug: `nur-deutsch-${tag}`, excerpt: "Kurz & <gut>.", body: "Text." } }, status: "published" });
    // Published on a later millisecond: two saves in the same one tie, and a tie's order is the ids'.
    while (new Date().toISOString() <= older.publishedAt!) await new Promise((resolve) => setTimeout(resolve, 1));
    const latest = await services.blog.save({ uid: "a", name: "Alba" }, { texts: { es: { title: `Lo último ${tag}`, slug: `lo-ultimo-${tag}`, excerpt: "Resumen.", body: "Texto." } }, status: "published" });

    const list = await listLoader({ request: request("/de/blog"), params: {}, context: context() });
    const cards = dataOf(list).posts;
    expect(cards[0]).toMatchObject({ title: `Lo último ${tag}`, lang: "es", to: `/blog/lo-ultimo-${tag}` });
    expect(cards[1]).toMatchObject({ title: `Nur Deutsch ${tag}`, lang: "de" });
    expect(dataOf(list).meta.feed.href).toBe("http://localhost:3000/feed/de.xml");
    expect(headersOf(list).get(PAGE_CACHE_HEADER)).toBe("visitor; tags=blog:list");

    const feed = (await feedLoader({ request: request("/feed/de.xml"), params: { file: "de.xml" }, context: context() })) as Response;
    expect(feed.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await feed.text();
    expect(xml).toContain(`<title>Nur Deutsch ${tag}</title>`);
    expect(xml).toContain("<summary>Kurz &amp; &lt;gut&gt;.</summary>");
    expect(xml).toContain(`href="http://localhost:3000/de/blog/nur-deutsch-${tag}"`);
    expect(xml).not.toContain(`Lo último ${tag}`);
    expect(((await feedLoader({ request: request("/feed/xx.xml"), params: { file: "xx.xml" }, context: context() })) as Response).status).toBe(404);

    const sitemap = await ((await sitemapLoader({ request: request("/sitemap.xml"), params: {}, context: context() })) as Response).text();
    expect(sitemap).toContain(`<loc>http://localhost:3000/de/blog/nur-deutsch-${tag}</loc>`);
    expect(sitemap).toContain(`hreflang="x-default" href="http://localhost:3000/de/blog/nur-deutsch-${tag}"`);
    expect(sitemap).not.toContain(`http://localhost:3000/blog/nur-deutsch-${tag}<`);
    expect(sitemap).toContain("<loc>http://localhost:3000/en/blog</loc>");

    const home = await homeLoader({ request: request("/en"), params: {}, context: context() });
    expect(dataOf(home).blog.posts).toHaveLength(3);
    expect(dataOf(home).blog.posts[0]).toMatchObject({ id: latest.id, title: `Lo último ${tag}`, lang: "es" });
    expect(headersOf(home).get(PAGE_CACHE_HEADER)).toBe("visitor; tags=blog:list");
  });

  it("a post change forgets its page, the list and the home page in the visitors' cache", async () => {
    const forgotten: string[][] = [];
    const original = services.pageCache.invalidate;
    services.pageCache.invalidate = (tags) => {
      forgotten.push([...tags]);
      original(tags);
    };
    try {
      const saved = await services.blog.save({ uid: "a", name: "Alba" }, { texts: { en: { title: "Cache", slug: `cache-${Date.now().toString(36)}`, excerpt: "x", body: "y" } }, status: "published" });
      await services.blog.unpublish(saved.id);
      expect(forgotten).toEqual([[`blog:${saved.id}`, "blog:list"], [`blog:${saved.id}`, "blog:list"]]);
    } finally {
      services.pageCache.invalidate = original;
    }
  });
});
