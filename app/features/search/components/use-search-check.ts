import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldErrors, SearchKind } from "./search-validation";

let validation: Promise<typeof import("./search-validation")> | null = null;
/** The check's module (zod, conform's parser and the schemas), fetched once, on first use. */
function loadValidation() {
  validation ??= import("./search-validation").catch((error: unknown) => {
    validation = null;
    throw error;
  });
  return validation;
}

/**
 * A search form's check in the browser without loading a schema library with the page: the
 * messages start as the server's (`initial`, from a 400 page), `preload` fetches the check when
 * a person starts using the form, `check` runs it (true when the form may be sent) and shows
 * what is wrong, and `recheck` clears the messages as the fields are corrected.
 */
export function useSearchCheck(kind: SearchKind, initial: FieldErrors = {}) {
  const { i18n } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>(initial);
  const shown = useRef(Object.keys(initial).length > 0);
  const check = useCallback(
    async (form: HTMLFormElement): Promise<boolean> => {
      let found: FieldErrors;
      try {
        found = await (await loadValidation()).searchErrors(kind, new FormData(form), i18n);
      } catch {
        // The check could not load (offline?): the server checks the query anyway.
        return true;
      }
      shown.current = Object.keys(found).length > 0;
      setErrors(found);
      if (!shown.current) return true;
      // The first field in error, once React has marked it.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return false;
    },
    [kind, i18n],
  );
  const recheck = useCallback(
    (form: HTMLFormElement) => {
      if (shown.current) void check(form);
    },
    [check],
  );
  const preload = useCallback(() => void loadValidation().catch(() => undefined), []);
  return { errors, check, recheck, preload };
}

/** A field's ids and ARIA state: its error list's id, and whether it is invalid. */
export function fieldProps(formId: string, name: string, errors: FieldErrors) {
  const id = `${formId}-${name}`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors[name]?.length);
  return {
    id,
    errorId,
    errors: errors[name],
    control: { id, name, "aria-invalid": invalid || undefined, "aria-describedby": invalid ? errorId : undefined },
  };
}
