import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { zodErrorMap } from "#app/utils/zod-errors";

/**
 * One way to read a form (decision 033): the body comes through the body gate
 * (`ctx.formData()`, or the multipart helper for uploads), its text fields are parsed by
 * conform + zod with the page's translated error map. Forms whose pages render their own reply
 * (`{ intent, errors, fields, values }`) take the outcome as plain records: each field's first
 * message, the messages in field order, and what was typed (kept on the page).
 */
export type ParsedForm<T> =
  | { ok: true; value: T; typed: Record<string, string> }
  | { ok: false; fields: Record<string, string>; errors: string[]; typed: Record<string, string> };

type Translate = Parameters<typeof zodErrorMap>[0];

export function parseForm<S extends z.ZodTypeAny>(form: FormData, schema: S, t: Translate): ParsedForm<z.output<S>> {
  const submission = parseWithZod(form, { schema, errorMap: zodErrorMap(t) });
  const typed: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !(name in typed)) typed[name] = value;
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<S>, typed };
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(firstMessages(submission.error))) fields[name === "" ? "form" : name] ??= message;
  return { ok: false, fields, errors: [...new Set(Object.values(fields))], typed };
}

/** Each refused field's first message, from conform's `submission.error` (fields in its order). */
export function firstMessages(error: Record<string, string[] | null> | null | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error ?? {})) {
    if (messages?.[0]) fields[name] = messages[0];
  }
  return fields;
}

/** What was typed, each text cut to `max` characters (a reply that shows it again stays small). */
export function clipped(typed: Record<string, string>, max: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(typed)) out[name] = value.slice(0, max);
  return out;
}

/** A form's `intent` was none of the action's: its discriminated union refused the field. */
export function unknownIntent(parsed: { ok: false; fields: Record<string, string> }): boolean {
  return "intent" in parsed.fields;
}

/** A text a person may leave empty ("" when absent). */
export const optionalText = () =>
  z
    .string()
    .optional()
    .transform((value) => value ?? "");

/** A text a person must write: empty or spaces only is `key`'s message (a key with its namespace). */
export const requiredText = (key: string, values?: Record<string, unknown>) =>
  optionalText().refine((value) => value.trim() !== "", { params: { i18n: values ? { key, values } : key } });
