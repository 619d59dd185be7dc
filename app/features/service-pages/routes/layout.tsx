import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SiteFrame } from "#app/features/site";
import { layoutMeta } from "#app/utils/meta";

/**
 * The septimalista layout (named after the séptima lista, the register of pleasure boats): the
 * service pages — paperwork, insurance, cleaning, transport, ports. Header, the page (procedure
 * navigation, content and the sticky request panel), why people trust the team, footer.
 */
export const handle = { i18n: ["services"] };

const TRUST = ["private", "tracking", "price", "languages"] as const;

export default function SeptimalistaLayout() {
  return (
    <SiteFrame>
      <Outlet />
      <TrustSignals />
    </SiteFrame>
  );
}

function TrustSignals() {
  const { t } = useTranslation("services");
  return (
    <section aria-labelledby="trust-title" className="border-t border-slate-200 bg-slate-50 dark:border-white/10 dark:bg-white/5">
      <div className="container-page py-10">
        <h2 id="trust-title" className="text-lg font-bold text-sea-950 dark:text-white">
          {t("trust.title")}
        </h2>
        <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TRUST.map((item) => (
            <li key={item}>
              <p className="font-semibold text-sea-900 dark:text-white">{t(`trust.${item}.title`)}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`trust.${item}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export const meta = layoutMeta({ noindex: false });

export function ErrorBoundary() {
  return (
    <SiteFrame>
      <GeneralErrorBoundary />
    </SiteFrame>
  );
}
