import { randomUUID } from "node:crypto";

/** An id a proxy or a client sent that is safe to log and send back: 1–128 of `A–Z a–z 0–9 . _ : -`. */
const SANE_ID = /^[\w.:-]{1,128}$/;
/** Cloud Run's `X-Cloud-Trace-Context: TRACE_ID/SPAN_ID;o=1` (32 hex digits, a decimal span). */
const CLOUD_TRACE = /^([0-9a-f]{32})(?:\/\d{1,20})?(?:;o=[01])?$/i;
/** W3C `traceparent: 00-<32 hex trace id>-<16 hex span id>-<flags>`. */
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/i;
const ZERO_TRACE = /^0+$/;

export type RequestIdentity = { requestId: string; traceId: string | null };

type HeaderValue = string | string[] | undefined;
const first = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value);

/**
 * A request's id: a sane `X-Request-Id` as it came, else the trace id of Cloud Run's
 * `X-Cloud-Trace-Context` (or a W3C `traceparent`), else a new random UUID. The trace, when one
 * came, is kept apart for Cloud Logging's trace field either way.
 */
export function requestIdentity(headers: { [name: string]: HeaderValue }): RequestIdentity {
  let traceId: string | null = null;
  const cloud = first(headers["x-cloud-trace-context"]);
  const cloudMatch = cloud ? CLOUD_TRACE.exec(cloud) : null;
  if (cloudMatch && !ZERO_TRACE.test(cloudMatch[1])) {
    traceId = cloudMatch[1].toLowerCase();
  } else {
    const parent = first(headers.traceparent);
    const parentMatch = parent ? TRACEPARENT.exec(parent) : null;
    if (parentMatch && !ZERO_TRACE.test(parentMatch[1])) traceId = parentMatch[1].toLowerCase();
  }
  const given = first(headers["x-request-id"]);
  const requestId = given !== undefined && SANE_ID.test(given) ? given : (traceId ?? randomUUID());
  return { requestId, traceId };
}

/** Cloud Logging's trace field, when both a trace and the project are known. */
export function traceField(project: string | null | undefined, traceId: string | null): string | null {
  return project && traceId ? `projects/${project}/traces/${traceId}` : null;
}
