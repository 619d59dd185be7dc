/** The requester's side: filing a request, reading one's cases and claiming a visitor's case with its signed link. */
import { CLAIM_LINK_DAYS, readClaim, sameEmail, signClaim, type ClaimOutcome } from "./claims";
import { casePrefix, storeDocument, type DocumentUpload } from "./documents";
import { CaseError, CASES, isCaseId, MAX_DOCUMENTS, type Case, type CaseContact, type CaseDocument, type CaseType } from "./model";
import { newDocumentId } from "#app/.server/store";
import { type CasesContext, notify, read, update, viewOf, withDefaults } from "./context";
import { writeWords, tokensOf } from "./word-index";
import type { Viewer } from "./service-types";
import { CASE_REFERENCE_ATTEMPTS, CASE_REFERENCES, caseReferenceCandidate } from "./reference";

/** The candidate reference belongs to another case: the next one is tried. */
class ReferenceTaken extends Error {}

/**
 * A request from a service page becomes a case (`received`), with its documents. It belongs
 * to `requesterUid`, the person signed in when filing it (whatever email the form gave), or
 * to nobody: a visitor's case stays one even when its email is an account's, until the
 * person proves the address with the signed link its emails carry (`claim`).
 */
export async function create(ctx: CasesContext, input: { type: CaseType; requesterUid: string | null; contact: CaseContact; details: Case["details"]; lang: string; documents?: readonly DocumentUpload[] }): Promise<Case> {
  const uploads = input.documents ?? [];
  if (uploads.length > MAX_DOCUMENTS) throw new CaseError("too-many-documents");
  const id = newDocumentId();
  const at = ctx.now();
  const documents: CaseDocument[] = [];
  try {
    for (const upload of uploads) documents.push(await storeDocument(ctx.blobs, id, upload, "requester", at));
  } catch (error) {
    await ctx.blobs.deletePrefix(casePrefix(id));
    throw error;
  }
  const contact = { ...input.contact, email: input.contact.email.trim().toLowerCase() };
  const item: Case = {
    id,
    reference: caseReferenceCandidate(id, 0),
    type: input.type,
    status: "received",
    requesterUid: input.requesterUid,
    contact,
    details: input.details,
    documents,
    quotes: [],
    history: [{ at: at.toISOString(), byUid: input.requesterUid, by: "requester", from: null, to: "received", comment: "" }],
    notes: [],
    messages: [],
    tokens: [],
    lang: input.lang,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  // The reference: the first free candidate (`reference.ts`), claimed in the case's transaction.
  for (let attempt = 0; ; attempt++) {
    item.reference = caseReferenceCandidate(id, attempt);
    item.tokens = tokensOf(item);
    const { id: _id, ...record } = item;
    try {
      await ctx.store.runTransaction(async (tx) => {
        if (await tx.get(CASE_REFERENCES, item.reference)) throw new ReferenceTaken();
        tx.create(CASES, id, record);
        tx.create(CASE_REFERENCES, item.reference, { caseId: id });
        writeWords(tx, item, null);
      });
      break;
    } catch (error) {
      if (error instanceof ReferenceTaken && attempt + 1 < CASE_REFERENCE_ATTEMPTS) continue;
      await ctx.blobs.deletePrefix(casePrefix(id));
      throw error;
    }
  }
  await notify(ctx, "received", item);
  return item;
}


/** The case for `viewer` (see `viewOf`), or null. */
export async function getFor(ctx: CasesContext, id: string, viewer: Viewer | null) {
  const item = await read(ctx, id);
  return item ? viewOf(item, viewer) : null;
}


/** The requester's cases, newest first. */
export async function listForRequester(ctx: CasesContext, uid: string): Promise<Case[]> {
  const docs = await ctx.store.query<Omit<Case, "id">>({ collection: CASES, where: [["requesterUid", "==", uid]], orderBy: [["createdAt", "desc"]], limit: 200 });
  return docs.map((doc) => withDefaults({ ...doc, notes: [] } as Case));
}


/**
 * The secret part of the link a visitor's case's emails carry (valid `CLAIM_LINK_DAYS` from
 * now; every email gets a fresh one), or null for a case that has an account already.
 */
export function claimLink(ctx: CasesContext, item: Pick<Case, "id" | "requesterUid" | "contact">): string | null {
  if (item.requesterUid !== null || ctx.claimSecrets.length === 0) return null;
  return signClaim(ctx.claimSecrets[0]!, { id: item.id, email: item.contact.email }, new Date(ctx.now().getTime() + CLAIM_LINK_DAYS * 86_400_000));
}


/**
 * Attaches a visitor's case to the account of `person` (signed in) given its link's `token`:
 * only for a token we signed for this case and its address, before its expiry, while the case
 * is still a visitor's, and when the person's own email is that address. Decided inside the
 * transaction that attaches it, so two clicks at once attach it once. Never throws for a bad
 * link: the outcome says why (see `ClaimOutcome`).
 */
export async function claim(ctx: CasesContext, id: string, token: string, person: { uid: string; email: string }): Promise<ClaimOutcome> {
  if (!isCaseId(id) || ctx.claimSecrets.length === 0) return "invalid";
  let outcome: ClaimOutcome = "invalid";
  try {
    await update(ctx, id, (current) => {
      const link = readClaim(ctx.claimSecrets, { id: current.id, email: current.contact.email }, token, ctx.now());
      if (link === "invalid") outcome = "invalid";
      else if (current.requesterUid === person.uid) outcome = "already-yours";
      else if (current.requesterUid !== null) outcome = "used";
      else if (link === "expired") outcome = "expired";
      else if (!sameEmail(person.email, current.contact.email)) outcome = "other-email";
      else outcome = "claimed";
      if (outcome !== "claimed") throw new CaseError("not-found", outcome);
      return { ...current, requesterUid: person.uid, attachedAt: ctx.now().toISOString() };
    });
  } catch (error) {
    // A missing case leaves the outcome `invalid`; a refusal set it before throwing.
    if (error instanceof CaseError && error.code === "not-found") return outcome;
    throw error;
  }
  return outcome;
}
