import type { AppLoadContext } from "@remix-run/node";
import type { Config } from "../config";
import type { DomainServices, Services } from "../services";

/**
 * What the Remix load context's `services` is typed as: the marketplace's domain services and the
 * configuration, which is all `requestContext` hands a route. The object the server passes is the
 * whole `Services` (ports, session storage, rate limits, the authenticator); only this module
 * names that, for the request plumbing that needs it (the guards, the session cookie, sign-in).
 *
 * So a route cannot reach a raw port through `context.services.store` (the type has no `store`,
 * checked by `load-context.types.test.ts`), and lint keeps routes off `context.services` and off
 * this module altogether: they take what they need from `requestContext(args)`.
 */
export type LoadContextServices = DomainServices & { readonly config: Config };

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * The services, typed as what a route may see (domain services and config, never a raw port):
     * the object is the whole `Services`, which only the request plumbing names (`serverServices`
     * in `http/load-context.ts`). Routes take them from `requestContext(args)`.
     */
    services: LoadContextServices;
    /** The per-request CSP nonce for inline scripts. */
    cspNonce: string;
    /** Aborted when the server shuts down: long-lived responses (event streams) end on it. */
    shutdownSignal: AbortSignal;
    /** The client's address (the proxy's X-Forwarded-For when TRUST_PROXY is on), for rate limits. */
    clientAddress: string;
  }
}

/**
 * The whole services object behind the load context, for the request plumbing under
 * `app/.server/auth` and `app/.server/http` only (lint refuses it anywhere else). The server builds
 * the load context from `Services` (`server.ts`, `tests/test-services.ts`), so this is the same
 * object seen with its full type.
 */
export function serverServices(context: AppLoadContext): Services {
  return context.services as Services;
}
