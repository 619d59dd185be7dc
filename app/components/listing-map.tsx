import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "#app/root";
import type { MapPoint } from "#app/utils/listings/view";
import { useLang, useLocalizePath } from "#app/utils/use-lang";
import type { ListingMapHandle, ListingMapOptions } from "./listing-map.client";
import { formatEuros } from "./price";

/**
 * A map of listings, drawn in the browser only: nothing is rendered on the server or without
 * JavaScript (the list beside it is the page's content), and Leaflet is loaded on demand.
 * Tiles come from MAP_TILE_URL (the root's public ENV).
 */
export function ListingMap({ points, label, className = "" }: { points: readonly MapPoint[]; label: string; className?: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const tileUrl = root?.ENV.MAP_TILE_URL;
  const attribution = root?.ENV.MAP_ATTRIBUTION ?? "";
  const { t } = useTranslation("listing");
  const lang = useLang();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<ListingMapHandle | null>(null);
  const [mounted, setMounted] = useState(false);
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

  useEffect(() => setMounted(true), []);
  const visible = mounted && Boolean(tileUrl) && points.length > 0;

  useEffect(() => {
    if (!visible || !tileUrl) return;
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
  }, [visible, tileUrl, attribution]);

  useEffect(() => {
    if (ready) handle.current?.update(points);
  }, [ready, points]);

  if (!visible || failed) return null;
  return (
    <section aria-label={label} className={`isolate overflow-hidden rounded-2xl border border-slate-200 dark:border-white/10 ${className}`}>
      <div ref={element} className="h-full w-full bg-sea-50 dark:bg-sea-900" data-testid="listing-map" />
    </section>
  );
}
