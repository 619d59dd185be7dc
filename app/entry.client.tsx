import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { baseNamespaces, i18nConfig, isLang, defaultLang } from "#app/i18n";

async function hydrate() {
  const lang = document.documentElement.lang;
  const version = document.documentElement.dataset.localesVersion ?? "dev";
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      ...i18nConfig,
      lng: isLang(lang) ? lang : defaultLang,
      ns: [...new Set([...baseNamespaces, ...getInitialNamespaces()])],
      // Messages come from a cached resource route, one namespace at a time, when first needed.
      backend: { loadPath: `/resources/locales/{{lng}}/{{ns}}?v=${version}` },
      detection: undefined,
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error: unknown) => console.error("Failed to load messages", error));
