/**
 * A boat's prices per day (issue 49): its seasons and its weekend rule, kept on the listing
 * (`pricing`), so that a quote, a search and the boat's page read them with the listing and no
 * other document. Each change is one transaction on the owner's listing (`mutate`): someone
 * else's listing, or none, is `not-found` (the page answers 404); the rules are checked here,
 * whatever the form sent, and a season sharing a day with another is refused naming it.
 * The rules of price themselves (what a day costs) are `#app/features/bookings`' `day-prices.ts`.
 */
import {
  clashingSeason,
  MAX_DAY_PRICE_CENTS,
  MAX_PERCENT,
  MAX_SEASON_DAYS,
  MAX_SEASON_NAME,
  MAX_SEASONS,
  MIN_DAY_PRICE_CENTS,
  MIN_PERCENT,
  type IsoWeekday,
  type PricingRules,
  type Season,
  type WeekendRule,
} from "#app/features/bookings";
import { daysBetween, isIsoDate } from "#app/utils/dates";
import { mutate, timestamp, type LifecycleContext } from "./lifecycle-context";
import { ListingError, type Listing, type ListingRecord } from "./model";
import { placeOf } from "./places";
import { withSearchFields } from "./search-fields";

/** What the owner typed for a season (prices in cents; one of the two, the other null). */
export type SeasonInput = { name: string; start: string; end: string; dayPriceCents: number | null; percent: number | null };
/** What the owner typed for the weekend rule. */
export type WeekendInput = { days: number[]; dayPriceCents: number | null; percent: number | null };

/** A field the owner must correct, and why (a key of the `seasons` namespace's `errors`). */
export type SeasonFieldErrors = Partial<Record<"name" | "start" | "end" | "price" | "percent" | "days", string>>;

export type SeasonErrorCode = "invalid" | "overlap" | "not-boat" | "too-many" | "unknown-season";

/** A season or weekend change refused: `fields` for `invalid`, `clash` (the other season's name) for `overlap`. */
export class SeasonError extends Error {
  override readonly name = "SeasonError";
  constructor(
    readonly code: SeasonErrorCode,
    readonly fields: SeasonFieldErrors = {},
    readonly clash: string | null = null,
  ) {
    super(`seasons: ${code}`);
  }
}

export function isSeasonError(error: unknown): error is SeasonError {
  return error instanceof SeasonError;
}

/** One of a day price and a percentage, each within its range. */
function priceErrors(input: { dayPriceCents: number | null; percent: number | null }, errors: SeasonFieldErrors) {
  const { dayPriceCents: price, percent } = input;
  if (price === null && percent === null) errors.price = "neither";
  else if (price !== null && percent !== null) errors.price = "both";
  else if (price !== null && (!Number.isInteger(price) || price < MIN_DAY_PRICE_CENTS || price > MAX_DAY_PRICE_CENTS)) errors.price = "range";
  else if (percent !== null && (!Number.isInteger(percent) || percent < MIN_PERCENT || percent > MAX_PERCENT || percent === 0)) errors.percent = "range";
}

/** The fields of a season the owner must correct (empty: none). */
export function seasonErrors(input: SeasonInput): SeasonFieldErrors {
  const errors: SeasonFieldErrors = {};
  const name = input.name.trim();
  if (name === "") errors.name = "required";
  else if (name.length > MAX_SEASON_NAME) errors.name = "too-long";
  if (!isIsoDate(input.start)) errors.start = "format";
  if (!isIsoDate(input.end)) errors.end = "format";
  else if (!errors.start && input.end < input.start) errors.end = "before-start";
  else if (!errors.start && daysBetween(input.start, input.end) + 1 > MAX_SEASON_DAYS) errors.end = "too-long";
  priceErrors(input, errors);
  return errors;
}

/** The fields of a weekend rule the owner must correct (empty: none). */
export function weekendErrors(input: WeekendInput): SeasonFieldErrors {
  const errors: SeasonFieldErrors = {};
  const days = new Set(input.days);
  if (days.size === 0 || days.size > 6 || input.days.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) errors.days = "choose";
  priceErrors(input, errors);
  return errors;
}

function rulesOf(listing: Listing): PricingRules {
  return { seasons: listing.pricing?.seasons ?? [], weekend: listing.pricing?.weekend ?? null };
}

/** Changes the rules of the owner's boat `id` in one transaction; refusals as `SeasonError`/`ListingError`. */
function change(ctx: LifecycleContext, ownerUid: string, id: string, next: (rules: PricingRules) => PricingRules): Promise<Listing> {
  return mutate(ctx, ownerUid, id, (listing): ListingRecord => {
    if (listing.kind !== "boat") throw new SeasonError("not-boat");
    if (listing.status === "archived") throw new ListingError("archived");
    const rules = next(rulesOf(listing));
    const seasons = [...rules.seasons].sort((a, b) => a.start.localeCompare(b.start));
    const { id: _id, ...record } = listing;
    // The rules decide which boats a dated search prices apart (`flatDays`, decision 062).
    return withSearchFields({ ...record, pricing: { seasons, weekend: rules.weekend }, updatedAt: timestamp(ctx) } as ListingRecord, placeOf(listing));
  });
}

function seasonOf(input: SeasonInput, id: string): Season {
  return { id, name: input.name.trim(), start: input.start, end: input.end, dayPriceCents: input.dayPriceCents, percent: input.percent };
}

/** Refuses an invalid season, and one sharing a day with another (`overlap`, naming it). */
function checked(input: SeasonInput, seasons: Season[], exceptId: string | null) {
  const errors = seasonErrors(input);
  if (Object.keys(errors).length > 0) throw new SeasonError("invalid", errors);
  const clash = clashingSeason(seasons, input.start, input.end, exceptId);
  if (clash) throw new SeasonError("overlap", {}, clash.name);
}

/** Adds a season to the owner's boat; its id is the next free `s<n>`. */
export function addSeason(ctx: LifecycleContext, ownerUid: string, listingId: string, input: SeasonInput): Promise<Listing> {
  return change(ctx, ownerUid, listingId, (rules) => {
    if (rules.seasons.length >= MAX_SEASONS) throw new SeasonError("too-many");
    checked(input, rules.seasons, null);
    const next = 1 + Math.max(0, ...rules.seasons.map((s) => Number(s.id.slice(1)) || 0));
    return { ...rules, seasons: [...rules.seasons, seasonOf(input, `s${next}`)] };
  });
}

/** Replaces season `seasonId` of the owner's boat (`unknown-season` when it has none of that id). */
export function editSeason(ctx: LifecycleContext, ownerUid: string, listingId: string, seasonId: string, input: SeasonInput): Promise<Listing> {
  return change(ctx, ownerUid, listingId, (rules) => {
    if (!rules.seasons.some((s) => s.id === seasonId)) throw new SeasonError("unknown-season");
    checked(input, rules.seasons, seasonId);
    return { ...rules, seasons: rules.seasons.map((s) => (s.id === seasonId ? seasonOf(input, seasonId) : s)) };
  });
}

/** Removes season `seasonId` of the owner's boat. */
export function removeSeason(ctx: LifecycleContext, ownerUid: string, listingId: string, seasonId: string): Promise<Listing> {
  return change(ctx, ownerUid, listingId, (rules) => {
    if (!rules.seasons.some((s) => s.id === seasonId)) throw new SeasonError("unknown-season");
    return { ...rules, seasons: rules.seasons.filter((s) => s.id !== seasonId) };
  });
}

/** Sets the boat's weekend rule (null: removes it). */
export function setWeekend(ctx: LifecycleContext, ownerUid: string, listingId: string, input: WeekendInput | null): Promise<Listing> {
  return change(ctx, ownerUid, listingId, (rules) => {
    if (input === null) return { ...rules, weekend: null };
    const errors = weekendErrors(input);
    if (Object.keys(errors).length > 0) throw new SeasonError("invalid", errors);
    const weekend: WeekendRule = { days: [...new Set(input.days)].sort() as IsoWeekday[], dayPriceCents: input.dayPriceCents, percent: input.percent };
    return { ...rules, weekend };
  });
}
