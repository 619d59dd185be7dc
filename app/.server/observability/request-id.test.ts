import { describe, expect, it } from "vitest";
import { requestIdentity, traceField } from "./request-id";

const TRACE = "105445aa7843bc8bf206b12000100000";

describe("a request's id", () => {
  it("is the X-Request-Id a proxy sent when it is sane", () => {
    expect(requestIdentity({ "x-request-id": "lb-7f3a.91:x_2" }).requestId).toBe("lb-7f3a.91:x_2");
  });

  it("is Cloud Run's trace id when no sane X-Request-Id came", () => {
    for (const given of [undefined, "", "has space", "<script>", "x".repeat(129), "caf\u00e9"]) {
      const identity = requestIdentity({ "x-request-id": given, "x-cloud-trace-context": `${TRACE}/1;o=1` });
      expect(identity).toEqual({ requestId: TRACE, traceId: TRACE });
    }
  });

  it("takes the trace from X-Cloud-Trace-Context with or without span and options, else from traceparent", () => {
    expect(requestIdentity({ "x-cloud-trace-context": TRACE.toUpperCase() }).traceId).toBe(TRACE);
    expect(requestIdentity({ "x-cloud-trace-context": `${TRACE}/1234567890123;o=0` }).traceId).toBe(TRACE);
    expect(requestIdentity({ traceparent: `00-${TRACE}-00f067aa0ba902b7-01` }).traceId).toBe(TRACE);
  });

  it("keeps a sane X-Request-Id and the trace apart", () => {
    expect(requestIdentity({ "x-request-id": "abc", "x-cloud-trace-context": `${TRACE}/1;o=1` })).toEqual({ requestId: "abc", traceId: TRACE });
  });

  it("ignores a malformed or all-zero trace and makes a new id", () => {
    for (const header of ["nothex/1;o=1", `${TRACE}x`, `${"0".repeat(32)}/1`, `${TRACE}/1;o=1;extra`]) {
      const identity = requestIdentity({ "x-cloud-trace-context": header });
      expect(identity.traceId).toBeNull();
      expect(identity.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    const a = requestIdentity({}).requestId;
    expect(requestIdentity({}).requestId).not.toBe(a);
  });
});

describe("Cloud Logging's trace field", () => {
  it("names the project's trace when both are known", () => {
    expect(traceField("amarre-prod", TRACE)).toBe(`projects/amarre-prod/traces/${TRACE}`);
  });
  it("is left out without a project or a trace", () => {
    expect(traceField(null, TRACE)).toBeNull();
    expect(traceField("amarre-prod", null)).toBeNull();
  });
});
