import type { Lang } from "#app/i18n";
import { languageOf } from "#app/i18n";
import { dateTimeFormat } from "#app/framework/intl";
import type { Listing, ListingsService } from "#app/features/listings/.server";
import { byLang, langOrDefault, type MailboxService } from "#app/features/mailbox/.server";
import type { UsersService } from "#app/features/profiles/.server";
import type { CalendarImport, ImportConflict } from "./model";

/** At most this many conflicting events are listed in one email (the calendar page lists them all). */
const LISTED = 10;

/**
 * The conflicts of `after` over a booking `before` did not have it over: the same event over
 * fewer bookings (one of them cancelled) is not news, over another booking it is.
 */
export function newConflicts(before: readonly ImportConflict[], after: readonly ImportConflict[]): ImportConflict[] {
  const pair = (conflict: ImportConflict, bookingId: string) => `${conflict.uid}|${conflict.start}|${bookingId}`;
  const known = new Set(before.flatMap((conflict) => conflict.bookingIds.map((id) => pair(conflict, id))));
  return after.filter((conflict) => conflict.bookingIds.some((id) => !known.has(pair(conflict, id))));
}

/**
 * "Your other calendar overlaps a booking": to the listing's owner, in their language, when a
 * scheduled sync finds an event of an imported calendar over days an Amarre booking holds (a
 * double booking across platforms: the booking stands, the owner must act on the other side).
 * Each conflict is told once: the next syncs compare with the conflicts already known.
 */
export function createConflictNotifier(deps: {
  mailbox: Pick<MailboxService, "deliver">;
  users: Pick<UsersService, "getMany">;
  listings: { titleOf: ListingsService["titleOf"] };
  link: (lang: Lang) => string;
}) {
  return async function notify(record: CalendarImport, listing: Listing, fresh: ImportConflict[]) {
    if (fresh.length === 0) return;
    const owner = (await deps.users.getMany([record.ownerUid])).get(record.ownerUid);
    if (!owner) return;
    const lang = langOrDefault(owner.lang);
    const day = (each: Lang, iso: string) =>
      dateTimeFormat(languageOf(each).iso, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
    const listed = await byLang((each) =>
      fresh
        .slice(0, LISTED)
        .map((conflict) => `- ${day(each, conflict.start)}${conflict.summary ? `: ${conflict.summary}` : ""}`)
        .join("\n"),
    );
    const link = deps.link(lang);
    await deps.mailbox.deliver({
      uid: record.ownerUid,
      to: owner.email,
      lang,
      email: {
        subject: "calendarConflict.subject",
        text: "calendarConflict.text",
        params: { name: owner.displayName, listing: await byLang((each) => deps.listings.titleOf(listing, each)), url: record.url, count: fresh.length, listed, link },
      },
      link,
    });
  };
}

/**
 * "Your imported calendar keeps failing": to the listing's owner, in their language, when a
 * scheduled sync makes FAILURES_BEFORE_BACKOFF failures in a row (decision 046): the listing,
 * the other calendar's address, how many attempts failed and why the last did, that the last
 * good days stay held while the calendar is fetched less often, and the link to the calendar
 * page. Once per run of failures (the scheduler records when it told them).
 */
export function createFailingNotifier(deps: {
  mailbox: Pick<MailboxService, "deliver">;
  users: Pick<UsersService, "getMany">;
  listings: { titleOf: ListingsService["titleOf"] };
  link: (lang: Lang) => string;
}) {
  return async function notify(record: CalendarImport, listing: Listing) {
    const owner = (await deps.users.getMany([record.ownerUid])).get(record.ownerUid);
    if (!owner) return;
    const lang = langOrDefault(owner.lang);
    const link = deps.link(lang);
    const code = record.error?.code ?? "unreachable";
    await deps.mailbox.deliver({
      uid: record.ownerUid,
      to: owner.email,
      lang,
      email: {
        subject: "calendarFailing.subject",
        text: "calendarFailing.text",
        params: {
          name: owner.displayName,
          listing: await byLang((each) => deps.listings.titleOf(listing, each)),
          url: record.url,
          count: record.failures ?? 0,
          // The page's own words for each reason (one text per reason, in the bookings messages).
          reason: { t: `bookings:calendar.imports.reason.${code}`, values: { status: record.error?.status ?? "" } },
          link,
        },
      },
      link,
    });
  };
}
