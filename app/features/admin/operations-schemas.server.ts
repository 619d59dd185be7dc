import { z } from "zod";
import { optionalText } from "#app/.server/http/form";

/**
 * The operations page's forms, one schema per `intent` (messages are `admin` keys): send a failed
 * email again, send all of them again, finish a deposit claim's closing that stopped half-way,
 * compare the ledger with Stripe now (decision 053).
 */
const id = () => optionalText().refine((value) => /^[A-Za-z0-9_-]{1,64}$/.test(value), { params: { i18n: "admin:operations.errors.id" } });

export const operationsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry-email"), id: id() }),
  z.object({ intent: z.literal("retry-all") }),
  z.object({ intent: z.literal("finish-claim"), bookingId: id() }),
  z.object({ intent: z.literal("reconcile") }),
]);

/** What the page shows after a refused or failed form: the intent, its message, and which row. */
export type OperationsReply = { intent: string; errors: { form: string }; target?: string };
