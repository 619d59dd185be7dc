import { isBookingError, MAX_PENDING_REQUESTS, MAX_REQUEST_DAYS, type BookingChoice, type BookingError, type Quote } from "#app/.server/domain/bookings";
import type { RequestContext } from "#app/.server/http/request-context";
import type { ChoiceFields, QuoteView } from "#app/utils/bookings";

/**
 * The booking pages' server side (/boat/rent/boat/{id}, the summary; the owner's calendar uses
 * the refusals too): reading a choice from a query or a form, a `BookingError` as the page says
 * it, and the quote as the page shows it.
 */

/** The choice as the rent page's form sends it (GET) and the summary's confirmation (POST) repeats it. */
export function readChoice(source: URLSearchParams | FormData): { listingId: string; choice: BookingChoice; fields: ChoiceFields } {
  const text = (name: string, max: number) => {
    const value = source.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const fields: ChoiceFields = {
    listing: text("listing", 128),
    start: text("start", 10),
    end: text("end", 10),
    part: text("part", 2),
    people: text("people", 3),
    skipper: text("skipper", 2),
  };
  const people = /^\d{1,3}$/.test(fields.people) ? Number(fields.people) : null;
  return {
    listingId: fields.listing,
    fields,
    choice: {
      start: fields.start,
      end: fields.end || fields.start,
      part: fields.part === "am" || fields.part === "pm" ? fields.part : null,
      people,
      withSkipper: fields.skipper === "on",
    },
  };
}

export type Refusal = {
  status: 400 | 403 | 404 | 409;
  field: string | null;
  message: string;
  /** A form of several fields: each field's message, and what was typed (kept on the page). */
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

/** A `BookingError` as the page says it: 409 for taken days or a state that moved, 400 for the rest. */
export function refusalOf(error: BookingError, t: RequestContext["t"]): Refusal {
  switch (error.code) {
    case "taken":
      return { status: 409, field: null, message: t("bookings:errors.taken") };
    case "invalid-transition":
      return { status: 409, field: null, message: t(`bookings:errors.transition.${["expired", "started", "weather-safe"].includes(error.reason) ? error.reason : "other"}`) };
    case "not-found":
      return { status: 404, field: null, message: t("bookings:errors.notFound") };
    case "not-bookable":
      return { status: 400, field: null, message: t(`bookings:errors.listing.${error.reason}`) };
    case "invalid":
      return { status: 400, field: error.field, message: t(`bookings:errors.${error.field}.${error.reason}`, { max: MAX_REQUEST_DAYS }) };
    case "too-many-requests":
      return { status: 409, field: null, message: t(`bookings:errors.requests.${error.reason}`, { max: MAX_PENDING_REQUESTS }) };
  }
}

export function asRefusal(error: unknown, t: RequestContext["t"]): Refusal {
  if (isBookingError(error)) return refusalOf(error, t);
  throw error;
}

export function quoteView(quote: Quote): QuoteView {
  return {
    listingId: quote.listing.id,
    kind: quote.listing.kind,
    start: quote.start,
    end: quote.end,
    part: quote.part,
    days: quote.days,
    people: quote.people,
    withSkipper: quote.withSkipper,
    instant: quote.instant,
    cancellationPolicy: quote.cancellationPolicy,
    price: quote.price,
    startsAt: quote.startsAt,
    deadlines: quote.deadlines,
  };
}

