/**
 * Everything the marketplace holds on a person, as one JSON-ready document (GDPR articles 15 and
 * 20): their profile (never a password hash or a secret: those live in the identity service and
 * are not read here), their lessor details as stored, listings, bookings on both sides with their
 * money lines, conversations, cases, reviews, favourites, history, invoices, calendar links, the payout
 * account at the payments provider and emails.
 *
 * Only the person's own data and what they took part in: of another person, only what the
 * product already shows them — a public name, messages as shown (contact details hidden until a
 * booking shares them), the names an invoice is issued to.
 */
import { href } from "#app/utils/href";
import type { MessagePart } from "#app/features/chats";
import { photoUrl } from "#app/utils/photos";
import type { Booking } from "#app/features/bookings/.server";
import type { Case } from "#app/features/cases/.server";
import type { PrivacyContext } from "./context";

/** The export's format, for whoever reads the file later. */
export const EXPORT_VERSION = 1;

const shown = (parts: MessagePart[]) => parts.map((part) => ("hidden" in part ? `[${part.hidden} hidden]` : part.text)).join("");

function bookingOf(booking: Booking, role: "renter" | "owner", otherName: string | null, origin: string) {
  return {
    id: booking.id,
    reference: booking.reference,
    role,
    otherParty: { role: role === "renter" ? "owner" : "renter", name: otherName },
    listingId: booking.listingId,
    listingKind: booking.listingKind,
    status: booking.status,
    start: booking.start,
    end: booking.end,
    part: booking.part,
    days: booking.days,
    people: booking.people,
    withSkipper: booking.withSkipper,
    price: booking.price,
    cancellationPolicy: booking.cancellationPolicy,
    meeting: booking.meeting ?? null,
    money: { provider: booking.money.provider, lines: booking.money.lines.map(({ id, kind, amountCents, state, dueAt, reason, updatedAt }) => ({ id, kind, amountCents, state, dueAt, reason, updatedAt })) },
    cancellation: booking.cancellation,
    declineReason: booking.declineReason,
    weather: booking.weather ?? [],
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
    page: origin + href(role === "renter" ? "settings-reservation" : "settings-rental", { params: { id: booking.id } }),
    calendarEvent: origin + href("trip-calendar", { params: { file: `${booking.id}.ics` } }),
  };
}

function caseOf(item: Case) {
  return {
    id: item.id,
    reference: item.reference,
    type: item.type,
    status: item.status,
    contact: item.contact,
    details: item.details,
    documents: item.documents.map(({ name, contentType, size, uploadedAt, by }) => ({ name, contentType, size, uploadedAt, by })),
    quotes: item.quotes.map(({ n, amountCents, description, validUntil, sentAt, status, answeredAt, reason }) => ({ n, amountCents, description, validUntil, sentAt, status, answeredAt, reason })),
    messages: item.messages.map(({ at, from, text }) => ({ at, from, text })),
    history: item.history.map(({ at, by, from, to, comment }) => ({ at, by, from, to, comment })),
    lang: item.lang,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The person's conversations, every message of each (their own as typed, the other's as shown to them). */
async function conversationsOf(ctx: PrivacyContext, uid: string, names: Map<string, string>) {
  const members = [];
  let before: string | undefined;
  for (;;) {
    const batch = await ctx.chats.list(uid, { limit: 100, before });
    members.push(...batch);
    if (batch.length < 100) break;
    before = batch.at(-1)!.lastAt;
  }
  return Promise.all(
    members.map(async (member) => {
      const messages: Array<{ at: string; from: "me" | "other"; text: string }> = [];
      let older: number | undefined;
      for (;;) {
        const page = await ctx.chats.page(uid, member.chatId, older === undefined ? {} : { before: older });
        if (!page) break;
        const texts = page.messages.map((message, index) => ({
          at: message.createdAt,
          from: message.senderUid === uid ? ("me" as const) : ("other" as const),
          text: message.senderUid === uid ? message.text : shown(page.parts[index] ?? []),
        }));
        messages.unshift(...texts);
        if (page.olderBefore === null) break;
        older = page.olderBefore;
      }
      return { chatId: member.chatId, listingId: member.listingId, with: names.get(member.otherUid) ?? null, messages };
    }),
  );
}

export async function exportData(ctx: PrivacyContext, uid: string, origin: string) {
  const [profile, listings, asRenter, asOwner, cases, written, received, invoices, favourites, history, emails] = await Promise.all([
    ctx.users.get(uid),
    ctx.listings.listByOwner(uid),
    ctx.bookings.listForRenter(uid, 5000),
    ctx.bookings.listForOwner(uid, 5000),
    ctx.cases.listForRequester(uid),
    ctx.reviews.written(uid),
    ctx.reviews.received(uid),
    ctx.invoices.listFor(uid),
    ctx.favourites.list(uid),
    ctx.history.list({ uid }, new Request(origin)),
    ctx.mailbox.list(uid, { limit: 5000 }),
  ]);
  const members = await ctx.chats.list(uid, { limit: 1000 });
  const payoutAccount = (await ctx.payoutAccounts?.get(uid)) ?? null;
  const licence = (await ctx.licences?.get(uid)) ?? null;
  const others = [...new Set([...asRenter.map((b) => b.ownerUid), ...asOwner.map((b) => b.renterUid), ...members.map((m) => m.otherUid)])];
  const people = await ctx.users.getMany(others);
  const names = new Map([...people].map(([id, person]) => [id, person.displayName]));
  const calendars = await Promise.all(
    listings
      .filter((listing) => listing.status !== "draft")
      .map(async (listing) => {
        // The feed's address if the owner made one (reading it never makes one).
        const token = await ctx.bookings.existingFeedToken(uid, listing.id);
        const imports = await ctx.calendarSync.list(uid, listing.id);
        return {
          listingId: listing.id,
          feed: token ? origin + href("calendar-feed", { params: { listingId: listing.id, file: `${token}.ics` } }) : null,
          imported: imports.map((record) => ({ url: record.url, createdAt: record.createdAt, lastSuccessAt: record.lastSuccessAt })),
        };
      }),
  );
  const invoice = (side: "received" | "issued") => (item: (typeof invoices)["received"][number]) => ({
    number: `${item.series}-${item.number}`,
    kind: item.kind,
    side,
    issuedAt: item.issuedAt,
    seller: item.seller.name,
    buyer: item.buyer.name,
    baseCents: item.baseCents,
    vatCents: item.vatCents,
    totalCents: item.totalCents,
    bookingId: item.bookingId,
    pdf: origin + href("invoice-pdf", { params: { invoiceId: item.id } }),
  });
  return {
    format: "amarre-personal-data",
    version: EXPORT_VERSION,
    exportedAt: (ctx.now?.() ?? new Date()).toISOString(),
    profile: profile
      ? {
          uid: profile.uid,
          email: profile.email,
          displayName: profile.displayName,
          slug: profile.slug,
          bio: profile.bio,
          languages: profile.languages,
          phone: profile.phone,
          kind: profile.kind,
          lang: profile.lang ?? "es",
          company: profile.company,
          photo: profile.photo ? origin + photoUrl(profile.photo.folder, Math.max(...profile.photo.widths)) : null,
          createdAt: profile.createdAt,
          updatedAt: profile.updatedAt,
        }
      : null,
    lessor: profile?.lessor ?? null,
    listings: listings.map(({ id, kind, status, data, photos, createdAt, updatedAt, publishedAt }) => ({ id, kind, status, data, photos: photos.length, createdAt, updatedAt, publishedAt })),
    bookings: [...asRenter.map((b) => bookingOf(b, "renter", names.get(b.ownerUid) ?? null, origin)), ...asOwner.map((b) => bookingOf(b, "owner", names.get(b.renterUid) ?? null, origin))],
    conversations: await conversationsOf(ctx, uid, names),
    cases: cases.map(caseOf),
    reviews: {
      written: written.map(({ id, bookingId, listingId, rating, comment, lang, createdAt, answer }) => ({ id, bookingId, listingId, rating, comment, lang, createdAt, answer })),
      received: received.map(({ id, bookingId, listingId, rating, comment, lang, createdAt, answer }) => ({ id, bookingId, listingId, rating, comment, lang, createdAt, answer })),
    },
    favourites: favourites.map((entry) => ({ listingId: entry.listingId, savedAt: entry.savedAt })),
    history: history.map((listing) => ({ listingId: listing.id, kind: listing.kind })),
    invoices: [...invoices.received.map(invoice("received")), ...invoices.issued.map(invoice("issued"))],
    calendars,
    // Their payout account at Stripe (decision 052): its id and what Stripe last said of it.
    payoutAccount: payoutAccount
      ? (({ accountId, payoutsEnabled, detailsSubmitted, currentlyDue, disabledReason, createdAt, updatedAt }) => ({ accountId, payoutsEnabled, detailsSubmitted, currentlyDue, disabledReason, createdAt, updatedAt }))(payoutAccount)
      : null,
    // The boating licence kept on their profile (issue 49); its photo stays private (not in the file).
    licence: licence ? { type: licence.type, number: licence.number, expiresOn: licence.expiresOn, photo: licence.photo !== null, updatedAt: licence.updatedAt } : null,
    // The emails Amarre sent them (their mailbox, /ajustes/mi-bandeja-de-entrada), in the language each was sent in.
    emails: emails.map(({ subject, text, link, read, createdAt }) => ({ createdAt, subject, text, link, read })),
  };
}

export type PersonalData = Awaited<ReturnType<typeof exportData>>;
