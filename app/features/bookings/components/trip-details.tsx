import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass, ButtonLink } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { ErrorList, hintClass, labelClass, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatMoment, type BookingView, type TripView } from "#app/features/bookings/view";
import { href } from "#app/utils/href";
import { MEETING_POINT_MAX } from "#app/features/listings";
import { useLang } from "#app/utils/use-lang";

/**
 * The trip part of a booking's page (issue 24): the banner right after booking, the meeting
 * point and time, the other person's phone once allowed, the calendar file, the invoices and the
 * next step; and the owner's form for this booking's meeting point.
 */
type Side = "renter" | "owner";

/** Right after booking or requesting (the notice `bookings:trip.banner.booked.title` or `…requested.title`): what happened and what comes next. */
export function TripBanner({ done, booking }: { done: string | null; booking: BookingView }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  if (done === "paying" || done === "unpaid") {
    // Back from the checkout: paid and waiting for the provider's word, or left unpaid.
    const until = booking.money.checkoutExpiresAt ? formatMoment(booking.money.checkoutExpiresAt, lang) : null;
    return (
      <div role="status" aria-labelledby="trip-banner-title" className="rounded-2xl border border-sea-500/50 bg-sea-50 p-5 text-sea-900 dark:border-sea-400/40 dark:bg-sea-950/50 dark:text-sea-100">
        <p id="trip-banner-title" className="text-xl font-bold">{t(`trip.banner.${done}.title`)}</p>
        <p className="mt-1">{t(`trip.banner.${done}.text`, { reference: booking.reference })}</p>
        {done === "unpaid" && until ? <p className="mt-1">{t("trip.banner.unpaid.until", { date: until })}</p> : null}
        {done === "unpaid" && booking.money.checkoutUrl ? (
          <p className="mt-3">
            <a href={booking.money.checkoutUrl} className={buttonClass("primary")}>{t("money.pay")}</a>
          </p>
        ) : null}
      </div>
    );
  }
  if (done !== "booked" && done !== "requested") return null;
  return (
    <div role="status" aria-labelledby="trip-banner-title" className="rounded-2xl border border-emerald-500/50 bg-emerald-50 p-5 text-emerald-900 dark:border-emerald-400/40 dark:bg-emerald-950/50 dark:text-emerald-100">
      <p id="trip-banner-title" className="text-xl font-bold">{t(`trip.banner.${done}.title`)}</p>
      <p className="mt-1">{t(`trip.banner.${done}.text`, { reference: booking.reference })}</p>
    </div>
  );
}

export function TripSection({ side, trip, booking }: { side: Side; trip: TripView; booking: BookingView }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const { meeting } = trip;
  return (
    <section aria-labelledby="trip-title" className={cardClass()}>
      <h2 id="trip-title" className="text-xl font-bold">{t("trip.title")}</h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">{t("trip.referenceLabel")}</dt>
        <dd className="font-mono text-base font-semibold tracking-wider" data-testid="trip-reference">{trip.reference}</dd>
        {booking.kind === "boat" && booking.status !== "declined" && booking.status !== "expired" && booking.status !== "cancelled" ? (
          <>
            <dt className="font-semibold">{t("trip.meeting.label")}</dt>
            <dd data-testid="trip-meeting">
              {meeting?.place ? <span className="block">{meeting.place}</span> : null}
              {meeting?.time ? <span className="block">{t("trip.meeting.at", { time: meeting.time })}</span> : null}
              {!meeting ? <span className="text-slate-600 dark:text-slate-400">{t(`trip.meeting.none.${side}`)}</span> : null}
            </dd>
          </>
        ) : null}
        {trip.contact ? (
          <>
            <dt className="font-semibold">{t(`trip.contact.${side}`)}</dt>
            <dd>
              <a href={`tel:${trip.contact.phone.replace(/[^+\d]/g, "")}`} className="font-semibold text-sea-800 underline dark:text-sea-200">{trip.contact.phone}</a>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {trip.calendarHref ? (
          <a href={trip.calendarHref} download className={buttonClass("secondary", "md")}>{t("trip.calendar.add")}</a>
        ) : null}
        {trip.reviewHref && side === "renter" ? (
          <ButtonLink variant="primary" size="lg" to={trip.reviewHref}>{t("trip.next.review")}</ButtonLink>
        ) : null}
      </div>
      {trip.invoices.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">{t("trip.invoices.title")}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {trip.invoices.map((invoice) => (
              <li key={invoice.id}>
                <a href={href("invoice-pdf", { params: { invoiceId: invoice.id }, search: { lang } })} className="text-sea-800 underline dark:text-sea-200">
                  {t(`trip.invoices.kinds.${invoice.kind}`, { number: invoice.number })}
                </a>
              </li>
            ))}
          </ul>
          <LocalizedLink to={href("settings-invoices")} className="mt-1 inline-block text-sm font-semibold text-sea-800 underline dark:text-sea-200">
            {t("trip.invoices.all")}
          </LocalizedLink>
        </div>
      ) : null}
    </section>
  );
}

type MeetingRefusal = { fields?: Record<string, string>; values?: Record<string, string> } | null;

/** The owner's meeting point and time for this booking (empty: the boat's default). */
export function MeetingForm({ trip, refusal, busy }: { trip: TripView; refusal: MeetingRefusal; busy: boolean }) {
  const { t } = useTranslation("bookings");
  const own = trip.meeting?.source === "booking" ? trip.meeting : null;
  const fallback = trip.meeting?.source === "listing" ? trip.meeting : null;
  const errors = refusal?.fields ?? {};
  const value = (field: "meetingPoint" | "meetingTime", current: string | null | undefined) => refusal?.values?.[field] ?? current ?? "";
  return (
    <section aria-labelledby="meeting-title" className={cardClass()}>
      <h2 id="meeting-title" className="text-xl font-bold">{t("trip.meeting.formTitle")}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("trip.meeting.formIntro")}</p>
      <Form method="post" className="mt-3 space-y-3" noValidate>
        <input type="hidden" name="intent" value="meeting" />
        <div>
          <label htmlFor="meeting-point" className={labelClass}>{t("trip.meeting.place")}</label>
          <TextInput
            id="meeting-point"
            name="meetingPoint"
            maxLength={MEETING_POINT_MAX}
            defaultValue={value("meetingPoint", own?.place)}
            placeholder={fallback?.place ?? undefined}
            aria-invalid={errors.meetingPoint ? true : undefined}
            aria-describedby={errors.meetingPoint ? "meeting-point-error" : undefined}
          />
          <ErrorList id="meeting-point-error" errors={errors.meetingPoint ? [errors.meetingPoint] : null} />
        </div>
        <div className="sm:max-w-[12rem]">
          <label htmlFor="meeting-time" className={labelClass}>{t("trip.meeting.time")}</label>
          <TextInput
            id="meeting-time"
            name="meetingTime"
            type="time"
            defaultValue={value("meetingTime", own?.time)}
            aria-invalid={errors.meetingTime ? true : undefined}
            aria-describedby={errors.meetingTime ? "meeting-time-error" : "meeting-time-hint"}
          />
          <p id="meeting-time-hint" className={hintClass}>{fallback?.time ? t("trip.meeting.defaultTime", { time: fallback.time }) : t("trip.meeting.timeHint")}</p>
          <ErrorList id="meeting-time-error" errors={errors.meetingTime ? [errors.meetingTime] : null} />
        </div>
        <Button variant="primary" size="lg" type="submit" disabled={busy}>{t("trip.meeting.save")}</Button>
      </Form>
    </section>
  );
}
