import {
  data,
  redirect,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type MetaFunction,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { publicEnv } from "#app/.server/config";
import { decideLanguage, getFixedT, localesVersion } from "#app/.server/i18n";
import { EventStream } from "#app/components/event-stream";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { baseNamespaces, languageOf, languages, localizePath, splitLangFromPath, type Lang } from "#app/i18n";
import { useOptimisticTheme } from "#app/features/site";
import { errorMeta, type AlternatesHandle, type ErrorCopy, type PageAlternates } from "#app/utils/meta";
import { clearCurrentUser, refreshCurrentUser, useCurrentUser } from "#app/utils/current-user";
import { readThemeCookie } from "#app/utils/theme";
import { useNonce } from "#app/utils/nonce";
import { fixedPages } from "#app/route-table";
import { href } from "#app/utils/href";
import type { RootData } from "#app/utils/root-data";
import stylesheet from "./tailwind.css?url";
import { requestContext } from "#app/.server/http/request-context";
import { takeNotice } from "#app/.server/http/notice";
import { FormatsSeen } from "#app/framework/formats-seen";

export const handle = { i18n: [...baseNamespaces] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/** The error screen's texts in a language: messages are read once at start, so once per language. */
const errorCopies = new Map<Lang, ErrorCopy>();
function errorCopyFor(lang: Lang): ErrorCopy {
  let copy = errorCopies.get(lang);
  if (!copy) {
    const t = getFixedT(lang, "errors");
    copy = {
      notFoundTitle: t("notFound.title"),
      notFoundDescription: t("notFound.description"),
      errorTitle: t("generic.title", { code: "{code}" }),
      errorDescription: t("generic.description"),
    };
    errorCopies.set(lang, copy);
  }
  return copy;
}

export async function loader(args: LoaderFunctionArgs) {
  const { request, url, config, origin, getUser, services } = requestContext(args);
  const secure = config.isProduction && url.protocol === "https:";
  const decision = decideLanguage(request, secure);
  if (decision.kind === "redirect") {
    throw redirect(decision.location, {
      headers: decision.setCookie ? { "Set-Cookie": decision.setCookie } : undefined,
    });
  }
  const { lang } = decision;
  const user = await getUser();
  // The header's unread conversations (signed-in pages are never shared, so this stays theirs).
  const unreadChats = user ? await services.chats.unreadCount(user.uid) : 0;
  const errorCopy = errorCopyFor(lang);
  // The notice the last form left (shown once; decision record 033).
  const { notice, setCookie } = await takeNotice(request, args.context, lang);
  const headers = new Headers();
  if (decision.setCookie) headers.append("Set-Cookie", decision.setCookie);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return data(
    {
      lang,
      user: user ? { displayName: user.displayName, slug: user.slug, role: user.role, unreadChats } : null,
      theme: readThemeCookie(request.headers.get("Cookie")),
      origin,
      localesVersion,
      errorCopy,
      ENV: publicEnv(config),
      notice,
    } satisfies RootData,
    { headers },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error ? errorMeta(error, data?.errorCopy) : [];

/**
 * Canonical link and hreflang alternates: every page exists in the four languages, unless its
 * route names its own (`handle.alternates`, a post written in two languages).
 */
function AlternateLinks({ origin }: { origin: string }) {
  const { pathname } = useLocation();
  const own = useMatches()
    .map((match) => (match.handle as AlternatesHandle | undefined)?.alternates?.(match.data))
    .filter((alternates): alternates is PageAlternates => Boolean(alternates))
    .at(-1);
  if (own) {
    return (
      <>
        <link rel="canonical" href={origin + own.canonical} />
        {own.languages.map((l) => (
          <link key={l.lang} rel="alternate" hrefLang={l.lang} href={origin + l.path} />
        ))}
        <link rel="alternate" hrefLang="x-default" href={origin + own.xDefault} />
      </>
    );
  }
  // A fixed-language page (/en/transport-boat) points at the page it repeats.
  const fixed = fixedPages.find((page) => `/${page.path}` === pathname.replace(/\/+$/, ""));
  const { lang, path } = splitLangFromPath(fixed ? href(fixed.canonical, { lang: fixed.lang }) : pathname);
  return (
    <>
      <link rel="canonical" href={origin + localizePath(path, lang)} />
      {languages.map((l) => (
        <link key={l.code} rel="alternate" hrefLang={l.code} href={origin + localizePath(path, l.code)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + path} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const lang = root?.lang ?? splitLangFromPath(pathname).lang;
  const theme = useOptimisticTheme(root?.theme ?? "system");
  const { t } = useTranslation();
  return (
    <html lang={lang} data-theme={theme} data-locales-version={root?.localesVersion} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e4caf" />
        <meta property="og:locale" content={languageOf(lang).iso.replace("-", "_")} />
        <Meta />
        {root ? <AlternateLinks origin={root.origin} /> : null}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-tooltip focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sea-800 focus:shadow">
          {t("skipToContent")}
        </a>
        {children}
        <ScrollRestoration nonce={useNonce()} />
        <Scripts nonce={useNonce()} />
        <FormatsSeen />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  useChangeLanguage(root?.lang ?? "es");
  // The browser's session state: fetched at start and again whenever the server says the
  // person changed (sign-in, sign-out); it opens or closes the one event stream.
  const signedInAs = root?.user?.slug ?? null;
  const { user } = useCurrentUser();
  useEffect(() => {
    // The page was rendered for nobody: no session to fetch (it would only answer 401).
    if (!signedInAs) clearCurrentUser();
    else void refreshCurrentUser();
  }, [signedInAs]);
  return (
    <>
      <EventStream signedIn={Boolean(user)} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
