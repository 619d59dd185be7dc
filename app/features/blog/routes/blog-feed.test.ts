import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_POSTS } from "#app/features/blog/.server";
import type { Services } from "#app/.server/services";
import { createTestAdmin, createTestServices, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action as editorAction } from "./editor";
import { loader } from "./blog-feed";

/**
 * The Atom feed stays XML whatever a post says: a title is saved on one line without control
 * characters, the excerpt and body without the characters XML 1.0 forbids, and the feed leaves
 * those characters out even from a post stored before that rule (written to the store here).
 */
let services: Services;
let adminCookie: string;

beforeAll(async () => {
  services = await createTestServices();
  adminCookie = (await createTestAdmin(services, { displayName: "Alba Admin" })).cookie;
});
afterAll(() => services.close());

/** XML 1.0's Char production (§2.2): anything else makes the document not well-formed. */
const XML_DOCUMENT_CHARS = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

async function feedXml(lang: string): Promise<string> {
  const response = (await loader({ request: pageRequest(`/feed/${lang}.xml`), params: { file: `${lang}.xml` }, context: loadContext(services) })) as Response;
  expect(response.status).toBe(200);
  return response.text();
}

describe("the Atom feed and post texts", () => {
  it("saves a title from the editor on one line, without control characters, and the feed parses", async () => {
    const tag = Date.now().toString(36);
    const result = await settle(() =>
      editorAction({
        request: formPost(
          "/blog/nuevo-blog",
          {
            intent: "publish",
            "fr.title": `Titre\u0008 avec\r\néchappement\u001b ${tag}`,
            "fr.slug": `titre-${tag}`,
            "fr.excerpt": "Résumé\u0000 avec\u000b contrôle.",
            "fr.body": "Texte\u001b[31m rouge\u0007.\n\nSecond paragraphe.",
          },
          adminCookie,
        ),
        params: {},
        context: loadContext(services),
      }),
    );
    expect(statusOf(result)).toBe(303);
    const post = await services.blog.find(`titre-${tag}`);
    expect(post?.texts.fr).toMatchObject({ title: `Titre avec échappement ${tag}`, excerpt: "Résumé avec contrôle.", body: "Texte[31m rouge.\n\nSecond paragraphe." });
    const xml = await feedXml("fr");
    expect(xml).toMatch(XML_DOCUMENT_CHARS);
    expect(xml).toContain(`<title>Titre avec échappement ${tag}</title>`);
  });

  it("leaves out characters XML forbids from a post stored with them", async () => {
    const tag = Date.now().toString(36);
    const post = await services.blog.save({ uid: "a", name: "Alba\u0001" }, { texts: { de: { title: `Sauber ${tag}`, slug: `sauber-${tag}`, excerpt: "Kurz.", body: "Text." } }, status: "published" });
    await services.store.update(BLOG_POSTS, post.id, {
      "texts.de.title": `Steuer\u0008zeichen\u001b ${tag}\uffff`,
      "texts.de.excerpt": "Kurz\u0000 & <gut>.",
      "texts.de.body": "Text\u0007 mit \ud800 Resten.",
    });
    const xml = await feedXml("de");
    expect(xml).toMatch(XML_DOCUMENT_CHARS);
    expect(xml).toContain(`<title>Steuerzeichen ${tag}</title>`);
    expect(xml).toContain("<summary>Kurz &amp; &lt;gut&gt;.</summary>");
    expect(xml).toContain("<name>Alba</name>");
  });
});
