import type { i18n as I18n } from "i18next";
import { z } from "zod";
import { makeZodI18nMap } from "zod-i18n-map";

/**
 * zod messages in the page's language: zod's own issues from the `zod` namespace, our
 * custom ones (`params: { i18n: "key" }`) from `validation`. A text too short or too long
 * names its field where `validation:fieldNames` knows it ("El título debe tener al menos 10
 * caracteres"), with the language's plurals, never "carácter(es)".
 */
export function zodErrorMap(t: I18n["t"]): z.ZodErrorMap {
  const base = makeZodI18nMap({ t, ns: ["zod", "validation"] });
  return (issue, ctx) => {
    if ((issue.code === z.ZodIssueCode.too_small || issue.code === z.ZodIssueCode.too_big) && issue.type === "string") {
      return { message: lengthMessage(t, issue) };
    }
    if ((issue.code === z.ZodIssueCode.too_small || issue.code === z.ZodIssueCode.too_big) && issue.type === "array") {
      return { message: t(`validation:items.${boundOf(issue)}`, { count: countOf(issue) }) };
    }
    return base(issue, ctx);
  };
}

type SizeIssue = z.ZodTooSmallIssue | z.ZodTooBigIssue;

/** The limit as a count: "more than 9" is "at least 10"; "fewer than 91" is "at most 90". */
function countOf(issue: SizeIssue): number {
  const small = issue.code === z.ZodIssueCode.too_small;
  const limit = Number(small ? issue.minimum : issue.maximum);
  return issue.inclusive || issue.exact ? limit : small ? limit + 1 : limit - 1;
}

function boundOf(issue: SizeIssue): "exact" | "min" | "max" {
  return issue.exact ? "exact" : issue.code === z.ZodIssueCode.too_small ? "min" : "max";
}

function lengthMessage(t: I18n["t"], issue: SizeIssue): string {
  const count = countOf(issue);
  const bound = boundOf(issue);
  const field = fieldName(t, issue.path);
  return field ? t(`validation:length.field.${bound}`, { count, field }) : t(`validation:length.${bound}`, { count });
}

/** The field's name as a message begins with it ("El título"), from the innermost path segment that has one. */
function fieldName(t: I18n["t"], path: ReadonlyArray<string | number>): string | null {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const segment = path[index];
    if (typeof segment !== "string" || !/^[A-Za-z]+$/.test(segment)) continue;
    const name = t(`validation:fieldNames.${segment}`, { defaultValue: "" });
    if (name) return name;
  }
  return null;
}
