/** The team moves a case through its lifecycle with a comment the requester sees; notes and messages. */
import { acceptedQuote, CASE_TRANSITIONS, CaseError, documentsOutstanding, STEP_REQUIREMENTS, UNQUOTED_TYPES, type Case, type CaseStatus } from "./model";
import { type CasesContext, notify, update, viewOf } from "./context";
import type { TeamMember, Viewer } from "./service-types";

/**
 * The team moves a case to `to` with a comment the requester sees; only the lifecycle's steps
 * and what they ask for (`STEP_REQUIREMENTS`): work starts after an accepted quote; a case
 * completes when the documents asked for last arrived or with `waiver`, the reason they did
 * not (kept in the history), and after an accepted quote with a result document.
 */
export async function move(ctx: CasesContext, id: string, admin: TeamMember, to: CaseStatus, comment: string, options: { waiver?: string } = {}): Promise<Case> {
  const waiver = (options.waiver ?? "").trim().slice(0, 2000);
  const item = await update(ctx, id, (current) => {
    if (!CASE_TRANSITIONS[current.status].includes(to)) throw new CaseError("invalid-transition", current.status);
    const needs = STEP_REQUIREMENTS[to] ?? [];
    const quoted = !UNQUOTED_TYPES.includes(current.type);
    if (needs.includes("accepted-quote") && quoted && !acceptedQuote(current)) throw new CaseError("needs-quote");
    const outstanding = needs.includes("documents-or-reason") && documentsOutstanding(current);
    if (outstanding && !waiver) throw new CaseError("needs-reason");
    if (needs.includes("result") && acceptedQuote(current) && !current.documents.some((doc) => doc.result)) throw new CaseError("needs-result");
    return {
      ...current,
      status: to,
      history: [
        ...current.history,
        { at: ctx.now().toISOString(), byUid: admin.uid, by: "team", from: current.status, to, comment: comment.trim().slice(0, 2000), ...(outstanding ? { waiver } : {}) },
      ],
    };
  });
  await notify(ctx, "status", item);
  return item;
}


/** An internal note (the team's alone). */
export async function addNote(ctx: CasesContext, id: string, admin: TeamMember, text: string): Promise<Case> {
  const clean = text.trim().slice(0, 4000);
  if (!clean) throw new CaseError("invalid", "empty");
  return update(ctx, id, (current) => ({ ...current, notes: [...current.notes, { at: ctx.now().toISOString(), byUid: admin.uid, text: clean }] }));
}


/** A message between the requester and the team, on the case; the other side is emailed when the team writes. */
export async function addMessage(ctx: CasesContext, id: string, viewer: Viewer, text: string): Promise<Case> {
  const clean = text.trim().slice(0, 4000);
  if (!clean) throw new CaseError("invalid", "empty");
  const item = await update(ctx, id, (current) => {
    const view = viewOf(current, viewer);
    if (!view) throw new CaseError("not-found");
    return { ...current, messages: [...current.messages, { at: ctx.now().toISOString(), byUid: viewer.uid, from: view.as, text: clean }] };
  });
  if (viewer.role === "admin") await notify(ctx, "message", item);
  return item;
}
