import { z } from "zod";
import { optionalText } from "#app/.server/http/form";
import { withoutControlCharacters } from "#app/utils/free-text";
import { meetingShape } from "#app/features/listings";

/**
 * The POST forms of a booking's page (`/ajustes/mis-reservas/{id}`, `/ajustes/gestion-de-alquileres/{id}`),
 * one schema per `intent`: the lifecycle buttons, the message to the other side, the weather
 * decisions (decision 031), check-in and check-out (decision 032, multipart: the photos are
 * files of the same body, read beside the schema) and the owner's meeting point. What the values
 * mean (a day, a number of hours) is the domain's rule, answered with its refusals; which side may
 * send which intent is the action's.
 */

/** The record's numbers as typed: "5", "120,5", "120.5"; null when empty, NaN when not a number (the domain refuses it). */
const recordNumber = () =>
  optionalText().transform((value) => {
    if (value.trim() === "") return null;
    const clean = value.trim().replace(",", ".");
    return /^\d{1,6}(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
  });

/** The lifecycle's reason: absent is no reason (null), as the domain takes it. */
const reason = z
  .string()
  .optional()
  .transform((value) => value ?? null);

const record = { fuel: recordNumber(), engineHours: recordNumber(), notes: withoutControlCharacters(optionalText()), damage: optionalText().transform((value) => value === "yes"), submission: optionalText() };
const answer = {
  status: optionalText().refine((value): value is "confirmed" | "disputed" => value === "confirmed" || value === "disputed", {
    params: { i18n: "bookings:handover.errors.status.required" },
  }),
  note: withoutControlCharacters(optionalText()),
  /** The owner's choice on a return with fuel short (decision 032): claim it or let it go; anything else is no choice. */
  fuel: optionalText().transform((value) => (value === "claim" || value === "waive" ? value : null)),
};

export const bookingFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), reason }),
  z.object({ intent: z.literal("decline"), reason }),
  z.object({ intent: z.literal("cancel"), reason }),
  z.object({ intent: z.literal("message"), message: optionalText() }),
  z.object({ intent: z.literal("weather-cancel") }),
  z.object({ intent: z.literal("weather-move"), start: optionalText().transform((value) => value.trim()) }),
  z.object({ intent: z.literal("check-in"), ...record }),
  z.object({ intent: z.literal("check-out"), ...record }),
  z.object({ intent: z.literal("confirm-check-in"), ...answer }),
  z.object({ intent: z.literal("confirm-check-out"), ...answer }),
  z.object({ intent: z.literal("meeting"), ...meetingShape }),
]);

export type BookingForm = z.output<typeof bookingFormSchema>;
export type WeatherForm = Extract<BookingForm, { intent: "weather-cancel" | "weather-move" }>;
export type HandoverForm = Extract<BookingForm, { intent: "check-in" | "check-out" | "confirm-check-in" | "confirm-check-out" }>;
export type MeetingForm = Extract<BookingForm, { intent: "meeting" }>;
