import type { Booking } from "#app/features/bookings/.server";
import { checkOutUntil, fullToFull, isHandoverError, MAX_HANDOVER_PHOTOS, type HandoverKind, type HandoverPhoto, type HandoverRecord } from "#app/features/handover/.server";
import type { Listing } from "#app/features/listings/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import type { Refusal } from "#app/features/bookings/index.server";
import type { HandoverPanelView, HandoverPhotoView, HandoverRecordView } from "#app/features/handover/handover";
import { href } from "#app/utils/href";
import { CONTROL_CHARACTERS_MESSAGE } from "#app/utils/free-text";
import type { FlashNotice } from "#app/utils/notice";
import type { ParsedForm } from "#app/.server/http/form";
import type { BookingForm, HandoverForm } from "#app/features/bookings/index.server";

/**
 * Check-in and check-out on the booking pages (decision 032): the "Handover / Return" section and
 * its POSTs, one multipart form each — `intent=check-in` / `check-out` (photos, fuel, engine hours,
 * notes; the owner's check-out also `damage`) and `intent=confirm-check-in` / `confirm-check-out`
 * (`status` confirmed or disputed, `note`) for the other side. Refusals are translated: 400 with
 * each field's message, 403 answering one's own record, 404 not the person's booking, 409 not now.
 */
type Side = "renter" | "owner";
const pageOf = { renter: "settings-reservation", owner: "settings-rental" } as const;

export const HANDOVER_INTENTS = ["check-in", "check-out", "confirm-check-in", "confirm-check-out"] as const;
export type HandoverIntent = (typeof HANDOVER_INTENTS)[number];

const photoView = (bookingId: string, photo: HandoverPhoto): HandoverPhotoView => ({
  id: photo.id,
  url: href("handover-photo", { params: { bookingId, photoId: photo.id } }),
  width: photo.width,
  height: photo.height,
});

/** A record as pages show it (the booking page, the deposit pages, the team's dispute page). */
export function recordView(record: HandoverRecord | null): HandoverRecordView | null {
  if (!record) return null;
  return {
    kind: record.kind,
    by: record.by,
    photos: record.photos.map((photo) => photoView(record.bookingId, photo)),
    fuelEighths: record.fuelEighths,
    engineHours: record.engineHours,
    notes: record.notes,
    damage: record.damage,
    fuelShort: record.fuelShort === true,
    recordedAt: record.recordedAt,
    confirmation: record.confirmation
      ? { by: record.confirmation.by, status: record.confirmation.status, note: record.confirmation.note, at: record.confirmation.at, fuel: record.confirmation.fuel ?? null }
      : null,
    depositReleasedAt: record.depositReleasedAt,
    licenceSeen: record.licenceSeen === true || record.confirmation?.licenceSeen === true,
  };
}

/** The section for one side; null for a berth, or a booking that never became a trip and has no record. */
export async function handoverPanel(ctx: RequestContext, booking: Booking, side: Side, uid: string, listing: Listing | null): Promise<HandoverPanelView | null> {
  if (booking.listingKind !== "boat") return null;
  const { handover } = ctx.services;
  const records = await handover.forBooking(booking.id, { uid, role: "user" });
  if (!records) return null;
  const offer = await handover.offer(booking, side, listing, records);
  const trip = booking.status === "confirmed" || booking.status === "completed";
  if (!trip && !records.checkIn && !records.checkOut) return null;
  if (!records.checkIn && !records.checkOut && offer.can.length === 0 && !offer.opensOn) return null;
  return {
    side,
    engine: offer.engine,
    fullToFull: fullToFull(listing),
    claimUntil: checkOutUntil(booking),
    checkIn: recordView(records.checkIn),
    checkOut: recordView(records.checkOut),
    can: offer.can,
    opensOn: offer.opensOn,
    licence: side === "owner" && (await handover.licenceAsked(booking.id)),
  };
}

/**
 * One handover POST, its text fields parsed by `bookingFormSchema` (or refused by it: the field's
 * message, once the booking is known to be this side's), its photos the files of the same body.
 */
export async function handoverAction(ctx: RequestContext, side: Side, uid: string, id: string, intent: HandoverIntent, form: FormData, parsed: ParsedForm<BookingForm>) {
  const t = ctx.tFor("bookings");
  const kind: HandoverKind = intent.endsWith("check-out") ? "check-out" : "check-in";
  const values: Record<string, string> = { intent };
  for (const name of ["fuel", "engineHours", "notes", "status", "note"]) {
    const value = parsed.typed[name];
    if (value !== undefined) values[name] = value;
  }
  // How many photos came with it: a refusal is a new page without JavaScript, and a browser never
  // fills a file input again, so the form says they must be chosen again.
  const files = form.getAll("photos").filter((value): value is File => typeof value !== "string" && value.size > 0);
  if (files.length > 0) values.photos = String(files.length);
  // The owner's "licence seen" (issue 49), read as the box sends it.
  const licenceSeen = form.get("licenceSeen") === "yes";
  if (licenceSeen) values.licenceSeen = "yes";
  const refused = (status: Refusal["status"], field: string | null, message: string) => ({
    kind: "refused" as const,
    refusal: { status, field, message, fields: field ? { [field]: message } : { form: message }, values } satisfies Refusal,
  });
  // This page's side of the booking only (the other side has its own page): anyone else 404.
  const found = await ctx.services.bookings.getFor(id, uid);
  if (!found || found.role !== side) return refused(404, null, t("errors.notFound"));
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fields)[0]!;
    return refused(400, field, message);
  }
  const record = parsed.value as HandoverForm;
  try {
    if (record.intent === "check-in" || record.intent === "check-out") {
      if (files.length > MAX_HANDOVER_PHOTOS) return refused(400, "photos", t("handover.errors.photos.too-many", { max: MAX_HANDOVER_PHOTOS }));
      await ctx.services.handover.record(uid, id, kind, {
        photos: await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer()))),
        fuelEighths: record.fuel,
        engineHours: record.engineHours,
        notes: record.notes,
        damage: record.damage,
        // The page's id for this send (a form kept offline and sent again is answered, not refused).
        submission: record.submission,
        licenceSeen,
      });
    } else {
      await ctx.services.handover.answer(uid, id, kind, { status: record.status, note: record.note, fuel: record.fuel, licenceSeen });
    }
  } catch (error) {
    if (!isHandoverError(error)) throw error;
    if (error.code === "not-found") return refused(404, null, t("errors.notFound"));
    if (error.code === "invalid" && error.field === "licenceSeen") return refused(400, "licenceSeen", ctx.tFor("licences")("checkIn.required"));
    if (error.code === "invalid" && error.field) return refused(400, error.field, error.reason === "control-characters" ? t(CONTROL_CHARACTERS_MESSAGE) : t(`handover.errors.${error.field}.${error.reason}`, { max: MAX_HANDOVER_PHOTOS }));
    if (error.code === "own-record") return refused(403, null, t("handover.errors.own-record"));
    return refused(409, null, t(`handover.errors.${error.code}`));
  }
  return { kind: "done" as const, to: href(pageOf[side], { lang: ctx.lang, params: { id }, hash: "handover-title" }), notice: { key: `bookings:handover.done.${intent}` } as FlashNotice };
}
