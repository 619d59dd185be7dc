import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "#app/.server/auth/guards";

/** The spec's session fetch: `{ user }`, or 401 without a session. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return Response.json(
    { user: { uid: user.uid, email: user.email, displayName: user.displayName, slug: user.slug, role: user.role } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
