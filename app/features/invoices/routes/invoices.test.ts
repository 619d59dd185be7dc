import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, bookingEmailHandler, createBookingsService, today } from "#app/features/bookings/.server";
import { invoiceBookingHandler } from "#app/features/invoices/.server";
import { createRecordedPayments, type PaymentsPort } from "#app/.server/payments";
import type { Services } from "#app/.server/services";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, loadContext, pageRequest, settle } from "#tests/test-services";
import { loader as pdfLoader } from "#app/features/invoices/routes/invoice-pdf";
import { testBooking } from "#app/features/invoices/.server/test-fixtures";
import { loader as invoicesLoader } from "./invoices";

/**
 * Invoices from real bookings on the embedded backend: confirming a booking issues them,
 * cancelling with a refund corrects them; /ajustes/facturas lists each side's; the PDF download
 * is for the buyer, the seller and the team only (the same 404 for anyone else). The service fee
 * is charged, and so invoiced, only with a provider that charges (`charging`: one that answers at
 * once); without one there is no fee invoice (decision 048).
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
let adminCookie: string;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marina Armadora" });
  renter = await createTestUser(services, { displayName: "Rafa Renter" });
  stranger = await createTestUser(services, { displayName: "Sergio Stranger" });
  adminCookie = (await createTestAdmin(services, { displayName: "Ada Admin" })).cookie;
});
afterAll(() => services.close());

/** The app's bookings with a provider that charges and answers at once (no checkout to complete). */
function charging() {
  const payments: PaymentsPort = { ...createRecordedPayments(), provider: "stripe", charges: true, authorize: async ({ key }) => ({ kind: "authorised", reference: `pi_${key}` }) };
  const emails = bookingEmailHandler({ mailbox: services.mailbox, users: services.users, listings: services.listings, origin: "http://localhost:3000" });
  return createBookingsService({ store: services.store, listings: services.listings, payments, handlers: [invoiceBookingHandler(services.invoices), emails] });
}

const context = () => loadContext(services);
const day = (n: number) => addDays(today(new Date()), n);
const download = (id: string, cookie?: string, lang = "es") =>
  pdfLoader({ request: cookie ? authedRequest(`/resources/invoice/${id}?lang=${lang}`, cookie) : pageRequest(`/resources/invoice/${id}`), params: { invoiceId: id }, context: context() }) as Promise<Response>;

async function pdfText(response: Response): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(await response.arrayBuffer()), verbosity: 0 }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

describe("invoices of bookings", () => {
  it("issues the rental and fee invoices on confirmation (a provider that charges) and lists them for each side", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const booking = await charging().book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(30), end: day(31), part: null, people: 2, withSkipper: false });
    expect(booking.status).toBe("confirmed");
    const issued = await services.invoices.forBooking(booking.id);
    expect(issued.map((invoice) => [invoice.series, invoice.kind, invoice.totalCents])).toEqual([
      ["A", "rental", booking.price.ownerCents],
      ["F", "fee", booking.price.serviceFeeCents],
    ]);

    const mine = dataOf(await invoicesLoader({ request: authedRequest("/ajustes/facturas", renter.cookie), params: {}, context: context() }));
    expect(mine.received.rows.map((row: { id: string }) => row.id).sort()).toEqual([`${booking.id}_fee`, `${booking.id}_rental`]);
    expect(mine.issued.total).toBe(0);
    const theirs = dataOf(await invoicesLoader({ request: authedRequest("/ajustes/facturas", owner.cookie), params: {}, context: context() }));
    expect(theirs.issued.rows.map((row: { id: string }) => row.id)).toEqual([`${booking.id}_rental`]);
    expect(theirs.received.total).toBe(0);
    // Each side is emailed: the renter twice (rental and fee), the owner once (the rental in their name).
    const renterMail = (await services.mailbox.list(renter.uid)).map((email) => email.subject).filter((subject) => subject.startsWith("Factura"));
    expect(renterMail.sort()).toEqual(issued.map((invoice) => `${invoice.kind === "rental" ? "Factura de alquiler" : "Factura de servicio"} ${invoice.series}-${invoice.number}: ${invoice.subject.title}`).sort());
    const ownerMail = (await services.mailbox.list(owner.uid)).filter((email) => email.subject.startsWith("Factura de alquiler"));
    expect(ownerMail).toHaveLength(1);
    expect(ownerMail[0]!.text).toContain("/ajustes/facturas");
    const visitor = await settle(() => invoicesLoader({ request: pageRequest("/ajustes/facturas"), params: {}, context: context() }));
    expect((visitor as Response).status).toBe(302);
  });

  it("serves the PDF to the buyer, the seller and the team, in the asked language; a plain 404 for anyone else", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(40), end: day(40), part: null, people: 2, withSkipper: false });
    const id = `${booking.id}_rental`;
    const invoice = (await services.invoices.forBooking(booking.id))[0]!;
    for (const cookie of [renter.cookie, owner.cookie, adminCookie]) {
      const response = await download(id, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const french = await pdfText(await download(id, renter.cookie, "fr"));
    expect(french).toContain("Facture de location");
    expect(french).toContain(`A-${invoice.number}`);
    expect(french).toContain("Rafa Renter");
    for (const response of [await download(id), await download(id, stranger.cookie), await download(`${booking.id}_fee`, owner.cookie), await download("nothing", renter.cookie)]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("text/plain");
    }
  });

  it("corrects the rental (never the fee) on the renter's cancellation; shows the reason and the corrected invoice on the page and in the PDF", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const bookings = charging();
    const booking = await bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(60), end: day(61), part: null, people: 2, withSkipper: false });
    const { booking: cancelled } = await bookings.act(booking.id, renter.uid, "renter", "cancel");
    expect(cancelled.cancellation).toMatchObject({ rule: "policy", percent: 100, rentalRefundCents: booking.price.ownerCents, feeRefundCents: 0 });
    const all = await services.invoices.forBooking(booking.id);
    const corrective = all.filter((invoice) => invoice.kind === "corrective");
    const rental = all.find((invoice) => invoice.kind === "rental")!;
    expect(corrective.map((invoice) => [invoice.id, invoice.series, invoice.totalCents, invoice.corrects?.id])).toEqual([[`${booking.id}_rental_R`, "R", -booking.price.ownerCents, rental.id]]);
    expect(corrective[0]!.lines).toEqual([{ kind: "rental", quantity: 2, amountCents: -booking.price.ownerCents }]);

    // The renter's list: the corrective row says why and which invoice it corrects.
    const mine = dataOf(await invoicesLoader({ request: authedRequest("/ajustes/facturas", renter.cookie), params: {}, context: context() }));
    const row = mine.received.rows.find((item: { id: string }) => item.id === `${booking.id}_rental_R`);
    expect(row).toMatchObject({
      kind: "corrective",
      corrects: { number: `A-${rental.number}`, issuedAt: rental.issuedAt },
      reason: { rule: "policy", by: "renter", policy: "moderate", percent: 100 },
      totalCents: -booking.price.ownerCents,
    });
    // The owner sees the same correction of the invoice issued in their name; the fee's stays the renter's.
    const theirs = dataOf(await invoicesLoader({ request: authedRequest("/ajustes/facturas", owner.cookie), params: {}, context: context() }));
    expect(theirs.issued.rows.map((item: { id: string }) => item.id)).toContain(`${booking.id}_rental_R`);

    const spanish = await pdfText(await download(`${booking.id}_rental_R`, renter.cookie, "es"));
    for (const text of ["Factura rectificativa", `Rectifica la factura A-${rental.number} del`, "Cancelación por el cliente", "política de cancelación moderada", "100 % del alquiler", "Alquiler (2 días)", "Marina Armadora"]) {
      expect(spanish.replace(/\s+/g, " ")).toContain(text);
    }
    const german = await pdfText(await download(`${booking.id}_rental_R`, owner.cookie, "de"));
    expect(german.replace(/\s+/g, " ")).toContain("Storniert vom Kunden");
    expect((await download(`${booking.id}_rental_R`, stranger.cookie)).status).toBe(404);
  });

  it("corrects rental and fee in full when the owner cancels", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const bookings = charging();
    const booking = await bookings.book({ uid: renter.uid, lang: "en" }, boat.id, { start: day(70), end: day(70), part: null, people: 2, withSkipper: false });
    await bookings.act(booking.id, owner.uid, "owner", "cancel");
    const corrective = (await services.invoices.forBooking(booking.id)).filter((invoice) => invoice.kind === "corrective");
    expect(corrective.map((invoice) => [invoice.id, invoice.totalCents, invoice.reason?.rule])).toEqual([
      [`${booking.id}_rental_R`, -booking.price.ownerCents, "owner-cancel"],
      [`${booking.id}_fee_R`, -booking.price.serviceFeeCents, "owner-cancel"],
    ]);
    const english = await pdfText(await download(`${booking.id}_fee_R`, renter.cookie, "en"));
    for (const text of ["Corrective invoice", "Cancelled by the owner", "Amarre service fee", "Amarre Marketplace S.L.", "B67294813", "Passeig Marítim 32"]) expect(english.replace(/\s+/g, " ")).toContain(text);
    // The rental of one day: one date, one day.
    const rental = await pdfText(await download(`${booking.id}_rental_R`, renter.cookie, "en"));
    expect(rental).toContain("Rental (1 day)");
    expect(rental).toContain("Cancelled by the owner");
    expect(rental).not.toMatch(/ to [A-Z][a-z]+ \d/);
  });

  it("without online payments: the rental's invoice alone, no fee's; a cancellation annuls it whole, saying nothing had been paid", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(80), end: day(80), part: null, people: 2, withSkipper: false });
    expect((await services.invoices.forBooking(booking.id)).map((invoice) => [invoice.series, invoice.kind, invoice.totalCents])).toEqual([["A", "rental", booking.price.totalCents]]);
    await services.bookings.act(booking.id, renter.uid, "renter", "cancel");
    const corrective = (await services.invoices.forBooking(booking.id)).filter((invoice) => invoice.kind === "corrective");
    expect(corrective.map((invoice) => [invoice.id, invoice.totalCents, invoice.reason?.rule])).toEqual([[`${booking.id}_rental_R`, -booking.price.ownerCents, "unpaid"]]);
    const spanish = (await pdfText(await download(`${booking.id}_rental_R`, renter.cookie, "es"))).replace(/\s+/g, " ");
    expect(spanish).toContain("antes del viaje: Amarre no cobraba en línea y no se había pagado nada");
  });

  it("pages a long list 25 at a time, each list on its own", async () => {
    const many = await createTestUser(services, { displayName: "Mucha Factura" });
    for (let i = 0; i < 16; i++) await services.invoices.issueForBooking(testBooking(`paged${i}`, "private", { renterUid: many.uid, ownerUid: owner.uid }), { quiet: true });
    const first = dataOf(await invoicesLoader({ request: authedRequest("/ajustes/facturas", many.cookie), params: {}, context: context() }));
    expect(first.received).toMatchObject({ page: 1, pageCount: 2, total: 32 });
    expect(first.received.rows).toHaveLength(25);
    const second = dataOf(await invoicesLoader({ request: authedRequest("/ajustes/facturas?recibidas=2&emitidas=x", many.cookie), params: {}, context: context() }));
    expect(second.received.rows).toHaveLength(7);
    expect(second.issued).toMatchObject({ page: 1, total: 0 });
    const beyond = dataOf(await invoicesLoader({ request: authedRequest("/ajustes/facturas?recibidas=99", many.cookie), params: {}, context: context() }));
    expect(beyond.received.page).toBe(2);
    // The pages read only up to their end, and show the rows of the whole list, in its order.
    const whole = (await services.invoices.listFor(many.uid)).received.map((invoice) => invoice.id);
    expect([...first.received.rows, ...second.received.rows].map((r: { id: string }) => r.id)).toEqual(whole);
    expect(beyond.received.rows.map((r: { id: string }) => r.id)).toEqual(whole.slice(25));
  });
});

describe("what was rented in the reader's language", () => {
  it("names a rented berth in the page's language on /ajustes/facturas and in the PDF", async () => {
    const dock = await createDock(services, owner.uid, { kind: "rent", berthNumber: "B-77", monthlyPriceCents: 900_00 });
    const booking = await services.bookings.book({ uid: renter.uid, lang: "de" }, dock.id, { start: day(90), end: day(91), part: null, people: null, withSkipper: false });
    await services.bookings.act(booking.id, owner.uid, "owner", "accept");
    const names = { es: "Amarre con finger en Port Vell · n.º B-77", de: "Liegeplatz mit Fingersteg in Port Vell · Nr. B-77" };
    for (const [lang, name] of Object.entries(names)) {
      const page = dataOf(await invoicesLoader({ request: authedRequest(`${lang === "es" ? "" : `/${lang}`}/ajustes/facturas`, renter.cookie), params: {}, context: context() }));
      const rows = page.received.rows.filter((row: { id: string }) => row.id.startsWith(booking.id));
      // The rental's invoice alone: without online payments no fee is charged or invoiced (decision 048).
      expect(rows.map((row: { subject: string }) => row.subject), lang).toEqual([`${name} · ${booking.reference}`]);
    }
    const german = (await pdfText(await download(`${booking.id}_rental`, renter.cookie, "de"))).replace(/\s+/g, " ");
    expect(german).toContain("Liegeplatz mit Fingersteg in Port Vell · Nr. B-77");
    expect(german).not.toContain("Amarre con finger");
  });
});

describe("paperwork in the reader's language", () => {
  it("names a case's type and reference in the page's language on /ajustes/facturas and in the PDF, for invoices issued now and before types were kept", async () => {
    const requester = await createTestUser(services, { displayName: "Greta Gestión" });
    const [issued] = await services.invoices.issueForCaseQuote(
      { caseId: "CaseNowAbCdEfGhIjKlM", reference: "GES-NQW22", caseType: "cambio-propiedad-barco", n: 1, requesterUid: requester.uid, requesterName: "Greta Gestión", title: "Cambio de propiedad", description: "Liquidación del modelo 620 y tasas", amountCents: 18_550, acceptedAt: "2026-11-20T10:00:00.000Z" },
      { quiet: true },
    );
    // An invoice as the demo stored them before: the type's Spanish name only, no type, no reference.
    const { id: _id, ...stored } = { ...issued!, id: "case_CaseOldAbCdEfGhIjKl_quote_1", caseId: "CaseOldAbCdEfGhIjKl", subject: { listingId: "CaseOldAbCdEfGhIjKl", kind: "case", title: "Matriculación del barco", start: "2026-11-19", end: "2026-11-19" } };
    await services.store.set("invoices", "case_CaseOldAbCdEfGhIjKl_quote_1", { ...stored, issuedAt: "2026-11-19T10:00:00.000Z" });
    const names = {
      es: ["Cambio de propiedad", "Matriculación del barco"],
      en: ["Change of ownership", "Boat registration"],
      fr: ["Changement de propriétaire", "Immatriculation du bateau"],
      de: ["Eigentümerwechsel", "Bootszulassung"],
    } as const;
    for (const [lang, [now, before]] of Object.entries(names)) {
      const prefix = lang === "es" ? "" : `/${lang}`;
      const page = dataOf(await invoicesLoader({ request: authedRequest(`${prefix}/ajustes/facturas`, requester.cookie), params: {}, context: context() }));
      const subjects = page.received.rows.map((row: { subject: string }) => row.subject);
      expect(subjects, lang).toEqual([`${now} · GES-NQW22`, expect.stringMatching(new RegExp(`^${before} · GES-[2-9A-HJ-NP-Z]{5}$`))]);
    }
    // The German PDFs (the list's words are the PDF's: `subjectTitle`).
    for (const [id, name] of [[issued!.id, "Eigentümerwechsel (Auftrag GES-NQW22)"], ["case_CaseOldAbCdEfGhIjKl_quote_1", "Bootszulassung (Auftrag GES-"]]) {
      const text = (await pdfText(await download(id!, requester.cookie, "de"))).replace(/\s+/g, " ");
      expect(text, id).toContain(name);
      expect(text, id).toContain("Behördengang: Liquidación del modelo 620 y tasas");
      expect(text, id).not.toMatch(/Cambio de propiedad|Matriculación del barco|CaseOldAbCdEfGhIjKl/);
    }
  });
});
