import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";

/** /mensajes1, the spec's copy of /mensajes: a permanent redirect to it in the same language. */
export async function loader(args: LoaderFunctionArgs) {
  const { lang, url } = requestContext(args);
  return redirect(href("messages", { lang }) + url.search, 301);
}
