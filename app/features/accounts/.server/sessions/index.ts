import type { DocumentStore, StoredDoc } from "#app/.server/store";

/**
 * Which sessions have ended, known to every server without a read per request (decision record
 * 010). A session cookie names its person, a session id and when it was issued; a revocation is
 * either one session (signing out) or every session of a person issued before a moment (a new
 * password or email, a role change, "end all sessions"). Each server holds the revocations in
 * memory — loaded at start, then kept current by the store's watch, so a revocation written on
 * one server refuses the cookie on every server within about a second. Checking a request is two
 * map lookups. Revocations are kept as long as a cookie lives, then pruned.
 */
export const REVOCATIONS = "session-revocations";

type Revocation =
  | { kind: "session"; sid: string; uid: string; expiresAt: number }
  | { kind: "person"; uid: string; before: number; expiresAt: number };

export type SessionRef = { uid: string; sid: string | undefined; issuedAt: number | undefined };

export type SessionRevocations = {
  /** Loads what was revoked before this server started; call once before serving. */
  ready(): Promise<void>;
  isRevoked(session: SessionRef): boolean;
  /** Ends one session (signing out). */
  revokeSession(uid: string, sid: string): Promise<void>;
  /** Ends every session of a person issued until now. */
  revokeAll(uid: string): Promise<void>;
  /** Called whenever revocations arrive (open event streams check their own session). */
  onChange(listener: () => void): () => void;
  stats(): { sessions: number; people: number };
  close(): void;
};

export function createSessionRevocations(deps: { store: DocumentStore; maxAgeMs: number; now?: () => number }): SessionRevocations {
  const { store, maxAgeMs } = deps;
  // Sub-millisecond: a session issued right after a revocation (a new password, then a new
  // session) is never taken for one issued before it.
  const now = deps.now ?? (() => performance.timeOrigin + performance.now());
  const sessions = new Set<string>();
  const people = new Map<string, number>();
  const listeners = new Set<() => void>();
  let stopWatch: (() => void) | undefined;
  let lastPrune = now();

  function apply(docs: ReadonlyArray<StoredDoc<Revocation>>) {
    for (const doc of docs) {
      if (doc.kind === "session") sessions.add(doc.sid);
      else if (doc.kind === "person") people.set(doc.uid, Math.max(people.get(doc.uid) ?? 0, doc.before));
    }
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  async function prune() {
    const old = await store.query({ collection: REVOCATIONS, where: [["expiresAt", "<", now()]], limit: 200 });
    await Promise.all(old.map((doc) => store.delete(REVOCATIONS, doc.id)));
  }

  async function write(id: string, revocation: Revocation) {
    await store.set(REVOCATIONS, id, revocation);
    if (now() - lastPrune > 60 * 60 * 1000) {
      lastPrune = now();
      await prune().catch((error: unknown) => console.warn("[sessions] pruning revocations failed:", error));
    }
  }

  return {
    async ready() {
      const query = { collection: REVOCATIONS, where: [["expiresAt", ">=", now()]] as const };
      apply(await store.query<Revocation>({ ...query, where: [...query.where] }));
      stopWatch = store.watch<Revocation>(
        { ...query, where: [...query.where] },
        (docs) => {
          apply(docs);
          notify();
        },
        (error) => console.error("[sessions] watching revocations failed: revocations made on other servers are not seen", error),
      );
    },

    isRevoked({ uid, sid, issuedAt }) {
      if (sid !== undefined && sessions.has(sid)) return true;
      const before = people.get(uid);
      return before !== undefined && (issuedAt ?? 0) < before;
    },

    async revokeSession(uid, sid) {
      sessions.add(sid);
      notify();
      await write(`session:${sid}`, { kind: "session", sid, uid, expiresAt: now() + maxAgeMs });
    },

    async revokeAll(uid) {
      const before = now();
      people.set(uid, Math.max(people.get(uid) ?? 0, before));
      notify();
      await write(`person:${uid}`, { kind: "person", uid, before, expiresAt: before + maxAgeMs });
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    stats() {
      return { sessions: sessions.size, people: people.size };
    },

    close() {
      stopWatch?.();
      listeners.clear();
    },
  };
}
