import { Link } from "#app/framework/link";
import { useTranslation } from "react-i18next";
import { isLang, langCodes, type Lang } from "#app/i18n";
import { href } from "#app/utils/href";
import { useNotice } from "#app/utils/notice";
import { Notice } from "./forms";
import { LocalizedLink } from "./localized-link";

/** The language an admin content editor edits: `?lang=`, else the admin page's own. */
export function editedLang(url: URL, fallback: Lang): Lang {
  const asked = url.searchParams.get("lang");
  return isLang(asked) ? asked : fallback;
}

/**
 * The frame of an admin content editor (service pages, legal pages): the way back to the list,
 * the page's title and what the editor does, one tab per language, a link to the public page in
 * the language being edited, and the "saved" notice after a save (the
 * flashed notice, decision record 033). The form is the
 * children. `tabTo(code)`: the editor in that language, an unprefixed path (the admin area stays
 * in its own language); `viewTo`: the public page's full path, prefix included.
 */
export function ContentEditorPage({
  pageTitle,
  intro,
  lang,
  tabTo,
  viewTo,
  children,
}: {
  pageTitle: string;
  intro: string;
  lang: Lang;
  tabTo: (code: Lang) => string;
  viewTo: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  const notice = useNotice("admin:content.saved", "admin:legalContents.saved");
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-8">
      <p>
        <LocalizedLink to={href("admin-contents")} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">
          {t("content.back")}
        </LocalizedLink>
      </p>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{pageTitle}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{intro}</p>
      </header>
      <nav aria-label={t("content.languages")} className="flex flex-wrap gap-2">
        {langCodes.map((code) => (
          <LocalizedLink
            key={code}
            to={tabTo(code)}
            aria-current={code === lang ? "page" : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
              code === lang ? "bg-sea-700 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-white/10 dark:text-white"
            }`}
          >
            {t(`contents.languages.${code}`)}
          </LocalizedLink>
        ))}
        {/* hreflang: it opens the public page in the language edited, not in the admin area's. */}
        <Link to={viewTo} hrefLang={lang} className="ml-auto self-center text-sm font-semibold text-sea-800 underline dark:text-sea-200">
          {t("content.view")}
        </Link>
      </nav>
      {notice ? <Notice>{notice.text}</Notice> : null}
      {children}
    </main>
  );
}
