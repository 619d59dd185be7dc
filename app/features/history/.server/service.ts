import { z } from "zod";
import type { DocumentStore } from "#app/.server/store";
import { isListingId, isVisibleTo, type Listing, type ListingsService } from "#app/features/listings/.server";
import { HISTORY, HISTORY_MAX_ENTRIES, RECENTLY_VIEWED_COOKIE, RECENTLY_VIEWED_MAX_IDS, type HistoryRecord, type HistoryViewer, type RecentlyViewedCookie } from "./model";

/** Firestore's limit of writes per transaction. */
const MAX_WRITES_PER_TRANSACTION = 500;

const cookieIdsSchema = z.array(z.string().refine(isListingId)).max(RECENTLY_VIEWED_MAX_IDS * 2);

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export function createHistoryService(deps: {
  store: DocumentStore;
  /** Lists read their listings in one batch (`getMany`). */
  listings: Pick<ListingsService, "getMany">;
  /** The visitors' signed cookie. */
  cookie: RecentlyViewedCookie;
}) {
  const { store, listings, cookie } = deps;
  const docId = (uid: string, listingId: string) => `${uid}_${listingId}`;

  /** The visitor's ids, newest first; [] without a cookie or with one that fails the signature or the shape. */
  async function readCookie(request: Request): Promise<string[]> {
    const header = request.headers.get("Cookie");
    if (!header) return [];
    let value: unknown;
    try {
      value = await cookie.parse(header);
    } catch {
      return [];
    }
    const parsed = cookieIdsSchema.safeParse(value);
    return parsed.success ? [...new Set(parsed.data)].slice(0, RECENTLY_VIEWED_MAX_IDS) : [];
  }

  function hasCookie(request: Request): boolean {
    const header = request.headers.get("Cookie") ?? "";
    return header.split(";").some((part) => part.trim().startsWith(`${RECENTLY_VIEWED_COOKIE}=`));
  }

  async function deleteAll(ids: readonly string[]): Promise<void> {
    for (const batch of chunk(ids, MAX_WRITES_PER_TRANSACTION)) {
      await store.runTransaction(async (tx) => {
        for (const id of batch) tx.delete(HISTORY, id);
      });
    }
  }

  /** Keeps the person's latest HISTORY_MAX_ENTRIES views: one count, and a read of the excess only. */
  async function prune(uid: string): Promise<void> {
    const total = await store.count({ collection: HISTORY, where: [["uid", "==", uid]] });
    if (total <= HISTORY_MAX_ENTRIES) return;
    const oldest = await store.query<HistoryRecord>({
      collection: HISTORY,
      where: [["uid", "==", uid]],
      orderBy: [["viewedAt", "asc"]],
      limit: total - HISTORY_MAX_ENTRIES,
    });
    await deleteAll(oldest.map((doc) => doc.id));
  }

  async function idsOf(viewer: HistoryViewer, request: Request): Promise<string[]> {
    if (viewer === null) return readCookie(request);
    const docs = await store.query<HistoryRecord>({
      collection: HISTORY,
      where: [["uid", "==", viewer.uid]],
      orderBy: [["viewedAt", "desc"]],
      limit: HISTORY_MAX_ENTRIES,
    });
    return docs.map((doc) => doc.listingId);
  }

  return {
    /**
     * Records that the viewer opened a listing (its detail page). For a visitor, returns the
     * `Set-Cookie` value to send with the page; for a signed-in person, null. An id that cannot
     * be a listing id records nothing.
     */
    async record(viewer: HistoryViewer, listingId: string, request: Request): Promise<string | null> {
      if (!isListingId(listingId)) return null;
      if (viewer === null) {
        const ids = [listingId, ...(await readCookie(request)).filter((id) => id !== listingId)].slice(0, RECENTLY_VIEWED_MAX_IDS);
        return cookie.serialize(ids);
      }
      const id = docId(viewer.uid, listingId);
      const [newest] = await store.query<HistoryRecord>({ collection: HISTORY, where: [["uid", "==", viewer.uid]], orderBy: [["viewedAt", "desc"]], limit: 1 });
      // Viewing again the listing already at the top (a reload, a return from the booking form)
      // changes nothing anyone sees: no write.
      if (newest?.listingId === listingId) return null;
      const seen = await store.get<HistoryRecord>(HISTORY, id);
      const record: HistoryRecord = { uid: viewer.uid, listingId, viewedAt: new Date().toISOString() };
      await store.set(HISTORY, id, record);
      // Only a new entry can take the person past the cap.
      if (!seen) await prune(viewer.uid);
      return null;
    },

    /** The listings the viewer opened, most recent first, that they may still see (one batch read). */
    async list(viewer: HistoryViewer, request: Request): Promise<Listing[]> {
      const ids = await idsOf(viewer, request);
      const found = await listings.getMany(ids);
      const uid = viewer?.uid ?? null;
      return found.filter((listing): listing is Listing => listing !== null && isVisibleTo(listing, uid));
    },

    /**
     * Forgets the viewer's history. Returns a `Set-Cookie` value that removes the visitor cookie
     * when the request carries one (for a signed-in person too: "clear" clears this browser's
     * visitor history as well), else null.
     */
    async clear(viewer: HistoryViewer, request: Request): Promise<string | null> {
      if (viewer !== null) {
        const docs = await store.query<HistoryRecord>({ collection: HISTORY, where: [["uid", "==", viewer.uid]] });
        await deleteAll(docs.map((doc) => doc.id));
      }
      return hasCookie(request) ? cookie.serialize("", { maxAge: 0, expires: new Date(0) }) : null;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
