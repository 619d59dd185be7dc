import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "#app/utils/root-data";
import type { MapPoint } from "#app/features/listings/view";
import { useLang, useLocalizePath } from "#app/utils/use-lang";
import type { ListingMapHandle, ListingMapOptions } from "./listing-map.client";
import { formatEuros } from "#app/utils/money";

/** How far ahead of the viewport the map starts loading Leaflet (about a screen's scroll). */
const LOAD_AHEAD = "300px";

/**
 * A map of listings. Its box is rendered on the server at its final size, so nothing moves
 * when it fills in; Leaflet (listing-map.client, a chunk of its own) is loaded only once the
 * box is about to be on screen (an IntersectionObserver), then draws into it. Without
 * JavaScript the box is left out (the list beside it is the page's content). With `toggle`,
 * phones (under 640 px) get a "Show map" switch instead of the map, and nothing loads until
 * it is opened. Tiles come from MAP_TILE_URL (the root's public ENV).
 */
export function ListingMap({
  points,
  label,
  className = "",
  toggle,
}: {
  points: readonly MapPoint[];
  label: string;
  className?: string;
  /** The phone switch's texts, closed and open. */
  toggle?: { show: string; hide: string };
}) {
  const root = useRootData();
  const tileUrl = root?.ENV.MAP_TILE_URL;
  const attribution = root?.ENV.MAP_ATTRIBUTION ?? "";
  const { t } = useTranslation("listing");
  const lang = useLang();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<ListingMapHandle | null>(null);
  const [near, setNear] = useState(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  // The latest callbacks, read by the map without recreating it.
  const latest = useRef<Omit<ListingMapOptions, "tileUrl" | "attribution">>();
  latest.current = {
    markerLabel: (point) => (point.price ? formatEuros(point.price.cents, lang) : null),
    groupLabel: (count) => t("map.group", { count }),
    hrefOf: (point) => localize(point.href),
    navigate: (point) => navigate(localize(point.href)),
  };

  const shown = Boolean(tileUrl) && points.length > 0;

  // Wait until the box is about to be seen (a hidden box, behind the phone switch, never is).
  useEffect(() => {
    const box = element.current;
    if (!shown || near || !box) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [shown, near]);

  useEffect(() => {
    if (!near || !tileUrl) return;
    let cancelled = false;
    import("./listing-map.client")
      .then(({ createListingMap }) => {
        if (cancelled || !element.current) return;
        handle.current = createListingMap(element.current, {
          tileUrl,
          attribution,
          markerLabel: (point) => latest.current!.markerLabel(point),
          groupLabel: (count) => latest.current!.groupLabel(count),
          hrefOf: (point) => latest.current!.hrefOf(point),
          navigate: (point) => latest.current!.navigate(point),
        });
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
      setReady(false);
    };
  }, [near, tileUrl, attribution]);

  useEffect(() => {
    if (ready) handle.current?.update(points);
  }, [ready, points]);

  if (!shown || failed) return null;
  const box = (
    <section
      aria-label={label}
      className={`isolate overflow-hidden rounded-2xl border border-slate-200 dark:border-white/10 ${toggle ? "hidden peer-open/map:block sm:block" : ""} ${className}`}
    >
      <div ref={element} className="h-full w-full bg-sea-50 dark:bg-sea-900" data-testid="listing-map" data-loaded={ready ? "true" : undefined} />
    </section>
  );
  // (scripting: none): without JavaScript the box would stay empty.
  return (
    <div className="[@media(scripting:none)]:hidden">
      {toggle ? (
        <details className="group/map peer/map mt-4 sm:hidden" data-testid="map-toggle">
          <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-sea-800 hover:bg-slate-50 dark:border-white/15 dark:text-sea-200 dark:hover:bg-white/5 [&::-webkit-details-marker]:hidden">
            <MapIcon />
            <span className="group-open/map:hidden">{toggle.show}</span>
            <span className="hidden group-open/map:inline">{toggle.hide}</span>
          </summary>
        </details>
      ) : null}
      {box}
    </div>
  );
}

function MapIcon() {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" />
    </svg>
  );
}
