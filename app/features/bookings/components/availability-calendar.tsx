import { useLocation } from "@remix-run/react";
import { Link } from "#app/framework/link";
import { useTranslation } from "react-i18next";
import { languageOf } from "#app/i18n";
import { formatDay } from "#app/features/bookings/view";
import { dateTimeFormat } from "#app/framework/intl";
import { useLang } from "#app/utils/use-lang";
import type { BoatClassView } from "#app/features/weather";
import { dayPrice, type PricingRules } from "#app/features/bookings/day-prices";
import { numberFormat } from "#app/framework/intl";

/** A boat's rules of price per day and its base, for the calendar to write each free day's price (issue 49). */
export type CalendarPrices = { rules: PricingRules; baseCents: number };

/**
 * Month grids of a listing's days, Monday first: taken days greyed and struck, half-taken days
 * marked for their half, and — for a boat — the days the forecast makes unsafe for it ringed
 * (issue 44), as far as the forecast reaches. Rendered on the server, so it needs no JavaScript.
 */
export type CalendarMonth = { month: string; start: string; end: string; taken: Record<string, string> };

/**
 * What a boat's calendar says of the forecast (decision 031's rule, the trip page's): the days it
 * makes unsafe for the boat's class, and the last day it reaches (nothing is said after it).
 */
export type CalendarWeather = { boatClass: BoatClassView; unsafe: string[]; through: string };

/** The window's first month (`YYYY-MM`) and the first months one step back and forward, null at either end. */
export type CalendarPages = { month: string; prev: string | null; next: string | null };

/**
 * The links one month back and forward: the same page with `mes` set (and `params`, e.g. the
 * days chosen so far, replaced), so they work without JavaScript; `anchor` brings the calendar
 * back into view. At either end (this month, the booking horizon) the link is absent.
 */
export function CalendarPager({ pages, anchor, params = {} }: { pages: CalendarPages; anchor: string; params?: Record<string, string | number | null | undefined> }) {
  const { t } = useTranslation("bookings");
  const location = useLocation();
  const to = (month: string) => {
    const search = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(params)) {
      if (value === null || value === undefined || value === "") search.delete(key);
      else search.set(key, String(value));
    }
    search.set("mes", month);
    return `${location.pathname}?${search}#${anchor}`;
  };
  const link = "inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-sea-800 hover:bg-sea-50 dark:border-white/20 dark:text-sea-200 dark:hover:bg-white/10";
  return (
    <nav aria-label={t("calendar.pager")} className="mt-4 flex items-center justify-between gap-3" data-testid="calendar-pager">
      {pages.prev ? (
        <Link to={to(pages.prev)} rel="nofollow" preventScrollReset className={link} data-testid="calendar-prev">
          <span aria-hidden="true">←</span> {t("calendar.previous")}
        </Link>
      ) : (
        <span />
      )}
      {pages.next ? (
        <Link to={to(pages.next)} rel="nofollow" preventScrollReset className={link} data-testid="calendar-next">
          {t("calendar.next")} <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** `count` months from the month of `first` (`YYYY-MM-DD`), each with its first and last day. */
export function monthsOf(first: string, count: number): Array<{ month: string; start: string; end: string }> {
  const [y, m] = first.split("-").map(Number);
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(y, m - 1 + i, 1));
    const end = new Date(Date.UTC(y, m + i, 0));
    return { month: start.toISOString().slice(0, 7), start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
  });
}

/** The calendar's line on the forecast: which days are ringed and how far the forecast reaches. */
export function CalendarWeatherNote({ weather }: { weather: CalendarWeather }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const values = { boat: t(`weather.class.${weather.boatClass}`), through: formatDay(weather.through, lang, "long") };
  return (
    <p className="mt-1 flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300" data-testid="calendar-weather">
      {weather.unsafe.length > 0 ? <span aria-hidden="true" className="mt-1 inline-block size-3 shrink-0 rounded-sm ring-2 ring-coral-500" /> : null}
      <span>{t(weather.unsafe.length > 0 ? "calendar.weather.unsafe" : "calendar.weather.none", values)}</span>
    </p>
  );
}

export function AvailabilityCalendar({ months, today, weather = null, prices = null }: { months: CalendarMonth[]; today: string; weather?: CalendarWeather | null; prices?: CalendarPrices | null }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const iso = languageOf(lang).iso;
  const monthName = dateTimeFormat(iso, { month: "long", year: "numeric", timeZone: "UTC" });
  const weekday = dateTimeFormat(iso, { weekday: "narrow", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i))));
  // Labels once per state; free days are plain numbers (the page shows many cells).
  const label = { day: t("calendar.state.day"), am: t("calendar.state.am"), pm: t("calendar.state.pm"), past: t("calendar.state.past") } as const;
  const unsafe = new Set(weather?.unsafe ?? []);
  const unsafeLabel = t("calendar.state.unsafe");
  // Each state's look is a class of app/tailwind.css (`cal-*`): three months show up to 93 days.
  const tone = { day: "cal-taken", am: "cal-half", pm: "cal-half", past: "cal-past" } as const;
  // A free day's price in euros (the legend says so), when the boat has seasons or a weekend rule.
  const whole = numberFormat(iso, { maximumFractionDigits: 0 });
  const cents = numberFormat(iso, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const amount = (value: number) => (value % 100 === 0 ? whole : cents).format(value / 100);
  const priceOf = (date: string, state: string | undefined) =>
    prices && state !== "past" && state !== "day" ? <i>{amount(dayPrice(prices.rules, prices.baseCents, date).cents)}</i> : null;
  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
      {months.map((month) => {
        const first = new Date(`${month.start}T00:00:00Z`);
        const lead = (first.getUTCDay() + 6) % 7;
        const days = Number(month.end.slice(8, 10));
        return (
          <table key={month.month} className="cal-month">
            <caption className="pb-2 text-left font-semibold first-letter:uppercase">{monthName.format(first)}</caption>
            <thead>
              <tr>
                {weekdays.map((name, i) => (
                  <th key={i} scope="col">{name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: Math.ceil((lead + days) / 7) }, (_, week) => (
                <tr key={week}>
                  {Array.from({ length: 7 }, (_, col) => {
                    const n = week * 7 + col - lead + 1;
                    if (n < 1 || n > days) return <td key={col} />;
                    const date = `${month.month}-${String(n).padStart(2, "0")}`;
                    const state = date < today ? "past" : (month.taken[date] as "day" | "am" | "pm" | undefined);
                    const risky = state !== "past" && unsafe.has(date);
                    if (!state && !risky) return <td key={col}>{n}{priceOf(date, state)}</td>;
                    const said = [state ? label[state] : null, risky ? unsafeLabel : null].filter(Boolean).join(", ");
                    return (
                      <td key={col} className={[state ? tone[state] : null, risky ? "cal-unsafe" : null].filter(Boolean).join(" ")} data-unsafe={risky ? date : undefined}>
                        {n}
                        {priceOf(date, state)}
                        <span className="sr-only">{` ${said}`}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
