import type { RequestContext } from "#app/.server/http/request-context";
import { maskedText, type ChatMember } from "#app/features/chats/.server";
import type { Listing } from "#app/features/listings/.server";
import { href } from "#app/utils/href";
import { dateTimeFormat } from "#app/framework/intl";
import { languageOf } from "#app/i18n";

/** What the conversation pages show of a listing: its title and page, or that it is gone. */
export async function listingViews(ctx: RequestContext, ids: string[]): Promise<Map<string, { title: string; to: string | null }>> {
  const unique = [...new Set(ids)];
  const listings = await ctx.services.listings.getMany(unique);
  const entries = await Promise.all(
    listings.map(async (listing: Listing | null, index) => {
      const id = unique[index]!;
      if (!listing) return [id, { title: ctx.t("gone"), to: null }] as const;
      const title = await ctx.services.listings.titleOf(listing, ctx.lang);
      // Only a published listing has a page others can open.
      return [id, { title, to: listing.status === "published" ? href(listing.kind === "boat" ? "boat" : "dock", { params: { id } }) : null }] as const;
    }),
  );
  return new Map(entries);
}

/** Whether contact details show between the person and each other person of their conversations. */
export async function sharedWith(ctx: RequestContext, uid: string, members: ChatMember[]): Promise<Set<string>> {
  // One pair of queries for up to 30 people, not one per conversation.
  return ctx.services.bookings.contactAllowedWith(uid, members.map((member) => member.otherUid));
}

/** A message as a one-line preview: contact details hidden unless `shared`, at most `max` characters. */
export function preview(ctx: RequestContext, text: string, shared: boolean, max = 140): string {
  const shown = (shared ? text : maskedText(text, (kind) => `[${ctx.t(`hidden.${kind}`)}]`)).replace(/\s+/g, " ").trim();
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

/**
 * What the conversation page says about contact details: that they show; while they do not, the
 * day and time a confirmed booking between the two will show them (in the reader's language, in
 * Madrid's time, where the policy's deadlines are counted); with no such booking, what it takes
 * (decision 026). While they are hidden it also says how a trip is paid in this payment mode
 * (decision 048): to the owner at the start without online payments, by card through Amarre with.
 */
export function contactNoticeFor(ctx: RequestContext, contact: { shared: boolean; revealAt: string | null }): string {
  if (contact.shared) return ctx.t("chat.shared");
  const payment = ctx.t(ctx.services.bookings.charges ? "chat.payment.charges" : "chat.payment.direct");
  if (contact.revealAt === null) return `${ctx.t("chat.masked")} ${payment}`;
  const iso = languageOf(ctx.lang).iso;
  const at = new Date(contact.revealAt);
  const date = dateTimeFormat(iso, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" }).format(at);
  const time = dateTimeFormat(iso, { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Madrid" }).format(at);
  return `${ctx.t("chat.revealOn", { date, time })} ${payment}`;
}
