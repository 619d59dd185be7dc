import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the server knows about the request being served, for every log line written while it is
 * (decision 049): its id, Cloud Trace's trace, the route that answered and the signed-in person's
 * uid (never an email). One object per request, filled in as the request goes.
 */
export type RequestScope = {
  readonly requestId: string;
  /** Cloud Logging's `logging.googleapis.com/trace` (`projects/<project>/traces/<id>`), or null. */
  readonly trace: string | null;
  /** The matched leaf route's id, or a fixed label (`asset`, `healthz`, `metrics`, `readyz`, `404`, `refused`). */
  route: string | null;
  uid: string | null;
  /** The fields every other line of this request carries, made on its first such line. */
  fields: Record<string, string> | null;
};

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The request being served here, or undefined (start-up, background work). */
export function currentRequest(): RequestScope | undefined {
  return requestScope.getStore();
}

/** Names the route that answers (the request line's `route` and the metrics' label). */
export function noteRoute(route: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.route = route;
}

/** The signed-in person of this request, by uid (the session guard calls it once). */
export function noteUser(uid: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.uid = uid;
}

/** The fields each line written during a request carries: its id and trace. */
export function scopeFields(scope: RequestScope): Record<string, string> {
  if (!scope.fields) {
    const fields: Record<string, string> = { requestId: scope.requestId };
    if (scope.trace) fields["logging.googleapis.com/trace"] = scope.trace;
    scope.fields = fields;
  }
  return scope.fields;
}
