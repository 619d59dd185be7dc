import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { keySegment, type BlobStore } from "#app/.server/blobs";
import { documentFileName } from "#app/utils/file-names";
import { CaseError, MAX_DOCUMENT_BYTES, type CaseDocument } from "./model";

/**
 * A case's documents: PDF, JPEG or PNG, at most 10 MB, recognised by their bytes (`file-type`),
 * never by the name or the type the browser declared — an HTML file named `.pdf` is refused.
 * They live privately in the blob port under `cases/<keySegment(caseId)>/<documentId>` and leave it only
 * through `read`, which the service calls after checking the person asking.
 */
const ACCEPTED = new Set<CaseDocument["contentType"]>(["application/pdf", "image/jpeg", "image/png"]);

export type DocumentUpload = { name: string; bytes: Uint8Array };

/** What the upload is, or a `CaseError` saying why it cannot be a case document. */
export async function checkDocument(upload: DocumentUpload): Promise<CaseDocument["contentType"]> {
  if (upload.bytes.byteLength === 0) throw new CaseError("invalid-document", "empty");
  if (upload.bytes.byteLength > MAX_DOCUMENT_BYTES) throw new CaseError("invalid-document", "too-large");
  const type = await fileTypeFromBuffer(upload.bytes);
  if (!type || !ACCEPTED.has(type.mime as CaseDocument["contentType"])) throw new CaseError("invalid-document", "unsupported-type");
  return type.mime as CaseDocument["contentType"];
}

/**
 * A file name kept for showing and downloading: printable, no path, no bidirectional controls,
 * at most 120 characters, with the extension of the type the bytes were recognised as.
 */
export function cleanName(name: string, contentType: CaseDocument["contentType"]): string {
  return documentFileName(name, contentType);
}

/** Where a case's documents live (blob keys are lowercase: the id is encoded). */
export function casePrefix(caseId: string): string {
  return `cases/${keySegment(caseId)}`;
}

export function documentKey(caseId: string, documentId: string): string {
  return `${casePrefix(caseId)}/${documentId}`;
}

export async function storeDocument(blobs: BlobStore, caseId: string, upload: DocumentUpload, by: CaseDocument["by"], now: Date): Promise<CaseDocument> {
  const contentType = await checkDocument(upload);
  const id = randomBytes(12).toString("hex");
  await blobs.put(documentKey(caseId, id), upload.bytes, { contentType });
  return { id, name: cleanName(upload.name, contentType), contentType, size: upload.bytes.byteLength, uploadedAt: now.toISOString(), by };
}

/** The document's bytes; null when the file is gone. */
export async function readDocument(blobs: BlobStore, caseId: string, document: CaseDocument): Promise<Uint8Array | null> {
  const blob = await blobs.get(documentKey(caseId, document.id));
  return blob?.bytes ?? null;
}
