import type { z } from "zod";
import { getFixedT } from "#app/.server/i18n";
import { zodErrorMap } from "#app/utils/zod-errors";

/** Field path → messages of a schema for an input, in a language, the way a form shows them. */
export function errors(schema: z.ZodTypeAny, input: unknown, lang: "es" | "en" | "fr" | "de" = "en"): Record<string, string[]> {
  const result = schema.safeParse(input, { errorMap: zodErrorMap(getFixedT(lang, ["zod", "validation"])) });
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}
