import { localizePath, type Lang } from "#app/i18n";
import { pathById, resourceIds, type PageId, type ParamsOf, type ResourceId } from "#app/route-table";

/**
 * The URL of a page of the route table: every link, redirect, sitemap entry and navigation list
 * is built here, never typed by hand, so a renamed path changes in one place and a link to a page
 * that does not exist does not compile.
 *
 *   href("boat", { params: { id }, lang: "fr" })          → /fr/boat/abc
 *   href("boat-search", { search: { type: "sail" } })     → /alquiler-barco?type=sail
 *   href("settings-profile", { lang })                    → /ajustes/mi-perfil (or /en/…)
 *
 * Parameters are required exactly when the path has them, and are URL-encoded (`*` keeps its
 * slashes); `lang` adds the language prefix (none for Spanish; resource routes have none);
 * `search` drops empty values.
 */
type Search = URLSearchParams | Record<string, string | number | boolean | null | undefined | ReadonlyArray<string>>;
type Options<Id extends PageId | ResourceId> = { lang?: Lang; search?: Search; hash?: string } & (keyof ParamsOf<Id> extends never
  ? { params?: undefined }
  : { params: ParamsOf<Id> });

type Args<Id extends PageId | ResourceId> = keyof ParamsOf<Id> extends never ? [options?: Options<Id>] : [options: Options<Id>];

function searchString(search: Search | undefined): string {
  if (!search) return "";
  const params = new URLSearchParams();
  const entries: Array<[string, unknown]> = search instanceof URLSearchParams ? [...search.entries()] : Object.entries(search);
  for (const [key, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === "" || item === false) continue;
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function href<Id extends PageId | ResourceId>(id: Id, ...[options]: Args<Id>): string {
  const template = pathById.get(id);
  if (template === undefined) throw new Error(`No page "${id}" in the route table`);
  const params = (options?.params ?? {}) as Record<string, string>;
  const path =
    template === null
      ? "/"
      : "/" +
        template
          .split("/")
          .map((segment) => {
            if (segment.startsWith(":")) {
              // `:id` or `:id copy` (a parameter followed by text, the spec's draft copies).
              const [, name = "", rest = ""] = /^:([\w-]+)(.*)$/.exec(segment) ?? [];
              const value = params[name];
              if (value === undefined) throw new Error(`href("${id}") needs the parameter ${name}`);
              return encodeURIComponent(value) + encodeURIComponent(rest);
            }
            if (segment === "*") return (params["*"] ?? "").split("/").map(encodeURIComponent).join("/");
            return segment;
          })
          .join("/");
  const localized = resourceIds.has(id) || !options?.lang ? path : localizePath(path, options.lang);
  return localized + searchString(options?.search) + (options?.hash ? `#${options.hash}` : "");
}
