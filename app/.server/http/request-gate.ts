/**
 * Request shapes refused or repaired before anything else reads them, so none becomes a 500:
 * - methods a web app has no use for (TRACE, CONNECT, WebDAV's…): 405 with `Allow`;
 * - absolute-form targets (`GET http://host/path HTTP/1.1`, which HTTP/1.1 servers must accept):
 *   read as their path and query; the host the client named is ignored (the request's own Host
 *   decides, as for every request); a target that is neither a path nor an http(s) URL: 400.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type GateDecision =
  | { kind: "pass"; url: string }
  | { kind: "refuse"; status: 400 | 405; headers: Record<string, string>; body: string };

export function gateRequest(method: string, target: string): GateDecision {
  if (!(ALLOWED_METHODS as readonly string[]).includes(method.toUpperCase())) {
    return { kind: "refuse", status: 405, headers: { Allow: ALLOWED_METHODS.join(", "), "Content-Type": "text/plain; charset=utf-8" }, body: "Method Not Allowed" };
  }
  if (target.startsWith("/") && !target.startsWith("//")) return { kind: "pass", url: target };
  if (target.startsWith("//")) {
    // `//host/path` is a path with an empty first segment for a server: keep it one path.
    return { kind: "pass", url: "/" + target.replace(/^\/+/, "") };
  }
  try {
    const url = new URL(target);
    if (url.protocol === "http:" || url.protocol === "https:") return { kind: "pass", url: url.pathname + url.search };
  } catch {
    // not a URL either
  }
  return { kind: "refuse", status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" }, body: "Bad Request" };
}
