import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { baseNamespaces, i18nConfig, isLang, defaultLang } from "#app/i18n";
import { ErrorReferenceProvider, REFERENCE_ATTRIBUTE, watchDataResponses } from "#app/utils/error-reference";
import { adoptFormatsSeen, FORMATS_SEEN_ID } from "#app/framework/intl";

/**
 * Messages come from a cached resource route, one namespace at a time, when first needed: a
 * fetch is all it takes (no HTTP backend library in every page's JavaScript).
 */
function localesBackend(version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(lng, ns, callback) {
      fetch(`/resources/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}?v=${encodeURIComponent(version)}`, { credentials: "same-origin" })
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} loading the ${lng}/${ns} messages`);
          return response.json();
        })
        .then((messages) => callback(null, messages), (error: Error) => callback(error, false));
    },
  };
}

async function hydrate() {
  // The server's formatted numbers and dates: hydration builds no Intl formatter for them.
  adoptFormatsSeen(document.getElementById(FORMATS_SEEN_ID)?.textContent);
  const lang = document.documentElement.lang;
  const version = document.documentElement.dataset.localesVersion ?? "dev";
  await i18next
    .use(initReactI18next)
    .use(localesBackend(version))
    .init({
      ...i18nConfig,
      lng: isLang(lang) ? lang : defaultLang,
      // The page's language only. With the shared config's fallback (Spanish), an English,
      // French or German page fetched every namespace twice, its own and Spanish, before
      // hydrating; every key exists in the four languages (app/i18n.test.ts), so the fallback
      // was never read. The server keeps it.
      fallbackLng: false,
      ns: [...new Set([...baseNamespaces, ...getInitialNamespaces()])],
      detection: undefined,
    });

  // An error page's reference, as the server rendered it (hydration renders the same).
  const reference = document.querySelector(`[${REFERENCE_ATTRIBUTE}]`)?.getAttribute(REFERENCE_ATTRIBUTE) ?? null;
  watchDataResponses(window);
  startTransition(() => {
    hydrateRoot(
      document,
      <ErrorReferenceProvider value={reference}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>
      </ErrorReferenceProvider>,
    );
  });
}

hydrate().catch((error: unknown) => console.error("Failed to load messages", error));
