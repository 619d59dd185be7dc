import { unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import type { z } from "zod";

/**
 * A schema with conform's form-value coercion (empty values absent, numbers, `on` checkboxes),
 * built once per schema. `parseWithZod` builds it again on every call, a walk over the whole
 * schema that cost the search page 4 % of its CPU (issue 22); parse with
 * `{ schema: coercedSchema(schema), disableAutoCoercion: true }` instead on hot paths.
 */
const coerced = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();

export function coercedSchema<S extends z.ZodTypeAny>(schema: S): S {
  let known = coerced.get(schema);
  if (!known) {
    known = coerceFormValue(schema) as z.ZodTypeAny;
    coerced.set(schema, known);
  }
  return known as S;
}
