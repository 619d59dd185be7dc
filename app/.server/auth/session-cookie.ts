import type { AppLoadContext } from "@remix-run/node";
import { serverServices } from "../http/load-context";
import type { SessionData } from "./session";
import { randomBytes } from "node:crypto";
import type { FlashNotice } from "#app/utils/notice";

/**
 * Starts a session: every field of SessionData into the signed cookie, with a new session id
 * and its start time (what a revocation names). Returns the Set-Cookie value. `notice` is flashed
 * into the same cookie (decision record 033: one Set-Cookie for one cookie).
 */
export async function commitUserSession(request: Request, context: AppLoadContext, data: SessionData, notice?: FlashNotice): Promise<string> {
  const { sessions } = serverServices(context);
  const session = await sessions.getSession(request.headers.get("Cookie"));
  for (const key of Object.keys(data) as Array<keyof SessionData>) session.set(key, data[key] as never);
  session.set("sid", randomBytes(16).toString("base64url"));
  session.set("issuedAt", performance.timeOrigin + performance.now());
  if (notice) session.flash("notice", JSON.stringify(notice));
  return sessions.commitSession(session);
}

/** The session id and start of this request's cookie session, for signing it out. */
export async function sessionRef(request: Request, context: AppLoadContext): Promise<{ uid: string; sid: string | undefined } | null> {
  const session = await serverServices(context).sessions.getSession(request.headers.get("Cookie"));
  const uid = session.get("uid");
  return uid ? { uid, sid: session.get("sid") } : null;
}

/** Ends the session in this browser. Returns the Set-Cookie value that clears it. */
export async function destroyUserSession(request: Request, context: AppLoadContext): Promise<string> {
  const { sessions } = serverServices(context);
  return sessions.destroySession(await sessions.getSession(request.headers.get("Cookie")));
}

/** The identity session token of the request's cookie, if any. */
export async function sessionToken(request: Request, context: AppLoadContext): Promise<string | undefined> {
  const session = await serverServices(context).sessions.getSession(request.headers.get("Cookie"));
  return session.get("token");
}
