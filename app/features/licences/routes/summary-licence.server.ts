import type { Quote } from "#app/features/bookings/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import { isLicenceError, type LicenceField } from "#app/features/licences/.server";
import { licenceRefusal, requiredLicence, type BoatForLicence, type Licence } from "#app/features/licences/licences";
import type { BookingLicenceView, LicenceAskView, LicenceRefusalView } from "#app/features/licences/view";
/** The summary's choice as its query holds it (`ChoiceFields` of the bookings pages). */
type ChoiceFields = Record<string, string>;
import { href } from "#app/utils/href";
import { formatDay } from "#app/features/bookings";

/**
 * The booking summary's licence (issue 49, part 3): a boat that needs a licence, taken without a
 * skipper, asks the renter for theirs — type, number, expiry, a photo — pre-filled from the one
 * kept on their profile. Confirming saves it there, checks it against the listing and the trip's
 * last day, and gives a copy with the booking; an expired licence or a title below the boat's is
 * refused with the reason and the skipper offered instead (or said not to be).
 */

type BoatData = BoatForLicence & { licence?: Licence | null; skipper?: { mode: "none" | "optional" | "mandatory" } };

/** What the listing asks of this choice: null when nothing (a berth, a skipper aboard, a boat anyone may take). */
export function licenceNeeded(quote: Pick<Quote, "listing" | "withSkipper">): Licence | null {
  if (quote.listing.kind !== "boat" || quote.withSkipper) return null;
  const required = requiredLicence(quote.listing.data as BoatData);
  return required === "none" ? null : required;
}

/** The summary's question, or null when this choice needs no licence. */
export async function licenceAsk(ctx: RequestContext, quote: Quote, uid: string | null, fields: ChoiceFields): Promise<LicenceAskView | null> {
  const required = licenceNeeded(quote);
  if (!required) return null;
  const saved = uid ? await ctx.services.licences.get(uid) : null;
  const data = quote.listing.data as BoatData;
  const choice = Object.fromEntries(Object.entries(fields).filter(([key, value]) => key !== "skipper" && value !== ""));
  return {
    required,
    saved: saved
      ? { type: saved.type, number: saved.number, expiresOn: saved.expiresOn, photoUrl: saved.photo ? href("my-licence-photo", { params: { uid: saved.uid, photoId: saved.photo.id } }) : null }
      : null,
    withSkipperUrl: data.skipper?.mode === "optional" ? href("reservation-summary", { lang: ctx.lang, search: { ...choice, skipper: "on" } }) : null,
    searchUrl: href("boat-search", { lang: ctx.lang, search: { from: quote.start, to: quote.end, licence: saved?.type } }),
  };
}

const text = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};

/**
 * The confirmation's licence: saved on the renter's profile (a new photo replacing the kept one),
 * then checked against what the listing asks and the trip's last day. A refusal says why.
 */
export async function takeLicence(ctx: RequestContext, uid: string, quote: Quote, form: FormData): Promise<LicenceRefusalView | null> {
  const required = licenceNeeded(quote);
  if (!required) return null;
  const t = ctx.tFor("licences");
  // A confirmation without the licence's fields (a client that sends only the choice) takes the
  // one kept on the profile, checked the same; the summary's form always sends them.
  if (form.get("licenceType") === null && form.get("licencePhoto") === null) return checkSaved(ctx, uid, quote, required);
  const values = { type: text(form, "licenceType", 40), number: text(form, "licenceNumber", 200), expiresOn: text(form, "licenceExpiresOn", 10) };
  const file = form.get("licencePhoto");
  const photo = file && typeof file !== "string" && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const refused = (field: LicenceField | null, reason: LicenceRefusalView["reason"], message: string): LicenceRefusalView => ({ message, field, reason, values, photoSent: photo !== null });
  let saved;
  try {
    saved = await ctx.services.licences.save(uid, { type: values.type, number: values.number, expiresOn: values.expiresOn, photo });
  } catch (error) {
    if (!isLicenceError(error) || !error.field) throw error;
    return refused(error.field, null, t(`errors.${error.field}.${["required", "format", "too-large"].includes(error.reason) ? error.reason : "unreadable"}`));
  }
  const reason = licenceRefusal(saved, required, quote.end);
  if (reason === "expired") return refused("expiresOn", reason, t("refusal.expired", { date: formatDay(saved.expiresOn, ctx.lang, "long"), end: formatDay(quote.end, ctx.lang, "long") }));
  if (reason === "type") return refused("type", reason, t("refusal.type", { held: t(`types.${saved.type}`), required: t(`types.${required}`) }));
  return null;
}

async function checkSaved(ctx: RequestContext, uid: string, quote: Quote, required: Licence): Promise<LicenceRefusalView | null> {
  const t = ctx.tFor("licences");
  const saved = await ctx.services.licences.get(uid);
  const values = { type: saved?.type ?? "", number: saved?.number ?? "", expiresOn: saved?.expiresOn ?? "" };
  if (!saved?.photo) return { message: t("errors.photo.required"), field: saved ? "photo" : "type", reason: null, values, photoSent: false };
  const reason = licenceRefusal(saved, required, quote.end);
  if (reason === "expired") return { message: t("refusal.expired", { date: formatDay(saved.expiresOn, ctx.lang, "long"), end: formatDay(quote.end, ctx.lang, "long") }), field: "expiresOn", reason, values, photoSent: false };
  if (reason === "type") return { message: t("refusal.type", { held: t(`types.${saved.type}`), required: t(`types.${required}`) }), field: "type", reason, values, photoSent: false };
  return null;
}

/** The licence given with a booking as its two people read it; null for anyone else or without one. */
export async function bookingLicenceView(ctx: RequestContext, bookingId: string, viewer: { uid: string; role?: string }, lastDay: string): Promise<BookingLicenceView | null> {
  const given = await ctx.services.licences.forBooking(bookingId, { uid: viewer.uid, role: viewer.role === "admin" ? "admin" : "user" });
  if (!given) return null;
  return {
    type: given.type,
    number: given.number,
    expiresOn: given.expiresOn,
    photoUrl: given.photo ? href("licence-photo", { params: { bookingId, photoId: given.photo.id } }) : null,
    photoWidth: given.photo?.width ?? null,
    photoHeight: given.photo?.height ?? null,
    expired: given.expiresOn < lastDay,
  };
}
