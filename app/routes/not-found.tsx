import { data, type LoaderFunctionArgs } from "@remix-run/node";

/** The spec's unknown route: "Page not found", status 404, the path in its data. */
function notFound(request: Request): never {
  const { pathname } = new URL(request.url);
  throw data({ message: "Page not found", path: pathname }, { status: 404, statusText: "Page not found" });
}

export async function loader({ request }: LoaderFunctionArgs) {
  notFound(request);
}

export async function action({ request }: LoaderFunctionArgs) {
  notFound(request);
}

export default function NotFound() {
  return null;
}
