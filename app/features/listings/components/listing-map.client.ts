import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapPoint } from "#app/features/listings/view";

/**
 * The results map (Leaflet), browser-only: `listing-map.tsx` imports this module in an effect,
 * so the server never loads Leaflet and the page works without it. Everything here is built
 * with DOM calls (no HTML strings from data, no inline style attributes, which the CSP
 * forbids): markers are price pills (one pill with a count for several listings at one
 * place), and a marker's popup links to its listings.
 */
export type ListingMapOptions = {
  /** A tile URL template with {z}, {x} and {y} (MAP_TILE_URL). */
  tileUrl: string;
  /** Plain text, shown in the attribution control. */
  attribution: string;
  /** A marker's text: the price, or null for a dot. */
  markerLabel(point: MapPoint): string | null;
  /** The text of a marker standing for several listings at one place ("3 listings"). */
  groupLabel(count: number): string;
  /** The link of a popup, as an href for the current language. */
  hrefOf(point: MapPoint): string;
  /** Client-side navigation for a popup link. */
  navigate(point: MapPoint): void;
};

export type ListingMapHandle = {
  update(points: readonly MapPoint[]): void;
  destroy(): void;
};

const SINGLE_POINT_ZOOM = 12;
const MAX_FIT_ZOOM = 13;

function textAttribution(text: string): string {
  const span = document.createElement("span");
  span.textContent = text;
  return span.innerHTML;
}

function markerIcon(label: string | null): L.DivIcon {
  const pill = document.createElement("span");
  pill.className = label
    ? "absolute bottom-1 left-0 -translate-x-1/2 rounded-full border border-white bg-sea-800 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-white shadow-md"
    : "absolute -top-2 -left-2 block size-4 rounded-full border-2 border-white bg-sea-800 shadow-md";
  if (label) pill.textContent = label;
  // No iconSize: the pill sizes itself; the marker's corner sits on the point.
  return L.divIcon({ html: pill, className: "amarre-map-marker", iconSize: undefined, iconAnchor: [0, 0] });
}

function popupContent(points: readonly MapPoint[], options: ListingMapOptions): HTMLElement {
  const list = document.createElement("ul");
  list.className = "m-0 max-h-60 list-none space-y-2 overflow-y-auto p-0";
  for (const point of points) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = options.hrefOf(point);
    link.className = "font-semibold text-sea-700 underline";
    link.textContent = point.title;
    link.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      options.navigate(point);
    });
    item.append(link);
    const price = options.markerLabel(point);
    if (price) {
      const amount = document.createElement("span");
      amount.className = "block text-slate-600";
      amount.textContent = price;
      item.append(amount);
    }
    list.append(item);
  }
  return list;
}

/** Listings at the same coordinates (the boats of one port) share one marker. */
function groupByPlace(points: readonly MapPoint[]): MapPoint[][] {
  const groups = new Map<string, MapPoint[]>();
  for (const point of points) {
    const key = `${point.lat.toFixed(5)},${point.lng.toFixed(5)}`;
    groups.set(key, [...(groups.get(key) ?? []), point]);
  }
  return [...groups.values()];
}

export function createListingMap(element: HTMLElement, options: ListingMapOptions): ListingMapHandle {
  const map = L.map(element, { scrollWheelZoom: false, worldCopyJump: true });
  map.attributionControl.setPrefix(false);
  L.tileLayer(options.tileUrl, { attribution: textAttribution(options.attribution), maxZoom: 18 }).addTo(map);
  const markers = L.layerGroup().addTo(map);
  // Spain and the Balearic Islands until there are points.
  map.setView([40.0, -3.5], 5);

  return {
    update(points) {
      markers.clearLayers();
      const bounds = L.latLngBounds([]);
      for (const group of groupByPlace(points)) {
        const [first] = group;
        const label = group.length === 1 ? options.markerLabel(first) : options.groupLabel(group.length);
        const title = group.length === 1 ? first.title : `${label}: ${group.map((point) => point.title).join(", ")}`;
        const marker = L.marker([first.lat, first.lng], { icon: markerIcon(label), title, alt: title, keyboard: true, riseOnHover: true });
        marker.bindPopup(popupContent(group, options));
        markers.addLayer(marker);
        bounds.extend([first.lat, first.lng]);
      }
      if (bounds.isValid() && bounds.getNorthEast().equals(bounds.getSouthWest())) map.setView(bounds.getCenter(), SINGLE_POINT_ZOOM);
      else if (bounds.isValid()) map.fitBounds(bounds, { padding: [40, 40], maxZoom: MAX_FIT_ZOOM });
    },
    destroy() {
      map.remove();
    },
  };
}
