import type { BlobStore } from "#app/.server/blobs";
import { isStoreError, type DocumentStore } from "#app/.server/store";
import { DEPOSIT_CLAIM_HOURS, isBookingError, isBookingId, lineOf, type Booking, type BookingsService } from "../bookings";
import { DEPOSIT_CLAIM_CLOSINGS as CLOSINGS, DEPOSIT_CLAIMS, DepositError, MAX_CLAIM_TEXT, type ClaimEvidence, type ClaimHistoryEntry, type ClaimPhoto, type DepositClaim } from "./model";
import { claimPhotoKey, preparePhotos, removePhotos, storePhotos } from "./photos";

/**
 * Deposit claims (docs/PRODUCT.md: the owner may claim part of the deposit within 48 hours of the
 * end, with a reason, an amount and photos; the renter answers; the team decides). The booking's
 * ledger is the lock on the money: `bookings.claimDeposit` moves the deposit line to `disputed`
 * only from a held deposit inside the window, and `settleDeposit`/`releaseDeposit` move it on
 * only from `disputed`, each in its own transaction — so of a decision and a withdrawal made at
 * once, or two decisions, exactly one moves the money and the other is told the claim is closed.
 * Emails are the bookings' own (deposit-claimed, -settled, -released).
 */
export type Viewer = { uid: string; role: "admin" | "user" };

export type DepositsDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  bookings: Pick<BookingsService, "getFor" | "claimDeposit" | "settleDeposit" | "releaseDeposit">;
  /** The booking's check-out record (the handover feature, decision 032) a claim must point at; null without one. */
  checkOut: (bookingId: string) => Promise<CheckOutEvidence | null>;
  now?: () => Date;
};

/** What a check-out offers as evidence: its id, its photos' ids and its notes (the record's and the answer's). */
export type CheckOutEvidence = { id: string; photoIds: string[]; notes: string[] };

/** The claim points at check-out photos (ids) and/or quotes the check-out's notes; at least one. */
export type ClaimInput = { amountCents: number; reason: string; photos?: readonly Uint8Array[]; evidence?: { photoIds?: readonly string[]; quote?: string } };
export type AnswerInput = { text: string; photos?: readonly Uint8Array[] };
export type DecisionInput = { keptCents: number; note: string };

/** Until when the owner may claim the deposit of a trip. */
export function claimWindowEnd(booking: Pick<Booking, "endsAt">): string {
  return new Date(Date.parse(booking.endsAt) + DEPOSIT_CLAIM_HOURS * 3_600_000).toISOString();
}

/** Whether the owner may claim now: a finished trip inside the window, its deposit still held (or owed directly). */
export function canClaim(booking: Booking, now: Date): boolean {
  const state = lineOf(booking.money, "deposit")?.state;
  return booking.status === "completed" && now.toISOString() <= claimWindowEnd(booking) && (state === "authorised" || state === "direct");
}

const squash = (value: string) => value.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The evidence of a claim (decision 032): a check-out record must exist, and the claim must name
 * some of its photos and/or quote words that are in its notes. `invalid` on `evidence` otherwise.
 */
function evidenceOf(checkOut: CheckOutEvidence | null, input: ClaimInput["evidence"]): ClaimEvidence & { checkoutId: string } {
  if (!checkOut) throw new DepositError("invalid", "evidence", "no-check-out");
  const photoIds = [...new Set((input?.photoIds ?? []).filter((id) => typeof id === "string" && id.length > 0))];
  if (photoIds.some((id) => !checkOut.photoIds.includes(id))) throw new DepositError("invalid", "evidence", "unknown-photo");
  const quote = typeof input?.quote === "string" ? input.quote.replace(/\r\n/g, "\n").trim() : "";
  if (quote.length > MAX_CLAIM_TEXT) throw new DepositError("invalid", "evidence", "too-long");
  if (quote && !checkOut.notes.some((notes) => squash(notes).includes(squash(quote)))) throw new DepositError("invalid", "evidence", "not-quoted");
  if (photoIds.length === 0 && !quote) throw new DepositError("invalid", "evidence", "required");
  return { photoIds, quote, checkoutId: checkOut.id };
}

function text(value: unknown, field: "reason" | "text" | "note", required: boolean): string {
  const clean = typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "";
  if (required && clean.length === 0) throw new DepositError("invalid", field, "required");
  if (clean.length > MAX_CLAIM_TEXT) throw new DepositError("invalid", field, "too-long");
  return clean;
}

export function createDepositsService(deps: DepositsDeps) {
  const { store, blobs, bookings } = deps;
  const now = deps.now ?? (() => new Date());

  async function read(bookingId: string): Promise<DepositClaim | null> {
    if (!isBookingId(bookingId)) return null;
    return store.get<DepositClaim>(DEPOSIT_CLAIMS, bookingId);
  }

  function visible(claim: DepositClaim | null, viewer: Viewer): DepositClaim | null {
    if (!claim) return null;
    return viewer.role === "admin" || claim.ownerUid === viewer.uid || claim.renterUid === viewer.uid ? claim : null;
  }

  /** Writes a change to an open claim in a transaction; `not-open` when it was closed meanwhile. */
  async function change(bookingId: string, patch: (claim: DepositClaim) => Partial<DepositClaim>, openOnly = true): Promise<DepositClaim> {
    return store.runTransaction(async (tx) => {
      const doc = await tx.get<DepositClaim>(DEPOSIT_CLAIMS, bookingId);
      if (!doc) throw new DepositError("not-found");
      if (openOnly && doc.status !== "open") throw new DepositError("not-open");
      const next = { ...doc, ...patch(doc), id: bookingId };
      const { id: _id, ...record } = next;
      tx.set(DEPOSIT_CLAIMS, bookingId, record);
      return next;
    });
  }

  const entry = (by: ClaimHistoryEntry["by"], uid: string, action: ClaimHistoryEntry["action"], at: string): ClaimHistoryEntry => ({ at, by, uid, action });

  /**
   * Closing a claim (a decision or a withdrawal) first creates its closing marker: of two at once
   * one creates it and the others are told the claim is closed — on every store, whatever its
   * transactions' isolation (the ledger's own check stays behind it). If the money then cannot
   * move, the marker is removed so the claim can be closed again.
   */
  async function closing<T>(bookingId: string, by: string, kind: "decide" | "withdraw", move: () => Promise<T>): Promise<T> {
    try {
      await store.create(CLOSINGS, bookingId, { by, kind, at: now().toISOString() });
    } catch (error) {
      if (isStoreError(error, "already-exists")) throw new DepositError("not-open");
      throw error;
    }
    try {
      return await move();
    } catch (error) {
      await store.delete(CLOSINGS, bookingId);
      throw error;
    }
  }

  return {
    /**
     * The owner claims `amountCents` of the deposit with a reason (and photos). Refusals:
     * `not-found` (not their booking), `invalid` (amount, reason, photos), `window-closed`,
     * `no-deposit`, `already-claimed`. Nothing is kept of a refused claim.
     */
    async claim(ownerUid: string, bookingId: string, input: ClaimInput): Promise<DepositClaim> {
      const found = await bookings.getFor(bookingId, ownerUid);
      if (!found || found.role !== "owner") throw new DepositError("not-found");
      const booking = found.booking;
      const deposit = lineOf(booking.money, "deposit");
      if (await read(bookingId)) throw new DepositError("already-claimed");
      const at = now();
      if (booking.status !== "completed" || at.toISOString() > claimWindowEnd(booking)) throw new DepositError("window-closed");
      if (!deposit || !["authorised", "direct"].includes(deposit.state)) throw new DepositError("no-deposit");
      const amount = input.amountCents;
      if (!Number.isInteger(amount) || amount < 1) throw new DepositError("invalid", "amount", "required");
      if (amount > deposit.amountCents) throw new DepositError("invalid", "amount", "over-deposit");
      const reason = text(input.reason, "reason", true);
      const { checkoutId, ...evidence } = evidenceOf(await deps.checkOut(bookingId), input.evidence);
      const prepared = await preparePhotos(input.photos ?? []);
      const iso = at.toISOString();
      const photos = await storePhotos(blobs, bookingId, prepared, "owner", iso);
      const claim: DepositClaim = {
        id: bookingId,
        bookingId,
        listingId: booking.listingId,
        ownerUid: booking.ownerUid,
        renterUid: booking.renterUid,
        depositCents: deposit.amountCents,
        amountCents: amount,
        reason,
        photos,
        answer: null,
        status: "open",
        decision: null,
        checkoutId,
        evidence,
        history: [entry("owner", ownerUid, "claim", iso)],
        createdAt: iso,
        updatedAt: iso,
      };
      const { id: _id, ...record } = claim;
      try {
        // The claim's document is the booking's: of two claims at once, one creates it.
        await store.create(DEPOSIT_CLAIMS, bookingId, record);
      } catch (error) {
        await removePhotos(blobs, bookingId, photos);
        if (isStoreError(error, "already-exists")) throw new DepositError("already-claimed");
        throw error;
      }
      try {
        await bookings.claimDeposit(bookingId, ownerUid);
      } catch (error) {
        await store.delete(DEPOSIT_CLAIMS, bookingId);
        await removePhotos(blobs, bookingId, photos);
        if (isBookingError(error, "invalid-transition")) throw new DepositError(error.reason === "claim-window" ? "window-closed" : "no-deposit");
        if (isBookingError(error, "not-found")) throw new DepositError("not-found");
        throw error;
      }
      return claim;
    },

    /** The renter answers an open claim once, with text and optional photos. */
    async answer(renterUid: string, bookingId: string, input: AnswerInput): Promise<DepositClaim> {
      const claim = await read(bookingId);
      if (!claim || claim.renterUid !== renterUid) throw new DepositError("not-found");
      if (claim.status !== "open") throw new DepositError("not-open");
      if (claim.answer) throw new DepositError("already-answered");
      const answer = text(input.text, "text", true);
      const prepared = await preparePhotos(input.photos ?? []);
      const iso = now().toISOString();
      const photos = await storePhotos(blobs, bookingId, prepared, "renter", iso);
      try {
        return await change(bookingId, (doc) => {
          if (doc.answer) throw new DepositError("already-answered");
          return { answer: { text: answer, at: iso, photos }, history: [...doc.history, entry("renter", renterUid, "answer", iso)], updatedAt: iso };
        });
      } catch (error) {
        await removePhotos(blobs, bookingId, photos);
        throw error;
      }
    },

    /**
     * The team decides an open claim: `keptCents` (0 to the amount claimed) goes to the owner,
     * the rest of the deposit is released, with a note both people read.
     */
    async decide(adminUid: string, bookingId: string, input: DecisionInput): Promise<DepositClaim> {
      const claim = await read(bookingId);
      if (!claim) throw new DepositError("not-found");
      if (claim.status !== "open") throw new DepositError("not-open");
      const kept = input.keptCents;
      if (!Number.isInteger(kept) || kept < 0) throw new DepositError("invalid", "kept", "required");
      if (kept > claim.amountCents) throw new DepositError("invalid", "kept", "over-claim");
      const note = text(input.note, "note", true);
      await closing(bookingId, adminUid, "decide", async () => {
        try {
          await bookings.settleDeposit(bookingId, kept);
        } catch (error) {
          // The money moved already (another decision or a withdrawal), or not yet (the claim is being filed).
          if (isBookingError(error, "invalid-transition")) throw new DepositError("not-open");
          throw error;
        }
      });
      const iso = now().toISOString();
      return change(bookingId, (doc) => ({ status: "decided", decision: { keptCents: kept, by: adminUid, at: iso, note }, history: [...doc.history, entry("admin", adminUid, "decide", iso)], updatedAt: iso }), false);
    },

    /** The owner lets the claim go: the whole deposit is released now. */
    async withdraw(ownerUid: string, bookingId: string): Promise<DepositClaim> {
      const claim = await read(bookingId);
      if (!claim || claim.ownerUid !== ownerUid) throw new DepositError("not-found");
      if (claim.status !== "open") throw new DepositError("not-open");
      await closing(bookingId, ownerUid, "withdraw", async () => {
        try {
          await bookings.releaseDeposit(bookingId, ownerUid);
        } catch (error) {
          if (isBookingError(error, "invalid-transition")) throw new DepositError("not-open");
          if (isBookingError(error, "not-found")) throw new DepositError("not-found");
          throw error;
        }
      });
      const iso = now().toISOString();
      return change(bookingId, (doc) => ({ status: "withdrawn", history: [...doc.history, entry("owner", ownerUid, "withdraw", iso)], updatedAt: iso }), false);
    },

    /** The booking's claim, for its owner, its renter or the team; null for anyone else or none. */
    async forBooking(bookingId: string, viewer: Viewer): Promise<DepositClaim | null> {
      return visible(await read(bookingId), viewer);
    },

    /** The open claims, oldest first (the team's list). */
    async listOpen(limit = 200): Promise<DepositClaim[]> {
      const docs = await store.query<DepositClaim>({ collection: DEPOSIT_CLAIMS, where: [["status", "==", "open"]], limit });
      return docs.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    },

    /** How many claims wait for the team. */
    countOpen: () => store.count({ collection: DEPOSIT_CLAIMS, where: [["status", "==", "open"]] }),

    /** One photo's bytes for the two people and the team; null for anyone else or a missing one. */
    async photo(bookingId: string, photoId: string, viewer: Viewer): Promise<{ photo: ClaimPhoto; bytes: Uint8Array } | null> {
      const claim = visible(await read(bookingId), viewer);
      if (!claim) return null;
      const photo = [...claim.photos, ...(claim.answer?.photos ?? [])].find((p) => p.id === photoId);
      if (!photo) return null;
      const blob = await blobs.get(claimPhotoKey(bookingId, photo.id));
      return blob ? { photo, bytes: blob.bytes } : null;
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
