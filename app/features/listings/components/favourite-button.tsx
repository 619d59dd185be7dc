import { useFetcher, useLocation } from "@remix-run/react";
import { Link } from "#app/framework/link";
import { useTranslation } from "react-i18next";
import { href } from "#app/utils/href";
import { useLang } from "#app/utils/use-lang";

/** Where the button posts (`app/features/favourites/routes/favourite.ts`). */
export const FAVOURITE_ACTION = "/resources/favourite";

/** What the resource route answers a fetcher: the new state, or a translated error. */
type FavouriteActionData = { favourite: boolean } | { error: string };

/**
 * The heart is drawn by the stylesheet (`fav-button` in `app/tailwind.css`): the button's
 * `::before`, masked by one of the two `<mask>`s of `HeartMasks`, which a page that shows hearts carries once
 * (its results, its listing's header, its saved listings). A search page shows 24 hearts: one drawing in the page instead of 24 inline
 * copies, and no image file (decisions 045 and 057). `heart-filled` draws it filled.
 */
function heartClass(filled: boolean, className: string | undefined): string {
  return `fav-button ${filled ? "heart-filled" : "heart-outline"}${className ? ` ${className}` : ""}`;
}

/** The heart's two drawings (24 × 24, as the icon was), for the buttons' masks: outline and filled. */
export function HeartMasks() {
  const d = "M12 20.5s-7.5-4.4-9.2-9.3C1.7 7.9 3.9 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.7 1.1-1.6 2.7-2.7 4.7-2.7 3.4 0 5.6 3.4 4.5 6.7-1.7 4.9-9.2 9.3-9.2 9.3z";
  return (
    <svg width="0" height="0" aria-hidden="true" className="absolute">
      <mask id="heart-outline" maskContentUnits="objectBoundingBox">
        <path d={d} transform="scale(0.0416667)" fill="none" stroke="#fff" strokeWidth={1.8} strokeLinejoin="round" />
      </mask>
      <mask id="heart-filled" maskContentUnits="objectBoundingBox">
        <path d={d} transform="scale(0.0416667)" fill="#fff" stroke="#fff" strokeWidth={1.8} strokeLinejoin="round" />
      </mask>
    </svg>
  );
}

/**
 * The heart of a listing. Signed in: a plain POST form (works without JavaScript: the server
 * stores the change and sends the browser back to this page) that JavaScript turns into a
 * fetcher, so the heart changes at once and the page's data is revalidated behind it; the
 * fetcher's key is per listing, so every heart of the same listing on a page agrees.
 * Anonymous: a link to sign in that comes back to this page.
 *
 * Pages that show it list "favourites" in their `handle.i18n` (the button's labels).
 */
export function FavouriteButton({ listingId, favourite, signedIn, className }: { listingId: string; favourite: boolean; signedIn: boolean; className?: string }) {
  const { t } = useTranslation("favourites");
  const fetcher = useFetcher<FavouriteActionData>({ key: `favourite-${listingId}` });
  const location = useLocation();
  const lang = useLang();
  const here = location.pathname + location.search;

  if (!signedIn) {
    return (
      <Link
        to={href("login", { lang, search: { redirect: here } })}
        className={heartClass(false, className)}
        // Its name and its tooltip in one attribute: 24 of these make a search page.
        title={t("button.signIn")}
      />
    );
  }

  // While a change is on its way (and while the page's data reloads after it), show the change.
  const pending = fetcher.formData?.get("intent");
  const shown = pending === "add" ? true : pending === "remove" ? false : favourite;
  const error = fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const label = t(shown ? "button.remove" : "button.add");

  return (
    <fetcher.Form method="post" action={FAVOURITE_ACTION} className={`inline-flex flex-col items-end gap-1${className ? ` ${className}` : ""}`}>
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="redirect" value={here} />
      {/* Raw: the heart is an icon drawn by heartClass, no button variant; it has no text of its own. */}
      <button
        type="submit"
        name="intent"
        value={shown ? "remove" : "add"}
        aria-pressed={shown}
        aria-label={label}
        title={label}
        className={heartClass(shown, undefined)}
        data-testid={`favourite-${listingId}`}
      />
      {error ? (
        <p role="alert" className="max-w-48 rounded-md bg-white/95 px-2 py-1 text-right text-xs font-medium text-coral-600 shadow-sm dark:bg-sea-950/90 dark:text-coral-300">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
