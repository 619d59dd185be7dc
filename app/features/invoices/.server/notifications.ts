import type { Lang } from "#app/i18n";
import { langOrDefault, type MailboxService } from "#app/features/mailbox/.server";
import type { UsersService } from "#app/features/profiles/.server";
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
        link: deps.link(lang),
      };
      await deps.mailbox.deliver({ uid, to: person.email, lang, email: { subject: "invoice.subject", text: `invoice.${role}`, params }, link: deps.link(lang) });
    }
  };
}
