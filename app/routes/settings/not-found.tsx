import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "#app/.server/auth/guards";

/** An unknown page under /ajustes: the sign-in rule first, then the spec's 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  throw data({ message: "Page not found", path: new URL(request.url).pathname }, { status: 404, statusText: "Page not found" });
}

export async function action(args: LoaderFunctionArgs) {
  return loader(args);
}

export default function SettingsNotFound() {
  return null;
}
