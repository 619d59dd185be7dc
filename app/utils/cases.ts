/**
 * Cases as pages see them (client-safe): the types of request and the statuses, with the
 * lifecycle's steps, shared by the domain (`app/.server/domain/cases`) and the forms and filters.
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

/** The exact values forms and URLs use. */
export const caseStatuses = ["received", "in_review", "waiting_documents", "in_progress", "completed", "rejected"] as const;
export type CaseStatus = (typeof caseStatuses)[number];
export const OPEN_STATUSES: readonly CaseStatus[] = ["received", "in_review", "waiting_documents", "in_progress"];

/** received → in_review → waiting_documents ⇄ in_progress → completed | rejected. */
export const CASE_TRANSITIONS: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  received: ["in_review", "rejected"],
  in_review: ["waiting_documents", "in_progress", "rejected"],
  waiting_documents: ["in_progress", "rejected"],
  in_progress: ["waiting_documents", "completed", "rejected"],
  completed: [],
  rejected: [],
};

