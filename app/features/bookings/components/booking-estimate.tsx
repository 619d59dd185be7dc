import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AvailabilityCalendar, CalendarPager, CalendarWeatherNote, type CalendarMonth, type CalendarPages, type CalendarWeather } from "#app/features/bookings/components/availability-calendar";
import { DetailSection } from "#app/features/listings";
import { formatEuros } from "#app/utils/money";
import { formatDay } from "#app/features/bookings/view";
import { href } from "#app/utils/href";
import { priceRental, type Tariff } from "#app/features/bookings/pricing";
import { useLang } from "#app/utils/use-lang";
import { useCompactGetSubmit } from "#app/utils/use-compact-get-submit";
import { Button } from "#app/components/ui/button";

/**
 * The listing page's way in to booking: the first and last day (and the people, for boats),
 * sent to the summary as a plain GET form. The days the page was opened with are priced in the
 * server's HTML; with JavaScript the total follows each change — priced by the same function as
 * the summary and the booking — with a warning when a chosen day is taken, or when the forecast
 * makes one unsafe for the boat (the calendar's rings; the summary says it with or without JavaScript).
 */
export type BookingBox = {
  today: string;
  /** The months the calendar shows (`?mes=` pages them). */
  calendar: CalendarMonth[];
  pages: CalendarPages;
  /** Every held day from today to the calendar's last month. */
  held: Record<string, string>;
  tariff: Tariff;
  capacity: number | null;
  instant: boolean;
  /** A boat's forecast verdicts for the calendar and the estimate (null: nothing said). */
  weather: CalendarWeather | null;
}

// The booking box's own compact inputs (smaller than the kit's, beside the price): raw, as the
// boat page's scripts are budgeted (decision 019) and the kit's `forms.tsx` brings conform.
const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-white/20 dark:bg-sea-950 dark:text-white";

/** The days and people a person has chosen in the box, as its fields hold them (`""`: not chosen). */
export type TripChoice = { start: string; end: string; people: string };

export const NO_CHOICE: TripChoice = { start: "", end: "", people: "" };

function daysBetween(a: string, b: string) {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * What a choice comes to: its days, the total the renter pays (null while it cannot be priced:
 * no first day, a past one, a last day before it) and whether a held day is among them.
 */
export function estimateOf(box: BookingBox, choice: TripChoice): { days: number; totalCents: number | null; taken: boolean } {
  const { start, end } = choice;
  const last = end || start;
  const days = start && last >= start ? daysBetween(start, last) + 1 : 0;
  let totalCents: number | null = null;
  if (days > 0 && start >= box.today) {
    try {
      totalCents = priceRental(box.tariff, { kind: "days", days, start }).totalCents;
    } catch {
      totalCents = null;
    }
  }
  const held = new Map(Object.entries(box.held));
  let taken = false;
  for (let i = 0; i < Math.min(days, 400) && !taken; i++) {
    const day = new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    taken = held.has(day);
  }
  return { days, totalCents, taken };
}

/** The chosen days the forecast makes unsafe for the boat (the calendar's rings), soonest first. */
export function unsafeDaysIn(box: Pick<BookingBox, "weather">, choice: TripChoice): string[] {
  const last = choice.end || choice.start;
  if (!box.weather || !choice.start || last < choice.start) return [];
  return box.weather.unsafe.filter((date) => date >= choice.start && date <= last);
}

/**
 * The box's form. `initial` is the choice the page was opened with (the search's days and
 * people); `onChange` hears every change (the phones' booking bar shows the same total).
 */
export function BookingEstimate({
  listingId,
  box,
  submitLabel,
  initial = NO_CHOICE,
  onChange,
}: {
  listingId: string;
  box: BookingBox;
  submitLabel: string;
  initial?: TripChoice;
  onChange?: (choice: TripChoice) => void;
}) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  // Two people unless the page was opened for some (or the boat takes one).
  const submitClean = useCompactGetSubmit();
  const [choice, setChoice] = useState<TripChoice>(() => ({ ...initial, people: initial.people || (box.capacity !== null ? String(Math.min(2, box.capacity)) : "") }));
  const change = (field: keyof TripChoice) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...choice, [field]: event.target.value };
    setChoice(next);
    onChange?.(next);
  };
  const { start, end } = choice;
  const { days, totalCents: total, taken } = estimateOf(box, choice);
  const unsafe = unsafeDaysIn(box, choice);
  return (
    <Form method="get" action={href("reservation-summary", { lang })} onSubmit={submitClean} className="space-y-3" data-testid="booking-estimate">
      <input type="hidden" name="listing" value={listingId} />
      <div className="grid grid-cols-2 gap-2">
        <label className="text-xs font-medium">
          {t("fields.start")}
          <input name="start" type="date" required min={box.today} value={start} onChange={change("start")} className={inputClass} />
        </label>
        <label className="text-xs font-medium">
          {t("fields.end")}
          <input name="end" type="date" min={start || box.today} value={end} onChange={change("end")} className={inputClass} />
        </label>
      </div>
      {box.capacity !== null ? (
        <label className="block text-xs font-medium">
          {t("fields.people")}
          <input
            name="people"
            type="number"
            inputMode="numeric"
            min={1}
            max={box.capacity}
            value={choice.people}
            onChange={change("people")}
            required
            className={inputClass}
          />
        </label>
      ) : null}
      <p aria-live="polite" className="min-h-5 text-sm" data-testid="estimate">
        {taken ? (
          <span className="font-semibold text-red-800 dark:text-red-300">{t("estimate.taken")}</span>
        ) : total !== null ? (
          // No service fee to mention without online payments (decision 048).
          t(box.tariff.feePercent === 0 ? "estimate.totalNoFee" : "estimate.total", { count: days, total: formatEuros(total, lang) })
        ) : null}
        {!taken && unsafe.length > 0 ? (
          <span className="mt-1 block font-semibold text-coral-600 dark:text-coral-300" data-testid="estimate-unsafe">
            {t("estimate.unsafe", { count: unsafe.length, date: formatDay(unsafe[0]!, lang, "long") })}
          </span>
        ) : null}
      </p>
      <Button variant="accent" size="cta">
        {submitLabel}
      </Button>
    </Form>
  );
}

/**
 * The listing page's section of the held days, a few months at a time, paged month by month
 * up to the booking horizon; `params`: the days and people chosen so far, kept by the pages.
 */
export function AvailabilitySection({ box, params }: { box: BookingBox; params?: Record<string, string | number | null | undefined> }) {
  const { t } = useTranslation("bookings");
  // Each free day's price when the boat has seasons or a weekend rule (issue 49), from the tariff the estimate prices with.
  const base = box.tariff.periods.find((period) => period.days === 1)?.cents;
  const prices = box.tariff.rules && base ? { rules: box.tariff.rules, baseCents: base } : null;
  return (
    <DetailSection id="availability-heading" title={t("calendar.title")}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("calendar.legend")}</p>
      {prices ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="calendar-prices">{t("seasons:calendar.prices")}</p> : null}
      {box.weather ? <CalendarWeatherNote weather={box.weather} /> : null}
      <CalendarPager pages={box.pages} anchor="availability-heading" params={params} />
      <AvailabilityCalendar months={box.calendar} today={box.today} weather={box.weather} prices={prices} />
    </DetailSection>
  );
}
