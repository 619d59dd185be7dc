import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { splitLangFromPath } from "#app/i18n";
import { i18nFor } from "#app/.server/i18n";

/**
 * A component as the server draws it on the page at `path` (its language from the path's prefix,
 * with the project's own messages), for loader tests that check what a person reads: the loader's
 * data drawn by the component that shows it, in each language. Only components that need a
 * router's location and links (not a route's loader data) can be drawn this way.
 */
export async function drawnAt(path: string, element: React.ReactNode): Promise<string> {
  const url = new URL(path, "http://localhost");
  const { lang } = splitLangFromPath(url.pathname);
  const routes = [{ path: "*", element: <I18nextProvider i18n={i18nFor(lang)}>{element}</I18nextProvider> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`no page at ${path}`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

/** The text a person reads in drawn HTML: tags dropped, entities and spaces as the browser shows them. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
