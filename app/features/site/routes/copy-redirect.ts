import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";
import type { Lang } from "#app/i18n";
import { href } from "#app/utils/href";

/**
 * The spec's draft copies of pages (`/limpieza copy`, `/boat/{id} copy`, `/ajustes/mi-perfil copy`…,
 * the space arriving as `%20`): a permanent redirect to the page each copies, in the same
 * language and with the same query. A resource route, so no layout runs first: the redirect comes
 * before any sign-in check (the page it leads to asks for one if it needs it).
 */
export const copies: ReadonlyArray<{ path: RegExp; target: (match: RegExpExecArray, lang: Lang) => string }> = [
  { path: /^\/limpieza copy$/, target: (_, lang) => href("limpieza", { lang }) },
  { path: /^\/boat\/([^/]+) copy$/, target: (match, lang) => href("boat", { lang, params: { id: match[1]! } }) },
  { path: /^\/boat\/form\/add-motor-boat copy$/, target: (_, lang) => href("boat-form-motor", { lang }) },
  { path: /^\/boat\/rent\/boat\/ReservationSummary copy$/, target: (_, lang) => href("reservation-summary", { lang }) },
  { path: /^\/ajustes\/inscribir-tu-barco copy$/, target: (_, lang) => href("settings-list-boat", { lang }) },
  { path: /^\/ajustes\/mi-perfil copy(?: 2)?$/, target: (_, lang) => href("settings-profile", { lang }) },
];

export async function loader(args: LoaderFunctionArgs) {
  const { lang, path, url } = requestContext(args);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path).replace(/\/+$/, "");
  } catch {
    notFound(args.request);
  }
  for (const copy of copies) {
    const match = copy.path.exec(decoded);
    if (match) return redirect(copy.target(match, lang) + url.search, 301);
  }
  notFound(args.request);
}
