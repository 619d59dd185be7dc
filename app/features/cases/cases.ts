/**
 * Cases as pages see them (client-safe): the types of request and the statuses, with the
 * lifecycle's steps, shared by the domain (`app/features/cases/.server`) and the forms and filters.
 */
/** The seven procedures of /gestoria/{slug}, by their URL slugs. */
export const procedureTypes = [
  "abanderamientos-y-bajas",
  "asesoramiento-contratos",
  "cambio-lista-6a",
  "cambio-propiedad-barco",
  "itb-barco",
  "matriculacion-barco",
  "renovacion-documentacion",
] as const;
export const serviceTypes = ["seguro", "limpieza", "transporte", "port", "contact"] as const;
export const caseTypes = [...procedureTypes, ...serviceTypes] as const;
export type CaseType = (typeof caseTypes)[number];

/** The exact values forms and URLs use. `quoted`: a quote waits for the requester's answer. */
export const caseStatuses = ["received", "in_review", "quoted", "waiting_documents", "in_progress", "completed", "rejected"] as const;
export type CaseStatus = (typeof caseStatuses)[number];
export const OPEN_STATUSES: readonly CaseStatus[] = ["received", "in_review", "quoted", "waiting_documents", "in_progress"];

/**
 * The team's moves with the status form: received → in_review → waiting_documents ⇄ in_progress
 * → completed | rejected. `quoted` is entered only by sending a quote (`QUOTE_STEPS`) and left by
 * the requester's answer, a new quote or a rejection. What some steps ask for besides being
 * listed here is in `STEP_REQUIREMENTS`.
 */
export const CASE_TRANSITIONS: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  received: ["in_review", "rejected"],
  in_review: ["waiting_documents", "in_progress", "rejected"],
  quoted: ["rejected"],
  waiting_documents: ["in_review", "in_progress", "rejected"],
  in_progress: ["waiting_documents", "completed", "rejected"],
  completed: [],
  rejected: [],
};

/**
 * The quote's steps: the team sends one (a new one replaces the one still unanswered); the
 * requester accepts it — work starts — or declines it, and the team reviews the case again.
 */
export const QUOTE_STEPS = {
  send: { from: ["in_review", "quoted", "waiting_documents"] as readonly CaseStatus[], to: "quoted" as CaseStatus },
  accept: { from: ["quoted"] as readonly CaseStatus[], to: "in_progress" as CaseStatus },
  decline: { from: ["quoted"] as readonly CaseStatus[], to: "in_review" as CaseStatus },
  /**
   * A quote past its valid-until day without an answer (the scheduler, decision 054): back where
   * a declined one goes, for the team to review the case again (a new quote, or a rejection).
   */
  expire: { from: ["quoted"] as readonly CaseStatus[], to: "in_review" as CaseStatus },
};

/**
 * What a status asks for besides the step being in `CASE_TRANSITIONS`:
 * - `in_progress`: an accepted quote (work starts only after acceptance), except for the types
 *   with no work to pay for (`UNQUOTED_TYPES`);
 * - `completed`: the documents asked for last have arrived, or the team says why not (a reason
 *   kept in the history); and, after an accepted quote, at least one result document.
 */
export const STEP_REQUIREMENTS: Readonly<Partial<Record<CaseStatus, readonly ("accepted-quote" | "documents-or-reason" | "result")[]>>> = {
  in_progress: ["accepted-quote"],
  completed: ["documents-or-reason", "result"],
};

/** A port asking to be listed and a contact message: nothing to quote or deliver. */
export const UNQUOTED_TYPES: readonly CaseType[] = ["port", "contact"];

/** A quote's amount and text limits (the forms and the domain share them). */
export const QUOTE_LIMITS = { minCents: 100, maxCents: 10_000_000, descriptionMax: 500, maxValidDays: 365 };

/**
 * The translation key (namespace `cases`) of a quote's status as one side reads it. The requester
 * is asked for their answer ("pendiente de tu respuesta"); the team reads that a quote waits for
 * the requester's answer, and who accepted or declined it. `expired`: a pending quote past its
 * valid-until day (it can only be declined), or one the scheduler marked `expired` (decision 054).
 */
export function quoteStatusKey(quote: { status: "pending" | "accepted" | "declined" | "superseded" | "expired"; expired: boolean }, reader: "requester" | "team") {
  const state = quote.expired ? "expired" : quote.status;
  return reader === "team" ? (`quote.teamStatuses.${state}` as const) : (`quote.statuses.${state}` as const);
}
