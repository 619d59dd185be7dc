import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirect("/ajustes/mis-barcos?x=1#top")).toBe("/ajustes/mis-barcos?x=1#top");
    expect(safeRedirect("/fr/about")).toBe("/fr/about");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/x/..//evil.example",
    "/x/../\\evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%5C%5Cevil.example",
    "/%252e//evil.example",
    "/%2e%2e/%2f%2fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/ajustes%0d%0aSet-Cookie:%20x=1",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " /ajustes",
    "data:text/html,<script>alert(1)</script>",
    "https:evil.example",
    "/" + "a".repeat(2100),
    "ajustes",
    "/\tevil",
    "",
    null,
    42,
  ])("refuses %s", (target) => {
    expect(safeRedirect(target, "/ajustes")).toBe("/ajustes");
  });
});

describe("safeRedirect keeps what is on the site", () => {
  it.each([
    ["/x/../ajustes", "/ajustes"],
    ["/./ajustes/./mis-barcos", "/ajustes/mis-barcos"],
    ["/user/jos%C3%A9", "/user/jos%C3%A9"],
    ["/alquiler-barco?place=Palma%20de%20Mallorca&people=6", "/alquiler-barco?place=Palma%20de%20Mallorca&people=6"],
    ["/en", "/en"],
  ])("%s → %s", (target, expected) => {
    expect(safeRedirect(target, "/fallback")).toBe(expected);
  });
});
