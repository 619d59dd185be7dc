import { RENT_DAYS_PER_MONTH, type DockDraftData } from "#app/features/listings/schemas";
import { requiredLicence } from "#app/features/licences/.server";
import type { PricingRules } from "#app/features/bookings";
import { MAX_PEOPLE } from "#app/features/search";
import type { ListingContent, ListingPlace, ListingRecord, ListingSearchFields } from "./model";
import { cityKeyOf, placeSlug } from "./places";
import { flatDaysOf } from "./search-day-prices";

/**
 * The fields searches filter and sort on, copied from a listing's data to the top level of its
 * document on every write, so that a search is a plain store query.
 */

/**
 * How complete and attractive a listing is, 0–100, the "relevance" sort's key until bookings
 * and reviews can feed it: photos (3 each, up to 10), description languages (5 each), a long
 * description (15); boats: instant booking (15), half-day and weekly prices (5 each),
 * equipment (1 each, up to 10); docks: services (5 each) and a berth number (10).
 */
export function relevanceScore(listing: ListingContent): number {
  const description = listing.data.description ?? {};
  const texts = Object.values(description).filter((text): text is string => typeof text === "string");
  let score = Math.min(listing.photos.length, 10) * 3 + texts.length * 5 + (texts.some((text) => text.length >= 300) ? 15 : 0);
  if (listing.kind === "boat") {
    const data = listing.data;
    if (data.instantBooking) score += 15;
    if (data.halfDayPriceCents !== undefined) score += 5;
    if (data.weekPriceCents !== undefined) score += 5;
    score += Math.min(data.equipment?.length ?? 0, 10);
  } else {
    const data = listing.data;
    const services = data.services;
    if (services) {
      const { water, electricity, wifi, showers, security, fuel, parking, pumpOut } = services;
      score += [water, electricity, wifi, showers, security, fuel, parking, pumpOut].filter(Boolean).length * 5;
    }
    if (data.berthNumber) score += 10;
  }
  return Math.min(score, 100);
}

function dockPriceCents(data: DockDraftData): number | null {
  if (data.kind === "sale") return data.priceCents ?? null;
  if (data.kind === "rent") {
    if (data.monthlyPriceCents !== undefined) return data.monthlyPriceCents;
    if (data.dailyPriceCents !== undefined) return data.dailyPriceCents * RENT_DAYS_PER_MONTH;
  }
  return null;
}

/** The party sizes a boat takes: 1 … capacity, at most MAX_PEOPLE (a search's largest); null without a capacity. */
export function seatsFor(capacity: number | undefined | null): number[] | null {
  if (typeof capacity !== "number" || !(capacity >= 1)) return null;
  return Array.from({ length: Math.min(Math.floor(capacity), MAX_PEOPLE) }, (_, i) => i + 1);
}

/**
 * The relevance order's key: the listing's own score (`relevanceScore`, 0–100) plus its owner's
 * standing (−15 … 20, folded in by the booking engine when the standing changes: decision 061).
 */
export function relevanceOf(listing: ListingContent, standingBonus: number | undefined): number {
  return relevanceScore(listing) + (standingBonus ?? 0);
}

export function searchFieldsOf(listing: ListingContent, place: ListingPlace, rating: number | null, standingBonus?: number, pricing?: PricingRules): ListingSearchFields {
  const empty = {
    type: null,
    capacity: null,
    seats: null,
    dayPriceCents: null,
    flatDays: null,
    licence: null,
    skipperMode: null,
    instantBooking: null,
    docKind: null,
    maxLengthM: null,
    maxBeamM: null,
    depthM: null,
    priceCents: null,
  };
  const levels = { cityKey: place.city ? cityKeyOf(place.city) : null, regionKey: place.region ? placeSlug(place.region) : null };
  const common = { ...place, ...levels, rating, relevance: relevanceOf(listing, standingBonus) };
  if (listing.kind === "boat") {
    const data = listing.data;
    return {
      ...empty,
      ...common,
      type: data.type ?? null,
      capacity: data.capacity ?? null,
      seats: seatsFor(data.capacity),
      dayPriceCents: data.dayPriceCents ?? null,
      flatDays: flatDaysOf(data, pricing),
      // Searched as read: the owner's choice, never below the law's minimum (issue 49).
      licence: data.type ? requiredLicence(data) : (data.licence ?? null),
      skipperMode: data.skipper?.mode ?? null,
      instantBooking: data.instantBooking ?? null,
    };
  }
  const data = listing.data;
  return {
    ...empty,
    ...common,
    docKind: data.kind ?? null,
    maxLengthM: data.maxLengthM ?? null,
    maxBeamM: data.maxBeamM ?? null,
    depthM: data.depthM ?? null,
    priceCents: dockPriceCents(data),
  };
}

/** The record with its search fields recomputed for `place`. */
export function withSearchFields<T extends ListingRecord>(record: T, place: ListingPlace): T {
  return { ...record, ...searchFieldsOf(record, place, record.rating, record.standingBonus, record.pricing) };
}
