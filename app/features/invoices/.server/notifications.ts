import type { Lang } from "#app/i18n";
import { langOrDefault, type EmailParam, type MailboxService } from "#app/features/mailbox/.server";
import type { UsersService } from "#app/features/profiles/.server";
import { emailLine, priceLineLabel } from "#app/features/bookings/.server";
import type { Invoice } from "./model";
import { subjectTitle } from "./subject";

/**
 * "Invoice issued" emails: to each person the invoice is between (the renter; the owner for a
 * rental issued in their name), in their language, linking /ajustes/facturas.
 */
export function createInvoiceNotifier(deps: { mailbox: Pick<MailboxService, "deliver">; users: Pick<UsersService, "getMany">; link: (lang: Lang) => string }) {
  return async function notify(invoice: Invoice) {
    const people = await deps.users.getMany(invoice.partyUids);
    for (const uid of invoice.partyUids) {
      const person = people.get(uid);
      if (!person) continue;
      const lang = langOrDefault(person.lang);
      const role = uid === invoice.buyer.uid ? "buyer" : "seller";
      const params = {
        name: person.displayName,
        kind: { t: `invoices:kinds.${invoice.kind}` },
        number: `${invoice.series}-${invoice.number}`,
        title: subjectTitle(invoice.subject, lang),
        total: { euros: invoice.totalCents },
        days: daysParam(invoice),
        link: deps.link(lang),
      };
      await deps.mailbox.deliver({ uid, to: person.email, lang, email: { subject: "invoice.subject", text: `invoice.${role}`, params }, link: deps.link(lang) });
    }
  };
}

/**
 * A rental whose days cost different prices (decision 062): the invoice's lines as its PDF has
 * them — the rental's days at their prices (the booking's lines), the skipper, the fee — then
 * the VAT where it applies and the total, so the list adds up to the figure the email states;
 * "" for any other invoice (and for a corrective one, which states the amounts it cancels).
 */
export function daysParam(invoice: Pick<Invoice, "kind" | "lines" | "vatPercent" | "baseCents" | "vatCents" | "totalCents">): EmailParam {
  if (invoice.kind === "corrective" || !invoice.lines.some((line) => line.days && line.days.length > 0)) return "";
  const items = invoice.lines.flatMap((line): EmailParam[] => {
    if (line.days && line.days.length > 0) return line.days.map((day) => emailLine(priceLineLabel(day), day.count * day.unitCents));
    const label: EmailParam = line.kind === "half-day" ? { t: `invoices:halfDay.${line.part ?? "am"}` } : { t: `invoices:lines.${line.kind}`, values: { count: line.quantity } };
    return [emailLine(label, line.amountCents)];
  });
  if (invoice.vatCents > 0) items.push(emailLine({ t: "invoices:base" }, invoice.baseCents), emailLine({ t: "invoices:vat", values: { percent: invoice.vatPercent ?? 0 } }, invoice.vatCents));
  items.push(emailLine({ t: "invoices:total" }, invoice.totalCents));
  return { t: "invoice.days", values: { items: { lines: items } } };
}
