import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AvailabilityCalendar, type CalendarMonth } from "#app/components/availability-calendar";
import { DetailSection } from "#app/components/listing-detail";
import { formatEuros } from "#app/components/price";
import { href } from "#app/utils/href";
import { priceRental, type Tariff } from "#app/utils/pricing";
import { useLang } from "#app/utils/use-lang";

/**
 * The listing page's way in to booking: the first and last day (and the people, for boats),
 * sent to the summary as a plain GET form. When JavaScript runs, the total appears as the days
 * are chosen — priced by the same function as the summary and the booking — with a warning when
 * a chosen day is taken.
 */
export type BookingBox = { today: string; calendar: CalendarMonth[]; tariff: Tariff; capacity: number | null; instant: boolean };

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-white/20 dark:bg-sea-950 dark:text-white";

function daysBetween(a: string, b: string) {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function BookingEstimate({ listingId, box, submitLabel }: { listingId: string; box: BookingBox; submitLabel: string }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const last = end || start;
  const days = start && last >= start ? daysBetween(start, last) + 1 : 0;
  let total: number | null = null;
  if (days > 0 && start >= box.today) {
    try {
      total = priceRental(box.tariff, { kind: "days", days }).totalCents;
    } catch {
      total = null;
    }
  }
  const held = new Map(box.calendar.flatMap((month) => Object.entries(month.taken)));
  let taken = false;
  for (let i = 0; i < Math.min(days, 400) && !taken; i++) {
    const day = new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    taken = held.has(day);
  }
  return (
    <Form method="get" action={href("reservation-summary")} className="space-y-3">
      <input type="hidden" name="listing" value={listingId} />
      <div className="grid grid-cols-2 gap-2">
        <label className="text-xs font-medium">
          {t("fields.start")}
          <input name="start" type="date" required min={box.today} value={start} onChange={(e) => setStart(e.target.value)} className={inputClass} />
        </label>
        <label className="text-xs font-medium">
          {t("fields.end")}
          <input name="end" type="date" min={start || box.today} value={end} onChange={(e) => setEnd(e.target.value)} className={inputClass} />
        </label>
      </div>
      {box.capacity !== null ? (
        <label className="block text-xs font-medium">
          {t("fields.people")}
          <input name="people" type="number" inputMode="numeric" min={1} max={box.capacity} defaultValue={Math.min(2, box.capacity)} required className={inputClass} />
        </label>
      ) : null}
      <p aria-live="polite" className="min-h-5 text-sm">
        {taken ? (
          <span className="font-semibold text-red-800 dark:text-red-300">{t("estimate.taken")}</span>
        ) : total !== null ? (
          t("estimate.total", { count: days, total: formatEuros(total, lang) })
        ) : null}
      </p>
      <button type="submit" className="block w-full rounded-lg bg-coral-500 px-4 py-3 text-center font-semibold text-white shadow hover:bg-coral-600">
        {submitLabel}
      </button>
    </Form>
  );
}

/** The listing page's section of the coming months' held days. */
export function AvailabilitySection({ box }: { box: BookingBox }) {
  const { t } = useTranslation("bookings");
  return (
    <DetailSection id="availability-heading" title={t("calendar.title")}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("calendar.legend")}</p>
      <AvailabilityCalendar months={box.calendar} today={box.today} />
    </DetailSection>
  );
}
