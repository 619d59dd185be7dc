import { z } from "zod";
import { optionalText } from "#app/.server/http/form";

/**
 * The owner's calendar page's forms, one schema per `intent`. What the fields mean (a day, a
 * listing, an address) is the domain's to check, answered with its refusals; the schema reads
 * them as the forms write them, identifiers cut to 128 characters and addresses to 2,100.
 */
const id = () => optionalText().transform((value) => value.slice(0, 128));
/** Every form names the listing and the months the owner was looking at (`mes`, where it has it). */
const page = { listing: id(), mes: id() };

export const calendarFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-calendar"), ...page, url: optionalText().transform((value) => value.slice(0, 2100)) }),
  z.object({ intent: z.literal("sync-now"), ...page, calendar: id() }),
  z.object({ intent: z.literal("remove-calendar"), ...page, calendar: id() }),
  z.object({ intent: z.literal("export-imported"), ...page, on: id().transform((value) => value === "true") }),
  z.object({ intent: z.literal("block"), ...page, start: id(), end: id() }),
  z.object({ intent: z.literal("unblock"), ...page, block: id() }),
  z.object({ intent: z.literal("rotate"), ...page }),
]);
