import type { Services } from "#app/.server/services";
import { splitLangFromPath } from "#app/i18n";
import { loader as rootLoader } from "#app/root";
import type { ShownNotice } from "#app/utils/notice";
import { loadContext, settle } from "./test-services";

/** The `__session=…` pair a response sets (what the browser sends next), or null. */
export function sessionPairOf(response: Response): string | null {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  return set ? set.split(";")[0]! : null;
}

/**
 * What a browser sees after a form's redirect (decision record 033): it keeps the response's
 * session cookie, opens the Location, and the root loader hands the page its notice. Returns the
 * path it opened (no query word says "done"), the notice, and the cookie the browser holds after.
 */
export async function followNotice(services: Services, response: Response, cookie?: string): Promise<{ location: string; notice: ShownNotice | null; cookie: string | null; setCookie: string | null }> {
  const location = response.headers.get("Location") ?? "";
  const held = sessionPairOf(response) ?? cookie ?? null;
  const { lang } = splitLangFromPath(new URL(location, "http://localhost:3000").pathname);
  const request = new Request(`http://localhost:3000${location}`, { headers: { Cookie: [`i18n_redirected=${lang}`, held].filter(Boolean).join("; ") } });
  const result = (await settle(() => rootLoader({ request, params: {}, context: loadContext(services) }))) as unknown as { data: { notice: ShownNotice | null }; init: ResponseInit | null };
  const setCookie = new Headers(result.init?.headers).getSetCookie().find((value) => value.startsWith("__session=")) ?? null;
  const after = setCookie === null ? held : /Expires=Thu, 01 Jan 1970|Max-Age=0/i.test(setCookie) ? null : setCookie.split(";")[0]!;
  return { location, notice: result.data.notice, cookie: after, setCookie };
}
