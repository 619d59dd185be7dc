import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";

/**
 * The one way a page says "done" after a form (decision record 033): the action redirects with a
 * notice flashed into the session cookie (`ctx.redirectWithNotice(to, notice)`), the root loader
 * takes it out (shown once), translates it and clears it, and the page shows `useNotice()` where
 * its notice goes. No query word carries it, so a reload or a shared link never repeats it, and a
 * visitor's page with a notice is never one the page cache keeps (it carries a session cookie).
 */

/** A message key with its namespace (`"admin:case.done.status"`), and its interpolation values. */
export type NoticeKey = `${string}:${string}`;
export type FlashNotice = { key: NoticeKey; values?: Record<string, string | number> };

/** What the root loader hands the page: the key (for pages that show more than a line), the text, and an id. */
export type ShownNotice = { id: string; key: NoticeKey; text: string };

/** Which location first showed each notice: client navigations later in the same page load do not repeat it. */
const shownAt = new Map<string, string>();

/**
 * The notice the last form left for this page, or null. `keys` narrows it to the ones this page
 * shows (a notice meant for another page is not shown here).
 */
export function useNotice(...keys: NoticeKey[]): ShownNotice | null {
  const root = useRouteLoaderData<{ notice?: ShownNotice | null }>("root");
  const location = useLocation();
  const notice = root?.notice ?? null;
  if (!notice || (keys.length > 0 && !keys.includes(notice.key))) return null;
  if (typeof document === "undefined") return notice;
  const at = shownAt.get(notice.id);
  if (at === undefined) {
    shownAt.set(notice.id, location.key);
    return notice;
  }
  return at === location.key ? notice : null;
}

/** The last segment of a notice's key (`"admin:case.done.status"` → `"status"`), for pages that vary by it. */
export function noticeName(notice: ShownNotice | null): string | null {
  return notice ? (notice.key.split(".").at(-1) ?? null) : null;
}

/**
 * A key for a form that comes back empty once saved: a new one each time one of `keys` shows (a
 * save of that form), kept until the next. React keeps a form's elements through the navigation
 * that follows its save when the page draws a form at the same place again — a file input its
 * files, a select its choice, a text field what was typed — so the check-out's form would send the
 * check-in's photos. Keyed by this, the form saved is drawn anew (`<Form key={…}>`); a refused save
 * flashes no notice, so what was typed stays, files included. Without JavaScript every save is a
 * new page anyway. It is "" until a save: sibling forms prefix it with their own name.
 */
export function useSavedFormKey(...keys: NoticeKey[]): string {
  const notice = useNotice(...keys);
  const [saved, setSaved] = useState(notice?.id ?? "");
  // The notice goes on the next client navigation; the form stays as it was drawn after it.
  if (notice && notice.id !== saved) setSaved(notice.id);
  return notice?.id ?? saved;
}
