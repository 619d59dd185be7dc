import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaDescriptor, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { blogTags, markdownToText, renderMarkdown, textOf } from "#app/features/blog/.server";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { ListingPhoto } from "#app/features/listings";
import { LocalizedLink } from "#app/components/localized-link";
import { languageOf } from "#app/i18n";
import { SHARED_WITH_VISITORS, withLoaderHeaders } from "#app/utils/headers";
import { href } from "#app/utils/href";
import { dateTimeFormat, displayNamesOf } from "#app/framework/intl";
import type { AlternatesHandle, PageAlternates } from "#app/utils/meta";
import { useNonce } from "#app/utils/nonce";
import { photoUrl, pickPhotoWidth } from "#app/utils/photos";
import { coverView, feedUrl, postPathIn, xDefaultLang } from "./views.server";

/**
 * /blog/{slug}: a post in the visitor's language — or, when it is not written in it, in the one
 * it is, with a note and links to the languages it has. Any of the post's slugs (or its id)
 * finds it; the page's own URL is the slug of the language it shows (others redirect there).
 * The Markdown is rendered and sanitised on the server (`features/blog/.server/markdown.ts`). Open Graph
 * tags and `BlogPosting` structured data (a JSON-LD script with the CSP nonce). Drafts are the
 * team's alone. Visitors share the page; a change to the post forgets it.
 */
export const handle = {
  i18n: ["blog"],
  pageCache: SHARED_WITH_VISITORS,
  // Canonical and hreflang name the languages the post is written in, at their own slugs.
  alternates: (data: unknown) => (data as { alternates?: PageAlternates } | undefined)?.alternates,
} satisfies AlternatesHandle & Record<string, unknown>;

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const { t, lang, origin, services, getUser, request } = requestContext(args, "blog");
  const blogId = args.params.blogId ?? "";
  const user = await getUser();
  const isAdmin = user?.role === "admin";
  const post = await services.blog.find(blogId);
  invariantResponse(post && (post.status === "published" || isAdmin), request);
  const { lang: shown, text } = textOf(post, lang);
  if (blogId !== text.slug) throw redirect(href("blog-post", { lang, params: { blogId: text.slug } }), 301);

  const languageName = (code: string) => displayNamesOf(lang, { type: "language" }).of(code) ?? code;
  const pathIn = (code: (typeof post.langs)[number]) => postPathIn(post, code);
  const alternates: PageAlternates = {
    canonical: pathIn(shown),
    languages: post.langs.map((code) => ({ lang: code, path: pathIn(code) })),
    xDefault: pathIn(xDefaultLang(post)),
  };
  const cover = coverView(post.cover, 1280);
  const url = origin + alternates.canonical;
  const image = post.cover ? origin + photoUrl(post.cover.folder, pickPhotoWidth(post.cover.widths, 1200)) : null;
  const publishedAt = post.publishedAt ?? post.updatedAt;
  const description = text.excerpt || markdownToText(text.body).slice(0, 160);
  return data(
    {
      lang,
      shown,
      missing: shown !== lang,
      shownName: languageName(shown),
      wantedName: languageName(lang),
      title: text.title,
      excerpt: text.excerpt,
      html: renderMarkdown(text.body, shown),
      cover,
      author: post.authorName,
      publishedAt,
      updatedAt: post.updatedAt,
      draft: post.status !== "published",
      editUrl: isAdmin ? href("blog-editor", { search: { id: post.id } }) : null,
      // The post in each language it is written in (other than the one shown).
      others: post.langs
        .filter((code) => code !== shown)
        .map((code) => ({ lang: code, name: languageOf(code).name, title: post.texts[code]!.title, to: pathIn(code) })),
      alternates,
      meta: {
        title: t("post.metaTitle", { title: text.title }),
        description,
        url,
        image,
        publishedAt,
        updatedAt: post.updatedAt,
        locale: languageOf(shown).iso.replace("-", "_"),
        feed: { title: t("feed.title"), href: feedUrl(origin, lang) },
        noindex: post.status !== "published",
      },
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: text.title,
        description,
        inLanguage: languageOf(shown).iso,
        datePublished: publishedAt,
        dateModified: post.updatedAt,
        author: { "@type": "Person", name: post.authorName },
        publisher: { "@type": "Organization", name: "Amarre", logo: { "@type": "ImageObject", url: `${origin}/images/logo.svg` } },
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        ...(image ? { image: [image] } : {}),
      },
    },
    { headers: visitorPageHeaders({ viewer: user, tags: blogTags(post.id) }) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const m = data.meta;
  const tags: MetaDescriptor[] = [
    { title: m.title },
    { name: "description", content: m.description },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Amarre" },
    { property: "og:title", content: data.title },
    { property: "og:description", content: m.description },
    { property: "og:url", content: m.url },
    { property: "article:published_time", content: m.publishedAt },
    { property: "article:modified_time", content: m.updatedAt },
    { property: "article:author", content: data.author },
    { name: "twitter:card", content: m.image ? "summary_large_image" : "summary" },
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: m.feed.title, href: m.feed.href },
  ];
  if (m.image) tags.push({ property: "og:image", content: m.image });
  if (m.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

/** JSON-LD as a script's text: `<` escaped so no text of the post can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export default function BlogPost() {
  const { t } = useTranslation("blog");
  const post = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const date = (iso: string) => dateTimeFormat(post.lang, { dateStyle: "long" }).format(new Date(iso));
  return (
    <main id="main" className="container-page max-w-3xl py-10 sm:py-14">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonForScript(post.jsonLd) }} />
      <p className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <LocalizedLink to={href("blog")} className="font-semibold text-sea-800 underline dark:text-sea-200">
          ← {t("post.back")}
        </LocalizedLink>
        {post.editUrl ? (
          <LocalizedLink to={post.editUrl} className="font-semibold text-sea-800 underline dark:text-sea-200">
            {t("post.edit")}
          </LocalizedLink>
        ) : null}
      </p>
      {post.draft ? (
        <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-400/10 dark:text-amber-100 dark:ring-amber-400/30">
          {t("post.draft")}
        </p>
      ) : null}
      {post.missing ? (
        <aside className="mt-4 rounded-xl bg-sea-50 p-4 text-sm text-sea-950 ring-1 ring-sea-200 dark:bg-white/5 dark:text-sea-50 dark:ring-white/10">
          <p>{t("post.notInLanguage", { wanted: post.wantedName, shown: post.shownName })}</p>
        </aside>
      ) : null}
      <article lang={post.shown} className="mt-6">
        <header>
          <h1 className="text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{post.excerpt}</p>
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400" lang={post.lang}>
            {t("post.byline", { name: post.author })} · <time dateTime={post.publishedAt}>{date(post.publishedAt)}</time>
          </p>
        </header>
        {post.cover ? (
          <ListingPhoto photo={post.cover} fallback="/images/hero-waves.svg" alt="" sizes="(min-width: 768px) 48rem, 100vw" eager className="mt-6 aspect-[16/9] w-full rounded-2xl" />
        ) : null}
        <div className="blog-body mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      {post.others.length > 0 ? (
        <nav aria-labelledby="other-languages" className="mt-10 border-t border-slate-200 pt-6 dark:border-white/10">
          <h2 id="other-languages" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t("post.otherLanguages")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {post.others.map((other) => (
              <li key={other.lang}>
                <a href={other.to} hrefLang={other.lang} lang={other.lang} className="inline-block rounded-xl border border-slate-200 px-3 py-1 text-sm hover:border-sea-400 hover:text-sea-700 dark:border-white/15 dark:hover:text-white">
                  {other.name}: {other.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </main>
  );
}
