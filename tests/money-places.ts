import { readFileSync } from "node:fs";
import i18next, { type i18n as I18n } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import type { Booking } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { BookingDetail } from "#app/features/bookings/components/booking-pages";
import { loader as payoutsLoader } from "#app/features/payouts/routes/payouts";
import { loader as rentalLoader } from "#app/features/bookings/routes/rental";
import { loader as rentalsLoader } from "#app/features/bookings/routes/rentals";
import { loader as reservationLoader } from "#app/features/bookings/routes/reservation";
import { loader as reservationsLoader } from "#app/features/bookings/routes/reservations";
import { authedRequest, dataOf, loadContext, settle } from "./test-services";

/**
 * Every place that shows a booking's money, read the way a person reads it (decision 048): the
 * renter's trip page and the owner's booking page drawn on the server from their loaders' data
 * (the price card and the money section, in Spanish), the two lists, /ajustes/cobros, the email
 * each side got from the step that brought the booking where it is, and the booking's invoices.
 */
const es = (ns: string) => JSON.parse(readFileSync(new URL(`../locales/es/${ns}.json`, import.meta.url), "utf8"));
const bookingsEs = es("bookings");

let i18n: Promise<I18n> | null = null;
function spanish(): Promise<I18n> {
  i18n ??= (async () => {
    const instance = i18next.createInstance();
    const ns = ["bookings", "listing", "deposits", "common"];
    await instance.use(initReactI18next).init({ lng: "es", resources: { es: Object.fromEntries(ns.map((n) => [n, es(n)])) }, defaultNS: "bookings", ns });
    return instance;
  })();
  return i18n;
}

/** A booking's page as its side sees it: drawn from the loader's data at the page's own address. */
async function drawn(side: "renter" | "owner", path: string, detail: unknown): Promise<string> {
  const element = createElement(BookingDetail, { side, detail: detail as never, refusal: null });
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => ({ notice: null }), children: [{ path: "*", element }] }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`no page at ${path}`);
  const router = createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false });
  return renderToString(createElement(I18nextProvider, { i18n: await spanish() }, router));
}

/** The text of one section of a booking's page (`price-title`, `money-title`) as its side reads it, in Spanish. */
export async function sectionText(side: "renter" | "owner", path: string, detail: unknown, id: string): Promise<string> {
  return textOf(section(await drawn(side, path, detail), id));
}

/** "1.232,50 €", "−900 €", "840,00 €" (Spanish) in cents. */
export function cents(amount: string): number {
  const negative = /^[−-]/.test(amount.trim());
  const [whole, fraction = "00"] = amount.replace(/[−\-\s€.]/g, "").split(",");
  return (negative ? -1 : 1) * (Number(whole) * 100 + Number(fraction.padEnd(2, "0")));
}
const AMOUNT = "[−-]?\\s?\\d[\\d.]*(?:,\\d{2})?\\s?€";
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&[a-z]+;|&#\d+;/g, " ").replace(/\s+/g, " ");

/** The HTML of the section headed by `id` (`price-title`, `money-title`). */
function section(html: string, id: string): string {
  const at = html.indexOf(`aria-labelledby="${id}"`);
  if (at < 0) return "";
  const start = html.lastIndexOf("<", at);
  return html.slice(start, html.indexOf("</section>", start));
}

/** The amount written right after `label` in the text, or null when the label is not there. */
function after(text: string, label: string | undefined): number | null {
  if (!label) return null;
  const at = text.indexOf(label);
  if (at < 0) return null;
  const found = new RegExp(AMOUNT).exec(text.slice(at + label.length));
  return found ? cents(found[0]) : null;
}

/** The money section's totals by their key (`data-money-total`). */
function totals(html: string): Record<string, number> {
  return Object.fromEntries([...html.matchAll(/data-money-total="([\w-]+)"[^>]*>([^<]*)</g)].map(([, key, amount]) => [key!, cents(amount!)]));
}

/** What the newest email says, phrase by phrase: each phrase names whose figure it states. */
const PHRASES: Array<[RegExp, string]> = [
  [new RegExp(`Ganar(?:ías|ás) (${AMOUNT})`), "owner"],
  [new RegExp(`[Rr]ecibir(?:ás|ías) (${AMOUNT})`), "owner"],
  [new RegExp(`Total: (${AMOUNT})`), "total"],
  [new RegExp(`Tu tarjeta retiene (${AMOUNT})`), "total"],
  [new RegExp(`Hemos cobrado (${AMOUNT})`), "total"],
  [new RegExp(`pagarás (${AMOUNT}) al propietario`), "pays"],
  [new RegExp(`Te devolvemos (${AMOUNT})`), "refund"],
  [new RegExp(`ya no debes (${AMOUNT})`), "refund"],
  [new RegExp(`sigues debiendo (${AMOUNT})`), "still-owed"],
  [new RegExp(`(${AMOUNT}) para el propietario`), "claim"],
];
function phrases(text: string): Array<{ figure: string; cents: number }> {
  return PHRASES.flatMap(([pattern, figure]) => {
    const found = pattern.exec(text);
    return found ? [{ figure, cents: cents(found[1]!) }] : [];
  });
}

export type Places = Awaited<ReturnType<typeof readPlaces>>;

/** The ids of the emails these people have now. */
export async function emailIds(services: Services, uids: string[]): Promise<Set<string>> {
  const lists = await Promise.all(uids.map((uid) => services.mailbox.list(uid, { limit: 500 })));
  return new Set(lists.flat().map((email) => email.id));
}

/** Reads the booking's money from every place that shows it, for its renter and its owner. */
export async function readPlaces(
  services: Services,
  booking: Pick<Booking, "id" | "reference">,
  people: { renter: { uid: string; cookie: string }; owner: { uid: string; cookie: string } },
  /** The emails the two had before the step that brought the booking here: only the step's own are read (an older one was true when sent). */
  before: ReadonlySet<string>,
) {
  const context = loadContext(services);
  const { id } = booking;
  const load = <T>(loader: (args: never) => Promise<T>, path: string, cookie: string, params: Record<string, string> = {}) =>
    settle(() => loader({ request: authedRequest(path, cookie), params, context } as never)).then(dataOf);
  const renterPath = `/ajustes/mis-reservas/${id}`;
  const ownerPath = `/ajustes/gestion-de-alquileres/${id}`;
  const [tripPage, ownerPage, renterList, ownerList, payouts, invoices] = await Promise.all([
    load(reservationLoader, renterPath, people.renter.cookie, { id }),
    load(rentalLoader, ownerPath, people.owner.cookie, { id }),
    load(reservationsLoader, "/ajustes/mis-reservas", people.renter.cookie),
    load(rentalsLoader, "/ajustes/gestion-de-alquileres", people.owner.cookie),
    load(payoutsLoader, "/ajustes/cobros", people.owner.cookie),
    services.invoices.forBooking(id),
  ]);
  const [renterHtml, ownerHtml] = await Promise.all([drawn("renter", renterPath, tripPage.detail), drawn("owner", ownerPath, ownerPage.detail)]);
  const rowOf = (groups: Record<string, Array<{ id: string; amountCents: number }>>) => Object.values(groups).flat().find((row) => row.id === id) ?? null;
  const newest = async (uid: string) => (await services.mailbox.list(uid, { limit: 500 })).find((email) => email.subject.includes(booking.reference) && !before.has(email.id)) ?? null;
  const [renterEmail, ownerEmail] = await Promise.all([newest(people.renter.uid), newest(people.owner.uid)]);
  const sum = (test: (invoice: (typeof invoices)[number]) => boolean) => invoices.filter(test).reduce((total, invoice) => total + invoice.totalCents, 0);
  const price = (html: string) => textOf(section(html, "price-title"));
  const payoutRow = (payouts.rows as Array<{ id: string; amountCents: number }>).find((row) => row.id === id) ?? null;
  return {
    status: tripPage.detail.booking.status as string,
    renter: {
      /** The trip page's price card: what the renter pays, after any refund. */
      card: after(price(renterHtml), bookingsEs.price.paid) ?? after(price(renterHtml), bookingsEs.price.total),
      cardTotal: after(price(renterHtml), bookingsEs.price.total),
      cardFee: after(price(renterHtml), bookingsEs.price.fee),
      money: totals(section(renterHtml, "money-title")),
      moneyText: textOf(section(renterHtml, "money-title")),
      list: rowOf(renterList.groups)?.amountCents ?? null,
      email: renterEmail ? phrases(renterEmail.text) : [],
      emailText: renterEmail?.text ?? "",
      invoices: sum((invoice) => invoice.buyer.uid === people.renter.uid),
    },
    owner: {
      /** The owner's booking page: the price card's earnings and the money section's total. */
      card: after(price(ownerHtml), bookingsEs.price.earnings),
      money: totals(section(ownerHtml, "money-title")).earns ?? null,
      moneyText: textOf(section(ownerHtml, "money-title")),
      list: rowOf(ownerList.groups)?.amountCents ?? null,
      payouts: payoutRow?.amountCents ?? null,
      email: ownerEmail ? phrases(ownerEmail.text) : [],
      /** The rental invoices issued in the owner's name (a deposit's claim is not invoiced). */
      invoices: sum((invoice) => invoice.seller.uid === people.owner.uid),
    },
    platform: { invoices: sum((invoice) => invoice.seller.uid === null), feeInvoices: invoices.filter((invoice) => invoice.kind === "fee").length },
  };
}
