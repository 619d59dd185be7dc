import { z } from "zod";
import { hasControlCharacters } from "#app/utils/text";

/**
 * The one rule of the texts people write and the app stores as typed (answers, reasons, notes):
 * no control characters but tab, LF and CR (`hasControlCharacters`). Forms refuse them with one
 * message, in the field; the domain refuses them again whatever calls it (issue 43).
 */
export const CONTROL_CHARACTERS_MESSAGE = "validation:controlCharacters";

/** `schema` (a text) refusing control characters with the shared field message; its input type kept (zod would type it with the constraint's). */
export function withoutControlCharacters<T extends z.ZodType<string, z.ZodTypeDef, unknown>>(schema: T): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema.refine((value) => !hasControlCharacters(value), { params: { i18n: CONTROL_CHARACTERS_MESSAGE } }) as z.ZodEffects<T, z.output<T>, z.input<T>>;
}
