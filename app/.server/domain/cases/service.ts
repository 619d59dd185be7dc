import { randomInt } from "node:crypto";
import type { BlobStore } from "#app/.server/blobs";
import type { DocumentStore } from "#app/.server/store";
import { casePrefix, documentKey, readDocument, storeDocument, type DocumentUpload } from "./documents";
import {
  CASE_TRANSITIONS,
  CaseError,
  CASES,
  isCaseId,
  MAX_DOCUMENTS,
  searchTokens,
  type Case,
  type CaseContact,
  type CaseDocument,
  type CaseStatus,
  type CaseType,
} from "./model";

/**
 * The cases service: requests become cases; the team moves them through the lifecycle with a
 * comment the requester sees, keeps internal notes and writes to the requester; the requester
 * reads theirs and adds documents while the case waits for them. Who may see what is decided
 * here (`viewOf`), so every page and download asks the same question.
 */
export type CaseEvent = "received" | "status" | "message";

export type CasesDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  /** Emails the requester (and keeps the mailbox); failures are logged, never undo the change. */
  notify?: (event: CaseEvent, item: Case) => Promise<void>;
  now?: () => Date;
};

export type Viewer = { uid: string; role: "admin" | "user" };
export type CaseFilters = { status?: CaseStatus; type?: CaseType; from?: string; to?: string; text?: string; page?: number };

export const CASES_PAGE_SIZE = 25;
/** How many cases a filtered search reads at most before paging in memory. */
const SEARCH_WINDOW = 2_000;

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function newId(): string {
  let id = "";
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

function tokensOf(item: Pick<Case, "contact" | "details" | "messages" | "id">): string[] {
  return searchTokens(item.id, item.contact.name, item.contact.email, item.contact.phone, ...Object.values(item.details), ...item.messages.map((m) => m.text));
}

export function createCasesService(deps: CasesDeps) {
  const { store, blobs } = deps;
  const now = deps.now ?? (() => new Date());

  async function notify(event: CaseEvent, item: Case) {
    try {
      await deps.notify?.(event, item);
    } catch (error) {
      console.warn(`[cases] emailing ${event} of case ${item.id} failed:`, error);
    }
  }

  async function read(id: string): Promise<Case | null> {
    if (!isCaseId(id)) return null;
    const doc = await store.get<Omit<Case, "id">>(CASES, id);
    return doc ? ({ ...doc, id } as Case) : null;
  }

  /** The case as `viewer` may see it: the requester without internal notes, the team whole; null for anyone else. */
  function viewOf(item: Case, viewer: Viewer | null): { item: Case; as: "requester" | "team" } | null {
    if (viewer?.role === "admin") return { item, as: "team" };
    if (viewer && item.requesterUid === viewer.uid) return { item: { ...item, notes: [] }, as: "requester" };
    return null;
  }

  /** Changes a case in one transaction; `change` returns the new case or throws. */
  async function update(id: string, change: (current: Case) => Case): Promise<Case> {
    if (!isCaseId(id)) throw new CaseError("not-found");
    return store.runTransaction(async (tx) => {
      const doc = await tx.get<Omit<Case, "id">>(CASES, id);
      if (!doc) throw new CaseError("not-found");
      const next = change({ ...doc, id } as Case);
      const { id: _id, ...record } = { ...next, tokens: tokensOf(next), updatedAt: now().toISOString() };
      tx.set(CASES, id, record);
      return { ...next, tokens: record.tokens, updatedAt: record.updatedAt };
    });
  }

  return {
    viewOf,

    /**
     * A request from a service page becomes a case (`received`), with its documents. A visitor's
     * case carries no account; it is tied to one by `claim` when the email signs in or registers.
     */
    async create(input: { type: CaseType; requesterUid: string | null; contact: CaseContact; details: Case["details"]; lang: string; documents?: readonly DocumentUpload[] }): Promise<Case> {
      const uploads = input.documents ?? [];
      if (uploads.length > MAX_DOCUMENTS) throw new CaseError("too-many-documents");
      const id = newId();
      const at = now();
      const documents: CaseDocument[] = [];
      try {
        for (const upload of uploads) documents.push(await storeDocument(blobs, id, upload, "requester", at));
      } catch (error) {
        await blobs.deletePrefix(casePrefix(id));
        throw error;
      }
      const contact = { ...input.contact, email: input.contact.email.trim().toLowerCase() };
      const item: Case = {
        id,
        type: input.type,
        status: "received",
        requesterUid: input.requesterUid,
        contact,
        details: input.details,
        documents,
        history: [{ at: at.toISOString(), byUid: input.requesterUid, by: "requester", from: null, to: "received", comment: "" }],
        notes: [],
        messages: [],
        tokens: [],
        lang: input.lang,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      };
      item.tokens = tokensOf(item);
      const { id: _id, ...record } = item;
      try {
        await store.create(CASES, id, record);
      } catch (error) {
        await blobs.deletePrefix(casePrefix(id));
        throw error;
      }
      await notify("received", item);
      return item;
    },

    /** The case for `viewer` (see `viewOf`), or null. */
    async getFor(id: string, viewer: Viewer | null) {
      const item = await read(id);
      return item ? viewOf(item, viewer) : null;
    },

    /** The team moves a case to `to` with a comment the requester sees; only the lifecycle's steps. */
    async move(id: string, admin: Viewer, to: CaseStatus, comment: string): Promise<Case> {
      if (admin.role !== "admin") throw new CaseError("not-found");
      const item = await update(id, (current) => {
        if (!CASE_TRANSITIONS[current.status].includes(to)) throw new CaseError("invalid-transition", current.status);
        return {
          ...current,
          status: to,
          history: [...current.history, { at: now().toISOString(), byUid: admin.uid, by: "team", from: current.status, to, comment: comment.trim().slice(0, 2000) }],
        };
      });
      await notify("status", item);
      return item;
    },

    /** An internal note (the team's alone). */
    async addNote(id: string, admin: Viewer, text: string): Promise<Case> {
      if (admin.role !== "admin") throw new CaseError("not-found");
      const clean = text.trim().slice(0, 4000);
      if (!clean) throw new CaseError("invalid", "empty");
      return update(id, (current) => ({ ...current, notes: [...current.notes, { at: now().toISOString(), byUid: admin.uid, text: clean }] }));
    },

    /** A message between the requester and the team, on the case; the other side is emailed when the team writes. */
    async addMessage(id: string, viewer: Viewer, text: string): Promise<Case> {
      const clean = text.trim().slice(0, 4000);
      if (!clean) throw new CaseError("invalid", "empty");
      const item = await update(id, (current) => {
        const view = viewOf(current, viewer);
        if (!view) throw new CaseError("not-found");
        return { ...current, messages: [...current.messages, { at: now().toISOString(), byUid: viewer.uid, from: view.as, text: clean }] };
      });
      if (viewer.role === "admin") await notify("message", item);
      return item;
    },

    /** More documents: the requester while the case waits for them, the team at any time. */
    async addDocuments(id: string, viewer: Viewer, uploads: readonly DocumentUpload[]): Promise<Case> {
      const current = await read(id);
      const view = current ? viewOf(current, viewer) : null;
      if (!current || !view) throw new CaseError("not-found");
      if (view.as === "requester" && current.status !== "waiting_documents") throw new CaseError("invalid-transition", current.status);
      if (current.documents.length + uploads.length > MAX_DOCUMENTS) throw new CaseError("too-many-documents");
      const at = now();
      const stored: CaseDocument[] = [];
      try {
        for (const upload of uploads) stored.push(await storeDocument(blobs, id, upload, view.as, at));
        return await update(id, (latest) => ({ ...latest, documents: [...latest.documents, ...stored] }));
      } catch (error) {
        await Promise.all(stored.map((doc) => blobs.delete(documentKey(id, doc.id))));
        throw error;
      }
    },

    /** A document's bytes for the requester or the team; null for anyone else or a missing one. */
    async document(id: string, documentId: string, viewer: Viewer | null): Promise<{ document: CaseDocument; bytes: Uint8Array } | null> {
      const item = await read(id);
      const view = item ? viewOf(item, viewer) : null;
      const document = view?.item.documents.find((doc) => doc.id === documentId);
      if (!item || !document) return null;
      const bytes = await readDocument(blobs, item.id, document);
      return bytes ? { document, bytes } : null;
    },

    /** The requester's cases, newest first. */
    async listForRequester(uid: string): Promise<Case[]> {
      const docs = await store.query<Omit<Case, "id">>({ collection: CASES, where: [["requesterUid", "==", uid]], orderBy: [["createdAt", "desc"]], limit: 200 });
      return docs.map((doc) => ({ ...doc, notes: [] }) as Case);
    },

    /** Ties a visitor's cases sent with `email` to the account that now has it. */
    async claim(uid: string, email: string): Promise<number> {
      const docs = await store.query<Omit<Case, "id">>({ collection: CASES, where: [["contact.email", "==", email.trim().toLowerCase()], ["requesterUid", "==", null]], limit: 200 });
      await Promise.all(docs.map((doc) => store.update(CASES, doc.id, { requesterUid: uid })));
      return docs.length;
    },

    /**
     * The admin's list: newest first, filtered by status, type, creation dates and free text
     * (every word of `text` must be among the case's words: the first in the store with
     * `array-contains`, the others in memory), 25 a page.
     */
    async search(filters: CaseFilters): Promise<{ items: Case[]; total: number; page: number; pageCount: number }> {
      const words = searchTokens(filters.text ?? "");
      const where: Array<readonly [string, "==" | "array-contains" | ">=" | "<", unknown]> = [];
      if (filters.status) where.push(["status", "==", filters.status]);
      if (filters.type) where.push(["type", "==", filters.type]);
      if (words.length > 0) where.push(["tokens", "array-contains", words[0]]);
      if (filters.from) where.push(["createdAt", ">=", filters.from]);
      if (filters.to) where.push(["createdAt", "<", `${filters.to}\uffff`]);
      const docs = await store.query<Omit<Case, "id">>({ collection: CASES, where: [...where], orderBy: [["createdAt", "desc"]], limit: SEARCH_WINDOW });
      const matches = docs.filter((doc) => words.slice(1).every((word) => doc.tokens.includes(word))) as Case[];
      const pageCount = Math.max(1, Math.ceil(matches.length / CASES_PAGE_SIZE));
      const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
      return { items: matches.slice((page - 1) * CASES_PAGE_SIZE, page * CASES_PAGE_SIZE), total: matches.length, page, pageCount };
    },

    /** Counts for the admin dashboard: by status and by type, and the oldest open cases. */
    async overview(): Promise<{ byStatus: Record<string, number>; byType: Record<string, number>; oldestOpen: Case[] }> {
      const docs = (await store.query<Omit<Case, "id">>({ collection: CASES, orderBy: [["createdAt", "desc"]], limit: 10_000 })) as Case[];
      const byStatus: Record<string, number> = {};
      const byType: Record<string, number> = {};
      for (const doc of docs) {
        byStatus[doc.status] = (byStatus[doc.status] ?? 0) + 1;
        byType[doc.type] = (byType[doc.type] ?? 0) + 1;
      }
      const oldestOpen = docs.filter((doc) => doc.status !== "completed" && doc.status !== "rejected").reverse().slice(0, 5);
      return { byStatus, byType, oldestOpen };
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
