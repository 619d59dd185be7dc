import type { IncomingMessage, ServerResponse } from "node:http";
import { logFormat, logger } from "./logger";
import { recordRequest } from "./metrics";
import { requestIdentity, traceField } from "./request-id";
import { requestScope, type RequestScope } from "./request-scope";

/** The methods counted by name; any other is `other` (a metric's labels stay few). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The path as it may be logged: no query, the calendar feed's secret token left out, 200 characters at most. */
export function loggablePath(url: string): string {
  const end = url.indexOf("?");
  let path = end === -1 ? url : url.slice(0, end);
  // /ical/{listingId}/{secret token}.ics: the token is the feed's password.
  if (path.startsWith("/ical/")) path = path.replace(/^(\/ical\/[^/]*\/).*$/, "$1[secret]");
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** The label of a request no route of the app named: a file, or a 404. */
function fallbackRoute(path: string, status: number): string {
  if (path.startsWith("/assets/") || /\.[\w]+$/.test(path)) return status === 404 ? "404" : "asset";
  return status === 404 ? "404" : "other";
}

/**
 * Serves a request inside its scope (decision 049): its id (from `X-Request-Id`, Cloud Run's
 * trace header or new) goes back as `X-Request-Id`, every log line written while it is served
 * carries it, and when the response ends — or the client leaves — it is counted and timed in the
 * metrics and, in JSON, written as one line: severity by status, method, route, status,
 * duration, the signed-in person's uid, the trace and Cloud Logging's `httpRequest`.
 */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  project: string | null,
  serve: () => void,
): void {
  const started = performance.now();
  const identity = requestIdentity(req.headers);
  const scope: RequestScope = {
    requestId: identity.requestId,
    trace: traceField(project, identity.traceId),
    route: null,
    uid: null,
    fields: null,
  };
  res.setHeader("X-Request-Id", scope.requestId);
  res.once("close", () => finish(req, res, scope, started));
  requestScope.run(scope, serve);
}

function finish(req: IncomingMessage, res: ServerResponse, scope: RequestScope, started: number) {
  const ms = performance.now() - started;
  // A response the client left before it ended: nginx's 499.
  const status = res.writableFinished ? res.statusCode : 499;
  const method = req.method && METHODS.has(req.method) ? req.method : "other";
  const path = loggablePath((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/");
  const route = scope.route ?? fallbackRoute(path, status);
  recordRequest(route, method, status, ms);
  if (logFormat !== "json") return;
  const level = status >= 500 ? "error" : status >= 400 ? "warn" : "info";
  if (!logger.isLevelEnabled(level)) return;
  const durationMs = Math.round(ms * 10) / 10;
  logger[level](
    {
      requestId: scope.requestId,
      method,
      route,
      status,
      durationMs,
      ...(scope.uid ? { uid: scope.uid } : null),
      ...(scope.trace ? { "logging.googleapis.com/trace": scope.trace } : null),
      httpRequest: {
        requestMethod: method,
        requestUrl: path,
        status,
        latency: `${(ms / 1000).toFixed(4)}s`,
        ...(res.getHeader("Content-Length") !== undefined ? { responseSize: String(res.getHeader("Content-Length")) } : null),
        protocol: `HTTP/${req.httpVersion}`,
      },
    },
    `${method} ${path} ${status} ${durationMs} ms`,
  );
}
