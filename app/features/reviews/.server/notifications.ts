import type { Lang } from "#app/i18n";
import { byLang, langOrDefault, type MailboxService } from "#app/features/mailbox/.server";
import type { UsersService } from "#app/features/profiles/.server";
import type { Review } from "./model";

/** "Review received" to the owner and "answer received" to the renter, in their language. */
export function createReviewNotifier(deps: {
  mailbox: Pick<MailboxService, "deliver">;
  users: Pick<UsersService, "getMany">;
  titleOf: (review: Review, lang: Lang) => Promise<string>;
  link: (event: "review" | "answer", lang: Lang) => string;
}) {
  return async function notify(event: "review" | "answer", review: Review) {
    const people = await deps.users.getMany([review.ownerUid, review.renterUid]);
    const to = people.get(event === "review" ? review.ownerUid : review.renterUid);
    const other = people.get(event === "review" ? review.renterUid : review.ownerUid);
    if (!to) return;
    const lang = langOrDefault(to.lang);
    const link = deps.link(event, lang);
    const params = {
      name: to.displayName,
      other: other?.displayName ?? "Amarre",
      listing: await byLang((each) => deps.titleOf(review, each)),
      rating: review.rating,
      comment: review.comment,
      answer: review.answer?.text ?? "",
      link,
    };
    await deps.mailbox.deliver({ uid: to.uid, to: to.email, lang, email: { subject: `review.${event}.subject`, text: `review.${event}.text`, params }, link });
  };
}
