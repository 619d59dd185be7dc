import { data } from "@remix-run/node";

/**
 * Expected failures, thrown as Responses and shown by the one `GeneralErrorBoundary`
 * (`app/components/error-boundary.tsx`), which picks its screen by status. Raw error text never
 * reaches the visitor: the body says what kind of failure it is, and the page is translated.
 */
export function notFound(request: Request): never {
  throw data({ message: "Page not found", path: new URL(request.url).pathname }, { status: 404, statusText: "Page not found" });
}

export function forbidden(): never {
  throw data({ message: "Forbidden" }, { status: 403, statusText: "Forbidden" });
}

/** A request no form of ours sends (an unknown intent, a malformed id): no field to point at. */
export function badRequest(message = "Bad request"): never {
  throw data({ message }, { status: 400, statusText: "Bad Request" });
}

/** Throws a 404 (or the given status) when the condition does not hold; narrows its type when it does. */
export function invariantResponse(
  condition: unknown,
  request: Request,
  status: 400 | 403 | 404 = 404,
): asserts condition {
  if (condition) return;
  if (status === 403) forbidden();
  if (status === 400) badRequest();
  notFound(request);
}
