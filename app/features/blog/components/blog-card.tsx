import { useTranslation } from "react-i18next";
import type { Lang } from "#app/i18n";
import type { BlogCard as Card } from "#app/features/blog/view";
import { dateTimeFormat, displayNamesOf } from "#app/framework/intl";
import { ListingPhoto } from "#app/features/listings";
import { LocalizedLink } from "#app/components/localized-link";

export const BLOG_CARD_SIZES = "(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw";

/** A post in a list: cover, date, title (a link), excerpt; a note when it is in another language. */
export function BlogCard({ post, lang, headingLevel = 2 }: { post: Card; lang: Lang; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("blog");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const languageName = displayNamesOf(lang, { type: "language" }).of(post.lang) ?? post.lang;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-white/10 dark:bg-white/5">
      <ListingPhoto photo={post.cover} fallback="/images/hero-waves.svg" alt="" sizes={BLOG_CARD_SIZES} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
          <time dateTime={post.publishedAt}>{dateTimeFormat(lang, { dateStyle: "long" }).format(new Date(post.publishedAt))}</time>
          {post.lang !== lang ? <span className="ml-2 rounded bg-sand-100 px-1.5 py-0.5 normal-case text-slate-700 dark:bg-white/10 dark:text-slate-200">{t("list.inLanguage", { language: languageName })}</span> : null}
          {post.status === "draft" ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 normal-case text-amber-900 dark:bg-amber-400/20 dark:text-amber-100">{t("editor.status.draft")}</span> : null}
        </p>
        <Heading className="mt-2 text-lg font-bold leading-snug" lang={post.lang}>
          <LocalizedLink to={post.to} className="after:absolute after:inset-0 group-hover:text-sea-700 dark:group-hover:text-sea-300">
            {post.title}
          </LocalizedLink>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600 dark:text-slate-300" lang={post.lang}>
          {post.excerpt}
        </p>
      </div>
    </article>
  );
}
