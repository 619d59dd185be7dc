/** What the listing form's server modules share: the request's form context and the listing's variant. */
import type { SessionUser } from "#app/.server/auth/guards";
import type { Listing, ListingKind } from "#app/features/listings/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { splitLangFromPath } from "#app/i18n";

/** One request to a listing form: its context (translated for the form), the owner, the form's kind and variant. */
export type Env = { ctx: RequestContext; user: SessionUser; kind: ListingKind; variant: string };

/** The form's translator (the listing form's messages, zod's and the validation's). */
export type T = RequestContext["t"];

/** The namespaces the form's `requestContext` loads. */
export const LISTING_FORM_NAMESPACES = ["listing-form", "zod", "validation"] as const;

export const variantKey = (kind: ListingKind) => (kind === "boat" ? "type" : "kind");

export function variantOf(listing: Listing): string | undefined {
  return listing.kind === "boat" ? listing.data.type : listing.data.kind;
}

/** The owner's listing of that kind, still editable (not archived); otherwise a 404. */
export async function readOwnedListing(ctx: RequestContext, uid: string, id: string, kind?: ListingKind): Promise<Listing> {
  const listing = await ctx.services.listings.get(id);
  invariantResponse(listing && listing.ownerUid === uid && listing.status !== "archived" && (!kind || listing.kind === kind), ctx.request);
  return listing;
}

/** Which variant (boat type, sale or rent) a form's path stands for; another path is a 404. */
export function variantFromPath<V extends string>(request: Request, paths: Readonly<Record<V, string>>): V {
  const { path } = splitLangFromPath(new URL(request.url).pathname);
  const found = (Object.keys(paths) as V[]).find((variant) => paths[variant] === path.replace(/\/+$/, ""));
  invariantResponse(found, request);
  return found;
}
