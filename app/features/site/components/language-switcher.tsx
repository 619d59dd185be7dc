import { useLocation, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GlobeIcon } from "#app/components/icons";
import { useCloseOnNavigate } from "#app/utils/use-close-on-navigate";
import { langCookieString, languages, localizePath, splitLangFromPath, type Lang } from "#app/i18n";

/**
 * Links to the same page in the other languages. Without JavaScript each link goes through
 * /resources/language, which stores the cookie and redirects; with JavaScript the cookie is
 * written here, the messages are loaded, and the app navigates without a document load.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { lang: current, path } = splitLangFromPath(location.pathname);
  const rest = path + location.search;
  const menu = useCloseOnNavigate();

  async function switchTo(event: React.MouseEvent<HTMLAnchorElement>, lang: Lang) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    document.cookie = langCookieString(lang);
    try {
      await i18n.loadLanguages(lang);
    } catch (error) {
      console.warn("Failed to load messages for", lang, error);
    }
    navigate(localizePath(rest, lang));
  }

  return (
    <nav aria-label={t("language.label")} className="relative">
      <details ref={menu} className="group">
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-white/10">
          <GlobeIcon />
          <span className="uppercase">{current}</span>
          <span className="sr-only">{t("language.current", { name: languages.find((l) => l.code === current)!.name })}</span>
        </summary>
        <ul className="z-overlay absolute right-0 mt-2 w-44 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-white/10 dark:bg-sea-950">
          {languages.map((language) => {
            const target = localizePath(rest, language.code);
            const href = `/resources/language?lng=${language.code}&redirect=${encodeURIComponent(target)}`;
            return (
              <li key={language.code}>
                <a
                  href={href}
                  hrefLang={language.iso}
                  lang={language.iso}
                  aria-current={language.code === current ? "true" : undefined}
                  data-lang={language.code}
                  onClick={(event) => void switchTo(event, language.code)}
                  className="language-choice"
                >
                  {language.name}
                </a>
              </li>
            );
          })}
        </ul>
      </details>
    </nav>
  );
}
