import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cardClass } from "#app/components/ui/card";
import { ChoiceInput, describedBy, ErrorList, FormAlert, hintClass, labelClass, TextInput } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { DEFAULT_WEEKEND_DAYS, formatDay, MAX_SEASON_NAME, type Season, type WeekendRule } from "#app/features/bookings";
import { languageOf } from "#app/i18n";
import { dateTimeFormat } from "#app/framework/intl";
import { formatEuros } from "#app/utils/money";
import { useLang } from "#app/utils/use-lang";

/** A boat's rules of price per day as the owner's calendar page shows them (null: not a boat). */
export type SeasonsView = { baseCents: number | null; seasons: Season[]; weekend: WeekendRule | null };

/** The reply to a refused season or weekend form (`seasons.server.ts`). */
export type SeasonsReply = { intent: string; season: string | null; errors: Record<string, string>; message: string | null; typed: Record<string, string> };

/** What the owner's calendar writes under each free day: its price, when the boat has rules (issue 49). */
export function seasonPrices(view: SeasonsView | null): { rules: { seasons: Season[]; weekend: WeekendRule | null }; baseCents: number } | null {
  if (!view || view.baseCents === null || (view.seasons.length === 0 && view.weekend === null)) return null;
  return { rules: { seasons: view.seasons, weekend: view.weekend }, baseCents: view.baseCents };
}

/** The notices the season and weekend forms leave (`seasons.server.ts`). */
export const SEASON_NOTICES = ["seasons:notice.added", "seasons:notice.edited", "seasons:notice.removed", "seasons:notice.weekend", "seasons:notice.weekendRemoved"] as const;

/** What a rule charges, in words: "120 € al día" or "+40 %". */
function usePriceText() {
  const { t } = useTranslation("seasons");
  const lang = useLang();
  return (rule: { dayPriceCents: number | null; percent: number | null }) =>
    rule.dayPriceCents !== null ? t("price.perDay", { price: formatEuros(rule.dayPriceCents, lang) }) : t("price.percent", { percent: `${(rule.percent ?? 0) > 0 ? "+" : ""}${rule.percent ?? 0}` });
}

/** The fields a season's form has; `values` what it shows, `errors` each field's message. */
function SeasonFields({ prefix, values, errors }: { prefix: string; values: Record<string, string>; errors: Record<string, string> }) {
  const { t } = useTranslation("seasons");
  const field = (name: "name" | "start" | "end" | "price" | "percent", input: React.ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`${prefix}-${name}`} className={labelClass}>{t(`fields.${name}`)}</label>
      {input}
      {hint ? <p id={`${prefix}-${name}-hint`} className={hintClass}>{hint}</p> : null}
      <ErrorList id={`${prefix}-${name}-error`} errors={errors[name] ? [errors[name]] : null} />
    </div>
  );
  const common = (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(errors[name] && `${prefix}-${name}-error`, (name === "price" || name === "percent") && `${prefix}-${name}-hint`),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field("name", <TextInput {...common("name")} required maxLength={MAX_SEASON_NAME} autoComplete="off" />)}
      <div className="grid grid-cols-2 gap-4">
        {field("start", <TextInput {...common("start")} type="date" required />)}
        {field("end", <TextInput {...common("end")} type="date" required />)}
      </div>
      {field("price", <TextInput {...common("price")} inputMode="decimal" autoComplete="off" />, t("hints.price"))}
      {field("percent", <TextInput {...common("percent")} inputMode="numeric" autoComplete="off" />, t("hints.percent"))}
    </div>
  );
}

/** A stored season's values as its edit form shows them. */
function valuesOf(season: Season): Record<string, string> {
  return {
    name: season.name,
    start: season.start,
    end: season.end,
    price: season.dayPriceCents === null ? "" : String(season.dayPriceCents / 100).replace(".", ","),
    percent: season.percent === null ? "" : String(season.percent),
  };
}

/**
 * "Seasons and weekends" on the owner's calendar page: the boat's seasons (each with its edit and
 * remove forms), a form to add one, and the weekend rule (which days, a day price or a
 * percentage). Plain forms: they work without JavaScript; a refused one is drawn again with what
 * was typed and each field's message.
 */
export function SeasonsPanel({ listingId, view, reply, busy }: { listingId: string; view: SeasonsView; reply: SeasonsReply | null; busy: boolean }) {
  const { t } = useTranslation("seasons");
  const lang = useLang();
  const priceText = usePriceText();
  const weekday = dateTimeFormat(languageOf(lang).iso, { weekday: "long", timeZone: "UTC" });
  // 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
  const dayName = (n: number) => weekday.format(new Date(Date.UTC(2024, 0, n)));
  const replyFor = (intent: string, season: string | null = null) => (reply && reply.intent === intent && (season === null || reply.season === season) ? reply : null);
  const added = replyFor("add-season");
  const weekendReply = replyFor("set-weekend");
  const weekendDays = weekendReply ? (weekendReply.typed.day ?? "").split(",").map(Number) : (view.weekend?.days ?? DEFAULT_WEEKEND_DAYS);
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="listing" value={listingId} />
    </>
  );
  const otherReply = reply && !["add-season", "set-weekend", "edit-season"].includes(reply.intent) ? reply : null;
  return (
    <section aria-labelledby="seasons-title" className={cardClass()} data-testid="seasons">
      <h2 id="seasons-title" className="scroll-mt-24 text-xl font-bold">{t("title")}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("intro", { price: view.baseCents !== null ? formatEuros(view.baseCents, lang) : "—" })}</p>
      {otherReply?.message ? <div className="mt-3"><FormAlert errors={[otherReply.message]} /></div> : null}
      {view.seasons.length === 0 ? <p className="mt-3 text-sm">{t("none")}</p> : null}
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-white/10" aria-label={t("listLabel")}>
        {view.seasons.map((season) => {
          const edited = replyFor("edit-season", season.id);
          return (
            <li key={season.id} className="space-y-2 py-3" data-season={season.id}>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p>
                  <span className="font-semibold">{season.name}</span>{" "}
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    · {t("range", { start: formatDay(season.start, lang, "long"), end: formatDay(season.end, lang, "long") })} · {priceText(season)}
                  </span>
                </p>
                <Form method="post">
                  {hidden("remove-season")}
                  <input type="hidden" name="season" value={season.id} />
                  <Button variant="secondary" size="md" type="submit" disabled={busy}>{t("remove")}</Button>
                </Form>
              </div>
              <details open={edited ? true : undefined}>
                <summary className="cursor-pointer text-sm font-semibold text-sea-800 dark:text-sea-200">{t("edit", { name: season.name })}</summary>
                <Form method="post" className="mt-3 space-y-4">
                  {hidden("edit-season")}
                  <input type="hidden" name="season" value={season.id} />
                  {edited?.message ? <FormAlert errors={[edited.message]} /> : null}
                  <SeasonFields prefix={`season-${season.id}`} values={edited ? edited.typed : valuesOf(season)} errors={edited?.errors ?? {}} />
                  <Button variant="primary" size="md" type="submit" disabled={busy}>{t("save")}</Button>
                </Form>
              </details>
            </li>
          );
        })}
      </ul>
      <h3 className="mt-6 font-semibold">{t("addTitle")}</h3>
      <Form method="post" className="mt-3 space-y-4">
        {hidden("add-season")}
        {added?.message ? <FormAlert id="season-refusal" errors={[added.message]} /> : null}
        <SeasonFields prefix="season-new" values={added?.typed ?? {}} errors={added?.errors ?? {}} />
        <Button variant="primary" size="lg" type="submit" disabled={busy}>{t("add")}</Button>
      </Form>
      <h3 className="mt-8 font-semibold">{t("weekend.title")}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{view.weekend ? t("weekend.current", { days: view.weekend.days.map(dayName).join(", "), price: priceText(view.weekend) }) : t("weekend.none")}</p>
      <Form method="post" className="mt-3 space-y-4">
        {hidden("set-weekend")}
        {weekendReply?.message ? <FormAlert errors={[weekendReply.message]} /> : null}
        <fieldset aria-describedby={weekendReply?.errors.days ? "weekend-days-error" : undefined}>
          <legend className={labelClass}>{t("weekend.days")}</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {[1, 2, 3, 4, 5, 6, 7].map((n) => (
              <label key={n} className="flex items-center gap-2 text-sm first-letter:uppercase">
                <ChoiceInput type="checkbox" name="day" value={String(n)} defaultChecked={weekendDays.includes(n as 1)} />
                <span className="first-letter:uppercase">{dayName(n)}</span>
              </label>
            ))}
          </div>
          <ErrorList id="weekend-days-error" errors={weekendReply?.errors.days ? [weekendReply.errors.days] : null} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {(["price", "percent"] as const).map((name) => (
            <div key={name}>
              <label htmlFor={`weekend-${name}`} className={labelClass}>{t(`fields.${name}`)}</label>
              <TextInput
                id={`weekend-${name}`}
                name={name}
                inputMode={name === "price" ? "decimal" : "numeric"}
                autoComplete="off"
                defaultValue={weekendReply ? weekendReply.typed[name] : view.weekend ? valuesOf({ ...view.weekend, id: "", name: "", start: "", end: "" })[name] : ""}
                aria-invalid={weekendReply?.errors[name] ? true : undefined}
                aria-describedby={describedBy(weekendReply?.errors[name] && `weekend-${name}-error`, `weekend-${name}-hint`)}
              />
              <p id={`weekend-${name}-hint`} className={hintClass}>{t(`hints.${name}`)}</p>
              <ErrorList id={`weekend-${name}-error`} errors={weekendReply?.errors[name] ? [weekendReply.errors[name]] : null} />
            </div>
          ))}
        </div>
        <Button variant="primary" size="md" type="submit" disabled={busy}>{t("weekend.save")}</Button>
      </Form>
      {view.weekend ? (
        <Form method="post" className="mt-3">
          {hidden("remove-weekend")}
          <Button variant="secondary" size="md" type="submit" disabled={busy}>{t("weekend.remove")}</Button>
        </Form>
      ) : null}
    </section>
  );
}
