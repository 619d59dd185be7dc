import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { localizePath, splitLangFromPath, type Lang } from "#app/i18n";

/**
 * A post's Markdown as safe HTML: `marked` turns it into HTML (raw HTML in the Markdown passes
 * through, as Markdown allows), then `sanitize-html` keeps only an allowlist of elements and
 * attributes — no `<script>`, `<style>`, `<iframe>`, forms or event handler attributes; links only
 * to http(s), mailto and our own paths; images only from our own paths (the CSP allows no other
 * origin, and `data:` URLs are refused). Headings start at h2 (the page's h1 is the title).
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "ul", "ol", "li", "strong", "em", "del", "s", "code", "pre",
    "a", "img", "table", "thead", "tbody", "tr", "th", "td", "figure", "figcaption", "sup", "sub",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Their text is code, not prose: drop it with the element.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math"],
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return { tagName, attribs: external ? { ...attribs, rel: "nofollow noopener noreferrer" } : attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !/^\/(?!\/)/.test(frame.attribs.src ?? ""),
};
// Attributes the transforms add must survive the allowlist.
(SANITIZE.allowedAttributes as Record<string, string[]>).a!.push("rel");
(SANITIZE.allowedAttributes as Record<string, string[]>).img!.push("loading", "decoding");

/** Our pages' paths that are not pages of a language (files, feeds, resources). */
const UNLOCALIZED = /^\/(?:photos|images|feed|resources|assets|sitemap\.xml|robots\.txt)(?:[/?#]|$)/;

/** The options for a text in `lang`: links to our own pages (`/alquiler-barco`) go to that language's page (`/de/alquiler-barco`). */
const byLang = new Map<Lang | null, sanitizeHtml.IOptions>();
function optionsFor(lang: Lang | null): sanitizeHtml.IOptions {
  let options = byLang.get(lang);
  if (!options) {
    const link = SANITIZE.transformTags!.a as sanitizeHtml.Transformer;
    options = {
      ...SANITIZE,
      transformTags: {
        ...SANITIZE.transformTags,
        a: (tagName, attribs) => {
          const result = link(tagName, attribs);
          const href = result.attribs.href ?? "";
          if (lang && href.startsWith("/") && !href.startsWith("//") && !UNLOCALIZED.test(href) && splitLangFromPath(href).lang === "es") {
            return { ...result, attribs: { ...result.attribs, href: localizePath(href, lang) } };
          }
          return result;
        },
      },
    };
    byLang.set(lang, options);
  }
  return options;
}

/** Sanitises HTML with the blog's allowlist (exported for the tests and for HTML from elsewhere). */
export function sanitizeBlogHtml(html: string, lang: Lang | null = null): string {
  return sanitizeHtml(html, optionsFor(lang));
}

/** Markdown → HTML safe to put in a page; with `lang`, links to our own pages stay in that language. */
export function renderMarkdown(markdown: string, lang: Lang | null = null): string {
  return sanitizeBlogHtml(marked.parse(markdown) as string, lang);
}

/** Markdown → plain text (feeds' summaries, meta descriptions), whitespace collapsed. */
export function markdownToText(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, { allowedTags: [], allowedAttributes: {}, nonTextTags: SANITIZE.nonTextTags })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
