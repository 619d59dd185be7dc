import { z } from "zod";
import { boatSortOptions, boatTypeIds, licences, MAX_PEOPLE, MAX_SEARCH_PRICE_EUROS, SEARCH_MAX_PAGES, skipperFilters } from "./search-options";

// The choices and limits live in a module without zod (the browser's search pages need them, not the schema).
export {
  BOAT_SEARCH_PATH,
  boatSortOptions,
  boatTypeIds,
  boatTypes,
  licenceCovers,
  licences,
  MAX_PEOPLE,
  MAX_SEARCH_PRICE_EUROS,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  skipperFilters,
  type BoatSort,
  type BoatTypeId,
  type Licence,
  type SkipperFilter,
} from "./search-options";

const isoDate = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)), {
    params: { i18n: "date" },
  });

const searchPrice = z.number().int().min(0).max(MAX_SEARCH_PRICE_EUROS);

/**
 * The boat search's query, shared by the home page's form and the search page. Everything is
 * optional and nothing has a default (the search service applies them: relevance, page 1).
 * `minPrice`/`maxPrice` are whole euros per day, as a person types them; `licence` is the
 * licence the person holds (`none`: only boats that need none).
 */
export const boatSearchSchema = z
  .object({
    type: z.enum(boatTypeIds).optional(),
    place: z.string().trim().max(80).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    people: z.number().int().min(1).max(MAX_PEOPLE).optional(),
    minPrice: searchPrice.optional(),
    maxPrice: searchPrice.optional(),
    licence: z.enum(licences).optional(),
    skipper: z.enum(skipperFilters).optional(),
    instantBooking: z.boolean().optional(),
    sort: z.enum(boatSortOptions).optional(),
    page: z.number().int().min(1).max(SEARCH_MAX_PAGES).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.to && !query.from) {
      ctx.addIssue({ code: "custom", path: ["from"], params: { i18n: "fromRequired" } });
    }
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: "custom", path: ["to"], params: { i18n: "dateRange" } });
    }
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      ctx.addIssue({ code: "custom", path: ["maxPrice"], params: { i18n: "listing.priceRange" } });
    }
  });
export type BoatSearch = z.infer<typeof boatSearchSchema>;
