/**
 * Deleting an account (GDPR article 17), in an order that never leaves a half-deleted person able
 * to act: nothing changes while a reason to refuse stands (`blockers`); then the sessions end on
 * every server, the listings stop taking bookings, open requests and upcoming bookings are
 * cancelled by the lifecycle's own rules (the other side told and refunded as usual, corrective
 * invoices issued), the identity is deleted, and what is only the person's goes: listings no
 * booking keeps and their photos, imported calendars, favourites, history, the profile photo's
 * files and the profile. Bookings, invoices, reviews and conversations stay for the other side
 * and the law (docs/PRODUCT.md, "People's own data").
 */
import { deleteAllPhotos } from "#app/.server/blobs/images";
import { lineOf, type Booking } from "#app/features/bookings/.server";
import { profilePhotoPrefix } from "#app/features/profiles/.server";
import type { PrivacyContext } from "./context";
import { ErasureRefused, type ErasureBlocker, type ErasureReport } from "./model";

const MANY = 5000;

/** The first reason the account cannot be deleted now, or null. */
export async function blocker(ctx: PrivacyContext, uid: string): Promise<{ reason: ErasureBlocker; bookingId: string } | null> {
  const now = (ctx.now?.() ?? new Date()).toISOString();
  const [asRenter, asOwner] = await Promise.all([ctx.bookings.listForRenter(uid, MANY), ctx.bookings.listForOwner(uid, MANY)]);
  const all = [...asRenter, ...asOwner];
  const underWay = all.find((b) => b.status === "confirmed" && b.startsAt <= now);
  if (underWay) return { reason: "trip-under-way", bookingId: underWay.id };
  const claimed = all.find((b) => lineOf(b.money, "deposit")?.state === "disputed");
  if (claimed) return { reason: "deposit-claim-open", bookingId: claimed.id };
  // A renter paying for one of the person's listings: the checkout ends (paid or expired) within minutes.
  const paying = asOwner.find((b) => b.status === "awaiting-payment");
  if (paying) return { reason: "payment-in-progress", bookingId: paying.id };
  return null;
}

/** What the person's side of each open booking becomes: withdrawn or cancelled as renter, declined or cancelled as owner. */
async function closeBookings(ctx: PrivacyContext, uid: string, asRenter: Booking[], asOwner: Booking[], report: ErasureReport) {
  for (const booking of asRenter) {
    if (booking.status === "awaiting-payment" || booking.status === "pending" || booking.status === "confirmed") {
      await ctx.bookings.act(booking.id, uid, "renter", "cancel");
      report.cancelled.push(booking.id);
    }
  }
  for (const booking of asOwner) {
    if (booking.status === "pending") {
      await ctx.bookings.act(booking.id, uid, "owner", "decline");
      report.declined.push(booking.id);
    } else if (booking.status === "confirmed") {
      // The owner's cancellation: the whole price back to the renter (fee included), as for any owner's cancellation.
      await ctx.bookings.act(booking.id, uid, "owner", "cancel");
      report.cancelled.push(booking.id);
    }
  }
}

/** Deletes the account of `uid`; `ErasureRefused` (and nothing changed) while `blocker` finds a reason. */
export async function eraseAccount(ctx: PrivacyContext, uid: string): Promise<ErasureReport> {
  const refused = await blocker(ctx, uid);
  if (refused) throw new ErasureRefused(refused.reason, refused.bookingId);
  const report: ErasureReport = { cancelled: [], declined: [], listingsErased: [], listingsKept: [], favourites: 0 };

  // 1. Signed out on every server at once: the revocation reaches every server's memory (decision 010).
  await ctx.sessions.revokeAll(uid);
  await ctx.identity.revokeSessions(uid).catch(() => undefined);

  // 2. No new booking of the person's listings: drafts go (with their photos), the rest is archived.
  const listings = await ctx.listings.listByOwner(uid);
  for (const listing of listings) {
    if (listing.status === "draft") {
      await ctx.listingPhotos.discardDraft(uid, listing.id);
      report.listingsErased.push(listing.id);
    } else if (listing.status !== "archived") {
      await ctx.listings.archive(uid, listing.id);
    }
  }

  // 3. Open requests and upcoming bookings closed by the lifecycle's rules, while the profile still names the person.
  const [asRenter, asOwner] = await Promise.all([ctx.bookings.listForRenter(uid, MANY), ctx.bookings.listForOwner(uid, MANY)]);
  await closeBookings(ctx, uid, asRenter, asOwner, report);

  // 4. The identity: the password signs nobody in, the email is free.
  await ctx.identity.deleteUser(uid);

  // 5. Listings no booking keeps go with their photos and imported calendars; the others stay archived for the bookings' pages and invoices.
  const booked = new Set(asOwner.map((b) => b.listingId));
  for (const listing of listings.filter((l) => l.status !== "draft")) {
    for (const record of await ctx.calendarSync.list(uid, listing.id)) await ctx.calendarSync.remove(uid, record.id);
    if (booked.has(listing.id)) {
      report.listingsKept.push(listing.id);
    } else {
      await ctx.listingPhotos.erase(uid, listing.id);
      report.listingsErased.push(listing.id);
    }
  }

  // 6. What was only theirs: favourites, history, their standing as an owner, their mailbox (and emails kept to retry to their address), the profile photo's files, the profile.
  report.favourites = await ctx.favourites.removeAll(uid);
  await ctx.mailbox.erase(uid, (await ctx.users.get(uid))?.email ?? null);
  await ctx.history.clear({ uid }, new Request("http://localhost/"));
  await deleteAllPhotos(ctx.blobs, profilePhotoPrefix(uid));
  await ctx.licences?.remove(uid);
  await ctx.bookings.eraseOwnerStanding(uid);
  await ctx.users.erase(uid);
  return report;
}
