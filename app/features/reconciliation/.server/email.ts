import { byLang, type MailboxService } from "#app/features/mailbox/.server";
import { getFixedT } from "#app/.server/i18n";
import { differenceSentence, differenceSubject } from "#app/features/reconciliation/reconciliation";
import type { ReconciliationRun } from "./model";

/**
 * The team's email about a run's differences (decision 053): to TEAM_EMAIL, in Spanish (the
 * team's language, as the invoices), stored as keys and parameters like every system email
 * (decision 017), the list of differences one text per language, said as the operations page
 * says them. Sent through the mailbox's `send` (the team's address has no mailbox): a refused
 * send is kept for a retry on /admin/operaciones.
 */
export function createTeamNotifier(deps: { mailbox: Pick<MailboxService, "send" | "canSend">; teamEmail: string | null; link: string }) {
  return async (run: ReconciliationRun): Promise<ReconciliationRun["email"]> => {
    if (!deps.teamEmail) return "no-address";
    if (!deps.mailbox.canSend) return "no-mail-server";
    const count = run.differences.length + run.differencesMore;
    const list = await byLang((lang) => {
      const t = getFixedT(lang, "admin");
      const lines = run.differences.map((d) => `- ${d.caseId === undefined ? `${d.bookingReference} (${d.bookingId})` : differenceSubject(t, d)}: ${differenceSentence(t, lang, d)}`);
      if (run.differencesMore > 0) lines.push(t("operations.reconcile.more", { count: run.differencesMore }));
      return lines.join("\n");
    });
    const sent = await deps.mailbox.send({
      to: deps.teamEmail,
      lang: "es",
      email: { subject: "reconciliation.subject", text: "reconciliation.text", params: { count, date: { date: run.startedAt.slice(0, 10) }, list, link: deps.link } },
    });
    return sent ? "sent" : "failed";
  };
}
