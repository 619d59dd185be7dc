import { afterEach, describe, expect, it } from "vitest";
import { configureLogging, createLogger, logError, logger, redactText } from "./logger";
import { requestScope } from "./request-scope";

/** A destination that keeps each line, parsed. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
}

let restore = () => {};
afterEach(() => restore());

describe("the log's lines", () => {
  it("carry Cloud Logging's severity and message instead of pino's level and msg", () => {
    const { lines, destination } = capture();
    const log = createLogger({ format: "json", level: "debug", destination });
    log.debug("d");
    log.info("i");
    log.warn("w");
    log.error("e");
    log.fatal("f");
    expect(lines.map((l) => [l.severity, l.message])).toEqual([
      ["DEBUG", "d"],
      ["INFO", "i"],
      ["WARNING", "w"],
      ["ERROR", "e"],
      ["CRITICAL", "f"],
    ]);
    for (const line of lines) {
      expect(line).not.toHaveProperty("level");
      expect(line).not.toHaveProperty("msg");
      expect(line).not.toHaveProperty("pid");
      expect(line).not.toHaveProperty("hostname");
      expect(new Date(line.time as string).toISOString()).toBe(line.time);
    }
  });

  it("written during a request carry its id and trace; outside one, neither", () => {
    const { lines, destination } = capture();
    const log = createLogger({ format: "json", destination });
    log.info("before");
    requestScope.run({ requestId: "req-1", trace: "projects/p/traces/t", route: null, uid: null, fields: null }, () => log.warn("during"));
    expect(lines[0]).not.toHaveProperty("requestId");
    expect(lines[1]).toMatchObject({ requestId: "req-1", "logging.googleapis.com/trace": "projects/p/traces/t", message: "during" });
  });

  it("below LOG_LEVEL are not written", () => {
    const { lines, destination } = capture();
    const log = createLogger({ format: "json", level: "warn", destination });
    log.info("quiet");
    log.warn("heard");
    expect(lines.map((l) => l.message)).toEqual(["heard"]);
  });
});

describe("an error", () => {
  it("is one ERROR line with its stack (for Error Reporting) and the request's id", () => {
    const { lines, destination } = capture();
    restore = configureLogging({ format: "json", level: "info", destination });
    const error = new TypeError("boom");
    requestScope.run({ requestId: "req-2", trace: null, route: null, uid: null, fields: null }, () => logError("A request failed", error));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ severity: "ERROR", requestId: "req-2", errorType: "TypeError", message: "A request failed: TypeError: boom" });
    expect(lines[0].stack_trace).toContain("TypeError: boom\n    at ");
  });

  it("from console.error in JSON is a JSON line too, its text and stack redacted", () => {
    const { lines, destination } = capture();
    restore = configureLogging({ format: "json", level: "info", destination });
    console.error("[mailbox] sending to renter@amarre.test failed:", new Error("login sk_test_51Habc failed for password=amarre-demo"));
    console.info("plain %s", "info");
    expect(logger).toBeDefined();
    expect(lines).toHaveLength(2);
    expect(lines[0].severity).toBe("ERROR");
    expect(lines[0].message).toBe("[mailbox] sending to [email] failed: Error: login [secret] failed for password=[redacted]");
    expect(lines[0].stack_trace).toMatch(/^Error: login \[secret\] failed for password=\[redacted\]\n/);
    expect(lines[1]).toMatchObject({ severity: "INFO", message: "plain info" });
  });
});

describe("a thrown response", () => {
  it("is logged by its status, never its data (which may hold what a person typed)", () => {
    const { lines, destination } = capture();
    restore = configureLogging({ format: "json", level: "info", destination });
    logError("A request failed", { status: 503, statusText: "Service Unavailable", data: { email: "renter@amarre.test", note: "typed text" } });
    expect(lines).toEqual([expect.objectContaining({ message: "A request failed: Response 503 Service Unavailable", stack_trace: "Response 503 Service Unavailable" })]);
  });
});

describe("redaction", () => {
  it("removes emails, Stripe keys, bearer tokens, JWTs, passwords and card numbers from free text", () => {
    const text = redactText(
      'owner@amarre.test whsec_abc123 rk_live_9x Authorization: Bearer abc.def eyJhbGciOi.eyJzdWIi.c2ln {"password":"amarre-demo"} card 4242 4242 4242 4242 token=abc',
    );
    for (const secret of ["owner@amarre.test", "whsec_abc123", "rk_live_9x", "abc.def", "eyJhbGciOi", "amarre-demo", "4242 4242", "token=abc"]) {
      expect(text).not.toContain(secret);
    }
    expect(redactText("booking AMR-7K2P for 3 days")).toBe("booking AMR-7K2P for 3 days");
  });
});
