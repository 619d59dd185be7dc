import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { localesVersion, resources } from "#app/.server/i18n";
import { langCodes } from "#app/i18n";

const paramsSchema = z.object({
  lng: z.enum(langCodes as [string, ...string[]]),
  ns: z.string().regex(/^[\w-]+$/),
});

/**
 * One namespace of messages for the browser. A request naming the current messages'
 * version is cached for a year (the version changes with any message); others briefly.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const parsed = paramsSchema.safeParse(params);
  // Own properties only: `constructor`, `toString` or `__proto__` name no namespace.
  const byLanguage = parsed.success && Object.hasOwn(resources, parsed.data.lng) ? resources[parsed.data.lng] : undefined;
  const messages = parsed.success && byLanguage && Object.hasOwn(byLanguage, parsed.data.ns) ? byLanguage[parsed.data.ns] : undefined;
  if (!parsed.success || !messages) {
    throw data({ message: "Unknown language or namespace" }, { status: 404 });
  }
  const current = new URL(request.url).searchParams.get("v") === localesVersion;
  return Response.json(messages, {
    headers: {
      "Cache-Control": current
        ? "public, max-age=31536000, immutable"
        : "public, max-age=300, stale-while-revalidate=86400",
      ETag: `"${localesVersion}-${parsed.data.lng}-${parsed.data.ns}"`,
    },
  });
}
