import { useTranslation } from "react-i18next";
import { cardClass } from "#app/components/ui/card";
import { useFigures, WeatherReason } from "#app/features/weather/components/weather-warning";
import { formatDay, formatMoment } from "#app/features/bookings";
import type { TripWeatherView } from "#app/features/weather/weather";

/**
 * The forecast on the booking summary, before the renter confirms (issue 44, item 5): the trip
 * page's verdict for the chosen days (decision 031's rule for the boat, one source), said plainly —
 * which days the forecast makes unsafe and why, and what either side may do later if it still
 * does (cancel with everything refunded, or move at the same price). Days beyond the forecast's
 * reach are not judged: the page says where it stops (and the loader sends nothing when it does
 * not reach the first day).
 */
export function SummaryWeather({ weather, end }: { weather: Extract<TripWeatherView, { status: "forecast" }>; end: string }) {
  const { t } = useTranslation("bookings");
  const { lang } = useFigures();
  const boat = t(`weather.class.${weather.boatClass}`);
  const unsafeDays = weather.days.filter((day) => day.unsafe);
  // The last chosen day the forecast reaches: when it stops short of the trip's end, the page says so.
  const through = weather.days[weather.days.length - 1]?.date ?? null;
  return (
    <section aria-labelledby="summary-weather-title" className={cardClass("md", { extra: weather.unsafe ? "border-coral-500/60 dark:border-coral-500/60" : undefined })} data-testid="summary-weather">
      <h2 id="summary-weather-title" className="text-xl font-bold">{t("summary.weather.title")}</h2>
      {weather.unsafe ? (
        <>
          <p className="mt-3 rounded-lg bg-coral-600 px-3 py-2 font-semibold text-white">{t("summary.weather.unsafe", { boat })}</p>
          <ul className="mt-3 space-y-3 text-sm">
            {unsafeDays.map((day) => (
              <li key={day.date}>
                <p className="font-semibold">{formatDay(day.date, lang, "long")}</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {day.reasons.map((reason, index) => (
                    <li key={index}><WeatherReason reason={reason} /></li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm font-semibold">{t("summary.weather.later")}</p>
        </>
      ) : (
        <p className="mt-3 rounded-lg bg-emerald-600/10 px-3 py-2 font-semibold text-emerald-900 dark:text-emerald-200">{t("summary.weather.safe", { boat })}</p>
      )}
      {through && through < end ? <p className="mt-2 text-sm">{t("summary.weather.reach", { through: formatDay(through, lang, "long") })}</p> : null}
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(`weather.rule.${weather.boatClass}`)}</p>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("weather.issued", { source: t(`weather.source.${weather.source}`), date: formatMoment(weather.issuedAt, lang) })}</p>
    </section>
  );
}
