import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "#app/utils/safe-redirect";

/**
 * Spanish has no prefix: /es/... is the same page without it, permanently. The target passes the
 * one safe-redirect check (a permanent redirect is cached by browsers: `/es//evil.example` must
 * never become `Location: //evil.example`); what cannot stay on the site goes home.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/es(?=\/|$)/, "") || "/";
  return redirect(safeRedirect(path + url.search, "/"), 301);
}
