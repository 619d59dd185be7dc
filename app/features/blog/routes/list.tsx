import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BLOG_LIST_TAG } from "#app/features/blog/.server";
import { requestContext } from "#app/.server/http/request-context";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { BlogCard } from "#app/features/blog/components/blog-card";
import { LocalizedLink } from "#app/components/localized-link";
import { Pagination } from "#app/components/pagination";

import { SHARED_WITH_VISITORS, withLoaderHeaders } from "#app/utils/headers";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { blogCard, feedUrl } from "./views.server";
import { ButtonLink } from "#app/components/ui/button";

/**
 * /blog: the published posts, newest first, a page at a time (`?page=`), each in the visitor's
 * language or, when it is not written in it, in the one it is (marked). The team also sees its
 * drafts and a link to write a post. Visitors share the page; a post change forgets it.
 */
export const handle = { i18n: ["blog", "search"], pageCache: SHARED_WITH_VISITORS };

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const { t, lang, url, origin, services, getUser } = requestContext(args, "blog");
  const user = await getUser();
  const isAdmin = user?.role === "admin";
  const asked = Number(url.searchParams.get("page") ?? "1");
  const { posts, page, pageCount } = await services.blog.page(Number.isSafeInteger(asked) ? asked : 1);
  const drafts = isAdmin ? await services.blog.drafts() : [];
  return data(
    {
      meta: {
        title: page > 1 ? t("list.pageTitle", { page }) : t("meta.title"),
        description: t("meta.description"),
        feed: { title: t("feed.title"), href: feedUrl(origin, lang) },
      },
      lang,
      posts: posts.map((post) => blogCard(post, lang)),
      drafts: drafts.map((post) => ({ ...blogCard(post, lang), edit: href("blog-editor", { search: { id: post.id } }) })),
      page,
      pageCount,
      isAdmin,
      feed: feedUrl("", lang),
    },
    { headers: visitorPageHeaders({ viewer: user, tags: [BLOG_LIST_TAG] }) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [...seoMeta(data.meta), { tagName: "link", rel: "alternate", type: "application/atom+xml", title: data.meta.feed.title, href: data.meta.feed.href }]
    : [];

export default function BlogList() {
  const { t } = useTranslation("blog");
  const { posts, drafts, page, pageCount, isAdmin, feed, lang } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t("list.title")}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("list.intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <a href={feed} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">
            {t("list.feed")}
          </a>
          {isAdmin ? (
            <ButtonLink variant="primary" size="block" to={href("blog-editor")} className="sm:w-auto">
              {t("list.newPost")}
            </ButtonLink>
          ) : null}
        </div>
      </header>

      {isAdmin ? (
        <section aria-labelledby="drafts-heading" className="mt-8 rounded-2xl border border-dashed border-slate-300 p-5 dark:border-white/20">
          <h2 id="drafts-heading" className="text-lg font-bold">{t("list.drafts")}</h2>
          {drafts.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("list.draftsEmpty")}</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {drafts.map((draft) => (
                <li key={draft.id} className="flex flex-wrap items-baseline gap-x-3">
                  <LocalizedLink to={draft.edit} className="font-semibold text-sea-800 underline dark:text-sea-200" lang={draft.lang}>
                    {draft.title}
                  </LocalizedLink>
                  <LocalizedLink to={draft.to} className="text-sm text-slate-600 underline dark:text-slate-300">
                    {t("list.preview")}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {posts.length === 0 ? (
        <p className="mt-10 text-slate-600 dark:text-slate-300">{t("list.empty")}</p>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} lang={lang} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => href("blog", { search: { page: n > 1 ? n : null } })} />
    </main>
  );
}
