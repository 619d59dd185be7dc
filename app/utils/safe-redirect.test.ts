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
    "javascript:alert(1)",
    "ajustes",
    "/\tevil",
    "",
    null,
    42,
  ])("refuses %s", (target) => {
    expect(safeRedirect(target, "/ajustes")).toBe("/ajustes");
  });
});
