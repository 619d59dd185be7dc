import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "#app/.server/auth/guards";

/** An unknown page under /admin: the admin rule first, then the spec's 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  throw data({ message: "Page not found", path: new URL(request.url).pathname }, { status: 404, statusText: "Page not found" });
}

export async function action(args: LoaderFunctionArgs) {
  return loader(args);
}

export default function AdminNotFound() {
  return null;
}
