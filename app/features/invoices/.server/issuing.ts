/**
 * Issuing: a confirmed booking's two invoices (the rental from the owner, the fee from the
 * platform), the corrective invoices of a cancellation that refunded money and of a move for the
 * weather, and a paperwork case's accepted quote. Each once, however often it is asked (ids
 * derive from the booking or the case).
 */
import { weatherMoves, type Booking } from "#app/features/bookings/.server";
import type { UserProfile } from "#app/features/profiles/.server";
import { normalised, type Draft, type InvoicesContext, type IssueOptions } from "./context";
import { INVOICES, splitVat, VAT_PERCENT, type CorrectionReason, type Invoice, type InvoiceLine, type InvoiceParty } from "./model";
import { issue } from "./numbering";
import type { CaseType } from "#app/features/cases";

/** The seller or buyer as their profile names them: a company, a lessor's legal details, or their name. */
export function partyOf(profile: UserProfile | undefined, uid: string): InvoiceParty {
  if (!profile) return { uid, name: "—", taxId: null, address: null };
  if (profile.company) return { uid, name: profile.company.name, taxId: profile.company.taxId, address: profile.company.address };
  if (profile.lessor) return { uid, name: profile.lessor.legalName, taxId: profile.lessor.idDocument, address: profile.lessor.address };
  return { uid, name: profile.displayName, taxId: null, address: null };
}

/** Whether the booking was ever confirmed (paid): a request withdrawn, declined or expired never was. */
function wasConfirmed(booking: Booking): boolean {
  if (booking.status === "confirmed" || booking.status === "completed") return true;
  return booking.status === "cancelled" && booking.history.some((entry) => entry.to === "confirmed");
}

/** The rental's lines: the days (or the half day) and the skipper's days, with their amounts. */
function rentalLines(booking: Booking, rentalCents: number, skipperCents: number): InvoiceLine[] {
  // Days at a season's or the weekend's price: the invoice shows the booking's lines beside the rental (issue 49).
  const priced = booking.price.lines.some((l) => l.season !== undefined || l.weekend !== undefined);
  const days = priced ? { days: booking.price.lines.map(({ unit, count, unitCents, season, weekend }) => ({ unit, count, unitCents, ...(season !== undefined ? { season } : {}), ...(weekend ? { weekend } : {}) })) } : {};
  const lines: InvoiceLine[] = [
    booking.part ? { kind: "half-day", part: booking.part, quantity: 1, amountCents: rentalCents, ...days } : { kind: "rental", quantity: booking.days, amountCents: rentalCents, ...days },
  ];
  if (booking.price.skipperCents > 0) lines.push({ kind: "skipper", quantity: booking.price.skipperDays, amountCents: skipperCents });
  return lines;
}

/**
 * A confirmed booking's invoices: the rental (and skipper) from the owner — VAT included when
 * the owner is a company, none for a private owner — and the service fee from the platform,
 * VAT included. Asking again returns nothing new.
 */
export async function issueForBooking(ctx: InvoicesContext, booking: Booking, options: IssueOptions = {}): Promise<Invoice[]> {
  // Only what was paid is invoiced: a request withdrawn, declined or expired never was.
  if (!wasConfirmed(booking) || booking.price.totalCents <= 0) return [];
  const people = await ctx.users.getMany([booking.ownerUid, booking.renterUid]);
  const owner = people.get(booking.ownerUid);
  const seller = partyOf(owner, booking.ownerUid);
  const buyer = partyOf(people.get(booking.renterUid), booking.renterUid);
  const dock = booking.listingKind === "dock" ? ((await ctx.subjectDock?.(booking)) ?? null) : null;
  const subject = { listingId: booking.listingId, kind: booking.listingKind, title: await ctx.subjectTitle(booking), start: booking.start, end: booking.end, part: booking.part, reference: booking.reference, ...(dock ? { dock } : {}) };
  const price = booking.price;
  const rentalVat = owner?.company ? VAT_PERCENT : null;
  const common = { kind: "rental" as const, corrects: null, reason: null, bookingId: booking.id, subject };
  const rental: Draft = {
    ...common,
    id: `${booking.id}_rental`,
    seller,
    buyer,
    partyUids: [booking.ownerUid, booking.renterUid],
    lines: rentalLines(booking, price.rentalCents, price.skipperCents),
    vatPercent: rentalVat,
    ...splitVat(price.ownerCents, rentalVat),
    totalCents: price.ownerCents,
  };
  const fee: Draft = {
    ...common,
    kind: "fee",
    id: `${booking.id}_fee`,
    seller: { uid: null, ...ctx.platform },
    buyer,
    partyUids: [booking.renterUid],
    lines: [{ kind: "fee", quantity: 1, amountCents: price.serviceFeeCents }],
    vatPercent: VAT_PERCENT,
    ...splitVat(price.serviceFeeCents, VAT_PERCENT),
    totalCents: price.serviceFeeCents,
  };
  return issue(ctx, [{ series: "A", draft: rental }, ...(price.serviceFeeCents > 0 ? [{ series: "F" as const, draft: fee }] : [])], options);
}

/**
 * A cancellation that refunded money: corrective invoices that mirror the refund, as negative
 * amounts, each naming why (the cancellation's rule, tier and date) and the invoice it
 * corrects. The rental's corrects the refunded rental (`rentalRefundCents`, split between the
 * rental and the skipper in their proportion); the fee's exists only when the fee was refunded
 * (`feeRefundCents`: an owner's cancellation). The originals are issued first if missing.
 */
export async function correctForCancellation(ctx: InvoicesContext, booking: Booking, options: IssueOptions = {}): Promise<Invoice[]> {
  const cancellation = booking.cancellation;
  if (booking.status !== "cancelled" || !cancellation || cancellation.refundCents <= 0) return [];
  await issueForBooking(ctx, booking, options);
  const docs = await ctx.store.getMany<Omit<Invoice, "id">>(INVOICES, [`${booking.id}_rental`, `${booking.id}_fee`]);
  const [rental, fee] = docs.map((doc, index) => (doc ? normalised({ ...doc, id: `${booking.id}_${index === 0 ? "rental" : "fee"}` }) : null));
  const reason: CorrectionReason = {
    rule: cancellation.rule,
    by: cancellation.by,
    policy: cancellation.rule === "policy" ? booking.cancellationPolicy : null,
    percent: cancellation.percent,
    at: cancellation.at,
  };
  const correct = (original: Invoice, lines: InvoiceLine[]): { series: "R"; draft: Draft } => {
    const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    return {
      series: "R",
      draft: {
        ...original,
        // The days cancelled: the trip's own, moved since the original was issued or not.
        subject: { ...original.subject, start: booking.start, end: booking.end },
        id: `${original.id}_R`,
        kind: "corrective",
        corrects: { id: original.id, series: original.series, number: original.number, issuedAt: original.issuedAt },
        reason,
        lines,
        ...splitVat(totalCents, original.vatPercent),
        totalCents,
      },
    };
  };
  const drafts: Array<{ series: "R"; draft: Draft }> = [];
  const { ownerCents, skipperCents } = booking.price;
  const rentalRefund = Math.min(cancellation.rentalRefundCents, ownerCents);
  if (rental && rentalRefund > 0) {
    const skipperRefund = ownerCents > 0 ? Math.round((rentalRefund * skipperCents) / ownerCents) : 0;
    drafts.push(correct(rental, rentalLines(booking, -(rentalRefund - skipperRefund), -skipperRefund)));
  }
  const feeRefund = Math.min(cancellation.feeRefundCents, booking.price.serviceFeeCents);
  if (fee && feeRefund > 0) drafts.push(correct(fee, [{ kind: "fee", quantity: 1, amountCents: -feeRefund }]));
  return issue(ctx, drafts, options);
}

/**
 * A trip moved for the weather (decision 031): the same amounts, other days. Each of its
 * invoices (rental and fee) gets a corrective invoice in series R that names the new days,
 * corrects no amount (no lines, total 0) and says why: the move, who asked for it, when, and
 * the days before and after. The n-th move of a booking is `{invoice}_M{n}`: issued once
 * however often it is asked, and a second move corrects again.
 */
export async function correctForMove(ctx: InvoicesContext, booking: Booking, options: IssueOptions = {}): Promise<Invoice[]> {
  const moves = weatherMoves(booking);
  const move = moves.at(-1);
  if (booking.status !== "confirmed" || !move) return [];
  await issueForBooking(ctx, booking, options);
  const ids = [`${booking.id}_rental`, `${booking.id}_fee`];
  const docs = await ctx.store.getMany<Omit<Invoice, "id">>(INVOICES, ids);
  const reason: CorrectionReason = { rule: "weather-move", by: move.by, policy: null, percent: 0, at: move.at, moved: { from: move.from, to: move.to } };
  const drafts = docs.flatMap((doc, index) => {
    if (!doc) return [];
    const original = normalised({ ...doc, id: ids[index]! });
    const draft: Draft = {
      ...original,
      id: `${original.id}_M${moves.length}`,
      kind: "corrective",
      corrects: { id: original.id, series: original.series, number: original.number, issuedAt: original.issuedAt },
      reason,
      subject: { ...original.subject, start: move.to.start, end: move.to.end },
      lines: [],
      baseCents: 0,
      vatCents: 0,
      totalCents: 0,
    };
    return [{ series: "R" as const, draft }];
  });
  return issue(ctx, drafts, options);
}

/**
 * A paperwork case's accepted quote, invoiced by the platform to the requester in series F
 * (VAT included, one "paperwork" line with what the quote covered, as the team wrote it), as
 * `case_{caseId}_quote_{n}`: numbered by the same counter transaction, once however often it
 * is asked. The subject keeps the case's type (`caseType`, named in the reader's language when
 * read; `title` its Spanish name as issued) and its reference (`GES-7K3Q9`).
 */
export async function issueForCaseQuote(
  ctx: InvoicesContext,
  input: { caseId: string; reference: string; caseType: CaseType; n: number; requesterUid: string; requesterName: string; title: string; description: string; amountCents: number; acceptedAt: string },
  options: IssueOptions = {},
): Promise<Invoice[]> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) return [];
  const people = await ctx.users.getMany([input.requesterUid]);
  const profile = people.get(input.requesterUid);
  const buyer = profile ? partyOf(profile, input.requesterUid) : { uid: input.requesterUid, name: input.requesterName, taxId: null, address: null };
  const day = input.acceptedAt.slice(0, 10);
  const draft: Draft = {
    id: `case_${input.caseId}_quote_${input.n}`,
    kind: "paperwork",
    corrects: null,
    reason: null,
    bookingId: null,
    caseId: input.caseId,
    subject: { listingId: input.caseId, kind: "case", title: input.title, caseType: input.caseType, reference: input.reference, start: day, end: day },
    seller: { uid: null, ...ctx.platform },
    buyer,
    partyUids: [input.requesterUid],
    lines: [{ kind: "paperwork", quantity: 1, amountCents: input.amountCents, description: input.description }],
    vatPercent: VAT_PERCENT,
    ...splitVat(input.amountCents, VAT_PERCENT),
    totalCents: input.amountCents,
  };
  return issue(ctx, [{ series: "F", draft }], options);
}

/**
 * Refund `k` of a paperwork case's quote `n` (decision 054): a corrective invoice in series R of
 * the quote's invoice (`case_{caseId}_quote_{n}`), `…_R{k}`, negative by the amount refunded, on
 * the quote's line (what it covered, as the team wrote it), naming the quote (its number) and the
 * refund's share of it. Once however often it is asked; nothing when the original is missing.
 */
export async function correctForCaseQuoteRefund(ctx: InvoicesContext, input: { caseId: string; n: number; k: number; amountCents: number; at: string }, options: IssueOptions = {}): Promise<Invoice[]> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) return [];
  const id = `case_${input.caseId}_quote_${input.n}`;
  const doc = await ctx.store.get<Omit<Invoice, "id">>(INVOICES, id);
  if (!doc) return [];
  const original = normalised({ ...doc, id });
  const amountCents = Math.min(input.amountCents, original.totalCents);
  const description = original.lines[0]?.description;
  const draft: Draft = {
    ...original,
    id: `${id}_R${input.k}`,
    kind: "corrective",
    corrects: { id: original.id, series: original.series, number: original.number, issuedAt: original.issuedAt },
    reason: { rule: "quote-refund", by: "team", policy: null, percent: Math.round((amountCents * 100) / original.totalCents), at: input.at, quote: { n: input.n, refund: input.k } },
    lines: [{ kind: "paperwork", quantity: 1, amountCents: -amountCents, ...(description ? { description } : {}) }],
    ...splitVat(-amountCents, original.vatPercent),
    totalCents: -amountCents,
  };
  return issue(ctx, [{ series: "R", draft }], options);
}
