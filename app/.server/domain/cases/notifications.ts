import type { Lang } from "#app/i18n";
import { langOrDefault, type MailboxService } from "../mailbox";
import type { Case } from "./model";
import type { CaseEvent } from "./service";

/**
 * The requester's emails about their case (PRODUCT.md: every change emails them), in the
 * language they wrote the request in: received, each status change with the team's comment, and
 * each message from the team. A visitor's case without an account is emailed through SMTP only
 * when it is configured; an account's goes to its mailbox as well. `link(item, lang)` is the
 * case's page for the requester (null while the pages do not exist or for a visitor).
 */
export function createCaseNotifier(deps: {
  mailbox: Pick<MailboxService, "deliver" | "send">;
  link: (item: Case, lang: Lang) => string | null;
}) {
  return async function notify(event: CaseEvent, item: Case) {
    const lang = langOrDefault(item.lang);
    const last = item.history[item.history.length - 1];
    const message = item.messages[item.messages.length - 1];
    const link = deps.link(item, lang);
    const params = {
      name: item.contact.name,
      type: { t: `cases:types.${item.type}` },
      reference: item.id,
      status: { t: `cases:statuses.${item.status}` },
      comment: last?.comment ? { t: "case.comment", values: { comment: last.comment } } : "",
      message: message?.text ?? "",
      link: link ? { t: item.requesterUid ? "case.link" : "case.visitorLink", values: { link } } : "",
    };
    const email = { subject: `case.${event}.subject`, text: `case.${event}.text`, params };
    if (item.requesterUid) await deps.mailbox.deliver({ uid: item.requesterUid, to: item.contact.email, lang, email, link });
    else await deps.mailbox.send({ to: item.contact.email, lang, email });
  };
}
