import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";

/** The spec's session fetch: `{ user }`, or 401 without a session. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requestContext(args).requireApiUser();
  return Response.json(
    { user: { uid: user.uid, email: user.email, displayName: user.displayName, slug: user.slug, role: user.role } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
