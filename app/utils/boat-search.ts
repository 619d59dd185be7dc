import { z } from "zod";

/** The boat types of PRODUCT.md, with the URL slug of each type's search page. */
export const boatTypes = [
  { id: "motor", slug: "barco-a-motor", searchPath: "/alquiler-barco/barco-a-motor" },
  { id: "sail", slug: "barco-a-vela", searchPath: "/alquiler-barco/barco-a-vela" },
  { id: "fishing", slug: "pesca", searchPath: "/alquiler-barco?type=fishing" },
  { id: "jetski", slug: "moto-de-agua", searchPath: "/motos-de-agua/seadoo" },
] as const;
export type BoatTypeId = (typeof boatTypes)[number]["id"];

export const BOAT_SEARCH_PATH = "/alquiler-barco";
export const MAX_PEOPLE = 50;

const isoDate = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)), {
    params: { i18n: "date" },
  });

/** The boat search's query, shared by the home page's form and the search page. */
export const boatSearchSchema = z
  .object({
    type: z.enum(boatTypes.map((t) => t.id) as [BoatTypeId, ...BoatTypeId[]]).optional(),
    place: z.string().trim().max(80).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    people: z.number().int().min(1).max(MAX_PEOPLE).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.to && !query.from) {
      ctx.addIssue({ code: "custom", path: ["from"], params: { i18n: "fromRequired" } });
    }
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: "custom", path: ["to"], params: { i18n: "dateRange" } });
    }
  });
export type BoatSearch = z.infer<typeof boatSearchSchema>;
