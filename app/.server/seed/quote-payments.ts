import { createCasesService, madridDay } from "#app/features/cases/.server";
import { createRecordedPayments } from "../payments";
import { caseQuoteInvoicer, type Services } from "../services";

/**
 * The demo renter's paid quotes (decision 054), in the demo's provider-less mode (`recorded`,
 * whatever `PAYMENTS_PROVIDER` says, like the demo trips: demo people have no cards): a quote
 * accepted and paid outside Amarre, work in progress; one paid and partly refunded by the team,
 * with its corrective invoice; and one whose day passed unanswered, moved back to review by the
 * expiry pass. No emails (the past is not emailed); invoices issued quietly.
 */
export async function seedDemoQuotePayments(services: Services): Promise<void> {
  const { identity, store, blobs, invoices } = services;
  const renter = await identity.getUserByEmail("renter@amarre.test");
  const admin = await identity.getUserByEmail("admin@amarre.test");
  if (!renter || !admin) return;
  const deps = {
    store,
    blobs,
    payments: createRecordedPayments(),
    invoiceQuote: caseQuoteInvoicer(invoices, { quiet: true }),
    correctQuote: async (item: { id: string }, quote: { n: number }, refund: { k: number; amountCents: number; at: string; doneAt: string | null }) =>
      void (await invoices.correctForCaseQuoteRefund({ caseId: item.id, n: quote.n, k: refund.k, amountCents: refund.amountCents, at: refund.doneAt ?? refund.at }, { quiet: true })),
  };
  const cases = createCasesService(deps);
  const team = { uid: admin.uid, role: "admin" as const };
  const her = { uid: renter.uid, role: "user" as const };
  const lucia = { name: "Lucía Martín", email: "renter@amarre.test", phone: "+34 611 222 333" };
  const inDays = (days: number, from = Date.now()) => madridDay(new Date(from + days * 86_400_000));

  // Accepted and paid outside Amarre: the work is under way.
  const contract = await cases.create({ type: "asesoramiento-contratos", requesterUid: renter.uid, contact: lucia, details: { boatName: "Aurora", boatType: "motor", lengthM: 9.8, notes: "Quiero que revisen el contrato de compraventa antes de firmar." }, lang: "es" });
  await cases.move(contract.id, team, "in_review", "Hemos recibido el borrador del contrato.");
  await cases.sendQuote(contract.id, team, { amountCents: 9_500, description: "Revisión del contrato de compraventa y una llamada de 30 minutos con el asesor.", validUntil: inDays(14) });
  await cases.acceptQuote(contract.id, her, 1);

  // Paid, then partly refunded: the Harbour Master's fees were lower than quoted.
  const ownership = await cases.create({ type: "cambio-propiedad-barco", requesterUid: renter.uid, contact: lucia, details: { boatName: "Tramontana", boatType: "sail", registration: "7ª-BA-2-456-09", lengthM: 10.4, port: "Port Olímpic", notes: "Compra a un particular, contrato firmado." }, lang: "es" });
  await cases.move(ownership.id, team, "in_review", "");
  await cases.sendQuote(ownership.id, team, { amountCents: 18_000, description: "Cambio de titularidad en Capitanía, con las tasas oficiales y el envío de la nueva hoja de asiento.", validUntil: inDays(21) });
  await cases.acceptQuote(ownership.id, her, 1);
  await cases.refundQuote(ownership.id, team, { n: 1, k: 1, amountCents: 4_500, reason: "Las tasas de Capitanía han sido 45 € más bajas de lo presupuestado." });

  // Quoted six days ago, valid for two, never answered: the expiry pass moves it back to review.
  const before = Date.now() - 6 * 86_400_000;
  const past = createCasesService({ ...deps, now: () => new Date(before) });
  const renewal = await past.create({ type: "renovacion-documentacion", requesterUid: renter.uid, contact: lucia, details: { boatName: "Nordés", boatType: "motor", registration: "7ª-VG-1-222-11", lengthM: 8.6, notes: "Se me ha caducado el certificado de navegabilidad." }, lang: "es" });
  await past.move(renewal.id, team, "in_review", "");
  await past.sendQuote(renewal.id, team, { amountCents: 11_000, description: "Renovación del certificado de navegabilidad, con la inspección y las tasas.", validUntil: inDays(2, before) });
  await cases.applyDue();
}
