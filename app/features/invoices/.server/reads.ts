/** Reading invoices: one for the people it concerns, a person's lists and pages, a booking's in the order they were issued. */
import { canRead, normalised, read, type InvoicesContext, type InvoiceViewer } from "./context";
import { INVOICES, type Invoice } from "./model";

/** The invoice for `viewer` (its buyer, its seller, or the team); null for anyone else. */
export async function getFor(ctx: InvoicesContext, id: string, viewer: InvoiceViewer | null): Promise<Invoice | null> {
  const invoice = await read(ctx, id);
  return invoice && canRead(invoice, viewer) ? invoice : null;
}

/** A person's invoices, newest first: those they received and those issued in their name. */
export async function listFor(ctx: InvoicesContext, uid: string): Promise<{ received: Invoice[]; issued: Invoice[] }> {
  const [received, issued] = await Promise.all(
    (["buyer.uid", "seller.uid"] as const).map((field) =>
      ctx.store.query<Omit<Invoice, "id">>({ collection: INVOICES, where: [[field, "==", uid]], orderBy: [["issuedAt", "desc"]], limit: 1000 }),
    ),
  );
  return { received: (received as Invoice[]).map(normalised), issued: (issued as Invoice[]).map(normalised) };
}

/**
 * One page of a person's invoices on one side (`buyer`: received, `seller`: issued in their
 * name), newest first as `listFor` lists them, with how many there are (up to 1,000, as
 * `listFor` reads). `asked` outside 1…pageCount is the nearest page. Reads the count and the
 * rows up to the page's end, never the whole list: /ajustes/facturas with 500 invoices read
 * and parsed all of them for 25 rows.
 */
export async function pageFor(ctx: InvoicesContext, uid: string, side: "buyer" | "seller", asked: number, size: number): Promise<{ invoices: Invoice[]; total: number; page: number; pageCount: number }> {
  const query = { collection: INVOICES, where: [[`${side}.uid`, "==", uid]], orderBy: [["issuedAt", "desc"]], limit: 1000 } as const;
  const total = await ctx.store.count(query);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pageCount) : 1;
  const upTo = total === 0 ? [] : await ctx.store.query<Omit<Invoice, "id">>({ ...query, limit: page * size });
  return { invoices: (upTo.slice((page - 1) * size) as Invoice[]).map(normalised), total, page, pageCount };
}

/**
 * A booking's invoices, in the order they were issued: the rental and the fee, the corrective
 * invoices of each move for the weather (`moves`: how many the booking has had), then those of
 * a cancellation.
 */
export async function forBooking(ctx: InvoicesContext, bookingId: string, moves = 0): Promise<Invoice[]> {
  const moved = Array.from({ length: moves }, (_, n) => [`${bookingId}_rental_M${n + 1}`, `${bookingId}_fee_M${n + 1}`]).flat();
  const ids = [`${bookingId}_rental`, `${bookingId}_fee`, ...moved, `${bookingId}_rental_R`, `${bookingId}_fee_R`];
  const docs = await ctx.store.getMany<Omit<Invoice, "id">>(INVOICES, ids);
  return docs.flatMap((doc, index) => (doc ? [normalised({ ...doc, id: ids[index]! })] : []));
}
