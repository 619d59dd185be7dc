import type { AppLoadContext } from "@remix-run/node";
import type { SessionData } from "./session";

/** Starts a session: every field of SessionData into the signed cookie. Returns the Set-Cookie value. */
export async function commitUserSession(request: Request, context: AppLoadContext, data: SessionData): Promise<string> {
  const { sessions } = context.services;
  const session = await sessions.getSession(request.headers.get("Cookie"));
  for (const key of Object.keys(data) as Array<keyof SessionData>) session.set(key, data[key] as never);
  return sessions.commitSession(session);
}

/** Ends the session in this browser. Returns the Set-Cookie value that clears it. */
export async function destroyUserSession(request: Request, context: AppLoadContext): Promise<string> {
  const { sessions } = context.services;
  return sessions.destroySession(await sessions.getSession(request.headers.get("Cookie")));
}

/** The identity session token of the request's cookie, if any. */
export async function sessionToken(request: Request, context: AppLoadContext): Promise<string | undefined> {
  const session = await context.services.sessions.getSession(request.headers.get("Cookie"));
  return session.get("token");
}
