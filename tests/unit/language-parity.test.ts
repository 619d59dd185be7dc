import { describe, expect, it } from "vitest";
import { differences, targetsIn, twinOf } from "#tests/e2e/language-parity";

const ORIGIN = "http://127.0.0.1:3210";
const BOOKING = "/ajustes/mis-reservas/eqGgF4qpYvuEQTbDHcMP";

/** A page's body with these links and forms. */
const page = (...targets: string[]) => `<html><body><header><a href="#main">skip</a></header>${targets.join("")}</body></html>`;
const at = (path: string) => new URL(path, ORIGIN);

/** What the crawl says of a twin at `twinPath` (in `lang`) against its Spanish page. */
function compare(spanish: string, twin: string, twinPath: string, lang: "en" | "fr" | "de" = "en", spanishPath = twinPath.replace(/^\/(en|fr|de)(?=\/|$)/, "") || "/") {
  return differences(targetsIn(spanish, at(spanishPath), "es"), targetsIn(twin, at(twinPath), lang));
}

describe("language parity", () => {
  it("finds issue 44's confirmation links: to the language's home page, not the booking's step", () => {
    const spanish = page(`<a href="${BOOKING}?confirm=cancel#actions-title">Cancelar la reserva</a>`);
    const english = page(`<a href="/en?confirm=cancel#actions-title">Cancel the booking</a>`);
    expect(compare(spanish, english, `/en${BOOKING}`)).toEqual([`link ${BOOKING}?confirm=cancel#actions-title in Spanish is link /en?confirm=cancel#actions-title`]);
    const fixed = page(`<a href="/en${BOOKING}?confirm=cancel#actions-title">Cancel the booking</a>`);
    expect(compare(spanish, fixed, `/en${BOOKING}`)).toEqual([]);
  });

  it("compares form actions, and a form without one as its page's own address", () => {
    const spanish = page(`<form method="get" action="/alquiler-barco"></form>`, `<form method="post"></form>`);
    expect(compare(spanish, page(`<form method="get" action="/alquiler-barco"></form>`, `<form method="post"></form>`), "/de/alquiler-barco?type=sail", "de")).toEqual([
      "form (get) /alquiler-barco in Spanish is form (get) /alquiler-barco",
    ]);
    expect(compare(spanish, page(`<form method="get" action="/de/alquiler-barco"></form>`, `<form method="post"></form>`), "/de/alquiler-barco?type=sail", "de")).toEqual([]);
    expect(compare(spanish, page(`<form method="get" action="/de/alquiler-barco"></form>`, `<form method="get"></form>`), "/de/alquiler-barco", "de")).toEqual([
      "form (post) /alquiler-barco in Spanish is form (get) /de/alquiler-barco",
    ]);
  });

  it("takes out the page's own prefix only: a link to another language's page is a difference", () => {
    const spanish = page(`<a href="/ajustes">Ajustes</a>`, `<a href="/login?redirect=%2Fajustes">Entrar</a>`);
    expect(compare(spanish, page(`<a href="/fr/ajustes">Réglages</a>`, `<a href="/fr/login?redirect=%2Ffr%2Fajustes">Entrer</a>`), "/fr/blog", "fr")).toEqual([]);
    expect(compare(spanish, page(`<a href="/ajustes">Réglages</a>`, `<a href="/fr/login?redirect=%2Fajustes">Entrer</a>`), "/fr/blog", "fr")).toEqual([
      "link /ajustes in Spanish is link /ajustes",
      "link /login?redirect=%2Fajustes in Spanish is link /fr/login?redirect=%2Fajustes",
    ]);
  });

  it("says what is missing or added when the counts differ", () => {
    const spanish = page(`<a href="/docks">Amarres</a>`, `<a href="/blog">Blog</a>`);
    expect(compare(spanish, page(`<a href="/en/blog">Blog</a>`, `<a href="/en/about">About</a>`, `<a href="/en">Home</a>`), "/en/docks")).toEqual([
      "link /docks in Spanish is missing",
      "link /en/about is not in Spanish",
      "link /en is not in Spanish",
    ]);
  });

  it("leaves out links that name their target's language, and reads a post's slug and a document's language as the page's", () => {
    const spanish = page(
      `<a href="/resources/language?lng=en&amp;redirect=%2Fen%2Fblog%2Fcalas" hrefLang="en-US">English</a>`,
      `<a href="/blog/calas-costa-brava-en-barco">Calas</a>`,
      `<a href="/login?redirect=%2Fblog%2Fcalas-costa-brava-en-barco">Entrar</a>`,
      `<a href="/resources/invoice/eqGg_fee?lang=es">PDF</a>`,
      `<a href="/feed/es.xml">Atom</a>`,
      `<a href="/photos/demo/boat/abc/640.webp">Foto</a>`,
    );
    const german = page(
      `<a href="/blog/calas-costa-brava-en-barco" hreflang="es">Español</a>`,
      `<a href="/de/blog/buchten-costa-brava-mit-dem-boot">Buchten</a>`,
      `<a href="/de/login?redirect=%2Fde%2Fblog%2Fbuchten-costa-brava-mit-dem-boot">Anmelden</a>`,
      `<a href="/resources/invoice/eqGg_fee?lang=de">PDF</a>`,
      `<a href="/feed/de.xml">Atom</a>`,
      `<a href="/photos/demo/boat/abc/640.webp">Foto</a>`,
    );
    expect(compare(spanish, german, "/de/blog", "de")).toEqual([]);
    // Another language's document or feed is still a difference.
    expect(compare(page(`<a href="/feed/es.xml">Atom</a>`), page(`<a href="/feed/es.xml">Atom</a>`), "/de/blog", "de")).toEqual(["link /feed/es.xml in Spanish is link /feed/es.xml"]);
  });

  it("builds a page's twin: its path and the Spanish pages in its query under the prefix", () => {
    expect(twinOf(at("/"), "en").href).toBe(`${ORIGIN}/en`);
    expect(twinOf(at(`${BOOKING}?confirm=cancel`), "de").href).toBe(`${ORIGIN}/de${BOOKING}?confirm=cancel`);
    expect(twinOf(at("/login?redirect=%2Falquiler-barco%3Ftype%3Dsail"), "fr").href).toBe(`${ORIGIN}/fr/login?redirect=%2Ffr%2Falquiler-barco%3Ftype%3Dsail`);
    expect(twinOf(at("/admin/contenidos/gestoria?lang=es"), "en").href).toBe(`${ORIGIN}/en/admin/contenidos/gestoria?lang=es`);
  });
});
