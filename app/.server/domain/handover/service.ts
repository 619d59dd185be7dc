import type { BlobStore } from "#app/.server/blobs";
import { isStoreError, type DocumentStore } from "#app/.server/store";
import { DEPOSIT_CLAIM_HOURS, isBookingError, isBookingId, type Booking, type BookingsService } from "../bookings";
import type { Listing } from "../listings";
import {
  FUEL_EIGHTHS,
  HANDOVER_ANSWERS,
  HANDOVERS,
  HandoverError,
  MAX_ENGINE_HOURS,
  MAX_HANDOVER_NOTES,
  recordId,
  type HandoverConfirmation,
  type HandoverKind,
  type HandoverPhoto,
  type HandoverRecord,
  type Side,
} from "./model";
import { handoverPhotoKey, preparePhotos, removePhotos, storePhotos } from "./photos";

/**
 * Check-in and check-out (decision 032). One side records the boat's state (photos, fuel,
 * engine hours, notes) at handover — from the trip's first day in the listing's time zone — and at
 * return, after check-in, both until the deposit's claim window closes; the other
 * side confirms or disputes it with a note. A clean check-out (confirmed, no damage noted by the
 * owner) releases the deposit at once through the bookings' `releaseDeposit` (the ledger's path).
 *
 * Records are created with `create` (of two check-ins at once, one is written) and answered
 * behind a marker created first (`handover_answers/{recordId}`): of two answers at once exactly
 * one is kept, on every store; answers to the two records are separate documents, so neither is lost.
 */
export type Viewer = { uid: string; role: "admin" | "user" };

export type HandoverDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  bookings: Pick<BookingsService, "getFor" | "releaseDeposit">;
  listings: { get(id: string): Promise<Listing | null> };
  /** Tells the other side a record waits for their confirmation (emails), after it is written. */
  notify?: (record: HandoverRecord, event: "recorded" | "answered") => Promise<void>;
  now?: () => Date;
};

export type RecordInput = {
  photos?: readonly Uint8Array[];
  /** 0–8 eighths of the tank; required for a boat with an engine. */
  fuelEighths?: number | null;
  /** The hour meter; required for a boat with an engine. */
  engineHours?: number | null;
  notes?: string;
  /** Check-out by the owner: damage noted. */
  damage?: boolean;
};
export type AnswerInput = { status: "confirmed" | "disputed"; note?: string };

const DEFAULT_TIME_ZONE = "Europe/Madrid";

/** The listing's time zone (its own, else Madrid's). */
export function zoneOf(listing: Listing | null): string {
  const own = listing ? (listing.data as { timeZone?: unknown }).timeZone : null;
  return typeof own === "string" && own.length > 0 ? own : DEFAULT_TIME_ZONE;
}

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Whether the boat has an engine (fuel and engine hours are asked): a boat whose fuel is not "none". */
export function hasEngine(listing: Listing | null): boolean {
  if (!listing || listing.kind !== "boat") return false;
  return (listing.data as { fuel?: unknown }).fuel !== "none";
}

/** Until when the check-out may be recorded: the end of the deposit's claim window. */
export const checkOutUntil = (booking: Pick<Booking, "endsAt">) => new Date(Date.parse(booking.endsAt) + DEPOSIT_CLAIM_HOURS * 3_600_000).toISOString();

function cleanText(value: unknown, field: "notes" | "note", required: boolean): string {
  const clean = typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "";
  if (required && clean.length === 0) throw new HandoverError("invalid", field, "required");
  if (clean.length > MAX_HANDOVER_NOTES) throw new HandoverError("invalid", field, "too-long");
  return clean;
}

function fuelOf(value: unknown, engine: boolean): number | null {
  if (!engine) return null;
  if (value === null || value === undefined) throw new HandoverError("invalid", "fuel", "required");
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > FUEL_EIGHTHS) throw new HandoverError("invalid", "fuel", "range");
  return value;
}

function hoursOf(value: unknown, engine: boolean): number | null {
  if (!engine) return null;
  if (value === null || value === undefined) throw new HandoverError("invalid", "engineHours", "required");
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_ENGINE_HOURS) throw new HandoverError("invalid", "engineHours", "range");
  return Math.round(value * 10) / 10;
}

export function createHandoverService(deps: HandoverDeps) {
  const { store, blobs, bookings, listings } = deps;
  const now = deps.now ?? (() => new Date());

  async function read(bookingId: string, kind: HandoverKind): Promise<HandoverRecord | null> {
    if (!isBookingId(bookingId)) return null;
    return store.get<HandoverRecord>(HANDOVERS, recordId(bookingId, kind));
  }

  /** The booking and the caller's side; `not-found` for anyone but its two people. */
  async function sideOf(uid: string, bookingId: string): Promise<{ booking: Booking; side: Side }> {
    if (!isBookingId(bookingId)) throw new HandoverError("not-found");
    const found = await bookings.getFor(bookingId, uid);
    if (!found) throw new HandoverError("not-found");
    return { booking: found.booking, side: found.role };
  }

  /** What the booking's state allows now (`null`: allowed); the same rules the page offers. */
  function refusalFor(kind: HandoverKind, booking: Booking, listing: Listing | null, checkedIn: boolean, at: Date): HandoverError | null {
    if (booking.listingKind !== "boat") return new HandoverError("not-found");
    if (["cancelled", "declined", "expired"].includes(booking.status)) return new HandoverError("closed");
    if (booking.status !== "confirmed" && booking.status !== "completed") return new HandoverError("too-early");
    if (localDay(at, zoneOf(listing)) < booking.start) return new HandoverError("too-early");
    // Both close with the deposit's claim window: a trip nobody checked in on the day can still be
    // recorded late (the record says when), so that a claim can always point at a check-out.
    if (at.toISOString() > checkOutUntil(booking)) return new HandoverError("closed");
    return kind === "check-out" && !checkedIn ? new HandoverError("not-checked-in") : null;
  }

  /** The deposit goes back at once after a clean check-out; a deposit already gone or claimed stays as it is. */
  async function releaseIfClean(record: HandoverRecord): Promise<HandoverRecord> {
    if (record.kind !== "check-out" || record.confirmation?.status !== "confirmed" || record.damage) return record;
    try {
      await bookings.releaseDeposit(record.bookingId, record.ownerUid);
    } catch (error) {
      if (isBookingError(error, "invalid-transition")) return record;
      throw error;
    }
    const at = now().toISOString();
    await store.update(HANDOVERS, record.id, { depositReleasedAt: at });
    return { ...record, depositReleasedAt: at };
  }

  /** Both records of a booking for its two people or the team; null for anyone else. */
  async function forBooking(bookingId: string, viewer: Viewer): Promise<{ checkIn: HandoverRecord | null; checkOut: HandoverRecord | null } | null> {
    if (!isBookingId(bookingId)) return null;
    if (viewer.role !== "admin" && !(await bookings.getFor(bookingId, viewer.uid))) return null;
    const [checkIn, checkOut] = await Promise.all([read(bookingId, "check-in"), read(bookingId, "check-out")]);
    return { checkIn, checkOut };
  }

  return {
    /**
     * One side records the check-in or the check-out. Refusals: `not-found` (not their booking),
     * `too-early`, `closed`, `not-checked-in`, `already-recorded`, `invalid` (a field). Nothing is
     * kept of a refused record.
     */
    async record(uid: string, bookingId: string, kind: HandoverKind, input: RecordInput): Promise<HandoverRecord> {
      const { booking, side } = await sideOf(uid, bookingId);
      const listing = await listings.get(booking.listingId);
      const checkIn = kind === "check-out" ? await read(bookingId, "check-in") : null;
      if (await read(bookingId, kind)) throw new HandoverError("already-recorded");
      const at = now();
      const refusal = refusalFor(kind, booking, listing, checkIn !== null, at);
      if (refusal) throw refusal;
      const engine = hasEngine(listing);
      const fuelEighths = fuelOf(input.fuelEighths, engine);
      const engineHours = hoursOf(input.engineHours, engine);
      if (engineHours !== null && checkIn?.engineHours != null && engineHours < checkIn.engineHours) throw new HandoverError("invalid", "engineHours", "backwards");
      const notes = cleanText(input.notes, "notes", false);
      const prepared = await preparePhotos(input.photos ?? []);
      const iso = at.toISOString();
      const photos = await storePhotos(blobs, bookingId, prepared, iso);
      const record: HandoverRecord = {
        id: recordId(bookingId, kind),
        bookingId,
        kind,
        listingId: booking.listingId,
        ownerUid: booking.ownerUid,
        renterUid: booking.renterUid,
        by: side,
        uid,
        photos,
        fuelEighths,
        engineHours,
        notes,
        damage: kind === "check-out" && side === "owner" && input.damage === true,
        recordedAt: iso,
        confirmation: null,
        depositReleasedAt: null,
      };
      const { id, ...doc } = record;
      try {
        await store.create(HANDOVERS, id, doc);
      } catch (error) {
        await removePhotos(blobs, bookingId, photos);
        if (isStoreError(error, "already-exists")) throw new HandoverError("already-recorded");
        throw error;
      }
      await deps.notify?.(record, "recorded").catch((error: unknown) => console.error(`[handover] ${id}: the email failed:`, error));
      return record;
    },

    /**
     * The other side confirms the record or disputes it with a note. Refusals: `not-found`,
     * `own-record`, `already-answered`, `invalid` (status, note). A confirmed check-out without
     * damage releases the deposit.
     */
    async answer(uid: string, bookingId: string, kind: HandoverKind, input: AnswerInput): Promise<HandoverRecord> {
      const { side } = await sideOf(uid, bookingId);
      const record = await read(bookingId, kind);
      if (!record) throw new HandoverError("not-found");
      if (record.by === side) throw new HandoverError("own-record");
      if (record.confirmation) throw new HandoverError("already-answered");
      if (input.status !== "confirmed" && input.status !== "disputed") throw new HandoverError("invalid", "status", "required");
      // Disputing says why; confirming may add a word.
      const note = cleanText(input.note, "note", input.status === "disputed");
      const id = record.id;
      const at = now().toISOString();
      const confirmation: HandoverConfirmation = { by: side, uid, status: input.status, note, at };
      try {
        await store.create(HANDOVER_ANSWERS, id, { uid, status: input.status, at });
      } catch (error) {
        if (isStoreError(error, "already-exists")) throw new HandoverError("already-answered");
        throw error;
      }
      let answered: HandoverRecord;
      try {
        answered = await store.runTransaction(async (tx) => {
          const doc = await tx.get<HandoverRecord>(HANDOVERS, id);
          if (!doc) throw new HandoverError("not-found");
          if (doc.confirmation) throw new HandoverError("already-answered");
          tx.update(HANDOVERS, id, { confirmation });
          return { ...doc, id, confirmation };
        });
      } catch (error) {
        await store.delete(HANDOVER_ANSWERS, id);
        throw error;
      }
      const result = await releaseIfClean(answered);
      await deps.notify?.(result, "answered").catch((error: unknown) => console.error(`[handover] ${id}: the email failed:`, error));
      return result;
    },

    /** Both records of a booking for its two people or the team; null for anyone else. */
    forBooking,

    /**
     * What one side may do now on the booking page: record, answer, and the day check-in opens.
     * The same rules as `record` and `answer`.
     */
    async offer(booking: Booking, side: Side, listing: Listing | null, records: { checkIn: HandoverRecord | null; checkOut: HandoverRecord | null }) {
      const at = now();
      const can: Array<"check-in" | "check-out" | "confirm-check-in" | "confirm-check-out"> = [];
      if (!records.checkIn && !refusalFor("check-in", booking, listing, false, at)) can.push("check-in");
      if (records.checkIn && !records.checkIn.confirmation && records.checkIn.by !== side) can.push("confirm-check-in");
      if (!records.checkOut && !refusalFor("check-out", booking, listing, records.checkIn !== null, at)) can.push("check-out");
      if (records.checkOut && !records.checkOut.confirmation && records.checkOut.by !== side) can.push("confirm-check-out");
      const waiting = !records.checkIn && (booking.status === "confirmed" || booking.status === "pending" || booking.status === "awaiting-payment") && at.toISOString() < booking.endsAt && localDay(at, zoneOf(listing)) < booking.start;
      return { can, opensOn: waiting ? booking.start : null, engine: hasEngine(listing) };
    },

    /**
     * The check-out a deposit claim points at (no person's check: the deposits feature asks for
     * the booking its owner claims on): its id, its photos' ids and its notes; null without one.
     */
    async checkOutEvidence(bookingId: string): Promise<{ id: string; photoIds: string[]; notes: string[] } | null> {
      const record = await read(bookingId, "check-out");
      if (!record) return null;
      const notes = [record.notes, record.confirmation?.note ?? ""].filter((n) => n.length > 0);
      return { id: record.id, photoIds: record.photos.map((p) => p.id), notes };
    },

    /** One photo's bytes for the two people and the team; null for anyone else or a missing one. */
    async photo(bookingId: string, photoId: string, viewer: Viewer): Promise<{ photo: HandoverPhoto; bytes: Uint8Array } | null> {
      const records = await forBooking(bookingId, viewer);
      if (!records) return null;
      const photo = [...(records.checkIn?.photos ?? []), ...(records.checkOut?.photos ?? [])].find((p) => p.id === photoId);
      if (!photo) return null;
      const blob = await blobs.get(handoverPhotoKey(bookingId, photo.id));
      return blob ? { photo, bytes: blob.bytes } : null;
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
