import { createContext, useContext } from "react";

/**
 * The reference an error page shows, to quote to the team (decision 049): the failed request's
 * id, as the server logged it with the error. The server provides it while rendering an error
 * page; the browser reads it back from that page before hydrating (`REFERENCE_ATTRIBUTE`), and
 * takes a failed navigation's from its data response's `X-Request-Id` (`watchDataResponses`).
 */
const ErrorReferenceContext = createContext<string | null>(null);
export const ErrorReferenceProvider = ErrorReferenceContext.Provider;

/** The attribute of the element that shows the reference on a page the server rendered. */
export const REFERENCE_ATTRIBUTE = "data-error-reference";

/** The last page data response's id, when it failed (5xx); null after one that did not. */
let failedNavigation: string | null = null;

export function useErrorReference(): string | null {
  const rendered = useContext(ErrorReferenceContext);
  return failedNavigation ?? rendered;
}

/** The browser: notes the id of each failed response of page data (Remix's `.data` requests). */
export function watchDataResponses(target: Window): void {
  const fetchNative = target.fetch.bind(target);
  target.fetch = async (input, init) => {
    const response = await fetchNative(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, target.location.href).pathname.endsWith(".data")) {
      failedNavigation = response.status >= 500 ? response.headers.get("X-Request-Id") : null;
    }
    return response;
  };
}
