import { getFixedT } from "#app/.server/i18n";
import { isLang, type Lang } from "#app/i18n";
import type { MailboxService } from "../mailbox";
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
    const lang: Lang = isLang(item.lang) ? item.lang : "es";
    const t = getFixedT(lang, "emails");
    const last = item.history[item.history.length - 1];
    const message = item.messages[item.messages.length - 1];
    const link = deps.link(item, lang);
    const values = {
      name: item.contact.name,
      type: t(`cases:types.${item.type}`),
      reference: item.id,
      status: t(`cases:statuses.${item.status}`),
      comment: last?.comment ? t("case.comment", { comment: last.comment }) : "",
      message: message?.text ?? "",
      link: link ? t(item.requesterUid ? "case.link" : "case.visitorLink", { link }) : "",
    };
    const email = { to: item.contact.email, subject: t(`case.${event}.subject`, values), text: t(`case.${event}.text`, values) };
    if (item.requesterUid) await deps.mailbox.deliver({ uid: item.requesterUid, ...email, link });
    else await deps.mailbox.send(email);
  };
}
