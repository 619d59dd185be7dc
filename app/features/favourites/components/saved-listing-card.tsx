import { useTranslation } from "react-i18next";
import type { ListingCardView } from "#app/features/listings";
import { FavouriteButton, HeartMasks } from "#app/features/listings";
import { BoatListingCard, DockListingCard } from "#app/features/listings";

/**
 * A saved or recently viewed listing (/favoritos, /historial): the search's card with the
 * favourite heart in its `actions` slot, or — for a favourite whose listing was paused,
 * archived or removed — a card that says it is no longer available (not linked), with the heart
 * to remove it. Built on the server by `app/features/listings/cards.server.ts`.
 */
export type SavedListingItem =
  | { listingId: string; favourite: boolean; available: true; card: ListingCardView }
  | {
      listingId: string;
      favourite: boolean;
      available: false;
      /** What it was, when its document still exists. */
      kind: "boat" | "dock" | null;
      /** A boat's title, when still known. */
      title: string | null;
    };

function UnavailableCard({ item, signedIn }: { item: Extract<SavedListingItem, { available: false }>; signedIn: boolean }) {
  const { t } = useTranslation("favourites");
  const title = item.title ?? t(item.kind === "boat" ? "card.boat" : item.kind === "dock" ? "card.dock" : "card.untitled");
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-dashed border-slate-300 bg-slate-50 dark:border-white/20 dark:bg-white/5"
      aria-labelledby={`unavailable-${item.listingId}`}
    >
      <div className="flex aspect-[4/3] w-full items-center justify-center bg-slate-100 px-6 text-center font-semibold text-slate-600 dark:bg-white/10 dark:text-slate-300">
        {t("card.unavailable")}
      </div>
      <div className="absolute top-3 right-3 z-10">
        <FavouriteButton listingId={item.listingId} favourite={item.favourite} signedIn={signedIn} />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h2 id={`unavailable-${item.listingId}`} className="leading-snug font-semibold text-slate-600 dark:text-slate-300">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("card.unavailableBody")}</p>
      </div>
    </article>
  );
}

export function SavedListingGrid({ items, signedIn, label }: { items: SavedListingItem[]; signedIn: boolean; label: string }) {
  return (
    <>
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label={label}>
      {items.map((item) => {
        if (!item.available) {
          return (
            <li key={item.listingId} data-available="false">
              <UnavailableCard item={item} signedIn={signedIn} />
            </li>
          );
        }
        const actions = <FavouriteButton listingId={item.listingId} favourite={item.favourite} signedIn={signedIn} className="card-actions" />;
        return (
          <li key={item.listingId} data-available="true">
            {item.card.kind === "boat" ? (
              <BoatListingCard card={item.card} actions={actions} headingLevel={2} />
            ) : (
              <DockListingCard card={item.card} actions={actions} headingLevel={2} />
            )}
          </li>
        );
      })}
    </ul>
    <HeartMasks />
    </>
  );
}
