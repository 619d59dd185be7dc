import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { hintClass } from "#app/components/forms";

/**
 * Said under a file input after a refused save that had files in it: a browser never fills a file
 * input again, so without JavaScript (the refusal is a new page) the photos must be chosen again —
 * everything else typed comes back from the reply. With JavaScript the form stays on the page with
 * its files, and this says nothing while the input holds some.
 */
export function FilesAgain({ inputId, sent }: { inputId: string; sent: number }) {
  const { t } = useTranslation("common");
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    const update = () => setHeld((input.files?.length ?? 0) > 0);
    update();
    input.addEventListener("change", update);
    return () => input.removeEventListener("change", update);
  }, [inputId, sent]);
  const shown = sent > 0 && !held;
  // Always there (empty when it has nothing to say): the input's aria-describedby names it.
  return (
    <p id={`${inputId}-again`} className={shown ? hintClass + " font-semibold" : undefined} data-files-again={shown ? sent : undefined}>
      {shown ? t("filesAgain", { count: sent }) : null}
    </p>
  );
}
