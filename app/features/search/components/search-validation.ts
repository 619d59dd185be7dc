import { parseWithZod } from "@conform-to/zod";
import type { i18n as I18n } from "i18next";
import { boatSearchSchema } from "#app/features/search/boat-search";
import { dockSearchSchema } from "#app/features/listings";
import { zodErrorMap } from "#app/utils/zod-errors";

/**
 * The search forms' check in the browser, with the same zod schemas their loaders use. Loaded
 * on demand (`import("./search-validation")`) when a person starts using a search form, so the
 * pages themselves load neither zod nor conform.
 */
export type FieldErrors = Record<string, string[]>;

const schemas = { boat: boatSearchSchema, dock: dockSearchSchema } as const;
export type SearchKind = keyof typeof schemas;

/** Each invalid field's messages, in the page's language (none when the query is valid). */
export async function searchErrors(kind: SearchKind, formData: FormData, i18n: I18n): Promise<FieldErrors> {
  await i18n.loadNamespaces(["zod", "validation"]);
  const submission = parseWithZod(formData, { schema: schemas[kind], errorMap: zodErrorMap(i18n.t.bind(i18n) as I18n["t"]) });
  const errors: FieldErrors = {};
  if (submission.status === "success") return errors;
  for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages && messages.length > 0) errors[name] = messages;
  return errors;
}
