import { useTranslation } from "react-i18next";
import type { PriceUnit } from "#app/features/listings";
import { formatEuros } from "#app/utils/money";
import { useLang } from "#app/utils/use-lang";

/** An amount in euros with its unit ("per day", "per month"…); `total` has none. */
export function Price({ cents, unit = "total", className }: { cents: number; unit?: PriceUnit; className?: string }) {
  const { t } = useTranslation("listing");
  const lang = useLang();
  const amount = formatEuros(cents, lang);
  return (
    <span className={className}>
      <span className="font-bold">{amount}</span>
      {unit === "total" ? null : <span className="text-sm font-normal text-slate-600 dark:text-slate-400"> {t(`price.per.${unit}`)}</span>}
    </span>
  );
}
