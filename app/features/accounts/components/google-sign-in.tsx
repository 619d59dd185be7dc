import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "#app/utils/root-data";
import { afterLoginPath } from "#app/utils/safe-redirect";
import { useLang } from "#app/utils/use-lang";
import { Button } from "#app/components/ui/button";

/** "Continue with Google" on the firebase backend; it needs JavaScript (a popup), the form above does not. */
export function GoogleSignIn({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("auth");
  const root = useRootData();
  const navigate = useNavigate();
  const lang = useLang();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const config = root?.ENV.FIREBASE;
  if (!config) return null;

  async function onClick() {
    setBusy(true);
    setError(null);
    const { signInWithGooglePopup } = await import("#app/features/accounts/firebase-auth.client");
    const result = await signInWithGooglePopup(config!);
    setBusy(false);
    if (result.ok) {
      navigate(afterLoginPath(redirectTo, lang), { replace: true });
    } else {
      setError(t(`errors.${result.code}`, { defaultValue: t("errors.internal-error"), minutes: 15 }));
    }
  }

  return (
    <div className="mt-6">
      <p className="text-center text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("login.or")}</p>
      <Button type="button" variant="secondary" size="block" onClick={() => void onClick()} disabled={busy} className="mt-3 gap-2">
        {t("login.google")}
      </Button>
      {error ? <p role="alert" className="mt-2 text-sm text-coral-600 dark:text-coral-300">{error}</p> : null}
    </div>
  );
}
