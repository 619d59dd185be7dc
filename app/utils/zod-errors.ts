import type { i18n as I18n } from "i18next";
import { makeZodI18nMap } from "zod-i18n-map";

/**
 * zod messages in the page's language: zod's own issues from the `zod` namespace, our
 * custom ones (`params: { i18n: "key" }`) from `validation`.
 */
export function zodErrorMap(t: I18n["t"]) {
  return makeZodI18nMap({ t, ns: ["zod", "validation"] });
}
