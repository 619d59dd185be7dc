import { useTranslation } from "react-i18next";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-sea-500 focus:ring-2 focus:ring-sea-500/30 focus:outline-none aria-[invalid]:border-coral-500 dark:border-white/15 dark:bg-sea-950 dark:text-white";
export const labelClass = "block text-sm font-medium text-slate-700 dark:text-slate-200";
export const primaryButtonClass =
  "inline-flex w-full items-center justify-center rounded-lg bg-sea-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-sea-800 disabled:opacity-60";

/** Field messages, announced by screen readers and tied to the field by its id. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm font-medium text-coral-600 dark:text-coral-500" aria-live="polite">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A message for the whole form (wrong credentials, too many attempts…). */
export function FormAlert({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return <div id={id} />;
  return (
    <div id={id} role="alert" className="rounded-lg border border-coral-500/40 bg-coral-500/10 px-4 py-3 text-sm text-coral-600 dark:text-coral-500">
      {shown.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-800 dark:text-emerald-300">
      {children}
    </div>
  );
}

/** Real people never see or fill this field; bots that fill every input give themselves away. */
export function Honeypot({ name = "website" }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {t("honeypot")}
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The rules a new password must meet, as the identity service states them. */
export function PasswordHints({ id, hints }: { id: string; hints: Array<{ key: string; values: Record<string, string | number> }> }) {
  const { t } = useTranslation("validation");
  return (
    <ul id={id} className="mt-1 list-inside list-disc text-xs text-slate-500 dark:text-slate-400">
      {hints.map((hint) => (
        <li key={hint.key}>{t(hint.key, hint.values)}</li>
      ))}
    </ul>
  );
}
