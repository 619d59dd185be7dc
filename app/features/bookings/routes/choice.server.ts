import { isBookingError, MAX_PENDING_REQUESTS, MAX_REQUEST_DAYS, type BookingChoice, type BookingError, type Quote } from "#app/features/bookings/.server";
import { firstMessages } from "#app/.server/http/form";
import type { RequestContext } from "#app/.server/http/request-context";
import { z } from "zod";
import type { ChoiceFields, QuoteView } from "#app/features/bookings/view";

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

/**
 * The summary's confirmation as its form posts it (the choice in hidden fields, read through the
 * body gate and `parseWithZod`): each field's shape, with the message the page shows for it; what
 * the shapes cannot tell (free days, people the boat takes, a skipper) the bookings service says.
 */
export function choiceFormSchema(t: RequestContext["t"]) {
  const message = (key: string) => ({ message: t(`bookings:errors.${key}`) });
  const date = (key: string) => z.string(message(key)).regex(/^\d{4}-\d{2}-\d{2}$/, message(key));
  return z.object({
    listing: z.string(message("listing.unavailable")).regex(/^[A-Za-z0-9_-]{1,128}$/, message("listing.unavailable")),
    start: date("start.format"),
    end: date("end.format").optional(),
    part: z.enum(["am", "pm"], { errorMap: () => message("part.no-half-day") }).optional(),
    people: z.string().regex(/^\d{1,3}$/, message("people.required")).optional(),
    skipper: z.literal("on", { errorMap: () => message("skipper.none") }).optional(),
  });
}

/** The choice the schema let through, as `readChoice` makes it from a query. */
export function choiceOf(value: z.infer<ReturnType<typeof choiceFormSchema>>): { listingId: string; choice: BookingChoice } {
  return {
    listingId: value.listing,
    choice: {
      start: value.start,
      end: value.end ?? value.start,
      part: value.part ?? null,
      people: value.people === undefined ? null : Number(value.people),
      withSkipper: value.skipper === "on",
    },
  };
}

/** A form the schema refused, as the page shows a refusal: the first field's message, and each field's. */
export function formRefusal(error: Record<string, string[] | null> | null | undefined): Refusal {
  const fields = firstMessages(error);
  const [field, message] = Object.entries(fields)[0] ?? ["", ""];
  return { status: 400, field: field || null, message, fields };
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

