import { serviceFeePercent } from "#app/features/bookings/pricing";
import { cancellationRefund } from "./policy";
import { quote } from "./quote";
import { createBookingsContext } from "./context";
import * as calendar from "./calendar";
import { applyDue } from "./due";
import { act } from "./lifecycle";
import * as money from "./money-ops";
import * as reads from "./reads";
import { backfillReferences } from "./reference-backfill";
import { backfillStandings } from "./owner-standing-backfill";
import { moneyActivity } from "./money-activity";
import { book, quoteFor } from "./request";
import { cancelForWeather, moveForWeather } from "./weather-moves";
import { renterStanding } from "./figures";
import { eraseOwnerStanding, ownerStanding } from "./owner-standing";
import type { Booking } from "./model";
import type { BookingChoice, BookingsDeps } from "./service-types";
import { bindTo } from "#app/.server/domain/operations";

export { slotIdFor, slotIdsFor } from "./slots";
export type { BookingChoice, BookingEvent, BookingHandler, BookingsDeps, Quote, Slot } from "./service-types";

/**
 * The booking engine (docs/ARCHITECTURE.md "Bookings"): availability, quotes, bookings and their
 * lifecycle, owner blocks. No double booking by construction: a booking or block claims one
 * slot document per listing and half day (boats: `{id}_{date}_am`, `{id}_{date}_pm`) or day
 * (berths: `{id}_{date}`) in the transaction that writes it; a second claim of a slot finds it
 * there and fails, on both stores. Leaving a holding state (declined, expired, cancelled)
 * deletes the slots in the same transaction as the status change.
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): quotes (`quote.ts`), booking and requesting (`request.ts`), the lifecycle
 * (`lifecycle.ts`), reads (`reads.ts`), weather cancellations and moves (`weather-moves.ts`),
 * the calendar, blocks and imports (`calendar.ts`), money after the booking (`money-ops.ts`),
 * the scheduler's pass (`due.ts`) and the backfills of references (`reference-backfill.ts`) and
 * standings (`owner-standing-backfill.ts`).
 */
export function createBookingsService(deps: BookingsDeps) {
  const ctx = createBookingsContext(deps);
  const bind = bindTo(ctx);
  return {
    /** Checks a choice against the listing and prices it (`quote.ts`); `renterUid` null: a visitor. */
    quote: (listing: Parameters<typeof quote>[0], renterUid: string | null, choice: BookingChoice) => quote(listing, renterUid, choice, ctx.now(), serviceFeePercent(deps.payments.charges)),
    /** Whether the payments provider charges (false: amounts are owed and settled directly). */
    charges: deps.payments.charges,
    quoteFor: bind(quoteFor),
    book: bind(book),
    paymentAuthorised: bind(money.paymentAuthorised),
    checkoutExpired: bind(money.checkoutExpired),
    getFor: bind(reads.getFor),
    getAs: bind(reads.getAs),
    act: bind(act),
    cancelForWeather: bind(cancelForWeather),
    moveForWeather: bind(moveForWeather),
    setMeeting: bind(reads.setMeeting),
    backfillReferences: bind(backfillReferences),
    /** What cancelling now would refund or let go (decision 048), to show before the button is pressed. */
    refundPreview: (booking: Booking, by: "renter" | "owner") => cancellationRefund(booking, by, ctx.now()),
    listForRenter: bind(reads.listForRenter),
    listForOwner: bind(reads.listForOwner),
    /** The renter's record as owners read it before answering (`figures.ts`: weather cancellations never count). */
    renterRecord: async (uid: string) => renterStanding(await reads.listForRenter(ctx, uid)),
    /** The owner's standing as pages show it: twelve months' answers and cancellations, the badge (`owner-standing-model.ts`). */
    ownerStanding: bind(ownerStanding),
    /** Once per store: every owner's standing rebuilt from their bookings' history (`owner-standing-backfill.ts`). */
    backfillStandings: bind(backfillStandings),
    /** Account deletion: the owner's standing record goes. */
    eraseOwnerStanding: bind(eraseOwnerStanding),
    contactAllowedBetween: bind(reads.contactAllowedBetween),
    contactAllowedWith: bind(reads.contactAllowedWith),
    contactRevealAt: bind(reads.contactRevealAt),
    slots: bind(calendar.slots),
    busyListings: bind(calendar.busyListings),
    isFree: bind(calendar.isFree),
    block: bind(calendar.block),
    holdImported: bind(calendar.holdImported),
    holdingSlots: bind(calendar.holdingSlots),
    unblock: bind(calendar.unblock),
    blocks: bind(calendar.blocks),
    forListing: bind(reads.forListing),
    feedToken: bind(calendar.feedToken),
    existingFeedToken: bind(calendar.existingFeedToken),
    feed: bind(calendar.feed),
    applyDue: bind(applyDue),
    claimDeposit: bind(money.claimDeposit),
    settleDeposit: bind(money.settleDeposit),
    releaseDeposit: bind(money.releaseDeposit),
    withdrawDepositClaim: bind(money.withdrawDepositClaim),
    /** The bookings the daily reconciliation compares with the provider (`money-activity.ts`, decision 053). */
    moneyActivity: bind(moneyActivity),
    finishDepositMove: bind(money.finishDepositMove),
    /** The owner's payout account can receive payouts: their waiting payouts are due now (decision 052). */
    releaseWaitingPayouts: bind(money.releaseWaitingPayouts),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
