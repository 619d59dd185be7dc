import type { AppLoadContext } from "@remix-run/node";
import { splitLangFromPath, type Lang } from "#app/i18n";
import {
  getSessionUser,
  requireAdmin,
  requireAnonymous,
  requireApiUser,
  requireUser,
  type SessionUser,
} from "../auth/guards";
import { requestAuth } from "../auth/request-auth";
import { getFixedT } from "../i18n";
import type { DomainServices } from "../services";
import { readFormData } from "./body";
import { redirectWithNotice } from "./notice";
import type { FlashNotice } from "#app/utils/notice";

type Args = { request: Request; context: AppLoadContext };
type Namespaces = string | readonly string[];

/**
 * What a loader or action needs, from one call: the request's language and its `t`, the domain
 * services (never a raw port), the guards bound to this request, and a form reader that answers
 * bad bodies with a translated 400/415. A loader reads like a sentence:
 *
 *   const ctx = requestContext(args, "profile");
 *   const user = await ctx.requireUser();
 *   const profile = await ctx.services.users.get(user.uid);
 */
export function requestContext({ request, context }: Args, ns: Namespaces = "common") {
  const url = new URL(request.url);
  const { lang, path } = splitLangFromPath(url.pathname);
  const t = getFixedT(lang, ns);
  const services: DomainServices = context.services;
  return {
    request,
    url,
    lang: lang as Lang,
    /** The path below the language prefix (`/ajustes/mi-perfil`). */
    path,
    t,
    services,
    config: context.services.config,
    /** Where links in emails point: PUBLIC_URL when set, else this request's origin. */
    origin: context.services.config.PUBLIC_URL?.replace(/\/$/, "") ?? url.origin,
    clientAddress: context.clientAddress,
    /** Aborted when the server shuts down: long-lived responses (event streams) end on it. */
    shutdownSignal: context.shutdownSignal,
    /** A translation function for other namespaces (emails, validation messages). */
    tFor: (other: Namespaces) => getFixedT(lang, other),
    /** The signed-in person or null (verified once per request). */
    getUser: (): Promise<SessionUser | null> => getSessionUser(request, context),
    requireUser: (options?: { checkRevoked?: boolean }) => requireUser(request, context, options),
    requireAdmin: (options?: { checkRevoked?: boolean }) => requireAdmin(request, context, options),
    requireAnonymous: () => requireAnonymous(request, context),
    requireApiUser: () => requireApiUser(request, context),
    /** Sign-in plumbing: strategies, rate limits, the session cookie. */
    auth: requestAuth(request, context),
    /**
     * The form body; a body no form of ours sends is a translated 400 (415 for another type).
     * `keepBody` reads a copy, for an action that hands the request on (the sign-in strategy).
     */
    formData: (options: { keepBody?: boolean } = {}): Promise<FormData> =>
      readFormData(options.keepBody ? request.clone() : request, (reason) => getFixedT(lang, "errors")(`body.${reason}`)),
    /** A 303 to `to` that shows `notice` there once (decision record 033): the one way to say "done". */
    redirectWithNotice: (to: string, notice: FlashNotice | null, init?: { status?: number; headers?: HeadersInit }) =>
      redirectWithNotice(request, context, to, notice, init),
  };
}

export type RequestContext = ReturnType<typeof requestContext>;
