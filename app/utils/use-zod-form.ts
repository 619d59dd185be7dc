import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { zodErrorMap } from "#app/utils/zod-errors";

type Translate = Parameters<typeof zodErrorMap>[0];

export type ZodFormOptions<S extends z.ZodTypeAny> = {
  /** The form's id: a page with two forms of one schema gives each its own. */
  id?: string;
  /** The action's reply (`submission.reply()`), once the page has settled (`useWhenIdle`). */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<S>>;
  /**
   * When a field is first checked: when the person leaves it (the default), or only when the form
   * is sent ("onSubmit": a file input, whose "leaving" means nothing). Either way a field that
   * shows an error is checked again as it is corrected.
   */
  validate?: "onBlur" | "onSubmit";
  /** Messages other than the site's usual ones (the listing form's field names). */
  errorMap?: z.ZodErrorMap;
};

/**
 * The one way a page's form is checked in the browser (decision 033): conform + zod with the
 * schema its action parses, the same translated messages the server sends (`zodErrorMap` with the
 * page's `t`), and the schema's limits on the inputs (`required`, `maxLength`…) so the form
 * checks itself before any JavaScript runs.
 */
export function useZodForm<S extends z.ZodTypeAny>(schema: S, t: Translate, options: ZodFormOptions<S> = {}) {
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: options.validate ?? "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, errorMap: options.errorMap ?? zodErrorMap(t) }),
  });
}
