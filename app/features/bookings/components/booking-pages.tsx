import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DepositClaimLink } from "#app/features/deposits";
import { BookingHistory, MoneyStory, PriceBreakdown, StatusBadge, StayDates, useListingTitle } from "#app/features/bookings/components/booking";
import { Button, buttonClass, ButtonLink } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { FormAlert, Notice, TextareaInput } from "#app/components/forms";
import { MeetingForm, TripBanner, TripSection } from "#app/features/bookings/components/trip-details";
import { MAX_MESSAGE } from "#app/features/chats";
import { BoatListingCard, DockListingCard } from "#app/features/listings";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import { formatDay, formatMoment, type BookingStatusView, type BookingView, type CheckoutReturn, type TripView } from "#app/features/bookings/view";
import { href } from "#app/utils/href";
import type { ListingCardView } from "#app/features/listings";
import { useLang } from "#app/utils/use-lang";
import type { WeatherPanelView } from "#app/features/weather";
import { WeatherPanel } from "#app/features/weather";
import { noticeName, useNotice, type NoticeKey } from "#app/utils/notice";
import { usePending } from "#app/utils/use-pending";
import { HandoverSection } from "#app/features/handover";
import { BookingLicence, type BookingLicenceView } from "#app/features/licences";
import type { HandoverPanelView } from "#app/features/handover";

/**
 * The settings pages of bookings for both sides: the renter's (/ajustes/mis-reservas) and the
 * owner's (/ajustes/gestion-de-alquileres) lists and booking pages share these views; `side`
 * decides the words, the amounts (what the renter pays, what the owner earns) and the buttons.
 */
type Side = "renter" | "owner";
type Row = {
  id: string;
  status: BookingStatusView;
  start: string;
  end: string;
  part: "am" | "pm" | null;
  days: number;
  expiresAt: string | null;
  amountCents: number;
  card: ListingCardView | null;
  other: { displayName: string; slug: string } | null;
};
type Groups = { pending: Row[]; upcoming: Row[]; past: Row[]; closed: Row[] };

const pageOf = { renter: "settings-reservation", owner: "settings-rental" } as const;

export function BookingList({ side, groups }: { side: Side; groups: Groups }) {
  const { t } = useTranslation("bookings");
  const order = side === "owner" ? (["pending", "upcoming", "past", "closed"] as const) : (["upcoming", "pending", "past", "closed"] as const);
  const empty = order.every((group) => groups[group].length === 0);
  return (
    <main id="main" className="space-y-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t(`${side}.list.title`)}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t(`${side}.list.intro`)}</p>
      </header>
      {empty ? (
        <div className={cardClass()}>
          <p>{t(`${side}.list.empty`)}</p>
          <ButtonLink variant="primary" size="lg" to={side === "renter" ? href("boat-search") : href("settings-list-boat")} className="mt-4">
            {t(`${side}.list.emptyAction`)}
          </ButtonLink>
        </div>
      ) : (
        order.map((group) =>
          groups[group].length > 0 ? (
            <section key={group} aria-labelledby={`group-${group}`}>
              <h2 id={`group-${group}`} className="text-xl font-bold">
                {t(`${side}.list.groups.${group}`)} <span className="font-normal text-slate-500 dark:text-slate-400">({groups[group].length})</span>
              </h2>
              <ul className="mt-3 space-y-3">
                {groups[group].map((row) => (
                  <BookingRow key={row.id} side={side} row={row} />
                ))}
              </ul>
            </section>
          ) : null,
        )
      )}
    </main>
  );
}

function BookingRow({ side, row }: { side: Side; row: Row }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const titleOf = useListingTitle();
  return (
    <li className={`${cardClass()} flex flex-wrap items-center justify-between gap-4`}>
      <div className="min-w-0">
        <p className="font-semibold">
          <LocalizedLink to={href(pageOf[side], { params: { id: row.id } })} className="text-sea-800 underline-offset-2 hover:underline dark:text-sea-200">
            {titleOf(row.card)}
          </LocalizedLink>
        </p>
        <p className="text-sm"><StayDates stay={row} /></p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {row.other ? t(`${side}.with`, { name: row.other.displayName }) : null}
          {row.status === "pending" && row.expiresAt ? ` · ${t(`${side}.answerBy`, { date: formatMoment(row.expiresAt, lang) })}` : null}
        </p>
      </div>
      <div className="flex items-center gap-4">
        <span className="font-semibold tabular-nums">{formatEuros(row.amountCents, lang)}</span>
        <StatusBadge status={row.status} side={side} />
      </div>
    </li>
  );
}

type RenterRecordView = { memberSince: string | null; completedTrips: number; reviewsWritten: number; cancellations: number };
type Detail = {
  booking: BookingView;
  /** What an owner sees of the renter before answering a request. */
  renterRecord?: RenterRecordView | null;
  actions: Array<"accept" | "decline" | "cancel">;
  card: ListingCardView | null;
  other: { displayName: string; slug: string } | null;
  /** The two people's conversation about the listing, and whether it has begun. */
  chat: { id: string; open: boolean };
  /** The trip's forecast and weather decisions (decision 031), when there is anything to show. */
  weather?: WeatherPanelView | null;
  /** The trip: reference, meeting point, contact, calendar, invoices, next step (`trip-details.tsx`). */
  trip: TripView;
  canSetMeeting: boolean;
  /** Check-in and check-out (decision 032), when the trip has them or may have them now. */
  handover?: HandoverPanelView | null;
  /** The licence given with the booking (issue 49). */
  licence?: BookingLicenceView | null;
};

/** What a booking's page says after a form (decision record 033): the trip banner, or one line. */
const BOOKING_NOTICES: NoticeKey[] = [
  "bookings:trip.banner.booked.title",
  "bookings:trip.banner.requested.title",
  ...(["accept", "decline", "cancel", "meeting", "weather-cancel", "weather-move"] as const).map((done) => `bookings:done.${done}` as const),
  ...(["check-in", "check-out", "confirm-check-in", "confirm-check-out"] as const).map((done) => `bookings:handover.done.${done}` as const),
];

export function BookingDetail({
  side,
  detail,
  refusal,
  checkout = null,
}: {
  side: Side;
  detail: Detail;
  refusal: { message: string; fields?: Record<string, string>; values?: Record<string, string> } | null;
  /** Back from the provider's checkout: the banner for where the booking stands (renter only). */
  checkout?: CheckoutReturn | null;
}) {
  const { t } = useTranslation("bookings");
  const titleOf = useListingTitle();
  const [search] = useSearchParams();
  const busy = usePending({ untilIdle: true });
  const { booking, actions, card, other } = detail;
  const notice = useNotice(...BOOKING_NOTICES);
  const banner = notice?.key.startsWith("bookings:trip.banner.") ? notice.key.split(".")[2]! : checkout;
  // `confirm`; `confirmar` is its older name (pages rendered before decision record 033).
  const asked = search.get("confirm") ?? search.get("confirmar");
  const confirming = asked === "decline" || asked === "cancel" ? (actions.includes(asked) ? asked : null) : null;
  // A weather form's refusal is said in the weather panel, beside its form.
  const weatherRefused = refusal?.values?.intent === "weather-move" || refusal?.values?.intent === "weather-cancel";
  return (
    <main id="main" className="space-y-6">
      <p>
        <LocalizedLink to={href(side === "renter" ? "settings-reservations" : "settings-rentals")} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">
          {t(`${side}.back`)}
        </LocalizedLink>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">{titleOf(card)}</h1>
        <StatusBadge status={booking.status} side={side} />
      </header>
      {!refusal ? <TripBanner done={banner} booking={booking} /> : null}
      {notice && notice.key.startsWith("bookings:done.") && !refusal ? <Notice>{notice.text}</Notice> : null}
      {refusal && (!refusal.fields || (weatherRefused && !detail.weather)) ? <FormAlert id="booking-refusal" errors={[refusal.message]} /> : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <StaySection side={side} booking={booking} other={other} />
          <TripSection side={side} trip={detail.trip} booking={booking} />
          {detail.licence ? <BookingLicence licence={detail.licence} side={side} /> : null}
          {detail.handover ? <HandoverSection panel={detail.handover} refusal={refusal} done={notice?.key.startsWith("bookings:handover.done.") ? noticeName(notice) : null} /> : null}
          {detail.canSetMeeting && booking.kind === "boat" ? <MeetingForm trip={detail.trip} refusal={refusal?.fields && !weatherRefused ? refusal : null} busy={busy} /> : null}
          <PriceSection side={side} booking={booking} />
          <MoneySection side={side} booking={booking} />
          {detail.weather ? <WeatherPanel weather={detail.weather} side={side} totalCents={booking.price.totalCents} charges={booking.money.charges} busy={busy} refusal={weatherRefused ? refusal : null} /> : null}
          {detail.renterRecord && other ? <RenterRecord name={other.displayName} slug={other.slug} record={detail.renterRecord} /> : null}
          {actions.length > 0 ? <ActionsSection side={side} booking={booking} actions={actions} confirming={confirming} busy={busy} /> : null}
          {other ? <ConversationSection other={other} chat={detail.chat} busy={busy} /> : null}
          <section aria-labelledby="history-title" className={cardClass()}>
            <h2 id="history-title" className="text-xl font-bold">{t("detail.history")}</h2>
            <div className="mt-3"><BookingHistory history={booking.history} /></div>
          </section>
        </div>
        <aside className="self-start">{card ? card.kind === "boat" ? <BoatListingCard card={card} headingLevel={2} /> : <DockListingCard card={card} headingLevel={2} /> : null}</aside>
      </div>
    </main>
  );
}

type Booking = Detail["booking"];

/** The trip's days, people and skipper, the other side, the reference, and when a request must be answered. */
function StaySection({ side, booking, other }: { side: Side; booking: Booking; other: Detail["other"] }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  return (
    <section aria-labelledby="stay-title" className={cardClass()}>
      <h2 id="stay-title" className="text-xl font-bold">{t("detail.stay")}</h2>
      <p className="mt-2 text-lg"><StayDates stay={booking} /></p>
      <ul className="mt-2 space-y-0.5 text-sm text-slate-700 dark:text-slate-300">
        {booking.people !== null ? <li>{t("stay.people", { count: booking.people })}</li> : null}
        {booking.withSkipper ? <li>{t("stay.withSkipper")}</li> : null}
        {other ? (
          <li>
            {t(`${side}.withLabel`)}{" "}
            <LocalizedLink to={href("user", { params: { slug: other.slug } })} className="font-semibold text-sea-800 underline dark:text-sea-200">
              {other.displayName}
            </LocalizedLink>
          </li>
        ) : null}
        <li>{t("detail.reference", { reference: booking.reference })}</li>
        {booking.status === "pending" && booking.expiresAt ? <li className="font-semibold">{t(`${side}.answerBy`, { date: formatMoment(booking.expiresAt, lang) })}</li> : null}
      </ul>
    </section>
  );
}

/** What the trip costs the side reading it, and who cancelled or why it was declined. */
function PriceSection({ side, booking }: { side: Side; booking: Booking }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  return (
    <section aria-labelledby="price-title" className={cardClass()}>
      <h2 id="price-title" className="text-xl font-bold">{t("detail.price")}</h2>
      <div className="mt-3"><PriceBreakdown price={booking.price} role={side} figures={booking.figures} charges={booking.money.charges} /></div>
      {booking.cancellation ? (
        <p className="mt-3 text-sm font-semibold">{t(`detail.cancelledBy.${booking.cancellation.by}`, { date: formatMoment(booking.cancellation.at, lang) })}</p>
      ) : null}
      {booking.declineReason ? <p className="mt-3 text-sm">{t("detail.declineReason", { reason: booking.declineReason })}</p> : null}
    </section>
  );
}

/** Where the money stands (the checkout to pay, the ledger's story) and the deposit claim's link. */
function MoneySection({ side, booking }: { side: Side; booking: Booking }) {
  const { t } = useTranslation("bookings");
  return (
    <section aria-labelledby="money-title" className={cardClass()}>
      <h2 id="money-title" className="text-xl font-bold">{t("money.title")}</h2>
      {booking.money.checkoutUrl && side === "renter" && booking.status === "awaiting-payment" ? (
        <p className="mt-3">
          <a href={booking.money.checkoutUrl} className={buttonClass("primary", "lg")}>{t("money.pay")}</a>
          <span className="mt-2 block text-sm">{t("money.payNote")}</span>
        </p>
      ) : null}
      <div className="mt-3"><MoneyStory money={booking.money} figures={booking.figures} side={side} policy={booking.cancellationPolicy} withSkipper={booking.price.skipperCents > 0} /></div>
      <DepositClaimLink side={side} booking={booking} />
    </section>
  );
}

/** What the side may do now: accept, or decline and cancel after a step that repeats what it means for the money. */
function ActionsSection({ side, booking, actions, confirming, busy }: { side: Side; booking: Booking; actions: Detail["actions"]; confirming: "decline" | "cancel" | null; busy: boolean }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  return (
    <section aria-labelledby="actions-title" className={cardClass()}>
      <h2 id="actions-title" className="text-xl font-bold">{t(`${side}.actionsTitle`)}</h2>
      {actions.includes("cancel") && booking.refund ? (
        <p className="mt-2 text-sm">
          {booking.status === "pending"
            ? t("detail.withdrawNote")
            : // Without online payments nothing was paid: cancelling leaves nothing owed (decision 048).
              t(`detail.refundNote.${side}${booking.money.charges ? "" : "Direct"}`, { refund: formatEuros(booking.refund.refundCents, lang), kept: formatEuros(booking.refund.keptCents, lang), percent: booking.refund.percent, policy: t(`policy.${booking.cancellationPolicy}.name`).toLowerCase() })}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmAction action={confirming} side={side} booking={booking} busy={busy} />
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          {actions.map((action) =>
            action === "accept" ? (
              <Form key={action} method="post">
                <input type="hidden" name="intent" value={action} />
                <Button variant="primary" size="lg" type="submit" disabled={busy}>{t("buttons.accept")}</Button>
              </Form>
            ) : (
              // Declining and cancelling ask first, on a step that repeats what it means for the money.
              <LocalizedLink key={action} to={`?confirm=${action}#actions-title`} className={buttonClass(action === "decline" ? "secondary" : "danger", "md")}>
                {t(`buttons.${action}${action === "cancel" && booking.status !== "confirmed" ? "Request" : ""}`)}
              </LocalizedLink>
            ),
          )}
        </div>
      )}
    </section>
  
  );
}

/** The conversation with the other side: a link to it, or its first message. */
function ConversationSection({ other, chat, busy }: { other: NonNullable<Detail["other"]>; chat: Detail["chat"]; busy: boolean }) {
  const { t } = useTranslation("bookings");
  return (
    <section aria-labelledby="conversation-title" className={cardClass()}>
      <h2 id="conversation-title" className="text-xl font-bold">{t("conversation.title")}</h2>
      {chat.open ? (
        <LocalizedLink to={href("chat", { params: { chatId: chat.id }, hash: "responder" })} className={buttonClass("secondary", "md") + " mt-3 inline-block"}>
          {t("conversation.open", { name: other.displayName })}
        </LocalizedLink>
      ) : (
        <Form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="message" />
          <label htmlFor="conversation-message" className="block text-sm font-medium">{t("conversation.label", { name: other.displayName })}</label>
          <TextareaInput id="conversation-message" name="message" required rows={3} maxLength={MAX_MESSAGE} className="resize-y" />
          <Button variant="primary" size="lg" type="submit" disabled={busy}>{t("conversation.submit")}</Button>
        </Form>
      )}
    </section>
  
  );
}

/** A renter's record, for the owner deciding on a request. */
function RenterRecord({ name, slug, record }: { name: string; slug: string; record: RenterRecordView }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  return (
    <section aria-labelledby="renter-title" className={cardClass()}>
      <h2 id="renter-title" className="text-xl font-bold">{t("owner.renter.title", { name })}</h2>
      <ul className="mt-2 space-y-0.5 text-sm">
        {record.memberSince ? <li>{t("owner.renter.memberSince", { date: formatDay(record.memberSince.slice(0, 10), lang, "long") })}</li> : null}
        <li>{record.completedTrips > 0 ? t("owner.renter.trips", { count: record.completedTrips }) : t("owner.renter.new")}</li>
        <li>{t("owner.renter.reviews", { count: record.reviewsWritten })}</li>
        {record.cancellations > 0 ? <li>{t("owner.renter.cancellations", { count: record.cancellations })}</li> : null}
      </ul>
      <LocalizedLink to={href("user", { params: { slug } })} className="mt-2 inline-block text-sm font-semibold text-sea-800 underline dark:text-sea-200">
        {t("owner.renter.profile")}
      </LocalizedLink>
    </section>
  );
}

/** The confirmation step of a decline or a cancellation: what it means for the money, then the POST. */
function ConfirmAction({ action, side, booking, busy }: { action: "decline" | "cancel"; side: Side; booking: BookingView; busy: boolean }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const euros = (cents: number) => formatEuros(cents, lang);
  const confirmed = booking.status === "confirmed";
  const consequence =
    action === "decline"
      ? t("confirm.decline")
      : !confirmed
        ? t("confirm.withdraw")
        : !booking.money.charges
          ? t(`confirm.${side === "owner" ? "cancelOwner" : "cancelRenter"}Direct`)
          : side === "owner"
            ? t("confirm.cancelOwner", { refund: euros(booking.price.totalCents) })
            : booking.refund
              ? t("confirm.cancelRenter", { refund: euros(booking.refund.refundCents), percent: booking.refund.percent, kept: euros(booking.refund.keptCents), policy: t(`policy.${booking.cancellationPolicy}.name`).toLowerCase() })
              : null;
  return (
    <Form method="post" className="mt-3 space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-400/40 dark:bg-amber-950/40">
      <input type="hidden" name="intent" value={action} />
      <p className="font-semibold">{t(`confirm.title.${action === "cancel" && !confirmed ? "withdraw" : action}`)}</p>
      {consequence ? <p className="text-sm">{consequence}</p> : null}
      {action === "decline" ? (
        <label className="block text-sm font-medium">
          {t("owner.declineReason")}
          <TextareaInput name="reason" maxLength={500} rows={2} className="mt-1 resize-y" />
        </label>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="danger" size="md" type="submit" disabled={busy}>{t(`confirm.yes.${action === "cancel" && !confirmed ? "withdraw" : action}`)}</Button>
        <LocalizedLink to="?" className="font-semibold text-sea-800 underline dark:text-sea-200">{t("confirm.back")}</LocalizedLink>
      </div>
    </Form>
  );
}
