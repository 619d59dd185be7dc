/** What the profile page's tests share: the services, the action as a browser posts to it, and reading its replies. */
import type { SubmissionResult } from "@conform-to/react";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import { requireUser } from "#app/.server/auth/guards";
import type { Services } from "#app/.server/services";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestServices, formPost, loadContext, settle } from "#tests/test-services";
import { action } from "#app/features/profiles/routes/profile";

export let services: Services;
/** Fresh services for the test file that calls it. */
export function withTestServices(): void {
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(() => services.close());
}

export type Reply = {
  data: { intent: string; result: SubmissionResult<string[]>; saved: boolean };
  init: ResponseInit | null;
};

export const context = () => loadContext(services);

export async function submit(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  return (await settle(() => action({ request: formPost(path, fields, cookie), params: {}, context: context() }))) as unknown as Reply;
}

// A saved form is a 303 back to its section with a flashed notice (a Response); a refusal is `data(…)`.
export const statusOf = (reply: Reply) => (reply instanceof Response ? reply.status : (reply.init?.status ?? 200));
export const setCookieOf = (reply: Reply) => (reply instanceof Response ? reply.headers.get("Set-Cookie") : new Headers(reply.init?.headers).get("Set-Cookie"));
/** What the page shows after a saved form's redirect: where it went and its notice, as a browser follows it. */
export async function savedAs(reply: Reply, cookie: string) {
  expect(statusOf(reply)).toBe(303);
  const followed = await followNotice(services, reply as unknown as Response, cookie.split(";")[0]);
  return { location: followed.location, key: followed.notice?.key ?? null, text: followed.notice?.text ?? null };
}
export const cookieOf = (reply: Reply) => setCookieOf(reply)!.split(";")[0];

export async function signedInAs(cookie: string, checkRevoked = true) {
  const result = await settle(() => requireUser(authedRequest("/ajustes/mi-perfil", cookie), context(), { checkRevoked }));
  return result instanceof Response ? null : result;
}

/** Sessions are revoked by the second: a password change must come after the session's second. */
export const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** A square JPEG photo of `side` pixels, as a browser would upload it. */
export const jpeg = async (side = 600) =>
  new Blob([await sharp({ create: { width: side, height: side, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer()], { type: "image/jpeg" });
