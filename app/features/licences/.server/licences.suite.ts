import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import type { StoreAndBlobs } from "#tests/embedded-store";
import { LicenceError } from "./model";
import { createLicencesService, type LicencesService } from "./service";

/**
 * Renters' licences on one store (run on SQLite and on Firestore): saved with a photo, kept, its
 * photo replaced; refused fields; given with a booking and shown to its two people and the team
 * only; the copy stays when the renter removes theirs.
 */
export function licencesSuite(ports: () => StoreAndBlobs) {
  let licences: LicencesService;
  const jpeg = (colour: string) => sharp({ create: { width: 400, height: 260, channels: 3, background: colour } }).jpeg().toBuffer().then((b) => new Uint8Array(b));
  const renter = { uid: "renter-l", role: "user" as const };
  const owner = { uid: "owner-l", role: "user" as const };
  const stranger = { uid: "stranger-l", role: "user" as const };
  const admin = { uid: "admin-l", role: "admin" as const };

  beforeAll(() => {
    const { store, blobs } = ports();
    licences = createLicencesService({ store, blobs, now: () => new Date("2027-06-01T08:00:00Z") });
  });

  it("refuses a licence without a photo, a wrong type, a bad number or date, and a file that is no image", async () => {
    const fields = { type: "pnb", number: "PNB-123", expiresOn: "2030-01-31" };
    await expect(licences.save(renter.uid, fields)).rejects.toMatchObject({ field: "photo", reason: "required" });
    await expect(licences.save(renter.uid, { ...fields, type: "none" })).rejects.toMatchObject({ field: "type" });
    await expect(licences.save(renter.uid, { ...fields, number: "<script>" })).rejects.toMatchObject({ field: "number", reason: "format" });
    await expect(licences.save(renter.uid, { ...fields, number: "x".repeat(41) })).rejects.toMatchObject({ field: "number" });
    await expect(licences.save(renter.uid, { ...fields, expiresOn: "2030-02-30" })).rejects.toMatchObject({ field: "expiresOn" });
    await expect(licences.save(renter.uid, { ...fields, photo: new TextEncoder().encode("not an image") })).rejects.toBeInstanceOf(LicenceError);
    expect(await licences.get(renter.uid)).toBeNull();
  });

  it("keeps a licence with its photo, and a new photo replaces the old one", async () => {
    const first = await licences.save(renter.uid, { type: "pnb", number: " PNB  123 ", expiresOn: "2030-01-31", photo: await jpeg("#224488") });
    expect(first).toMatchObject({ type: "pnb", number: "PNB 123", expiresOn: "2030-01-31" });
    expect(await licences.profilePhoto(renter.uid, first.photo!.id, renter)).toBeInstanceOf(Uint8Array);
    const kept = await licences.save(renter.uid, { type: "per", number: "PER-9", expiresOn: "2031-05-01" });
    expect(kept.photo?.id).toBe(first.photo!.id);
    const replaced = await licences.save(renter.uid, { type: "per", number: "PER-9", expiresOn: "2031-05-01", photo: await jpeg("#884422") });
    expect(replaced.photo?.id).not.toBe(first.photo!.id);
    expect(await licences.profilePhoto(renter.uid, first.photo!.id, renter)).toBeNull();
    expect(await licences.profilePhoto(renter.uid, replaced.photo!.id, stranger)).toBeNull();
    expect(await licences.profilePhoto(renter.uid, replaced.photo!.id, admin)).toBeInstanceOf(Uint8Array);
  });

  it("gives a copy with a booking: its renter, its owner and the team see it, nobody else; it outlives the profile's", async () => {
    const given = await licences.give({ id: "booking-l1", renterUid: renter.uid, ownerUid: owner.uid });
    expect(given).toMatchObject({ type: "per", number: "PER-9", renterUid: renter.uid, ownerUid: owner.uid });
    for (const viewer of [renter, owner, admin]) expect(await licences.forBooking("booking-l1", viewer), viewer.uid).toMatchObject({ number: "PER-9" });
    expect(await licences.forBooking("booking-l1", stranger)).toBeNull();
    expect(await licences.bookingPhoto("booking-l1", given!.photo!.id, stranger)).toBeNull();
    expect(await licences.heldFor("booking-l1")).toBe(true);
    expect(await licences.remove(renter.uid)).toBe(true);
    expect(await licences.get(renter.uid)).toBeNull();
    expect(await licences.bookingPhoto("booking-l1", given!.photo!.id, owner)).toBeInstanceOf(Uint8Array);
    expect(await licences.give({ id: "booking-l2", renterUid: renter.uid, ownerUid: owner.uid })).toBeNull();
    expect(await licences.heldFor("booking-l2")).toBe(false);
  });
}
