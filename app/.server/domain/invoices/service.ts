import { isStoreError, type DocumentStore, type Transaction } from "#app/.server/store";
import { referenceCandidate, weatherMoves, type Booking } from "../bookings";
import type { UserProfile } from "../users";
import { INVOICE_COUNTERS, INVOICES, invoiceNumber, splitVat, VAT_PERCENT, type CorrectionReason, type Invoice, type InvoiceLine, type InvoiceParty, type InvoiceSeries } from "./model";

/**
 * The invoices service: issues a booking's two invoices when it is confirmed and their
 * corrective invoices when a cancellation refunds money — each once, however often it is asked
 * (ids derive from the booking) — and answers who may read which (the buyer, the seller, the
 * team). What is invoiced comes from the booking's `price` and, for corrections, its
 * `cancellation` (what was refunded of the rental and of the fee, and under which rule). Numbering: `invoice_counters/{series}_{year}` holds the next number; a transaction reads
 * it, writes the invoice and the incremented counter together, so a number is used exactly when
 * an invoice is written (no gaps, no repeats), on SQLite and Firestore alike.
 */
export type InvoicesDeps = {
  store: DocumentStore;
  users: { getMany(uids: readonly string[]): Promise<Map<string, UserProfile>> };
  /** What was rented, as the invoice names it (a boat's title, a berth's place). */
  subjectTitle: (booking: Booking) => Promise<string>;
  /** The platform as the seller of its service fee. */
  platform: Omit<InvoiceParty, "uid">;
  /** Each invoice issued (emails); failures are logged, never undo the invoice. */
  notify?: (invoice: Invoice) => Promise<void>;
  now?: () => Date;
};

export type InvoiceViewer = { uid: string; role: "admin" | "user" };

const YEAR = new Intl.DateTimeFormat("en", { timeZone: "Europe/Madrid", year: "numeric" });

/** The seller or buyer as their profile names them: a company, a lessor's legal details, or their name. */
export function partyOf(profile: UserProfile | undefined, uid: string): InvoiceParty {
  if (!profile) return { uid, name: "—", taxId: null, address: null };
  if (profile.company) return { uid, name: profile.company.name, taxId: profile.company.taxId, address: profile.company.address };
  if (profile.lessor) return { uid, name: profile.lessor.legalName, taxId: profile.lessor.idDocument, address: profile.lessor.address };
  return { uid, name: profile.displayName, taxId: null, address: null };
}

/** `quiet`: no emails (invoices of the past, written by the demo seed). */
type IssueOptions = { quiet?: boolean };

/**
 * Runs an issuing transaction again when the store gives up on it. Every confirmation contends
 * for the same counter document: Firestore's own retries (five attempts) can run out in a burst,
 * and its emulator closes a transaction it has held too long. Issuing is idempotent (ids derive
 * from the booking) and a failed transaction writes nothing, so trying again never issues twice
 * nor skips a number.
 */
async function withRetries<R>(run: () => Promise<R>, attempts = 6): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isStoreError(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt + Math.random() * 50));
    }
  }
}

type Draft = Omit<Invoice, "series" | "year" | "sequence" | "number" | "issuedAt">;

/** Invoices written before `reason` and `corrects.issuedAt` were kept read with them as null. */
function normalised(doc: Omit<Invoice, "reason" | "corrects"> & Partial<Pick<Invoice, "reason" | "corrects">>): Invoice {
  // A booking's invoice issued before references were kept: the booking's derived reference (bookings' `reference.ts`).
  const subject = doc.bookingId && !doc.subject.reference ? { ...doc.subject, reference: referenceCandidate(doc.bookingId, 0) } : doc.subject;
  return { ...doc, subject, reason: doc.reason ?? null, corrects: doc.corrects ? { ...doc.corrects, issuedAt: doc.corrects.issuedAt ?? null } : null };
}

/** Whether the booking was ever confirmed (paid): a request withdrawn, declined or expired never was. */
function wasConfirmed(booking: Booking): boolean {
  if (booking.status === "confirmed" || booking.status === "completed") return true;
  return booking.status === "cancelled" && booking.history.some((entry) => entry.to === "confirmed");
}

/** The rental's lines: the days (or the half day) and the skipper's days, with their amounts. */
function rentalLines(booking: Booking, rentalCents: number, skipperCents: number): InvoiceLine[] {
  const lines: InvoiceLine[] = [
    booking.part ? { kind: "half-day", part: booking.part, quantity: 1, amountCents: rentalCents } : { kind: "rental", quantity: booking.days, amountCents: rentalCents },
  ];
  if (booking.price.skipperCents > 0) lines.push({ kind: "skipper", quantity: booking.price.skipperDays, amountCents: skipperCents });
  return lines;
}

export function createInvoicesService(deps: InvoicesDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  /** Writes the drafts not yet written, numbering each in its series; returns the ones written. */
  async function issue(drafts: Array<{ series: InvoiceSeries; draft: Draft }>, options: IssueOptions): Promise<Invoice[]> {
    const at = now();
    const year = Number(YEAR.format(at));
    const written = await withRetries(() => store.runTransaction(async (tx: Transaction) => {
      const existing = await Promise.all(drafts.map(({ draft }) => tx.get(INVOICES, draft.id)));
      const fresh = drafts.filter((_, index) => !existing[index]);
      const series = [...new Set(fresh.map((item) => item.series))];
      const counters = await Promise.all(series.map((name) => tx.get<{ next: number }>(INVOICE_COUNTERS, `${name}_${year}`)));
      const next = new Map(series.map((name, index) => [name, counters[index]?.next ?? 1]));
      const invoices: Invoice[] = [];
      for (const { series: name, draft } of fresh) {
        const sequence = next.get(name)!;
        next.set(name, sequence + 1);
        const invoice: Invoice = { ...draft, series: name, year, sequence, number: invoiceNumber(year, sequence), issuedAt: at.toISOString() };
        const { id, ...record } = invoice;
        tx.create(INVOICES, id, record);
        invoices.push(invoice);
      }
      for (const [name, value] of next) tx.set(INVOICE_COUNTERS, `${name}_${year}`, { series: name, year, next: value });
      return invoices;
    }));
    for (const invoice of options.quiet ? [] : written) {
      try {
        await deps.notify?.(invoice);
      } catch (error) {
        console.warn(`[invoices] emailing invoice ${invoice.id} failed:`, error);
      }
    }
    return written;
  }

  async function read(id: string): Promise<Invoice | null> {
    if (typeof id !== "string" || !/^[A-Za-z0-9_-]{1,80}$/.test(id)) return null;
    const doc = await store.get<Omit<Invoice, "id">>(INVOICES, id);
    return doc ? normalised({ ...doc, id }) : null;
  }

  function canRead(invoice: Invoice, viewer: InvoiceViewer | null): boolean {
    return viewer !== null && (viewer.role === "admin" || invoice.partyUids.includes(viewer.uid));
  }

  const service = {
    /**
     * A confirmed booking's invoices: the rental (and skipper) from the owner — VAT included when
     * the owner is a company, none for a private owner — and the service fee from the platform,
     * VAT included. Asking again returns nothing new.
     */
    async issueForBooking(booking: Booking, options: IssueOptions = {}): Promise<Invoice[]> {
      // Only what was paid is invoiced: a request withdrawn, declined or expired never was.
      if (!wasConfirmed(booking) || booking.price.totalCents <= 0) return [];
      const people = await deps.users.getMany([booking.ownerUid, booking.renterUid]);
      const owner = people.get(booking.ownerUid);
      const seller = partyOf(owner, booking.ownerUid);
      const buyer = partyOf(people.get(booking.renterUid), booking.renterUid);
      const subject = { listingId: booking.listingId, kind: booking.listingKind, title: await deps.subjectTitle(booking), start: booking.start, end: booking.end, part: booking.part, reference: booking.reference };
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
        seller: { uid: null, ...deps.platform },
        buyer,
        partyUids: [booking.renterUid],
        lines: [{ kind: "fee", quantity: 1, amountCents: price.serviceFeeCents }],
        vatPercent: VAT_PERCENT,
        ...splitVat(price.serviceFeeCents, VAT_PERCENT),
        totalCents: price.serviceFeeCents,
      };
      return issue([{ series: "A", draft: rental }, ...(price.serviceFeeCents > 0 ? [{ series: "F" as const, draft: fee }] : [])], options);
    },

    /**
     * A cancellation that refunded money: corrective invoices that mirror the refund, as negative
     * amounts, each naming why (the cancellation's rule, tier and date) and the invoice it
     * corrects. The rental's corrects the refunded rental (`rentalRefundCents`, split between the
     * rental and the skipper in their proportion); the fee's exists only when the fee was refunded
     * (`feeRefundCents`: an owner's cancellation). The originals are issued first if missing.
     */
    async correctForCancellation(booking: Booking, options: IssueOptions = {}): Promise<Invoice[]> {
      const cancellation = booking.cancellation;
      if (booking.status !== "cancelled" || !cancellation || cancellation.refundCents <= 0) return [];
      await service.issueForBooking(booking, options);
      const docs = await store.getMany<Omit<Invoice, "id">>(INVOICES, [`${booking.id}_rental`, `${booking.id}_fee`]);
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
      return issue(drafts, options);
    },

    /**
     * A trip moved for the weather (decision 031): the same amounts, other days. Each of its
     * invoices (rental and fee) gets a corrective invoice in series R that names the new days,
     * corrects no amount (no lines, total 0) and says why: the move, who asked for it, when, and
     * the days before and after. The n-th move of a booking is `{invoice}_M{n}`: issued once
     * however often it is asked, and a second move corrects again.
     */
    async correctForMove(booking: Booking, options: IssueOptions = {}): Promise<Invoice[]> {
      const moves = weatherMoves(booking);
      const move = moves.at(-1);
      if (booking.status !== "confirmed" || !move) return [];
      await service.issueForBooking(booking, options);
      const ids = [`${booking.id}_rental`, `${booking.id}_fee`];
      const docs = await store.getMany<Omit<Invoice, "id">>(INVOICES, ids);
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
      return issue(drafts, options);
    },

    /**
     * A paperwork case's accepted quote, invoiced by the platform to the requester in series F
     * (VAT included, one "paperwork" line with what the quote covered), as
     * `case_{caseId}_quote_{n}`: numbered by the same counter transaction, once however often it
     * is asked.
     */
    async issueForCaseQuote(
      input: { caseId: string; n: number; requesterUid: string; requesterName: string; title: string; description: string; amountCents: number; acceptedAt: string },
      options: IssueOptions = {},
    ): Promise<Invoice[]> {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) return [];
      const people = await deps.users.getMany([input.requesterUid]);
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
        subject: { listingId: input.caseId, kind: "case", title: input.title, start: day, end: day },
        seller: { uid: null, ...deps.platform },
        buyer,
        partyUids: [input.requesterUid],
        lines: [{ kind: "paperwork", quantity: 1, amountCents: input.amountCents, description: input.description }],
        vatPercent: VAT_PERCENT,
        ...splitVat(input.amountCents, VAT_PERCENT),
        totalCents: input.amountCents,
      };
      return issue([{ series: "F", draft }], options);
    },

    /** The invoice for `viewer` (its buyer, its seller, or the team); null for anyone else. */
    async getFor(id: string, viewer: InvoiceViewer | null): Promise<Invoice | null> {
      const invoice = await read(id);
      return invoice && canRead(invoice, viewer) ? invoice : null;
    },

    /** A person's invoices, newest first: those they received and those issued in their name. */
    async listFor(uid: string): Promise<{ received: Invoice[]; issued: Invoice[] }> {
      const [received, issued] = await Promise.all(
        (["buyer.uid", "seller.uid"] as const).map((field) =>
          store.query<Omit<Invoice, "id">>({ collection: INVOICES, where: [[field, "==", uid]], orderBy: [["issuedAt", "desc"]], limit: 1000 }),
        ),
      );
      return { received: (received as Invoice[]).map(normalised), issued: (issued as Invoice[]).map(normalised) };
    },

    /**
     * One page of a person's invoices on one side (`buyer`: received, `seller`: issued in their
     * name), newest first as `listFor` lists them, with how many there are (up to 1,000, as
     * `listFor` reads). `asked` outside 1…pageCount is the nearest page. Reads the count and the
     * rows up to the page's end, never the whole list: /ajustes/facturas with 500 invoices read
     * and parsed all of them for 25 rows.
     */
    async pageFor(uid: string, side: "buyer" | "seller", asked: number, size: number): Promise<{ invoices: Invoice[]; total: number; page: number; pageCount: number }> {
      const query = { collection: INVOICES, where: [[`${side}.uid`, "==", uid]], orderBy: [["issuedAt", "desc"]], limit: 1000 } as const;
      const total = await store.count(query);
      const pageCount = Math.max(1, Math.ceil(total / size));
      const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pageCount) : 1;
      const upTo = total === 0 ? [] : await store.query<Omit<Invoice, "id">>({ ...query, limit: page * size });
      return { invoices: (upTo.slice((page - 1) * size) as Invoice[]).map(normalised), total, page, pageCount };
    },

    /**
     * A booking's invoices, in the order they were issued: the rental and the fee, the corrective
     * invoices of each move for the weather (`moves`: how many the booking has had), then those of
     * a cancellation.
     */
    async forBooking(bookingId: string, moves = 0): Promise<Invoice[]> {
      const moved = Array.from({ length: moves }, (_, n) => [`${bookingId}_rental_M${n + 1}`, `${bookingId}_fee_M${n + 1}`]).flat();
      const ids = [`${bookingId}_rental`, `${bookingId}_fee`, ...moved, `${bookingId}_rental_R`, `${bookingId}_fee_R`];
      const docs = await store.getMany<Omit<Invoice, "id">>(INVOICES, ids);
      return docs.flatMap((doc, index) => (doc ? [normalised({ ...doc, id: ids[index]! })] : []));
    },
  };
  return service;
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
