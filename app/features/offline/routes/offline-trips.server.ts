import { createHash } from "node:crypto";
import type { Booking } from "#app/features/bookings/.server";
import type { Lang } from "#app/i18n";
import { href } from "#app/utils/href";

/**
 * Which of a person's pages their phone keeps for a day without coverage (decision 060): the trip
 * pages of their confirmed bookings that have not ended and start within `OFFLINE_TRIP_DAYS`, the
 * soonest `OFFLINE_TRIP_PAGES` of each side, and the two lists that lead to them. Nothing else
 * signed-in is ever kept by the service worker.
 */
export const OFFLINE_TRIP_DAYS = 30;
export const OFFLINE_TRIP_PAGES = 10;

/** The person's key for the worker's caches: the same person, the same key; nothing to read back. */
export const offlineKey = (uid: string) => createHash("sha256").update(`amarre-offline:${uid}`).digest("hex").slice(0, 24);

/** Confirmed, not ended, starting within the window: soonest first. */
export function upcomingTrips(bookings: readonly Booking[], now: Date): Booking[] {
  const until = new Date(now.getTime() + OFFLINE_TRIP_DAYS * 86_400_000).toISOString().slice(0, 10);
  const at = now.toISOString();
  return bookings
    .filter((b) => b.status === "confirmed" && b.endsAt > at && b.start <= until)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
    .slice(0, OFFLINE_TRIP_PAGES);
}

/** The pages to keep, in one language: the two lists, then each trip's page on its side. */
export function offlinePages(lang: Lang, renting: readonly Booking[], owning: readonly Booking[]): string[] {
  return [
    href("settings-reservations", { lang }),
    ...renting.map((b) => href("settings-reservation", { lang, params: { id: b.id } })),
    ...(owning.length > 0 ? [href("settings-rentals", { lang })] : []),
    ...owning.map((b) => href("settings-rental", { lang, params: { id: b.id } })),
  ];
}

