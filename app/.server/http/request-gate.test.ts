import { describe, expect, it } from "vitest";
import { gateRequest } from "./request-gate";

describe("the request gate", () => {
  it("passes ordinary requests unchanged", () => {
    expect(gateRequest("GET", "/en/alquiler-barco?x=1")).toEqual({ kind: "pass", url: "/en/alquiler-barco?x=1" });
    expect(gateRequest("post", "/login")).toEqual({ kind: "pass", url: "/login" });
  });

  it("reads absolute-form targets as their path, whatever host they name", () => {
    expect(gateRequest("GET", "http://evil.example/")).toEqual({ kind: "pass", url: "/" });
    expect(gateRequest("GET", "https://evil.example/alquiler-barco?type=sail")).toEqual({ kind: "pass", url: "/alquiler-barco?type=sail" });
    expect(gateRequest("GET", "//evil.example/x")).toEqual({ kind: "pass", url: "/evil.example/x" });
  });

  it("refuses targets that are neither paths nor http URLs", () => {
    for (const target of ["*", "evil.example:443", "javascript:alert(1)", "ftp://x/y", ""]) {
      expect(gateRequest("GET", target)).toMatchObject({ kind: "refuse", status: 400 });
    }
  });

  it("refuses methods a web app has no use for with 405 and Allow", () => {
    for (const method of ["TRACE", "TRACK", "CONNECT", "PROPFIND", "BREW"]) {
      expect(gateRequest(method, "/")).toMatchObject({ kind: "refuse", status: 405, headers: { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" } });
    }
  });
});
