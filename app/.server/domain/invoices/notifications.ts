import { getFixedT } from "#app/.server/i18n";
import { isLang, type Lang } from "#app/i18n";
import type { MailboxService } from "../mailbox";
import type { UsersService } from "../users";
import type { Invoice } from "./model";

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
      const lang: Lang = isLang(person.lang) ? person.lang : "es";
      const t = getFixedT(lang, "emails");
      const role = uid === invoice.buyer.uid ? "buyer" : "seller";
      const money = new Intl.NumberFormat(lang, { style: "currency", currency: "EUR" }).format(invoice.totalCents / 100);
      const values = {
        name: person.displayName,
        kind: t(`invoices:kinds.${invoice.kind}`),
        number: `${invoice.series}-${invoice.number}`,
        title: invoice.subject.title,
        total: money,
        link: deps.link(lang),
      };
      await deps.mailbox.deliver({ uid, to: person.email, subject: t("invoice.subject", values), text: t(`invoice.${role}`, values), link: deps.link(lang) });
    }
  };
}
