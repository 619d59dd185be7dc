import { splitLangFromPath } from "#app/i18n";
import { getFixedT } from "../i18n";

/**
 * The Origin check every state-changing request passes before Remix sees it (pages, `.data`
 * requests and resource routes alike). SameSite=Lax cookies stop other sites, not a same-site
 * subdomain, so a POST must come from this site: its `Origin` names this host (or PUBLIC_URL's);
 * without an `Origin`, a `Referer` that names another host is refused too; with neither (plain
 * forms of old browsers, scripts) the request goes on. A foreign, `null` or unparseable origin
 * gets a translated 403 — never Remix's own check, which answers such requests with a 500.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginCheckInput = {
  method: string;
  /** The path and query of the request (`/en/login?x=1`), for its language. */
  path: string;
  /** The request's own host (`Host`, or `X-Forwarded-Host` behind a trusted proxy). */
  host: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  accept: string | undefined;
  /** PUBLIC_URL, when the site has one. */
  publicUrl?: string;
};

function hostOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

/** Null when the request may go on; else the 403 to send. */
export function foreignOriginRefusal(input: OriginCheckInput): { status: 403; contentType: string; body: string } | null {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return null;
  const own = new Set<string>();
  if (input.host) own.add(input.host.toLowerCase());
  const publicHost = input.publicUrl ? hostOf(input.publicUrl) : null;
  if (publicHost) own.add(publicHost);

  let foreign: boolean;
  if (input.origin !== undefined) {
    const host = hostOf(input.origin.trim());
    foreign = host === null || !own.has(host);
  } else if (input.referer !== undefined && input.referer !== "") {
    const host = hostOf(input.referer.trim());
    foreign = host === null || !own.has(host);
  } else {
    foreign = false;
  }
  if (!foreign) return null;

  let pathname = "/";
  try {
    pathname = new URL(input.path, "http://x").pathname;
  } catch {
    // an unparseable path still gets the Spanish answer
  }
  const { lang } = splitLangFromPath(pathname);
  const t = getFixedT(lang, "errors");
  const message = t("foreignOrigin");
  if (input.accept?.includes("text/html")) {
    const title = t("generic.title", { code: 403 });
    return {
      status: 403,
      contentType: "text/html; charset=utf-8",
      body: `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    };
  }
  return { status: 403, contentType: "application/json; charset=utf-8", body: JSON.stringify({ error: "foreign-origin", message }) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
