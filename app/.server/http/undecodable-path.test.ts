import { describe, expect, it } from "vitest";
import { decodableTarget } from "./undecodable-path";

describe("a request target whose path cannot be decoded", () => {
  it("has its path's % signs escaped, the query kept; it then decodes to what was asked", () => {
    expect(decodableTarget("/%")).toBe("/%25");
    expect(decodableTarget("/blog/%E0%A4%A")).toBe("/blog/%25E0%25A4%25A");
    expect(decodableTarget("/en/%ZZ?q=%ZZ")).toBe("/en/%25ZZ?q=%ZZ");
    expect(decodeURIComponent(decodableTarget("/de/boat/%C3%B1%"))).toBe("/de/boat/%C3%B1%");
  });

  it("comes back as it is when it decodes (the same string)", () => {
    for (const target of ["/", "/alquiler-barco?place=Palma", "/blog/%C3%B1and%C3%BA", "/a%2Fb", "/x?%=1"]) expect(decodableTarget(target)).toBe(target);
  });
});
