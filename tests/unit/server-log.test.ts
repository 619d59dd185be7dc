import { describe, expect, it } from "vitest";
import { logProblems } from "#tests/e2e/support/server-log";

/** The browser run's log check (decision 049) finds what it is there to find. */
const request = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ severity: "INFO", time: "2026-12-06T19:39:39.700Z", requestId: "r1", method: "GET", route: "es/home", status: 200, durationMs: 1.5, httpRequest: { requestMethod: "GET" }, message: "GET / 200 1.5 ms", ...fields });

describe("the server log check", () => {
  it("passes JSON lines with severity, message and, on request lines, their id", () => {
    const log = [request(), request({ uid: "u1" }), JSON.stringify({ severity: "ERROR", message: "A request failed: Error: x", stack_trace: "Error: x" })].join("\n") + "\n";
    expect(logProblems(log, ["amarre-demo"])).toEqual({ problems: [], requests: 2, signedIn: 1, errors: ["A request failed: Error: x"] });
  });

  it("finds a secret, an email, a Stripe key, a cookie, a text line, a missing severity or request id", () => {
    const log = [
      request({ message: "signed in with amarre-demo" }),
      request({ message: "mail to renter@amarre.test" }),
      request({ note: "sk_test_51Habc" }),
      request({ note: "__session=abc" }),
      "Amarre is running at http://localhost:3000",
      JSON.stringify({ level: 30, msg: "pino's own" }),
      request({ requestId: undefined }),
    ].join("\n");
    const problems = logProblems(log, ["amarre-demo"]).problems.map((p) => `${p.line} ${p.problem}`);
    expect(problems).toEqual([
      "1 holds a secret",
      "2 holds an email address",
      "3 holds a Stripe key or webhook secret",
      "4 holds a session cookie",
      "5 is not JSON",
      "6 has no Cloud Logging severity",
      "6 has no message",
      "6 has pino's level or msg",
      "7 is a request's line without requestId",
    ]);
  });
});
