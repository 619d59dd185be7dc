import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { formatEuros } from "#app/utils/money";
import type { RequirementWord } from "#app/features/payouts/requirements";
import { useLang } from "#app/utils/use-lang";

/** The owner's payout account as /ajustes/cobros shows it (decision 052). */
export type PayoutAccountView = {
  /** `none`: not started; `pending`: started, payouts not enabled yet; `enabled`: payouts on. */
  state: "none" | "pending" | "enabled";
  /** What Stripe still needs, in words. */
  due: RequirementWord[];
  /** Why payouts are paused, in words (a key of `payouts.connect.disabled`). */
  disabled: string | null;
  /** The owner went through Stripe's form once: the Express dashboard opens. */
  detailsSubmitted: boolean;
};

export type PayoutConnectView = {
  account: PayoutAccountView;
  /** Stripe sent the owner back because its link had expired. */
  expired: boolean;
  /** Stripe could not be reached for the account's state (the page shows what was kept). */
  unavailable: boolean;
  /** Payouts that came due while the account could not receive them. */
  waiting: { count: number; cents: number };
};

/**
 * The payout account's section: what Stripe still needs and why payouts are paused, the payouts
 * that wait for it, and plain POST forms (no JavaScript needed) that go to Stripe's onboarding or
 * its Express dashboard through a fresh single-use link (the action answers 303 to it).
 */
export function PayoutAccountSection({ view, error }: { view: PayoutConnectView; error: string | null }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const { account } = view;
  const problem = error ?? (view.unavailable ? t("payouts.connect.errors.unavailable") : null);
  return (
    <section className={cardClass("md", { extra: "space-y-3" })} aria-labelledby="payout-account" data-payout-account={account.state}>
      <h2 id="payout-account" className="text-xl font-bold">{t("payouts.connect.title")}</h2>
      <p>{t(`payouts.connect.state.${account.state}`)}</p>
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">{problem}</p>
      ) : null}
      {view.expired && account.state !== "enabled" ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("payouts.connect.expired")}</p>
      ) : null}
      {view.waiting.count > 0 ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-payouts-waiting={view.waiting.count}>
          {t("payouts.connect.waiting", { count: view.waiting.count, amount: formatEuros(view.waiting.cents, lang) })}
        </p>
      ) : null}
      {account.disabled && account.state === "pending" ? <p className="text-sm">{t(`payouts.connect.disabled.${account.disabled}`)}</p> : null}
      {account.due.length > 0 && account.state !== "none" ? (
        <div>
          <p className="text-sm font-semibold">{t("payouts.connect.dueTitle")}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm" data-requirements>
            {account.due.map((word) => (
              <li key={word.id} data-requirement={word.id}>{t(`payouts.connect.due.${word.key}`, { id: word.id })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {account.state !== "enabled" || account.due.length > 0 ? (
          <form method="post">
            <input type="hidden" name="intent" value="connect-payouts" />
            <Button variant="primary" size="lg">{t(account.state === "none" ? "payouts.connect.start" : "payouts.connect.continue")}</Button>
          </form>
        ) : null}
        {account.detailsSubmitted ? (
          <form method="post">
            <input type="hidden" name="intent" value="stripe-dashboard" />
            <Button variant="secondary" size="lg">{t("payouts.connect.dashboard")}</Button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
