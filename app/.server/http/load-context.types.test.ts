import type { AppLoadContext } from "@remix-run/node";
import { describe, expectTypeOf, it } from "vitest";
import type { Config } from "../config";
import type { DomainServices, Services } from "../services";
import type { LoadContextServices } from "./load-context";
import type { RequestContext } from "./request-context";

/**
 * The load context's type keeps routes off the raw ports: these assertions are types, so `tsc`
 * (npm run typecheck) is what fails when someone widens `AppLoadContext["services"]` again; vitest
 * runs the file too, which only proves it compiles under its transform.
 */
type Plumbing = Exclude<keyof Services, keyof DomainServices | "config">;

describe("the Remix load context, as routes see it", () => {
  it("types `services` as the domain services and the config, nothing more", () => {
    expectTypeOf<AppLoadContext["services"]>().toEqualTypeOf<LoadContextServices>();
    expectTypeOf<keyof AppLoadContext["services"]>().toEqualTypeOf<keyof DomainServices | "config">();
    expectTypeOf<AppLoadContext["services"]["config"]>().toEqualTypeOf<Config>();
    // What the server holds beside them (ports, sessions, limits, the authenticator, caches, lifecycle) is not on it.
    expectTypeOf<Plumbing>().toEqualTypeOf<
      | "store"
      | "blobs"
      | "identity"
      | "sessions"
      | "rateLimits"
      | "payments"
      | "startBackgroundWork"
      | "stopBackgroundWork"
      | "pageCache"
      | "pageCacheInvalidations"
      | "authenticator"
      | "close"
    >();
    expectTypeOf<Extract<keyof AppLoadContext["services"], Plumbing>>().toBeNever();
  });

  it("gives requestContext's services no raw port either", () => {
    expectTypeOf<RequestContext["services"]>().toEqualTypeOf<DomainServices>();
    expectTypeOf<Extract<keyof RequestContext["services"], Plumbing>>().toBeNever();
  });

  it("refuses `context.services.<port>` at compile time", () => {
    const reach = (context: AppLoadContext) => [
      // @ts-expect-error a route cannot reach the document store through the load context
      context.services.store,
      // @ts-expect-error nor the blob store
      context.services.blobs,
      // @ts-expect-error nor the identity provider
      context.services.identity,
      // @ts-expect-error nor the session storage
      context.services.sessions,
      // @ts-expect-error nor the payments port
      context.services.payments,
      // What it may name: domain services (lint still sends routes through requestContext).
      context.services.listings,
    ];
    expectTypeOf(reach).returns.toBeArray();
  });
});
