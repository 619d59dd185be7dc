import { useSyncExternalStore } from "react";

/**
 * The current user in the browser, held in one place. `loading` starts true and becomes
 * false when the session fetch (GET /api/auth/me) finishes; a failed fetch means signed out.
 */
export type CurrentUser = { uid: string; email: string; displayName: string; slug: string; role: string | null };
type State = { user: CurrentUser | null; loading: boolean };

let state: State = { user: null, loading: true };
const listeners = new Set<() => void>();
let pending: Promise<void> | null = null;

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

/** Fetches the session; concurrent calls share one request. */
export function refreshCurrentUser(): Promise<void> {
  pending ??= (async () => {
    try {
      const response = await fetch("/api/auth/me", { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok) {
        set({ user: null, loading: false });
        return;
      }
      // The spec: the response is `{ user }` or the user directly.
      const body = (await response.json()) as { user?: CurrentUser } | CurrentUser;
      const user = "user" in body && body.user ? body.user : (body as CurrentUser);
      set({ user: user && typeof user.uid === "string" ? user : null, loading: false });
    } catch (error) {
      console.warn("Session fetch failed; treating as signed out", error);
      set({ user: null, loading: false });
    } finally {
      pending = null;
    }
  })();
  return pending;
}

/** Sign-out clears the user at once, whatever the server answers. */
export function clearCurrentUser() {
  set({ user: null, loading: false });
}

const serverState: State = { user: null, loading: true };

export function useCurrentUser(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => serverState,
  );
}
