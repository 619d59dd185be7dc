import { describe, expect, it } from "vitest";
import { foreignOriginRefusal, type OriginCheckInput } from "./origin";

const post = (over: Partial<OriginCheckInput>): OriginCheckInput => ({
  method: "POST",
  path: "/login",
  host: "amarre.test:3000",
  origin: undefined,
  referer: undefined,
  accept: "text/html",
  ...over,
});

describe("the Origin check of state-changing requests", () => {
  it("lets same-origin requests and plain forms without headers through", () => {
    expect(foreignOriginRefusal(post({ origin: "http://amarre.test:3000" }))).toBeNull();
    expect(foreignOriginRefusal(post({ origin: "https://AMARRE.test:3000" }))).toBeNull();
    expect(foreignOriginRefusal(post({}))).toBeNull();
    expect(foreignOriginRefusal(post({ referer: "http://amarre.test:3000/login" }))).toBeNull();
    expect(foreignOriginRefusal(post({ origin: "https://www.amarre.example", publicUrl: "https://www.amarre.example/" }))).toBeNull();
  });

  it("never checks reads", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(foreignOriginRefusal(post({ method, origin: "https://evil.example" }))).toBeNull();
    }
  });

  it.each([
    ["a foreign origin", { origin: "https://evil.example" }],
    ["a same-site subdomain", { origin: "http://evil.amarre.test:3000" }],
    ["another port", { origin: "http://amarre.test:4000" }],
    ["a null origin", { origin: "null" }],
    ["an unparseable origin", { origin: "::::" }],
    ["a non-http origin", { origin: "file://amarre.test:3000" }],
    ["a foreign referer without origin", { referer: "https://evil.example/form" }],
    ["an unparseable referer without origin", { referer: "not a url" }],
  ])("refuses %s with a translated 403", (_name, over) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      const refusal = foreignOriginRefusal(post({ method, ...over }));
      expect(refusal?.status).toBe(403);
      expect(refusal?.body).toContain("no viene de Amarre");
    }
  });

  it("answers in the page's language, as HTML for documents and JSON for fetches", () => {
    const html = foreignOriginRefusal(post({ path: "/de/ajustes/mi-perfil", origin: "https://evil.example" }))!;
    expect(html.contentType).toMatch(/text\/html/);
    expect(html.body).toContain('<html lang="de">');
    expect(html.body).toContain("nicht von Amarre");
    const json = foreignOriginRefusal(post({ path: "/en/resources/favourite", origin: "https://evil.example", accept: "*/*" }))!;
    expect(json.contentType).toMatch(/application\/json/);
    expect(JSON.parse(json.body)).toEqual({ error: "foreign-origin", message: expect.stringContaining("does not come from Amarre") });
  });
});
