import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cardClass } from "#app/components/ui/card";
import { ErrorList, FormAlert, hintClass, labelClass, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { OfficialWarning, useFigures, WeatherReason } from "#app/features/weather/components/weather-warning";
import { formatEuros } from "#app/utils/money";
import { formatDay, formatMoment } from "#app/features/bookings";
import type { TripWeatherView, WeatherDayView, WeatherDecisionView, WeatherPanelView } from "#app/features/weather/weather";
import { Button, ButtonLink } from "#app/components/ui/button";

/**
 * A trip's weather on its booking page, for both sides (decision 031): the forecast's days judged
 * for the boat from 7 days before, the verdict, and — when the forecast makes the trip unsafe —
 * cancelling with everything refunded (after a confirmation step that repeats the amount) or
 * moving it to other free days at the same price. Decisions taken stay shown with their forecast.
 * A refused weather form says why inside this panel, beside the form (a taken day under the
 * move's date field), not at the top of a long page.
 */
type Side = "renter" | "owner";

function Day({ day }: { day: WeatherDayView }) {
  const { t } = useTranslation("bookings");
  const { lang, n } = useFigures();
  return (
    <li className={`rounded-xl border p-3 ${day.unsafe ? "border-coral-500/60 bg-coral-500/5" : "border-slate-200 dark:border-white/10"}`}>
      <p className="flex flex-wrap items-center justify-between gap-2 font-semibold">
        <span>{formatDay(day.date, lang, "long")}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${day.unsafe ? "bg-coral-600 text-white" : "bg-emerald-600/15 text-emerald-800 dark:text-emerald-300"}`}>
          {t(day.unsafe ? "weather.unsafeDay" : "weather.safeDay")}
        </span>
      </p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("weather.wind")}</dt>
          <dd>{day.windKnots === null ? t("weather.unknown") : t("weather.windValue", { force: day.beaufort, knots: n(day.windKnots) })}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("weather.gusts")}</dt>
          <dd>{day.gustKnots === null ? t("weather.unknown") : t("weather.knots", { knots: n(day.gustKnots) })}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("weather.waves")}</dt>
          <dd>{day.waveM === null ? t("weather.unknown") : t("weather.metres", { metres: n(day.waveM) })}</dd>
        </div>
      </dl>
      {day.warnings.length > 0 ? (
        <ul className="mt-3 space-y-2 text-sm">
          {day.warnings.map((warning, index) => (
            <li key={index}>
              <OfficialWarning warning={warning} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Decision({ decision }: { decision: WeatherDecisionView }) {
  const { t } = useTranslation("bookings");
  const { lang } = useFigures();
  const range = (r: { start: string; end: string }) => (r.start === r.end ? formatDay(r.start, lang, "long") : t("weather.range", { from: formatDay(r.start, lang, "long"), to: formatDay(r.end, lang, "long") }));
  const { evidence } = decision;
  return (
    <li className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-400/40 dark:bg-amber-950/40">
      <p className="font-semibold">
        {decision.action === "cancel"
          ? t("weather.decision.cancel", { by: t(`weather.by.${decision.by}`), date: formatMoment(decision.at, lang) })
          : t("weather.decision.move", { by: t(`weather.by.${decision.by}`), date: formatMoment(decision.at, lang), from: range(decision.from), to: decision.to ? range(decision.to) : "" })}
      </p>
      <p className="mt-1">
        {t("weather.decision.because", { day: formatDay(evidence.date, lang, "long"), source: t(`weather.source.${evidence.source}`), issued: formatMoment(evidence.issuedAt, lang) })}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {evidence.reasons.map((reason, index) => (
          <li key={index}><WeatherReason reason={reason} /></li>
        ))}
      </ul>
    </li>
  );
}

/** The forecast's verdict for the trip, the rule for the boat, each day and where the forecast comes from. */
export function WeatherForecast({ trip }: { trip: TripWeatherView }) {
  const { t } = useTranslation("bookings");
  const { lang } = useFigures();
  if (trip.status === "later") return <p className="mt-2 text-sm">{t("weather.later", { date: formatDay(trip.opensOn, lang, "long") })}</p>;
  if (trip.status === "unavailable") return <p className="mt-2 text-sm">{t("weather.unavailable")}</p>;
  return (
    <>
      <p className={`mt-3 rounded-lg px-3 py-2 font-semibold ${trip.unsafe ? "bg-coral-600 text-white" : "bg-emerald-600/10 text-emerald-900 dark:text-emerald-200"}`}>
        {t(trip.unsafe ? "weather.unsafe" : "weather.safe", { boat: t(`weather.class.${trip.boatClass}`) })}
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(`weather.rule.${trip.boatClass}`)}</p>
      {trip.days.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {trip.days.map((day) => (
            <Day key={day.date} day={day} />
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("weather.issued", { source: t(`weather.source.${trip.source}`), date: formatMoment(trip.issuedAt, lang) })}</p>
    </>
  );
}

/** A weather form's refusal as the booking page's action answers it (`values.intent` says which form). */
export type WeatherRefusal = { message: string; fields?: Record<string, string>; values?: Record<string, string> } | null;

/** `charges`: the booking's payment mode; without online payments nothing was paid, so nothing is refunded either (decision 048). */
export function WeatherPanel({ weather, side, totalCents, charges = true, busy, refusal = null }: { weather: WeatherPanelView; side: Side; totalCents: number; charges?: boolean; busy: boolean; refusal?: WeatherRefusal }) {
  const { t } = useTranslation("bookings");
  const { lang } = useFigures();
  const [search] = useSearchParams();
  const trip = weather.trip;
  const confirming = (search.get("confirm") ?? search.get("confirmar")) === "weather-cancel" && weather.canAct;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  // A refused form brings the page back at its message, with or without JavaScript (the browser,
  // or the router's scroll restoration, goes to the action's fragment); a done one redirects to the
  // page's top, where its notice is.
  const { pathname, search: query } = useLocation();
  const actionTo = (anchor: string) => `${pathname}${query}#${anchor}`;
  const moveError = refusal?.values?.intent === "weather-move" ? (refusal.fields?.start ?? null) : null;
  const formError = refusal?.fields?.form ?? null;
  return (
    <section aria-labelledby="weather-title" className={cardClass()}>
      <h2 id="weather-title" className="scroll-mt-24 text-xl font-bold">{t("weather.title")}</h2>
      {weather.decisions.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {weather.decisions.map((decision, index) => (
            <Decision key={index} decision={decision} />
          ))}
        </ul>
      ) : null}
      {trip ? <WeatherForecast trip={trip} /> : null}
      {formError ? <div className="mt-3 scroll-mt-24" id="weather-refusal"><FormAlert errors={[formError]} /></div> : null}
      {weather.canAct ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm">{t(`weather.${charges ? "choices" : "choicesDirect"}.${side}`)}</p>
          {confirming ? (
            <Form method="post" action={actionTo("weather-refusal")} className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-400/40 dark:bg-amber-950/40">
              <input type="hidden" name="intent" value="weather-cancel" />
              <p className="font-semibold">{t("weather.cancel.title")}</p>
              <p className="text-sm">{t(charges ? "weather.cancel.consequence" : "weather.cancel.consequenceDirect", { refund: formatEuros(totalCents, lang) })}</p>
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="danger" size="md" type="submit" disabled={busy}>{t("weather.cancel.yes")}</Button>
                <LocalizedLink to="?" className="font-semibold text-sea-800 underline dark:text-sea-200">{t("confirm.back")}</LocalizedLink>
              </div>
            </Form>
          ) : (
            <ButtonLink variant="danger" size="md" to="?confirm=weather-cancel#weather-title">{t("weather.cancel.button")}</ButtonLink>
          )}
          <Form method="post" action={actionTo("weather-move")} id="weather-move" className="scroll-mt-24 space-y-2">
            <input type="hidden" name="intent" value="weather-move" />
            <label htmlFor="weather-move-start" className={labelClass}>{t("weather.move.label")}</label>
            <TextInput
              id="weather-move-start"
              name="start"
              type="date"
              required
              min={tomorrow}
              defaultValue={moveError ? refusal?.values?.start : undefined}
              aria-invalid={moveError ? true : undefined}
              aria-describedby="weather-move-hint weather-move-errors"
              className="max-w-xs"
            />
            <p id="weather-move-hint" className={hintClass}>{t("weather.move.hint", { count: weather.days })}</p>
            <ErrorList id="weather-move-errors" errors={moveError ? [moveError] : null} />
            <Button variant="secondary" size="md" type="submit" disabled={busy}>{t("weather.move.button")}</Button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
