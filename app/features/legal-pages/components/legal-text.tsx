import { Link } from "#app/framework/link";
import { Fragment, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { splitLangFromPath } from "#app/i18n";
import { formatDay } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { legalPageIdOf, legalPageKeys, parseLegalBody, type Inline, type LegalPageKey } from "#app/features/legal-pages/legal-pages";
import { useLang, useLocalizePath } from "#app/utils/use-lang";
import { LocalizedLink } from "#app/components/localized-link";

const linkClass = "font-semibold text-sea-800 underline underline-offset-2 hover:text-sea-900 dark:text-sea-200 dark:hover:text-white";

/** A link of the text: a path of the site (kept in the page's language), an https page or an email. */
function TextLink({ to, children }: { to: string; children: string }) {
  const localize = useLocalizePath();
  if (to.startsWith("/")) {
    // A path that already names a language stays as written; others follow the page's language.
    const target = splitLangFromPath(to.split(/[?#]/)[0]!).lang === "es" ? localize(to) : to;
    return (
      <Link to={target} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={`${linkClass} break-words`} {...(to.startsWith("https:") ? { rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
}

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part.kind === "text" ? part.text : part.kind === "strong" ? <strong className="font-semibold text-slate-900 dark:text-white">{part.text}</strong> : <TextLink to={part.to}>{part.text}</TextLink>}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A legal text as the team wrote it (see `parseLegalBody`): headings, paragraphs, lists, bold and
 * links, all rendered as React text — nothing the text says becomes HTML.
 */
export function LegalText({ body, lang }: { body: string; lang?: string }) {
  const blocks = useMemo(() => parseLegalBody(body), [body]);
  return (
    <div lang={lang} className="space-y-4 leading-relaxed text-slate-700 dark:text-slate-300">
      {blocks.map((block, index) =>
        block.kind === "heading" ? (
          block.level === 2 ? (
            <h2 key={index} className="scroll-mt-24 pt-4 text-xl font-bold text-slate-900 dark:text-white">
              {block.text}
            </h2>
          ) : (
            <h3 key={index} className="pt-2 text-lg font-semibold text-slate-900 dark:text-white">
              {block.text}
            </h3>
          )
        ) : block.kind === "list" ? (
          <ul key={index} className="list-disc space-y-2 pl-6 marker:text-sea-700 dark:marker:text-sea-300">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inlines parts={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            <Inlines parts={block.parts} />
          </p>
        ),
      )}
    </div>
  );
}

/**
 * The frame of the legal pages: the heading and lead, the date of the last edit, the pages'
 * navigation (a row on phones, a column beside the text on wide screens) and the page's content.
 */
export function LegalFrame({
  current,
  title,
  summary,
  updatedAt,
  children,
}: {
  current: LegalPageKey;
  title: string;
  summary: string;
  updatedAt: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation("legal");
  const lang = useLang();
  return (
    <main id="main">
      <header className="border-b border-slate-200 bg-gradient-to-b from-sea-50 to-white dark:border-white/10 dark:from-sea-950 dark:to-sea-950">
        <div className="container-page py-8 sm:py-12">
          <h1 className="text-3xl font-extrabold tracking-tight text-sea-950 sm:text-4xl dark:text-white">{title}</h1>
          <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{summary}</p>
          {updatedAt ? <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t("updated", { date: formatDay(updatedAt.slice(0, 10), lang, "long") })}</p> : null}
        </div>
      </header>
      <div className="container-page grid gap-8 py-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:py-12">
        <nav aria-label={t("nav.label")} className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <h2 className="px-3 text-xs font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("nav.label")}</h2>
          <ul className="mt-2 flex flex-wrap gap-1 lg:flex-col">
            {legalPageKeys.map((key) => (
              <li key={key}>
                <LocalizedLink
                  to={href(legalPageIdOf(key))}
                  aria-current={key === current ? "page" : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm ${
                    key === current
                      ? "bg-sea-100 font-semibold text-sea-900 dark:bg-white/15 dark:text-white"
                      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-white/10"
                  }`}
                >
                  {t(`nav.${key}`)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 max-w-3xl">{children}</div>
      </div>
    </main>
  );
}
