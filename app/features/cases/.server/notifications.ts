import type { Lang } from "#app/i18n";
import { langOrDefault, type EmailParam, type MailboxService } from "#app/features/mailbox/.server";
import { CLAIM_LINK_DAYS } from "./claims";
import type { Case, CaseQuote } from "./model";
import type { CaseEvent } from "./service";

/** Who answers for the team on a quote: the team member who sent it (their mailbox and language). */
export type TeamMember = { uid: string; email: string; lang: string | null | undefined };

/**
 * The requester's emails about their case (docs/PRODUCT.md: every change emails them), in the
 * language they wrote the request in: received, each status change with the team's comment, each
 * message from the team, a quote to answer, its acceptance (with the invoice) and the result
 * documents. An account's case goes to its mailbox (and SMTP when configured). A visitor's case
 * is emailed through SMTP only, with the signed link that attaches it to an account — except its
 * receipt when the address it gave is an account's: that account gets, in its mailbox, only an
 * invitation naming the type and reference (nothing the visitor typed) with the link, so a
 * stranger's request never shows as the account's own. The requester's answer to a quote
 * (accepted or declined) also reaches the team member who sent it, in their language, linking the
 * admin's page. `link(item, lang)` is the case's page for the requester, `teamLink` the team's.
 */
export function createCaseNotifier(deps: {
  mailbox: Pick<MailboxService, "deliver" | "send">;
  link: (item: Case, lang: Lang) => string | null;
  team?: (uid: string) => Promise<TeamMember | null>;
  teamLink?: (item: Case, lang: Lang) => string;
  /** The account that has this address, if any (for a visitor's receipt, see above). */
  findAccount?: (email: string) => Promise<string | null>;
  /**
   * Counts one receipt of a visitor's request to `email`; false once that address has had its
   * share for now (the email is then skipped, the case is kept): nobody floods an inbox or an
   * account's mailbox through the forms from many client addresses.
   */
  mayEmailVisitor?: (email: string) => Promise<boolean>;
}) {
  const TEAM_EVENTS: ReadonlySet<CaseEvent> = new Set(["quote-accepted", "quote-declined"]);
  const REQUESTER_EVENTS: ReadonlySet<CaseEvent> = new Set(["received", "status", "message", "quote", "quote-accepted", "delivered", "quote-expired", "quote-refunded"]);

  function quoteParams(quote: CaseQuote | undefined): Record<string, EmailParam> {
    if (!quote) return {};
    return { amount: { euros: quote.amountCents }, description: quote.description, validUntil: { date: quote.validUntil }, reason: quote.reason ? { t: "case.reason", values: { reason: quote.reason } } : "" };
  }

  /** A refund: how much now, how much in all, and how it reaches the requester (card or outside Amarre). */
  function refundParams(quote: CaseQuote | undefined): Record<string, EmailParam> {
    const last = quote?.refunds?.at(-1);
    if (!quote || !last) return {};
    const total = quote.refunds!.reduce((sum, refund) => sum + refund.amountCents, 0);
    const how = quote.payment?.mode === "provider" ? "case.refundCard" : "case.refundOutside";
    return { refund: { euros: last.amountCents }, refunded: { euros: total }, n: quote.n, how: { t: how }, reason: { t: "case.reason", values: { reason: last.reason } } };
  }

  return async function notify(event: CaseEvent, item: Case) {
    const lang = langOrDefault(item.lang);
    const last = item.history[item.history.length - 1];
    const message = item.messages[item.messages.length - 1];
    // A refund's email is about the quote refunded (its newest refund), the others about the newest quote.
    const refunded = event === "quote-refunded" ? [...(item.quotes ?? [])].filter((q) => q.refunds?.length).sort((a, b) => (a.refunds!.at(-1)!.at < b.refunds!.at(-1)!.at ? 1 : -1))[0] : undefined;
    const quote = refunded ?? [...(item.quotes ?? [])].reverse().find((q) => q.status !== "superseded");
    const common: Record<string, EmailParam> = {
      name: item.contact.name,
      type: { t: `cases:types.${item.type}` },
      reference: item.reference,
      status: { t: `cases:statuses.${item.status}` },
      ...quoteParams(quote),
      ...refundParams(refunded),
    };
    if (REQUESTER_EVENTS.has(event)) {
      const link = deps.link(item, lang);
      const params: Record<string, EmailParam> = {
        ...common,
        comment: last?.comment ? { t: "case.comment", values: { comment: last.comment } } : "",
        message: message?.text ?? "",
        link: link ? (item.requesterUid ? { t: "case.link", values: { link } } : { t: "case.visitorLink", values: { link, days: CLAIM_LINK_DAYS } }) : "",
      };
      const email = { subject: `case.${event}.subject`, text: `case.${event}.text`, params };
      const account = !item.requesterUid && event === "received" && link ? await deps.findAccount?.(item.contact.email) : null;
      // Only what a visitor's form sets off is counted; the team's own emails always go.
      const allowed = item.requesterUid || event !== "received" || !deps.mayEmailVisitor || (await deps.mayEmailVisitor(item.contact.email));
      if (!allowed) console.warn(`[cases] case ${item.id}: no ${event} email, its address had its share of visitors' emails this hour`);
      else if (item.requesterUid) await deps.mailbox.deliver({ uid: item.requesterUid, to: item.contact.email, lang, email, link });
      else if (account && link) {
        const invitation = { subject: "case.claim.subject", text: "case.claim.text", params: { type: common.type!, reference: item.reference, days: CLAIM_LINK_DAYS, link } };
        await deps.mailbox.deliver({ uid: account, to: item.contact.email, lang, email: invitation, link });
      } else await deps.mailbox.send({ to: item.contact.email, lang, email });
    }
    if (TEAM_EVENTS.has(event) && quote && deps.team) {
      const member = await deps.team(quote.byUid);
      if (!member) return;
      const teamLang = langOrDefault(member.lang ?? undefined);
      const link = deps.teamLink?.(item, teamLang) ?? null;
      const params: Record<string, EmailParam> = { ...common, link: link ?? "" };
      const email = { subject: `case.team.${event}.subject`, text: `case.team.${event}.text`, params };
      await deps.mailbox.deliver({ uid: member.uid, to: member.email, lang: teamLang, email, link });
    }
  };
}
