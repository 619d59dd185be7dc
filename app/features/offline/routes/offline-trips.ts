import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { isLang } from "#app/i18n";
import { offlineKey, offlinePages, upcomingTrips } from "./offline-trips.server";

/**
 * GET /resources/offline-trips?lang=xx — what the service worker keeps for the person signed in
 * on this request (decision 060): `{ user, pages }`, `user` the key its caches are named by (a
 * different key: the previous person's copies are dropped), `pages` the addresses of their
 * upcoming trips' pages in the page's language. Signed out: `{ user: null, pages: [] }`, and the
 * worker drops everything it kept. Never stored by any cache.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const asked = ctx.url.searchParams.get("lang");
  const lang = isLang(asked) ? asked : ctx.lang;
  const headers = { "Cache-Control": "private, no-store", Vary: "Cookie" };
  const user = await ctx.getUser();
  if (!user) return Response.json({ user: null, pages: [] }, { headers });
  const [renting, owning] = await Promise.all([ctx.services.bookings.listForRenter(user.uid), ctx.services.bookings.listForOwner(user.uid)]);
  const now = new Date();
  const pages = offlinePages(lang, upcomingTrips(renting, now), upcomingTrips(owning, now));
  return Response.json({ user: offlineKey(user.uid), pages }, { headers });
}
