import { isLang, type Lang } from "#app/i18n";
import { href } from "#app/utils/href";
import type { ListingsService } from "#app/features/listings/.server";
import { byLang, langOrDefault, type EmailParam, type MailboxService } from "#app/features/mailbox/.server";
import type { UsersService } from "#app/features/profiles/.server";
import type { Actor, Booking } from "./model";
import { today } from "#app/utils/dates";
import { bookingFigures } from "./figures";
import { EMAILS_WITH_LINES, priceLinesParam } from "./email-price-lines";
import { referenceCandidate } from "./reference";
import type { BookingEvent, BookingHandler } from "./service";

/**
 * The emails of a booking's life (docs/PRODUCT.md "Messages and emails"): each event writes to the
 * mailbox of whoever should know — in their language — and SMTP sends it when configured. The
 * link opens the booking's page for that side.
 */
type Recipient = "renter" | "owner";

/** Who hears of each event, and by which text (`emails:booking.<key>`). */
export function recipientsOf(event: BookingEvent, by: Actor, booking?: Pick<Booking, "cancellation">): Array<{ to: Recipient; key: string }> {
  switch (event) {
    case "requested":
      return [
        { to: "owner", key: "requestedOwner" },
        { to: "renter", key: "requestedRenter" },
      ];
    case "booked":
      return [
        { to: "renter", key: "bookedRenter" },
        { to: "owner", key: "bookedOwner" },
      ];
    case "accepted":
      return [{ to: "renter", key: "acceptedRenter" }];
    case "declined":
      return [{ to: "renter", key: "declinedRenter" }];
    case "expired":
      return [
        { to: "renter", key: "expiredRenter" },
        { to: "owner", key: "expiredOwner" },
      ];
    case "cancelled":
      // Called off for the weather (decision 031): both hear why, and that everything goes back.
      if (booking?.cancellation?.rule === "weather") {
        return [
          { to: "renter", key: "weatherCancelledRenter" },
          { to: "owner", key: "weatherCancelledOwner" },
        ];
      }
      return by === "owner"
        ? [{ to: "renter", key: "cancelledByOwner" }]
        : [
            { to: "owner", key: "cancelledByRenter" },
            { to: "renter", key: "cancelledRenter" },
          ];
    case "completed":
      return [{ to: "renter", key: "completedRenter" }];
    case "moved":
      return [
        { to: "renter", key: "weatherMovedRenter" },
        { to: "owner", key: "weatherMovedOwner" },
      ];
    case "deposit-released":
      return [{ to: "renter", key: "depositReleased" }];
    case "deposit-claimed":
      return [
        { to: "renter", key: "depositClaimedRenter" },
        { to: "owner", key: "depositClaimedOwner" },
      ];
    case "deposit-settled":
      return [
        { to: "renter", key: "depositSettled" },
        { to: "owner", key: "depositSettled" },
      ];
  }
}

/**
 * What the renter's money is, in one sentence of the email (`emails:booking.payment.*`), from the
 * booking's figures (decision 048): held, charged or refunded on the card; without a provider,
 * what they will pay the owner at the start, or — cancelled — that nothing is owed.
 */
export function paymentSentence(booking: Booking): EmailParam {
  const figures = bookingFigures(booking);
  const values = {
    total: { euros: figures.totalCents },
    rental: { euros: booking.price.ownerCents },
    refund: { euros: figures.renterRefundCents },
  };
  const cancelled = booking.status === "cancelled" && figures.renterRefundCents > 0;
  if (booking.money.charges) {
    if (cancelled) return { t: "booking.payment.refundedCard", values };
    return { t: booking.status === "pending" ? "booking.payment.heldCard" : "booking.payment.chargedCard", values };
  }
  if (cancelled) return { t: "booking.payment.directCancelled", values };
  return { t: booking.status === "pending" ? "booking.payment.directRequest" : "booking.payment.directOwed", values };
}

/**
 * What a cancelled booking leaves the owner, in one sentence of their email
 * (`emails:booking.ownerShare.*`): the policy's kept share, nothing, or — without online
 * payments — nothing, since nothing was paid (decision 048).
 */
export function ownerShareSentence(booking: Booking): EmailParam {
  const figures = bookingFigures(booking);
  if (!booking.money.charges) return { t: "booking.ownerShare.direct" };
  return figures.ownerReceivesCents > 0 ? { t: "booking.ownerShare.kept", values: { earnings: { euros: figures.ownerReceivesCents } } } : { t: "booking.ownerShare.none" };
}

const EVERY_EVENT: readonly BookingEvent[] = ["requested", "booked", "accepted", "declined", "expired", "cancelled", "completed", "moved", "deposit-released", "deposit-claimed", "deposit-settled"];

/** The emails of every booking event, as a booking handler. */
export function bookingEmailHandler(deps: Parameters<typeof createBookingNotifier>[0]): BookingHandler {
  const notify = createBookingNotifier(deps);
  return { name: "emails", on: EVERY_EVENT, handle: notify };
}

export function createBookingNotifier(deps: {
  mailbox: Pick<MailboxService, "deliver">;
  users: Pick<UsersService, "getMany">;
  listings: Pick<ListingsService, "get" | "titleOf">;
  /** Where links point (PUBLIC_URL, else the server's own address). */
  origin: string;
}) {
  return async function notify(event: BookingEvent, booking: Booking, extra: { by: Actor }) {
    const [people, listing] = await Promise.all([deps.users.getMany([booking.renterUid, booking.ownerUid]), deps.listings.get(booking.listingId)]);
    for (const { to, key } of recipientsOf(event, extra.by, booking)) {
      const person = people.get(to === "renter" ? booking.renterUid : booking.ownerUid);
      const other = people.get(to === "renter" ? booking.ownerUid : booking.renterUid);
      if (!person) continue;
      const preferred = to === "renter" ? booking.renterLang : person.lang;
      const lang: Lang = isLang(preferred) ? preferred : langOrDefault(person.lang);
      const dates: EmailParam =
        booking.part !== null
          ? { t: "booking.halfDay", values: { date: { date: booking.start }, part: { t: `booking.parts.${booking.part}` } } }
          : booking.start === booking.end
            ? { date: booking.start }
            : { t: "booking.range", values: { from: { date: booking.start }, to: { date: booking.end } } };
      const link =
        deps.origin +
        (to === "renter"
          ? href("settings-reservation", { lang, params: { id: booking.id } })
          : href("settings-rental", { lang, params: { id: booking.id } }));
      const figures = bookingFigures(booking);
      const params = {
        name: person.displayName,
        // The short reference people quote (`AMR-7K3Q9`), in every booking email's subject.
        reference: booking.reference ?? referenceCandidate(booking.id, 0),
        other: other?.displayName ?? "Amarre",
        listing: await byLang((each) => deps.listings.titleOf(listing, each)),
        dates,
        // Each party's figure as every page shows it (decision 048); a request's: what it would be once accepted.
        total: { euros: figures.totalCents },
        earnings: { euros: figures.ownerReceivesCents },
        refund: { euros: figures.renterRefundCents },
        ownerShare: ownerShareSentence(booking),
        deposit: { euros: booking.price.depositCents },
        claimed: { euros: figures.claimCents },
        reason: booking.declineReason ?? "",
        // The weather decision's days before the move (the email's `dates` are the new ones).
        previous: previousDates(booking),
        payment: paymentSentence(booking),
        depositMove: depositMoveLine(booking),
        payout: { t: booking.money.charges ? "booking.payment.payoutCard" : "booking.payment.payoutDirect" },
        // A booking priced by season or weekend: its lines, as its price card shows them to this side.
        ...(EMAILS_WITH_LINES.includes(key) ? { lines: priceLinesParam(booking, to) } : {}),
        hours: booking.expiresAt ? Math.max(1, Math.round((Date.parse(booking.expiresAt) - Date.now()) / 3_600_000)) : 0,
        link,
      };
      await deps.mailbox.deliver({
        uid: person.uid,
        to: person.email,
        lang,
        email: { subject: `booking.${key}.subject`, text: `booking.${key}.text`, params },
        link,
        ...(ONCE_PER_BOOKING.includes(event) ? { once: `${event}-${booking.id}-${to}` } : {}),
      });
    }
  };
}

/**
 * The deposit's moves happen once per booking (the ledger moves its one deposit line once), so
 * their emails are keyed by the booking: sent again — a claim's closing finished by the scheduler
 * after a stop (`finishDepositMove`) — they reach each person once.
 */
const ONCE_PER_BOOKING: readonly BookingEvent[] = ["deposit-claimed", "deposit-settled", "deposit-released"];

/**
 * The deposit's line in a weather move's emails: what became of its hold (ledger.reschedule) — let
 * go and to be held again on a day, still held, to be held on a day, or handed over on boarding.
 */
export function depositMoveLine(booking: Booking): EmailParam {
  const deposit = booking.money.lines.find((line) => line.id === "deposit");
  const values = { deposit: { euros: booking.price.depositCents }, date: deposit?.dueAt ? { date: today(new Date(deposit.dueAt)) } : "" };
  if (!deposit || booking.price.depositCents === 0) return { t: "booking.depositMove.none", values };
  // A reference on a scheduled deposit is the hold of the old days, let go by the move.
  if (deposit.state === "scheduled") return { t: deposit.reference ? "booking.depositMove.heldAgain" : "booking.depositMove.scheduled", values };
  if (deposit.state === "authorised") return { t: "booking.depositMove.held", values };
  return { t: "booking.depositMove.direct", values };
}

/** The days a trip had before its last move for the weather, as an email parameter. */
function previousDates(booking: Booking): EmailParam {
  const from = booking.weather?.at(-1)?.from;
  if (!from) return "";
  if (booking.part !== null) return { t: "booking.halfDay", values: { date: { date: from.start }, part: { t: `booking.parts.${booking.part}` } } };
  return from.start === from.end ? { date: from.start } : { t: "booking.range", values: { from: { date: from.start }, to: { date: from.end } } };
}
