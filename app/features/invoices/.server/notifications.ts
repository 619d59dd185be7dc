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
 * A rental whose days cost different prices (decision 062): its days as the booking's lines, each
 * with its amount, as the PDF names them beside the rental line; "" for any other invoice.
 */
export function daysParam(invoice: Pick<Invoice, "lines">): EmailParam {
  const days = invoice.lines.find((line) => line.days && line.days.length > 0)?.days;
  if (!days) return "";
  return { t: "invoice.days", values: { items: { lines: days.map((day) => emailLine(priceLineLabel(day), day.count * day.unitCents)) } } };
}
