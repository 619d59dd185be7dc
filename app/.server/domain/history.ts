import { createCookie, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { getSessionUser } from "../auth/guards";
import type { Config } from "../config";
import type { DocumentStore } from "../store";
import { getListingsByIds, isListingId, isVisibleTo } from "./favourites";
import type { Listing, ListingsService } from "./listings";

/**
 * Recently viewed listings (/historial).
 *
 * - Signed-in people: one document per person and listing in `history`, id `<uid>_<listingId>`,
 *   fields `uid`, `listingId`, `viewedAt` (a new view moves it to the top); the latest
 *   HISTORY_MAX_ENTRIES are kept, older ones are pruned as views are recorded.
 * - Visitors: the ids, newest first, in the signed cookie `recently_viewed` (httpOnly, SameSite
 *   Lax, 30 days, at most RECENTLY_VIEWED_MAX_IDS ids). A cookie that fails the signature or
 *   does not hold a list of ids is ignored.
 * - Signing in does not merge the visitor's cookie into the person's history, and signing out
 *   does not copy it back: the two are kept apart, which keeps this simple and never attributes
 *   a shared computer's browsing to whoever signs in next.
 *
 * Lists show only listings the viewer may still see (published, or their own); the listings
 * are read in one batch.
 */
export const HISTORY = "history";
export const HISTORY_MAX_ENTRIES = 50;
export const RECENTLY_VIEWED_COOKIE = "recently_viewed";
export const RECENTLY_VIEWED_MAX_IDS = 20;
export const RECENTLY_VIEWED_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Firestore's limit of writes per transaction. */
const MAX_WRITES_PER_TRANSACTION = 500;

export type HistoryRecord = { uid: string; listingId: string; viewedAt: string };

/** Whose history: a signed-in person, or a visitor (null) whose history is the cookie. */
export type HistoryViewer = { uid: string } | null;

const cookieIdsSchema = z.array(z.string().refine(isListingId)).max(RECENTLY_VIEWED_MAX_IDS * 2);

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export function createHistoryService(deps: {
  store: DocumentStore;
  /**
   * The services' common shape. Lists read their listings in one batch through the store
   * (`getListingsByIds`), as the listings service reads one id at a time.
   */
  listings: ListingsService;
  /** The cookie's signing secrets (newest first, as the session cookie's) and whether it is Secure. */
  config: Pick<Config, "sessionSecrets" | "isProduction">;
}) {
  const { store, config } = deps;
  const docId = (uid: string, listingId: string) => `${uid}_${listingId}`;

  const cookie = createCookie(RECENTLY_VIEWED_COOKIE, {
    secrets: config.sessionSecrets,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.isProduction,
    maxAge: RECENTLY_VIEWED_MAX_AGE_SECONDS,
  });

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
      const record: HistoryRecord = { uid: viewer.uid, listingId, viewedAt: new Date().toISOString() };
      await store.set(HISTORY, docId(viewer.uid, listingId), record);
      await prune(viewer.uid);
      return null;
    },

    /** The listings the viewer opened, most recent first, that they may still see (one batch read). */
    async list(viewer: HistoryViewer, request: Request): Promise<Listing[]> {
      const ids = await idsOf(viewer, request);
      const found = await getListingsByIds(store, ids);
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

/**
 * For the boat and dock pages: records the view for whoever is looking (signed in or not, no
 * guard: the pages are public) and returns the `Set-Cookie` value to add to the page's response
 * headers, or null.
 */
export async function recordView(request: Request, context: AppLoadContext, listingId: string): Promise<string | null> {
  const user = await getSessionUser(request, context);
  return context.services.history.record(user ? { uid: user.uid } : null, listingId, request);
}
