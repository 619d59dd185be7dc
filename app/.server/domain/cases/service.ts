import type { BlobStore } from "#app/.server/blobs";
import { newDocumentId, type DocumentStore, type Transaction } from "#app/.server/store";
import { CLAIM_LINK_DAYS, readClaim, sameEmail, signClaim, type ClaimOutcome } from "./claims";
import { casePrefix, documentKey, readDocument, storeDocument, type DocumentUpload } from "./documents";
import {
  acceptedQuote,
  CASE_TRANSITIONS,
  CaseError,
  CASES,
  caseStatuses,
  caseTypes,
  documentsOutstanding,
  isQuoteExpired,
  madridDay,
  OPEN_STATUSES,
  isCaseId,
  MAX_DOCUMENTS,
  pendingQuote,
  QUOTE_LIMITS,
  QUOTE_STEPS,
  searchTokens,
  STEP_REQUIREMENTS,
  UNQUOTED_TYPES,
  type Case,
  type CaseContact,
  type CaseDocument,
  type CaseQuote,
  type CaseStatus,
  type CaseType,
} from "./model";

/**
 * The cases service: requests become cases; the team moves them through the lifecycle with a
 * comment the requester sees, keeps internal notes and writes to the requester; the requester
 * reads theirs and adds documents while the case waits for them. Who may see what is decided
 * here (`viewOf`), so every page and download asks the same question.
 */
export type CaseEvent = "received" | "status" | "message" | "quote" | "quote-accepted" | "quote-declined" | "delivered";

export type CasesDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  /** Emails the requester (and keeps the mailbox); failures are logged, never undo the change. */
  notify?: (event: CaseEvent, item: Case) => Promise<void>;
  /**
   * The app's secrets (newest first) that sign the links attaching a visitor's case to an
   * account (`claimLink`, `claim`); without them no link is made and none is accepted.
   */
  claimSecrets?: readonly string[];
  /**
   * Invoices an accepted quote (the platform's invoice to the requester), after the acceptance
   * is stored and before the emails; idempotent. A failure is logged: the case stays accepted.
   */
  invoiceQuote?: (item: Case, quote: CaseQuote) => Promise<void>;
  now?: () => Date;
};

export type Viewer = { uid: string; role: "admin" | "user" };
/**
 * A member of the team, as the admin guard established (`requireAdmin` in the admin routes' loaders
 * and actions): the one place the `admin` role is checked. The team's operations (moving a case,
 * quoting, notes, delivering results) trust it and check no role again; `Viewer` (who asks to see
 * a case) still says whether the team or the requester is looking.
 */
export type TeamMember = { uid: string };
export type CaseFilters = { status?: CaseStatus; type?: CaseType; from?: string; to?: string; text?: string; page?: number };

export const CASES_PAGE_SIZE = 25;
/** How many cases a filtered search reads at most before paging in memory. */
const SEARCH_WINDOW = 2_000;

/**
 * The word index of the admin's free-text search: one small document per word of a case
 * (`case_words/{word}_{caseId}`) with the case's status, type and creation time, so a word is an
 * equality filter on an indexed field on both stores (SQLite cannot index inside an array), and
 * a search reads only the matching entries, newest first. Written in the case's own transactions.
 */
export const CASE_WORDS = "case_words";
type WordEntry = { word: string; caseId: string; status: CaseStatus; type: CaseType; createdAt: string };
const wordId = (word: string, caseId: string) => `${word}_${caseId}`;

function writeWords(tx: Pick<Transaction, "set" | "delete">, item: Pick<Case, "id" | "status" | "type" | "createdAt" | "tokens">, previous: Pick<Case, "status" | "type" | "tokens"> | null) {
  const before = new Set(previous?.tokens ?? []);
  const after = new Set(item.tokens);
  for (const word of before) if (!after.has(word)) tx.delete(CASE_WORDS, wordId(word, item.id));
  const changed = !previous || previous.status !== item.status || previous.type !== item.type;
  for (const word of after) {
    if (!changed && before.has(word)) continue;
    tx.set(CASE_WORDS, wordId(word, item.id), { word, caseId: item.id, status: item.status, type: item.type, createdAt: item.createdAt } satisfies WordEntry);
  }
}

function tokensOf(item: Pick<Case, "contact" | "details" | "messages" | "id">): string[] {
  return searchTokens(item.id, item.contact.name, item.contact.email, item.contact.phone, ...Object.values(item.details), ...item.messages.map((m) => m.text));
}

/** Cases stored before quotes existed read as having none. */
function withDefaults(item: Case): Case {
  return item.quotes ? item : { ...item, quotes: [] };
}

export function createCasesService(deps: CasesDeps) {
  const { store, blobs } = deps;
  const now = deps.now ?? (() => new Date());
  const claimSecrets = (deps.claimSecrets ?? []).filter((secret) => secret.length > 0);

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
    return doc ? withDefaults({ ...doc, id } as Case) : null;
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
      const next = change(withDefaults({ ...doc, id } as Case));
      const { id: _id, ...record } = { ...next, tokens: tokensOf(next), updatedAt: now().toISOString() };
      tx.set(CASES, id, record);
      writeWords(tx, { ...record, id }, doc);
      return { ...next, tokens: record.tokens, updatedAt: record.updatedAt };
    });
  }

  /**
   * Stores uploads as the case's documents. The bytes go to the blob port first; the case's
   * transaction then checks, on the case as it is at that moment, who may add them and that the
   * case stays within `MAX_DOCUMENTS` — so simultaneous uploads can never pass the cap — and
   * whatever it refuses is deleted again.
   */
  async function storeUploads(id: string, viewer: Viewer, uploads: readonly DocumentUpload[], result: boolean): Promise<Case> {
    const allowed = (latest: Case, as: "requester" | "team") => {
      if (result) return latest.status === "in_progress";
      return as === "team" || latest.status === "waiting_documents";
    };
    const current = await read(id);
    const view = current ? viewOf(current, viewer) : null;
    if (!current || !view) throw new CaseError("not-found");
    if (!allowed(current, view.as)) throw new CaseError("invalid-transition", current.status);
    if (current.documents.length + uploads.length > MAX_DOCUMENTS) throw new CaseError("too-many-documents");
    const at = now();
    const stored: CaseDocument[] = [];
    try {
      for (const upload of uploads) {
        const doc = await storeDocument(blobs, id, upload, view.as, at);
        stored.push(result ? { ...doc, result: true } : doc);
      }
      return await update(id, (latest) => {
        const latestView = viewOf(latest, viewer);
        if (!latestView) throw new CaseError("not-found");
        if (!allowed(latest, latestView.as)) throw new CaseError("invalid-transition", latest.status);
        if (latest.documents.length + stored.length > MAX_DOCUMENTS) throw new CaseError("too-many-documents");
        return { ...latest, documents: [...latest.documents, ...stored] };
      });
    } catch (error) {
      await Promise.all(stored.map((doc) => blobs.delete(documentKey(id, doc.id))));
      throw error;
    }
  }

  return {
    viewOf,

    /**
     * A request from a service page becomes a case (`received`), with its documents. It belongs
     * to `requesterUid`, the person signed in when filing it (whatever email the form gave), or
     * to nobody: a visitor's case stays one even when its email is an account's, until the
     * person proves the address with the signed link its emails carry (`claim`).
     */
    async create(input: { type: CaseType; requesterUid: string | null; contact: CaseContact; details: Case["details"]; lang: string; documents?: readonly DocumentUpload[] }): Promise<Case> {
      const uploads = input.documents ?? [];
      if (uploads.length > MAX_DOCUMENTS) throw new CaseError("too-many-documents");
      const id = newDocumentId();
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
        quotes: [],
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
        await store.runTransaction(async (tx) => {
          tx.create(CASES, id, record);
          writeWords(tx, item, null);
        });
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

    /**
     * The team moves a case to `to` with a comment the requester sees; only the lifecycle's steps
     * and what they ask for (`STEP_REQUIREMENTS`): work starts after an accepted quote; a case
     * completes when the documents asked for last arrived or with `waiver`, the reason they did
     * not (kept in the history), and after an accepted quote with a result document.
     */
    async move(id: string, admin: TeamMember, to: CaseStatus, comment: string, options: { waiver?: string } = {}): Promise<Case> {
      const waiver = (options.waiver ?? "").trim().slice(0, 2000);
      const item = await update(id, (current) => {
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
            { at: now().toISOString(), byUid: admin.uid, by: "team", from: current.status, to, comment: comment.trim().slice(0, 2000), ...(outstanding ? { waiver } : {}) },
          ],
        };
      });
      await notify("status", item);
      return item;
    },

    /**
     * The team quotes a price (VAT included) for the work: what it covers and until which day it
     * can be accepted. The case waits for the requester's answer (`quoted`); a quote still
     * unanswered is replaced. The requester is emailed.
     */
    async sendQuote(id: string, admin: TeamMember, input: { amountCents: number; description: string; validUntil: string }): Promise<Case> {
      const description = input.description.trim();
      const today = madridDay(now());
      const latest = madridDay(new Date(now().getTime() + QUOTE_LIMITS.maxValidDays * 86_400_000));
      if (!Number.isInteger(input.amountCents) || input.amountCents < QUOTE_LIMITS.minCents || input.amountCents > QUOTE_LIMITS.maxCents) throw new CaseError("invalid", "amount");
      if (!description || description.length > QUOTE_LIMITS.descriptionMax) throw new CaseError("invalid", "description");
      if (!/^\d{4}-\d{2}-\d{2}$/.test(input.validUntil) || input.validUntil < today || input.validUntil > latest) throw new CaseError("invalid", "validUntil");
      const item = await update(id, (current) => {
        if (UNQUOTED_TYPES.includes(current.type) || !QUOTE_STEPS.send.from.includes(current.status)) throw new CaseError("invalid-transition", current.status);
        const at = now().toISOString();
        const quote: CaseQuote = { n: current.quotes.length + 1, amountCents: input.amountCents, description, validUntil: input.validUntil, sentAt: at, byUid: admin.uid, status: "pending", answeredAt: null, reason: "" };
        return {
          ...current,
          status: QUOTE_STEPS.send.to,
          quotes: [...current.quotes.map((old) => (old.status === "pending" ? { ...old, status: "superseded" as const } : old)), quote],
          history: [...current.history, { at, byUid: admin.uid, by: "team", from: current.status, to: QUOTE_STEPS.send.to, comment: "" }],
        };
      });
      await notify("quote", item);
      return item;
    },

    /**
     * The requester accepts quote `n` (the one pending, not past its day): work starts
     * (`in_progress`), the platform invoices it, and the requester and the team are emailed.
     */
    async acceptQuote(id: string, viewer: Viewer, n: number): Promise<Case> {
      const item = await update(id, (current) => {
        const view = viewOf(current, viewer);
        if (!view || view.as !== "requester") throw new CaseError("not-found");
        const quote = pendingQuote(current);
        if (!quote || quote.n !== n || !QUOTE_STEPS.accept.from.includes(current.status)) throw new CaseError("stale-quote");
        if (isQuoteExpired(quote, now())) throw new CaseError("quote-expired");
        const at = now().toISOString();
        return {
          ...current,
          status: QUOTE_STEPS.accept.to,
          quotes: current.quotes.map((old) => (old.n === n ? { ...old, status: "accepted" as const, answeredAt: at } : old)),
          history: [...current.history, { at, byUid: viewer.uid, by: "requester", from: current.status, to: QUOTE_STEPS.accept.to, comment: "" }],
        };
      });
      const quote = item.quotes.find((q) => q.n === n)!;
      try {
        await deps.invoiceQuote?.(item, quote);
      } catch (error) {
        console.error(`[cases] invoicing quote ${n} of case ${item.id} failed:`, error);
      }
      await notify("quote-accepted", item);
      return item;
    },

    /** The requester declines quote `n` (with an optional reason): the team reviews the case again and is emailed. */
    async declineQuote(id: string, viewer: Viewer, n: number, reason: string): Promise<Case> {
      const clean = reason.trim().slice(0, 2000);
      const item = await update(id, (current) => {
        const view = viewOf(current, viewer);
        if (!view || view.as !== "requester") throw new CaseError("not-found");
        const quote = pendingQuote(current);
        if (!quote || quote.n !== n || !QUOTE_STEPS.decline.from.includes(current.status)) throw new CaseError("stale-quote");
        const at = now().toISOString();
        return {
          ...current,
          status: QUOTE_STEPS.decline.to,
          quotes: current.quotes.map((old) => (old.n === n ? { ...old, status: "declined" as const, answeredAt: at, reason: clean } : old)),
          history: [...current.history, { at, byUid: viewer.uid, by: "requester", from: current.status, to: QUOTE_STEPS.decline.to, comment: clean }],
        };
      });
      await notify("quote-declined", item);
      return item;
    },

    /** An internal note (the team's alone). */
    async addNote(id: string, admin: TeamMember, text: string): Promise<Case> {
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
      return storeUploads(id, viewer, uploads, false);
    },

    /**
     * The team delivers the work's result documents (PDF, JPEG or PNG, by their bytes) while the
     * work is in progress; only the requester and the team can download them. The requester is emailed.
     */
    async deliver(id: string, admin: TeamMember, uploads: readonly DocumentUpload[]): Promise<Case> {
      // The team's view of the case (the guard established who this is).
      const item = await storeUploads(id, { uid: admin.uid, role: "admin" }, uploads, true);
      await notify("delivered", item);
      return item;
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

    /**
     * The secret part of the link a visitor's case's emails carry (valid `CLAIM_LINK_DAYS` from
     * now; every email gets a fresh one), or null for a case that has an account already.
     */
    claimLink(item: Pick<Case, "id" | "requesterUid" | "contact">): string | null {
      if (item.requesterUid !== null || claimSecrets.length === 0) return null;
      return signClaim(claimSecrets[0]!, { id: item.id, email: item.contact.email }, new Date(now().getTime() + CLAIM_LINK_DAYS * 86_400_000));
    },

    /**
     * Attaches a visitor's case to the account of `person` (signed in) given its link's `token`:
     * only for a token we signed for this case and its address, before its expiry, while the case
     * is still a visitor's, and when the person's own email is that address. Decided inside the
     * transaction that attaches it, so two clicks at once attach it once. Never throws for a bad
     * link: the outcome says why (see `ClaimOutcome`).
     */
    async claim(id: string, token: string, person: { uid: string; email: string }): Promise<ClaimOutcome> {
      if (!isCaseId(id) || claimSecrets.length === 0) return "invalid";
      let outcome: ClaimOutcome = "invalid";
      try {
        await update(id, (current) => {
          const link = readClaim(claimSecrets, { id: current.id, email: current.contact.email }, token, now());
          if (link === "invalid") outcome = "invalid";
          else if (current.requesterUid === person.uid) outcome = "already-yours";
          else if (current.requesterUid !== null) outcome = "used";
          else if (link === "expired") outcome = "expired";
          else if (!sameEmail(person.email, current.contact.email)) outcome = "other-email";
          else outcome = "claimed";
          if (outcome !== "claimed") throw new CaseError("not-found", outcome);
          return { ...current, requesterUid: person.uid, attachedAt: now().toISOString() };
        });
      } catch (error) {
        // A missing case leaves the outcome `invalid`; a refusal set it before throwing.
        if (error instanceof CaseError && error.code === "not-found") return outcome;
        throw error;
      }
      return outcome;
    },

    /**
     * The admin's list: newest first, filtered by status, type, creation dates and free text
     * (every word of `text` must be among the case's words: the first in the store with
     * `array-contains`, the others in memory), 25 a page.
     */
    async search(filters: CaseFilters): Promise<{ items: Case[]; total: number; page: number; pageCount: number }> {
      const words = searchTokens(filters.text ?? "").slice(0, 8);
      const where: Array<readonly [string, "==" | ">=" | "<", unknown]> = [];
      if (filters.status) where.push(["status", "==", filters.status]);
      if (filters.type) where.push(["type", "==", filters.type]);
      if (filters.from) where.push(["createdAt", ">=", filters.from]);
      if (filters.to) where.push(["createdAt", "<", `${filters.to}\uffff`]);
      const paged = (total: number) => {
        const pageCount = Math.max(1, Math.ceil(total / CASES_PAGE_SIZE));
        const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
        return { page, pageCount, start: (page - 1) * CASES_PAGE_SIZE };
      };

      if (words.length === 0) {
        const query = { collection: CASES, where: [...where], orderBy: [["createdAt", "desc"]] as Array<[string, "desc"]> };
        // Counted without the ordering: every case has `createdAt`, and SQLite counts the
        // collection's keys faster than it checks each row's ordering field.
        const total = await store.count({ collection: CASES, where: [...where] });
        const { page, pageCount, start } = paged(total);
        const docs = await store.query<Omit<Case, "id">>({ ...query, limit: start + CASES_PAGE_SIZE });
        return { items: docs.slice(start) as Case[], total, page, pageCount };
      }

      // Every word's entries (newest first, same filters); the cases that have them all.
      const lists = await Promise.all(
        words.map((word) => store.query<WordEntry>({ collection: CASE_WORDS, where: [["word", "==", word], ...where], orderBy: [["createdAt", "desc"]], limit: SEARCH_WINDOW })),
      );
      const others = lists.slice(1).map((list) => new Set(list.map((entry) => entry.caseId)));
      const ids = lists[0]!.map((entry) => entry.caseId).filter((id) => others.every((set) => set.has(id)));
      const { page, pageCount, start } = paged(ids.length);
      const docs = await store.getMany<Omit<Case, "id">>(CASES, ids.slice(start, start + CASES_PAGE_SIZE));
      return { items: docs.filter((doc) => doc !== null) as Case[], total: ids.length, page, pageCount };
    },

    /** Writes the word index of every case again (after a change of how words are read). */
    async reindexWords(): Promise<number> {
      let done = 0;
      let after: string | null = null;
      for (;;) {
        const batch: Array<Case> = (await store.query<Omit<Case, "id">>({ collection: CASES, orderBy: [["createdAt", "asc"]], ...(after ? { where: [["createdAt", ">", after]] } : {}), limit: 200 })) as Case[];
        if (batch.length === 0) return done;
        for (const item of batch) {
          await store.runTransaction(async (tx) => {
            const tokens = tokensOf(item);
            tx.update(CASES, item.id, { tokens });
            writeWords(tx, { ...item, tokens }, null);
          });
          done++;
        }
        after = batch[batch.length - 1]!.createdAt;
      }
    },

    /**
     * The admin dashboard: counts by status and by type (counted by the store, not read), the
     * requests of the last seven days, and the five oldest open cases.
     */
    async overview(): Promise<{ byStatus: Record<string, number>; byType: Record<string, number>; lastWeek: number; oldestOpen: Case[] }> {
      const count = (where: Array<readonly [string, "==" | ">=", unknown]>) => store.count({ collection: CASES, where: [...where] });
      const weekAgo = new Date(now().getTime() - 7 * 86_400_000).toISOString();
      const [statusCounts, typeCounts, lastWeek, open] = await Promise.all([
        Promise.all(caseStatuses.map((status) => count([["status", "==", status]]))),
        Promise.all(caseTypes.map((type) => count([["type", "==", type]]))),
        count([["createdAt", ">=", weekAgo]]),
        Promise.all(OPEN_STATUSES.map((status) => store.query<Omit<Case, "id">>({ collection: CASES, where: [["status", "==", status]], orderBy: [["createdAt", "asc"]], limit: 5 }))),
      ]);
      const byStatus = Object.fromEntries(caseStatuses.map((status, index) => [status, statusCounts[index]!]));
      const byType = Object.fromEntries(caseTypes.map((type, index) => [type, typeCounts[index]!]));
      const oldestOpen = (open.flat() as Case[]).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, 5);
      return { byStatus, byType, lastWeek, oldestOpen };
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
