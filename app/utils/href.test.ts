import { describe, expect, it } from "vitest";
import { languages } from "#app/i18n";
import { layoutGroups, pagePaths, resourceRoutes } from "#app/route-table";
import { href } from "./href";

describe("href", () => {
  it("builds the pages of the route table in each language", () => {
    expect(href("home")).toBe("/");
    expect(href("home", { lang: "en" })).toBe("/en");
    expect(href("settings-profile", { lang: "es" })).toBe("/ajustes/mi-perfil");
    expect(href("settings-profile", { lang: "de" })).toBe("/de/ajustes/mi-perfil");
    expect(href("boat", { params: { id: "abc 1/2" }, lang: "fr" })).toBe("/fr/boat/abc%201%2F2");
    expect(href("user", { params: { slug: "lucía" } })).toBe("/user/luc%C3%ADa");
  });

  it("adds a query without empty values, and a hash", () => {
    expect(href("boat-search", { lang: "en", search: { type: "sail", from: "", to: undefined, people: 6, instant: false } })).toBe("/en/alquiler-barco?type=sail&people=6");
    expect(href("login", { search: new URLSearchParams({ redirect: "/ajustes/mis-barcos" }) })).toBe("/login?redirect=%2Fajustes%2Fmis-barcos");
    expect(href("boat-search", { search: { type: "" } })).toBe("/alquiler-barco");
    expect(href("settings-inbox", { hash: "top" })).toBe("/ajustes/mi-bandeja-de-entrada#top");
  });

  it("gives resource routes no language prefix and keeps a splat's slashes", () => {
    expect(href("sitemap", { lang: "fr" })).toBe("/sitemap.xml");
    expect(href("photos", { params: { "*": "listing/abc/1-640.webp" } })).toBe("/photos/listing/abc/1-640.webp");
    expect(href("locales", { params: { lng: "en", ns: "common" } })).toBe("/resources/locales/en/common");
  });

  it("keeps a fixed-language page at its one path, whatever the language asked", () => {
    expect(href("transport-boat")).toBe("/en/transport-boat");
    expect(href("transport-boat", { lang: "fr" })).toBe("/en/transport-boat");
    expect(href("port-form", { lang: "de" })).toBe("/de/port/PortForm");
  });

  it("resolves every page id to a path the table mounts, in every language", () => {
    const mounted = new Set(pagePaths());
    for (const group of layoutGroups) {
      for (const page of group.pages) {
        const params = { id: "x", slug: "x", key: "x", chatId: "x", blogId: "x", bookingId: "x", "*": "x" };
        const path = (href as (id: string, options: object) => string)(page.id, { params });
        const template = page.path === null ? "/" : `/${page.path}`;
        expect(mounted.has(template)).toBe(true);
        expect(decodeURIComponent(path)).toBe(template.replace(":id", "x").replace(":slug", "x").replace(":key", "x").replace(":chatId", "x").replace(":blogId", "x").replace(":bookingId", "x").replace("*", "x"));
        for (const lang of languages) {
          expect((href as (id: string, options: object) => string)(page.id, { params, lang: lang.code }).startsWith(lang.prefix ? `/${lang.prefix}` : "/")).toBe(true);
        }
      }
    }
    for (const route of resourceRoutes) {
      const params = { lng: "es", ns: "common", listingId: "b1", file: "t.ics", caseId: "c1", documentId: "d1", invoiceId: "i1", bookingId: "k1", photoId: "p1", uid: "u1", "*": "x" };
      expect((href as (id: string, options: object) => string)(route.id, { params })).toBe(
        `/${route.path.replace(":lng", "es").replace(":ns", "common").replace(":listingId", "b1").replace(":file", "t.ics").replace(":caseId", "c1").replace(":documentId", "d1").replace(":invoiceId", "i1").replace(":bookingId", "k1").replace(":photoId", "p1").replace(":uid", "u1").replace("*", "x")}`,
      );
    }
  });

  it("is typed: unknown pages and missing or extra parameters do not compile", () => {
    // @ts-expect-error a page that does not exist
    expect(() => href("no-such-page")).toThrow();
    // @ts-expect-error a boat needs its id
    expect(() => href("boat")).toThrow();
    // @ts-expect-error the id parameter is named id
    expect(() => href("boat", { params: { slug: "x" } })).toThrow();
    // @ts-expect-error the home page takes no parameters
    href("home", { params: { id: "x" } });
  });
});
