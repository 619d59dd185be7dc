import { isLang, type Lang } from "#app/i18n";
import { href } from "#app/utils/href";
import type { Listing, ListingsService } from "#app/features/listings/.server";
import { byLang, langOrDefault, type MailboxService } from "#app/features/mailbox/.server";
import type { UsersService } from "#app/features/profiles/.server";
import type { HandoverRecord } from "./model";

/**
 * The emails of check-in and check-out, in the recipient's language (`emails:handover.*`): a
 * record written asks the other side to confirm or dispute it; an answer tells the side who
 * recorded it (a disputed one with the note, a clean check-out with the deposit released, a
 * return with fuel short with the deposit held for the owner's claim).
 */
export function createHandoverNotifier(deps: {
  mailbox: Pick<MailboxService, "deliver">;
  users: Pick<UsersService, "getMany">;
  listings: { get(id: string): Promise<Listing | null>; titleOf: ListingsService["titleOf"] };
  /** Where links point (PUBLIC_URL, else the server's own address). */
  origin: string;
}) {
  return async function notify(record: HandoverRecord, event: "recorded" | "answered"): Promise<void> {
    const [people, listing] = await Promise.all([deps.users.getMany([record.ownerUid, record.renterUid]), deps.listings.get(record.listingId)]);
    // A new record goes to the other side; an answer to whoever recorded it.
    const to = event === "recorded" ? (record.by === "owner" ? "renter" : "owner") : record.by;
    const person = people.get(to === "owner" ? record.ownerUid : record.renterUid);
    const other = people.get(to === "owner" ? record.renterUid : record.ownerUid);
    if (!person) return;
    const lang: Lang = isLang(person.lang) ? person.lang : langOrDefault(person.lang);
    const link = deps.origin + href(to === "owner" ? "settings-rental" : "settings-reservation", { lang, params: { id: record.bookingId }, hash: "handover-title" });
    const key =
      event === "recorded"
        ? "handover.recorded"
        : record.confirmation?.status === "disputed"
          ? "handover.disputed"
          : record.depositReleasedAt
            ? "handover.confirmedReleased"
            : record.fuelShort === true
              ? // A return with fuel short, confirmed, the deposit held: the renter hears the owner claims it, the owner that he may.
                to === "renter"
                ? "handover.confirmedFuelClaim"
                : "handover.confirmedFuelHeld"
              : "handover.confirmed";
    const params = {
      name: person.displayName,
      other: other?.displayName ?? "Amarre",
      listing: await byLang((each) => deps.listings.titleOf(listing, each)),
      what: { t: `handover.kinds.${record.kind}` },
      note: record.confirmation?.note ?? "",
      link,
    };
    await deps.mailbox.deliver({ uid: person.uid, to: person.email, lang, email: { subject: `${key}.subject`, text: `${key}.text`, params }, link });
  };
}
