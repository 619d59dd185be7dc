import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/** Spanish has no prefix: /es/... is the same page without it, permanently. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/es(?=\/|$)/, "") || "/";
  return redirect(path + url.search, 301);
}
