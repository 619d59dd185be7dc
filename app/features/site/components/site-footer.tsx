import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { href } from "#app/utils/href";

const columns = [
  {
    title: "footer.rent",
    links: [
      { to: href("boat-search-motor"), key: "footer.motorBoats" },
      { to: href("boat-search-sail"), key: "footer.sailingBoats" },
      { to: href("boat-search-jetski"), key: "footer.jetSkis" },
      { to: href("dock-search"), key: "footer.docks" },
    ],
  },
  {
    title: "footer.services",
    links: [
      { to: href("gestoria"), key: "footer.paperwork" },
      { to: href("seguro"), key: "footer.insurance" },
      { to: href("limpieza"), key: "footer.cleaning" },
      { to: href("transporte"), key: "footer.transport" },
      { to: href("port-form"), key: "footer.ports" },
    ],
  },
  {
    title: "footer.company",
    links: [
      { to: href("about"), key: "footer.about" },
      { to: href("blog"), key: "footer.blog" },
      { to: href("app"), key: "footer.app" },
      { to: href("category"), key: "footer.categories" },
      { to: href("register-pro"), key: "footer.forProfessionals" },
    ],
  },
] as const;

/** The legal pages every visitor must be able to reach (LSSI, GDPR), on one line under the columns. */
const legalLinks = [
  { to: href("legal-notice"), key: "footer.legalNotice" },
  { to: href("privacy"), key: "footer.privacy" },
  { to: href("cookies"), key: "footer.cookies" },
  { to: href("terms"), key: "footer.terms" },
  { to: href("contact"), key: "footer.contact" },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="render-when-near mt-16 border-t border-slate-200 bg-slate-50 dark:border-white/10 dark:bg-black/20">
      <div className="container-page grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-sea-800 dark:text-white">Amarre</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("footer.tagline")}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t(column.title)}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <LocalizedLink to={link.to} className="footer-link">
                    {t(link.key)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 py-6 text-xs text-slate-500 dark:border-white/10 dark:text-slate-400">
        <div className="container-page flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
          <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
          <nav aria-label={t("footer.legal")}>
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <LocalizedLink to={link.to} className="hover:text-sea-700 hover:underline dark:hover:text-white">
                    {t(link.key)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
