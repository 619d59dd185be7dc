import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "#app/.server/http/responses";

/** The spec's unknown route: "Page not found", status 404, the path in its data. */
export async function loader({ request }: LoaderFunctionArgs) {
  notFound(request);
}

export async function action({ request }: LoaderFunctionArgs) {
  notFound(request);
}

/** Never rendered (the loader always throws), but a component keeps this a page: the 404 gets the layout's error screen. */
export default function NotFound() {
  return null;
}
