import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { redirectDocument } from "@remix-run/node";
import { decodeViaTurboStream } from "@remix-run/react/dist/single-fetch";
import { describe, expect, it } from "vitest";

/**
 * The service worker's answer to an in-app request it cannot pass on (decision 060): the page the
 * request is for, and Remix's "load it as a document" written by hand in `public/sw.js` (a plain
 * script), read back with Remix's own decoder — an upgrade of Remix that writes it otherwise
 * fails here, not on a quay.
 */
type Worker = {
  appRequestPage: (url: URL) => string | null;
  loadAsDocument: (page: string) => Response;
};

const worker = (() => {
  const scope: Record<string, unknown> = { self: { addEventListener: () => {}, location: { origin: "https://amarre.test" } }, URL, Response, JSON };
  runInNewContext(readFileSync("public/sw.js", "utf8"), scope);
  return scope as unknown as Worker;
})();

const pageOf = (path: string) => worker.appRequestPage(new URL(path, "https://amarre.test"));

describe("the worker's in-app requests", () => {
  it("knows the page a data or routes request is for, and leaves the rest alone", () => {
    expect(pageOf("/ajustes/mis-reservas.data")).toBe("/ajustes/mis-reservas");
    expect(pageOf("/en/ajustes/mis-reservas/abcdefghij0123456789.data?_routes=root%2Croutes%2Fx")).toBe("/en/ajustes/mis-reservas/abcdefghij0123456789");
    expect(pageOf("/_root.data")).toBe("/");
    expect(pageOf("/fr.data")).toBe("/fr");
    expect(pageOf("/ajustes.data?index")).toBe("/ajustes");
    expect(pageOf("/boat/search.data?q=D%C3%A9nia&_routes=x")).toBe("/boat/search?q=D%C3%A9nia");
    expect(pageOf("/__manifest?p=%2Fajustes&version=abc")).toBe("");
    expect(pageOf("/resources/offline-trips.data")).toBeNull();
    expect(pageOf("/api/logout.data")).toBeNull();
    expect(pageOf("/ajustes/mis-reservas")).toBeNull();
    expect(pageOf("/assets/root-abc.js")).toBeNull();
  });

  it("answers a page's data request as Remix's server answers a redirectDocument, which Remix reads as a document load", async () => {
    for (const page of ["/ajustes/mis-reservas/abcdefghij0123456789", "/de/boat/search?q=%22D%C3%A9nia%22&x=1", "/"]) {
      const answer = worker.loadAsDocument(page);
      expect(answer.status).toBe(202);
      const { value } = await decodeViaTurboStream(answer.body!, globalThis);
      const redirect = Object.getOwnPropertySymbols(value).map((symbol) => (value as Record<symbol, unknown>)[symbol]);
      expect(redirect).toEqual([{ redirect: page, status: 302, revalidate: false, reload: true, replace: false }]);
      // What a loader's redirectDocument says: a 302 that reloads the document, nothing else.
      const remix = redirectDocument(page);
      expect([remix.status, remix.headers.get("Location"), remix.headers.has("X-Remix-Reload-Document"), remix.headers.has("X-Remix-Replace")]).toEqual([302, page, true, false]);
    }
  });

  it("answers a routes request as Remix's server does when its build changed: reload the page", () => {
    const answer = worker.loadAsDocument("");
    expect([answer.status, answer.headers.get("X-Remix-Reload-Document")]).toEqual([204, "yes"]);
  });
});
