import { useLocation, useNavigation } from "@remix-run/react";

/**
 * The one pending check (decision record 033): whether a form of the page is on its way, to grey
 * out its button or say "Sending…". Narrow it to one form with `formAction` (the path it posts
 * to) and/or `intent` (the value of its `intent` field). By default it is true while the form is
 * submitted; `untilIdle` keeps it true until the page it leads to has loaded (and during any
 * other navigation), so a button cannot be pressed twice before the next page shows.
 * `samePath` asks another question, the search pages' "loading results": whether the page is
 * loading a new location on its own path (a filter form sent by GET, a page link), not a form
 * posted to an action.
 */
export function usePending(options: { formAction?: string; intent?: string; untilIdle?: boolean; samePath?: boolean } = {}): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { formAction, intent, untilIdle = false, samePath = false } = options;
  if (samePath) return navigation.state === "loading" && navigation.location.pathname === pathname;
  if (untilIdle ? navigation.state === "idle" : navigation.state !== "submitting") return false;
  if (formAction !== undefined && navigation.formAction !== formAction) return false;
  if (intent !== undefined && navigation.formData?.get("intent") !== intent) return false;
  return true;
}

/**
 * `value` once no navigation is under way, else undefined: an action's reply (conform's
 * `lastResult`) is shown when the page has settled, not over the form being sent again.
 */
export function useWhenIdle<T>(value: T): T | undefined {
  return useNavigation().state === "idle" ? value : undefined;
}
