import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { TextareaInput } from "#app/components/forms";
import { Button } from "#app/components/ui/button";

/**
 * A long value to copy (a secret feed address): shown whole, wrapped on as many lines as it takes
 * and selectable without JavaScript; with it, a "Copy" button beside it that says when it is done.
 */
export function CopyField({ id, value, describedBy }: { id: string; value: string; describedBy?: string }) {
  const { t } = useTranslation("common");
  const field = useRef<HTMLTextAreaElement>(null);
  const [scripted, setScripted] = useState(false);
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const statusId = useId();
  useEffect(() => setScripted(true), []);

  async function copy() {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      setStatus("copied");
    } catch {
      // No clipboard access (an insecure page, a refusal): the text stays selected for the keyboard.
      setStatus(document.execCommand?.("copy") ? "copied" : "failed");
    }
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <TextareaInput
        ref={field}
        id={id}
        readOnly
        value={value}
        rows={3}
        spellCheck={false}
        aria-describedby={describedBy}
        onFocus={(event) => event.currentTarget.select()}
        className="field-sizing-content min-w-0 flex-1 resize-none break-all font-mono text-sm"
      />
      {scripted ? (
        <div className="flex items-center gap-3 sm:flex-col sm:items-stretch">
          <Button variant="secondary" size="md" type="button" onClick={copy} aria-describedby={statusId} data-copy-for={id}>
            {t("copyField.copy")}
          </Button>
          <p id={statusId} role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {status === "copied" ? t("copyField.copied") : status === "failed" ? t("copyField.failed") : ""}
          </p>
        </div>
      ) : null}
    </div>
  );
}
