import { keySegment, type BlobStore } from "#app/.server/blobs";
import { isPhotoError, processPrivatePhoto } from "#app/.server/blobs/images";
import type { DocumentStore } from "#app/.server/store";
import { heldLicences, LICENCE_NUMBER_MAX, LICENCE_NUMBER_PATTERN, LICENCE_PHOTO_MAX_BYTES, type HeldLicence } from "#app/features/licences/licences";
import { BOOKING_LICENCES, LicenceError, RENTER_LICENCES, type BookingLicence, type LicencePhoto, type LicenceViewer, type RenterLicence } from "./model";

export type LicencesDeps = { store: DocumentStore; blobs: BlobStore; now?: () => Date };

/** What a renter gives: a new photo's bytes, or none to keep the saved one. */
export type LicenceInput = { type: unknown; number: unknown; expiresOn: unknown; photo?: Uint8Array | null };

const profileKey = (uid: string, id: string) => `licences/${keySegment(uid)}/${id}.webp`;
const bookingKey = (bookingId: string, id: string) => `booking-licences/${keySegment(bookingId)}/${id}.webp`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Ids as the store and the photo pipeline make them: anything else names nothing. */
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const PHOTO_ID = /^[a-f0-9]{24}$/;

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The fields checked and cleaned; a `LicenceError` naming the first wrong one. */
export function cleanLicence(input: LicenceInput): { type: HeldLicence; number: string; expiresOn: string } {
  const type = typeof input.type === "string" && (heldLicences as readonly string[]).includes(input.type) ? (input.type as HeldLicence) : null;
  if (!type) throw new LicenceError("invalid", "type", "required");
  const number = typeof input.number === "string" ? input.number.trim().replace(/\s+/g, " ") : "";
  if (number.length === 0) throw new LicenceError("invalid", "number", "required");
  if (number.length > LICENCE_NUMBER_MAX || !LICENCE_NUMBER_PATTERN.test(number)) throw new LicenceError("invalid", "number", "format");
  const expiresOn = typeof input.expiresOn === "string" ? input.expiresOn.trim() : "";
  if (!validDate(expiresOn)) throw new LicenceError("invalid", "expiresOn", "format");
  return { type, number, expiresOn };
}

/**
 * Renters' licences: the one kept on a person's profile (saved, replaced, removed by them) and the
 * copy given with a booking, shown to that booking's two people and the team only. Everything that
 * reads a photo's bytes checks the person asking here; a route answers 404 for a null.
 */
export function createLicencesService(deps: LicencesDeps) {
  const { store, blobs } = deps;
  const now = deps.now ?? (() => new Date());

  async function preparePhoto(bytes: Uint8Array) {
    if (bytes.byteLength > LICENCE_PHOTO_MAX_BYTES) throw new LicenceError("invalid", "photo", "too-large");
    try {
      return await processPrivatePhoto(bytes);
    } catch (error) {
      if (isPhotoError(error)) throw new LicenceError("invalid", "photo", error.code);
      throw error;
    }
  }

  async function get(uid: string): Promise<RenterLicence | null> {
    const doc = await store.get<Omit<RenterLicence, "uid">>(RENTER_LICENCES, uid);
    if (!doc) return null;
    const { id: _id, ...fields } = doc;
    return { ...fields, uid };
  }

  /**
   * Saves the person's licence: the fields always, the photo when one is given (the previous one
   * deleted after), else the saved photo stays. A licence without any photo is refused.
   */
  async function save(uid: string, input: LicenceInput): Promise<RenterLicence> {
    const fields = cleanLicence(input);
    const before = await get(uid);
    const upload = input.photo && input.photo.byteLength > 0 ? await preparePhoto(input.photo) : null;
    if (!upload && !before?.photo) throw new LicenceError("invalid", "photo", "required");
    let photo: LicencePhoto | null = before?.photo ?? null;
    if (upload) {
      await blobs.put(profileKey(uid, upload.id), upload.bytes, { contentType: "image/webp" });
      photo = { id: upload.id, width: upload.width, height: upload.height, size: upload.bytes.byteLength };
    }
    const saved: RenterLicence = { uid, ...fields, photo, updatedAt: now().toISOString() };
    const { uid: _uid, ...doc } = saved;
    await store.set(RENTER_LICENCES, uid, doc);
    if (upload && before?.photo) await blobs.delete(profileKey(uid, before.photo.id)).catch(() => undefined);
    return saved;
  }

  /** Removes the person's licence and its photo (the copies given with bookings stay with them). */
  async function remove(uid: string): Promise<boolean> {
    const before = await get(uid);
    if (!before) return false;
    await store.delete(RENTER_LICENCES, uid);
    if (before.photo) await blobs.delete(profileKey(uid, before.photo.id)).catch(() => undefined);
    return true;
  }

  /** The saved licence's photo: its holder and the team only. */
  async function profilePhoto(uid: string, photoId: string, viewer: LicenceViewer): Promise<Uint8Array | null> {
    if (!ID.test(uid) || !PHOTO_ID.test(photoId) || (viewer.uid !== uid && viewer.role !== "admin")) return null;
    const saved = await get(uid);
    if (!saved?.photo || saved.photo.id !== photoId) return null;
    return (await blobs.get(profileKey(uid, photoId)))?.bytes ?? null;
  }

  /**
   * The person's saved licence given with a booking they just made: copied, photo included, so
   * what the owner sees is what was given. Written once per booking.
   */
  async function give(booking: { id: string; renterUid: string; ownerUid: string }): Promise<BookingLicence | null> {
    const saved = await get(booking.renterUid);
    if (!saved) return null;
    let photo: LicencePhoto | null = null;
    if (saved.photo) {
      const blob = await blobs.get(profileKey(saved.uid, saved.photo.id));
      if (blob) {
        await blobs.put(bookingKey(booking.id, saved.photo.id), blob.bytes, { contentType: "image/webp" });
        photo = saved.photo;
      }
    }
    const given: BookingLicence = { bookingId: booking.id, renterUid: booking.renterUid, ownerUid: booking.ownerUid, type: saved.type, number: saved.number, expiresOn: saved.expiresOn, photo, givenAt: now().toISOString() };
    const { bookingId: _id, ...doc } = given;
    await store.set(BOOKING_LICENCES, booking.id, doc);
    return given;
  }

  /** The licence given with a booking, for its renter, its owner and the team; null for anyone else. */
  async function forBooking(bookingId: string, viewer: LicenceViewer): Promise<BookingLicence | null> {
    if (!ID.test(bookingId)) return null;
    const doc = await store.get<Omit<BookingLicence, "bookingId">>(BOOKING_LICENCES, bookingId);
    if (!doc) return null;
    if (viewer.role !== "admin" && viewer.uid !== doc.renterUid && viewer.uid !== doc.ownerUid) return null;
    const { id: _id, ...fields } = doc;
    return { ...fields, bookingId };
  }

  /** Whether a booking holds a licence (no person's check: the handover asks for the booking it records). */
  async function heldFor(bookingId: string): Promise<boolean> {
    return (await store.get(BOOKING_LICENCES, bookingId)) !== null;
  }

  /** A booking's licence photo, for the same three as `forBooking`. */
  async function bookingPhoto(bookingId: string, photoId: string, viewer: LicenceViewer): Promise<Uint8Array | null> {
    if (!PHOTO_ID.test(photoId)) return null;
    const given = await forBooking(bookingId, viewer);
    if (!given?.photo || given.photo.id !== photoId) return null;
    return (await blobs.get(bookingKey(bookingId, photoId)))?.bytes ?? null;
  }

  return { get, save, remove, profilePhoto, give, forBooking, heldFor, bookingPhoto };
}

export type LicencesService = ReturnType<typeof createLicencesService>;
