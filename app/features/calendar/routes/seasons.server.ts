/**
 * The owner's calendar page's season and weekend forms (issue 49): `intent=add-season`,
 * `edit-season`, `remove-season`, `set-weekend`, `remove-weekend`. Each names the listing; what
 * was typed is read as text (cut short), turned into cents and whole percentages here, and
 * checked by the listings domain (`seasons.ts`), whose refusals become the page's reply:
 * a field to correct → 400 with each field's message; a season sharing a day with another →
 * 409 naming it; no such listing, or someone else's → 404 (never "forbidden": ids reveal nothing).
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { optionalText, parseForm, unknownIntent } from "#app/.server/http/form";
import type { RequestContext } from "#app/.server/http/request-context";
import { isListingError, isSeasonError, type Listing, type SeasonFieldErrors } from "#app/features/listings/.server";
import type { SeasonsView } from "#app/features/calendar/components/seasons-panel";
import { eurosToCents } from "#app/features/listings";
import { href } from "#app/utils/href";

export const SEASON_INTENTS = ["add-season", "edit-season", "remove-season", "set-weekend", "remove-weekend"] as const;
export type SeasonIntent = (typeof SEASON_INTENTS)[number];

export function isSeasonIntent(value: unknown): value is SeasonIntent {
  return (SEASON_INTENTS as readonly unknown[]).includes(value);
}

const text = (max: number) => optionalText().transform((value) => value.slice(0, max));
const season = { listing: text(128), name: text(200), start: text(32), end: text(32), price: text(32), percent: text(32) };
const weekend = { listing: text(128), price: text(32), percent: text(32), day: z.array(text(4)).optional().transform((v) => v ?? []) };

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-season"), ...season }),
  z.object({ intent: z.literal("edit-season"), season: text(32), ...season }),
  z.object({ intent: z.literal("remove-season"), listing: text(128), season: text(32) }),
  z.object({ intent: z.literal("set-weekend"), ...weekend }),
  z.object({ intent: z.literal("remove-weekend"), listing: text(128) }),
]);

/** The page's reply to a refused form: its intent, the season it edits, each field's message, what was typed. */
export type SeasonReply = { seasons: { intent: string; season: string | null; errors: Record<string, string>; message: string | null; typed: Record<string, string> } };

/** Euros as typed → cents; "" → null; anything else → NaN (the domain's "range" or our "format"). */
function cents(value: string): number | null {
  const parsed = eurosToCents(value);
  return parsed === undefined ? null : parsed;
}

/** A whole percentage, with or without its sign and "%"; "" → null; anything else → NaN. */
function percent(value: string): number | null {
  const compact = value.replace(/[\s%]/g, "");
  if (compact === "") return null;
  return /^[+-]?\d{1,4}$/.test(compact) ? Number(compact) : Number.NaN;
}

/** The boat's rules as the page shows them; null for a berth (berths have no seasons). */
export function seasonsView(listing: Listing): SeasonsView | null {
  if (listing.kind !== "boat") return null;
  return { baseCents: listing.data.dayPriceCents ?? null, seasons: listing.pricing?.seasons ?? [], weekend: listing.pricing?.weekend ?? null };
}

const NOTICE = { "add-season": "added", "edit-season": "edited", "remove-season": "removed", "set-weekend": "weekend", "remove-weekend": "weekendRemoved" } as const;
// (the page shows these keys: `SEASON_NOTICES`)

export async function seasonAction(ctx: RequestContext, uid: string, form: FormData) {
  const parsed = parseForm(form, schema, ctx.t);
  const typed: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed.typed)) typed[name] = value.slice(0, 200);
  // Every weekday ticked, not only the first.
  typed.day = form.getAll("day").filter((d): d is string => typeof d === "string").slice(0, 7).map((d) => d.slice(0, 2)).join(",");
  const intent = typed.intent ?? "";
  const reply = (status: number, errors: Record<string, string>, message: string | null) =>
    data<SeasonReply>({ seasons: { intent, season: typed.season ?? null, errors, message, typed } }, { status });
  const fieldMessages = (fields: SeasonFieldErrors) =>
    Object.fromEntries(Object.entries(fields).map(([field, code]) => [field, ctx.t(`seasons:errors.${field}.${code}`)]));
  if (!parsed.ok) {
    if (unknownIntent(parsed)) return reply(400, {}, ctx.t("errors.unknownAction"));
    return reply(400, {}, ctx.t("seasons:errors.form"));
  }
  const value = parsed.value;
  const listings = ctx.services.listings;
  const input = (v: { name: string; start: string; end: string; price: string; percent: string }) => {
    const dayPriceCents = cents(v.price);
    const pct = percent(v.percent);
    const errors: SeasonFieldErrors = {};
    if (Number.isNaN(dayPriceCents)) errors.price = "format";
    if (Number.isNaN(pct)) errors.percent = "format";
    return { input: { name: v.name, start: v.start, end: v.end, dayPriceCents, percent: pct }, errors };
  };
  try {
    switch (value.intent) {
      case "add-season":
      case "edit-season": {
        const { input: season, errors } = input(value);
        if (Object.keys(errors).length > 0) return reply(400, fieldMessages(errors), null);
        if (value.intent === "add-season") await listings.seasons.add(uid, value.listing, season);
        else await listings.seasons.edit(uid, value.listing, value.season, season);
        break;
      }
      case "remove-season":
        await listings.seasons.remove(uid, value.listing, value.season);
        break;
      case "set-weekend": {
        const { input: rule, errors } = input({ name: "", start: "", end: "", price: value.price, percent: value.percent });
        const days = value.day.map((d) => (/^[1-7]$/.test(d) ? Number(d) : Number.NaN));
        if (Object.keys(errors).length > 0) return reply(400, fieldMessages(errors), null);
        await listings.seasons.setWeekend(uid, value.listing, { days, dayPriceCents: rule.dayPriceCents, percent: rule.percent });
        break;
      }
      case "remove-weekend":
        await listings.seasons.setWeekend(uid, value.listing, null);
        break;
    }
  } catch (error) {
    if (isListingError(error, "not-found")) return reply(404, {}, ctx.t("seasons:errors.notFound"));
    if (isListingError(error, "archived")) return reply(409, {}, ctx.t("seasons:errors.archived"));
    if (!isSeasonError(error)) throw error;
    if (error.code === "invalid") return reply(400, fieldMessages(error.fields), null);
    if (error.code === "overlap") return reply(409, {}, ctx.t("seasons:errors.overlap", { name: error.clash }));
    if (error.code === "unknown-season") return reply(404, {}, ctx.t("seasons:errors.unknownSeason"));
    return reply(error.code === "too-many" ? 409 : 400, {}, ctx.t(`seasons:errors.${error.code === "too-many" ? "tooMany" : "notBoat"}`));
  }
  const back = href("settings-calendar", { lang: ctx.lang, search: { listing: value.listing }, hash: "seasons-title" });
  return ctx.redirectWithNotice(back, { key: `seasons:notice.${NOTICE[value.intent]}` });
}
