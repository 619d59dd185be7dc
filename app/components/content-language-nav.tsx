import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { langCodes, type Lang } from "#app/i18n";
import { LocalizedLink } from "./localized-link";

/**
 * The admin content editors' language tabs (one text per language) and a link to the public page
 * in the language being edited. `tabTo(code)`: the editor in that language, an unprefixed path
 * (the admin area stays in its own language); `viewTo`: the public page's full path, prefix included.
 */
export function ContentLanguageNav({ lang, tabTo, viewTo }: { lang: Lang; tabTo: (code: Lang) => string; viewTo: string }) {
  const { t } = useTranslation("admin");
  return (
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
      <Link to={viewTo} className="ml-auto self-center text-sm font-semibold text-sea-800 underline dark:text-sea-200">
        {t("content.view")}
      </Link>
    </nav>
  );
}
