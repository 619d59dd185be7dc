import { redirect, type AppLoadContext } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import type { Lang } from "#app/i18n";
import type { FlashNotice, NoticeKey, ShownNotice } from "#app/utils/notice";
import { SESSION_COOKIE } from "../auth/session";
import { getFixedT } from "../i18n";
import { serverServices } from "./load-context";

/**
 * The notice mechanism's server half (decision record 033). An action calls
 * `redirectWithNotice`; the root loader calls `takeNotice`, which translates the notice, and
 * answers the Set-Cookie that forgets it: a visitor's cookie that held only the notice is
 * deleted, so their next pages are shared ones again (the page cache skips requests with a
 * session cookie and never keeps a response that sets one).
 */
export async function redirectWithNotice(
  request: Request,
  context: AppLoadContext,
  to: string,
  notice: FlashNotice | null,
  init: { status?: number; headers?: HeadersInit } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (notice) {
    const { sessions } = serverServices(context);
    const session = await sessions.getSession(request.headers.get("Cookie"));
    session.flash("notice", JSON.stringify(notice));
    headers.append("Set-Cookie", await sessions.commitSession(session));
  }
  return redirect(to, { status: init.status ?? 303, headers });
}

const KEY = /^[a-z][A-Za-z-]*:[A-Za-z0-9_.-]+$/;

function parse(raw: unknown): FlashNotice | null {
  if (typeof raw !== "string") return null;
  try {
    const value = JSON.parse(raw) as FlashNotice;
    if (typeof value?.key !== "string" || !KEY.test(value.key)) return null;
    return value;
  } catch {
    return null;
  }
}

/** The request's notice, translated, and the Set-Cookie that forgets it (both null when there is none). */
export async function takeNotice(request: Request, context: AppLoadContext, lang: Lang): Promise<{ notice: ShownNotice | null; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${SESSION_COOKIE}=`)) return { notice: null, setCookie: null };
  const { sessions } = serverServices(context);
  const session = await sessions.getSession(cookie);
  if (!session.has("notice")) return { notice: null, setCookie: null };
  const flashed = parse(session.get("notice"));
  // Only the notice was kept for this browser (a visitor): the cookie goes with it.
  const setCookie = session.has("token") ? await sessions.commitSession(session) : await sessions.destroySession(session);
  if (!flashed) return { notice: null, setCookie };
  const colon = flashed.key.indexOf(":");
  const text = getFixedT(lang, flashed.key.slice(0, colon))(flashed.key.slice(colon + 1), flashed.values ?? {});
  return { notice: { id: randomBytes(6).toString("base64url"), key: flashed.key as NoticeKey, text }, setCookie };
}
