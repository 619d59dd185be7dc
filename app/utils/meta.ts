import type { MetaDescriptor, MetaFunction } from "@remix-run/react";
import { isRouteErrorResponse } from "@remix-run/react";

/** Translated page title and description, as a loader returns them. */
export type SeoCopy = { title: string; description: string };

export type ErrorCopy = {
  notFoundTitle: string;
  notFoundDescription: string;
  /** Contains `{code}`. */
  errorTitle: string;
  errorDescription: string;
};

export function seoMeta(copy: SeoCopy | undefined): MetaDescriptor[] {
  if (!copy) return [];
  return [
    { title: copy.title },
    { name: "description", content: copy.description },
    { property: "og:title", content: copy.title },
    { property: "og:description", content: copy.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Amarre" },
  ];
}

/** The error screen's title and description (the spec's exact texts, translated outside Spanish). */
export function errorMeta(error: unknown, copy: ErrorCopy | undefined): MetaDescriptor[] {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!copy) return [{ title: status === 404 ? "Página No Encontrada (404)" : `Error ${status}` }];
  if (status === 404) {
    return [
      { title: copy.notFoundTitle },
      { name: "description", content: copy.notFoundDescription },
      { name: "robots", content: "noindex" },
    ];
  }
  return [
    { title: copy.errorTitle.replace("{code}", String(status)) },
    { name: "description", content: copy.errorDescription },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * A layout's meta: nothing of its own (its pages set title and description), the error
 * screen's title when it shows one, and `noindex` for private areas.
 */
export function layoutMeta({ noindex }: { noindex: boolean }): MetaFunction {
  return ({ error, matches }) => {
    const root = matches.find((m) => m.id === "root")?.data as { errorCopy?: ErrorCopy } | undefined;
    if (error) return errorMeta(error, root?.errorCopy);
    return noindex ? [{ name: "robots", content: "noindex" }] : [];
  };
}

/**
 * The URLs of a page that exists in some languages only (a blog post), for the root's canonical
 * and hreflang links: a route names them with `handle.alternates(data)`. Paths, no origin.
 * Without it every page is taken to exist at the same path in the four languages.
 */
export type PageAlternates = {
  canonical: string;
  languages: Array<{ lang: string; path: string }>;
  xDefault: string;
};
export type AlternatesHandle = { alternates?: (data: unknown) => PageAlternates | null | undefined };
