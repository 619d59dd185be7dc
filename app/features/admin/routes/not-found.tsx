import { type LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";

/** An unknown page under /admin: the admin rule first, then the spec's 404. */
export async function loader(args: LoaderFunctionArgs) {
  await requestContext(args).requireAdmin();
  notFound(args.request);
}

export async function action(args: LoaderFunctionArgs) {
  return loader(args);
}

export default function AdminNotFound() {
  return null;
}
