/** The case's documents: the requester's and the team's uploads, the delivered results and the download. */
import { documentKey, readDocument, storeDocument, type DocumentUpload } from "./documents";
import { CaseError, MAX_DOCUMENTS, type Case, type CaseDocument } from "./model";
import { type CasesContext, notify, read, update, viewOf } from "./context";
import type { TeamMember, Viewer } from "./service-types";

/**
 * Stores uploads as the case's documents. The bytes go to the blob port first; the case's
 * transaction then checks, on the case as it is at that moment, who may add them and that the
 * case stays within `MAX_DOCUMENTS` — so simultaneous uploads can never pass the cap — and
 * whatever it refuses is deleted again.
 */
export async function storeUploads(ctx: CasesContext, id: string, viewer: Viewer, uploads: readonly DocumentUpload[], result: boolean): Promise<Case> {
  const allowed = (latest: Case, as: "requester" | "team") => {
    if (result) return latest.status === "in_progress";
    return as === "team" || latest.status === "waiting_documents";
  };
  const current = await read(ctx, id);
  const view = current ? viewOf(current, viewer) : null;
  if (!current || !view) throw new CaseError("not-found");
  if (!allowed(current, view.as)) throw new CaseError("invalid-transition", current.status);
  if (current.documents.length + uploads.length > MAX_DOCUMENTS) throw new CaseError("too-many-documents");
  const at = ctx.now();
  const stored: CaseDocument[] = [];
  try {
    for (const upload of uploads) {
      const doc = await storeDocument(ctx.blobs, id, upload, view.as, at);
      stored.push(result ? { ...doc, result: true } : doc);
    }
    return await update(ctx, id, (latest) => {
      const latestView = viewOf(latest, viewer);
      if (!latestView) throw new CaseError("not-found");
      if (!allowed(latest, latestView.as)) throw new CaseError("invalid-transition", latest.status);
      if (latest.documents.length + stored.length > MAX_DOCUMENTS) throw new CaseError("too-many-documents");
      return { ...latest, documents: [...latest.documents, ...stored] };
    });
  } catch (error) {
    await Promise.all(stored.map((doc) => ctx.blobs.delete(documentKey(id, doc.id))));
    throw error;
  }
}


/** More documents: the requester while the case waits for them, the team at any time. */
export async function addDocuments(ctx: CasesContext, id: string, viewer: Viewer, uploads: readonly DocumentUpload[]): Promise<Case> {
  return storeUploads(ctx, id, viewer, uploads, false);
}


/**
 * The team delivers the work's result documents (PDF, JPEG or PNG, by their bytes) while the
 * work is in progress; only the requester and the team can download them. The requester is emailed.
 */
export async function deliver(ctx: CasesContext, id: string, admin: TeamMember, uploads: readonly DocumentUpload[]): Promise<Case> {
  // The team's view of the case (the guard established who this is).
  const item = await storeUploads(ctx, id, { uid: admin.uid, role: "admin" }, uploads, true);
  await notify(ctx, "delivered", item);
  return item;
}


/** A document's bytes for the requester or the team; null for anyone else or a missing one. */
export async function document(ctx: CasesContext, id: string, documentId: string, viewer: Viewer | null): Promise<{ document: CaseDocument; bytes: Uint8Array } | null> {
  const item = await read(ctx, id);
  const view = item ? viewOf(item, viewer) : null;
  const document = view?.item.documents.find((doc) => doc.id === documentId);
  if (!item || !document) return null;
  const bytes = await readDocument(ctx.blobs, item.id, document);
  return bytes ? { document, bytes } : null;
}
