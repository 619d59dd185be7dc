import { PDFDocument, StandardFonts } from "pdf-lib";
import { caseStatuses, caseTypes, procedureTypes, UNQUOTED_TYPES } from "#app/features/cases";
import { createCasesService, madridDay, type Case, type CaseStatus, type CaseType } from "#app/features/cases/.server";
import { caseQuoteInvoicer, type Services } from "../services";

/**
 * Demo cases through the cases service: the demo renter's paperwork in several states (one
 * waiting for her documents, with the team's comments and a message; an insurance quote waiting
 * for her answer; a completed ITB with its certificate to download and its invoice), and
 * visitors' requests of other types. Emails are not sent for the past (a service without a
 * notifier writes them); accepted quotes are invoiced quietly.
 */
const MINIMAL_PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** A real one-page PDF (pdf-lib): the result document the team delivers in the demo. */
async function resultPdf(title: string, lines: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText("Amarre", { x: 50, y: 780, size: 20, font: bold });
  page.drawText(title, { x: 50, y: 740, size: 14, font: bold });
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 710 - index * 18, size: 11, font }));
  return pdf.save();
}

/** The day `days` from now in Madrid (a quote's valid-until). */
function dayFromNow(days: number): string {
  return madridDay(new Date(Date.now() + days * 86_400_000));
}

export async function seedDemoCases(services: Services): Promise<void> {
  const { identity, store, blobs } = services;
  const renter = await identity.getUserByEmail("renter@amarre.test");
  const admin = await identity.getUserByEmail("admin@amarre.test");
  if (!renter || !admin) return;
  const cases = createCasesService({ store, blobs, invoiceQuote: caseQuoteInvoicer(services.invoices, { quiet: true }) });
  const team = { uid: admin.uid, role: "admin" as const };
  const her = { uid: renter.uid, role: "user" as const };
  const lucia = { name: "Lucía Martín", email: "renter@amarre.test", phone: "+34 611 222 333" };

  const registration = await cases.create({
    type: "matriculacion-barco",
    requesterUid: renter.uid,
    contact: lucia,
    details: { boatName: "Brisa", boatType: "motor", lengthM: 6.2, year: 2024, port: "Club de Mar, Palma", notes: "Lancha nueva comprada en marzo; necesito la matrícula antes del verano." },
    lang: "es",
    documents: [{ name: "factura-compra.pdf", bytes: MINIMAL_PDF }],
  });
  await cases.move(registration.id, team, "in_review", "Hemos revisado la factura: todo en orden.");
  await cases.move(registration.id, team, "waiting_documents", "Nos falta el certificado del constructor y una copia de tu DNI.");
  await cases.addMessage(registration.id, team, "Puedes subir los documentos en PDF o en foto desde esta misma página.");

  const itb = await cases.create({
    type: "itb-barco",
    requesterUid: renter.uid,
    contact: lucia,
    details: { boatName: "Brisa", registration: "7ª-PM-1-123-24", port: "Club de Mar, Palma", date: "2027-04-10" },
    lang: "es",
  });
  await cases.move(itb.id, team, "in_review", "");
  const itbQuote = await cases.sendQuote(itb.id, team, { amountCents: 14_500, description: "ITB completa: reserva con la entidad colaboradora, inspección en Club de Mar y tasas.", validUntil: dayFromNow(30) });
  await cases.acceptQuote(itb.id, her, itbQuote.quotes.at(-1)!.n);
  await cases.deliver(itb.id, team, [
    { name: "certificado-itb-brisa.pdf", bytes: await resultPdf("Certificado de ITB", ["Embarcación: Brisa (7ª-PM-1-123-24)", "Inspección técnica periódica superada.", "Próxima inspección: dentro de cinco años."]) },
  ]);
  await cases.move(itb.id, team, "completed", "ITB superada: tienes el certificado en esta página.");

  const insurance = await cases.create({
    type: "seguro",
    requesterUid: renter.uid,
    contact: lucia,
    details: { boatType: "motor", value: 38000, lengthM: 6.2, year: 2024, use: "private", port: "Palma" },
    lang: "es",
  });
  await cases.move(insurance.id, team, "in_review", "Estamos comparando aseguradoras.");
  await cases.sendQuote(insurance.id, team, { amountCents: 32_000, description: "Póliza anual a terceros y daños propios hasta 38.000 €, con asistencia en el mar; gestión incluida.", validUntil: dayFromNow(21) });

  const visitor = { name: "Joan Serra", email: "joan.serra@example.com", phone: "+34 622 333 444" };
  const transport = await cases.create({ type: "transporte", requesterUid: null, contact: visitor, details: { from: "Barcelona", to: "Palma", lengthM: 9.5, beamM: 3.2, weightKg: 4200, date: "2027-05-02" }, lang: "es" });
  await cases.move(transport.id, team, "rejected", "No cubrimos transportes por mar para esas medidas.");
  await cases.create({ type: "limpieza", requesterUid: null, contact: { name: "Hanna Vogel", email: "hanna@example.de", phone: null }, details: { port: "Marina Ibiza", lengthM: 12, cleaning: "full", date: "2027-06-15" }, lang: "de" });
  await cases.create({ type: "port", requesterUid: null, contact: { name: "Marina de Sóller", email: "info@marina-soller.example", phone: "+34 971 000 999" }, details: { place: "Port de Sóller", berths: 120 }, lang: "es" });
}

/**
 * The steps from `received` to each status: `quote` sends one, `accept` is the requester's
 * answer (work starts), `deliver` attaches a result document. A type with nothing to quote skips
 * the quote and the result, and the team starts the work itself.
 */
type Step = CaseStatus | "quote" | "accept" | "deliver";
const PATHS: Record<CaseStatus, Step[]> = {
  received: [],
  in_review: ["in_review"],
  quoted: ["in_review", "quote"],
  waiting_documents: ["in_review", "waiting_documents"],
  in_progress: ["in_review", "quote", "accept"],
  completed: ["in_review", "quote", "accept", "deliver", "completed"],
  rejected: ["in_review", "rejected"],
};

const COMMENTS: Record<CaseStatus, string> = {
  received: "",
  in_review: "Estamos revisando tu solicitud.",
  quoted: "",
  waiting_documents: "Necesitamos una copia del permiso de navegación.",
  in_progress: "Presupuesto aceptado: nos ponemos con ello.",
  completed: "Hecho. Tienes la documentación en esta página.",
  rejected: "No podemos hacernos cargo de esta solicitud.",
};

/** What each type's form asks, as a person would fill it in. */
const DETAILS: Record<CaseType, Case["details"]> = {
  "abanderamientos-y-bajas": { boatName: "Mistral", boatType: "sail", registration: "FR-123456", lengthM: 11.3, port: "Port Ginesta", notes: "Velero comprado en Francia, quiero abanderarlo en España." },
  "asesoramiento-contratos": { boatName: "Aurora", boatType: "motor", lengthM: 9.8, notes: "Revisión de un contrato de compraventa antes de firmar." },
  "cambio-lista-6a": { boatName: "Brisa", boatType: "motor", registration: "7ª-PM-1-123-24", lengthM: 6.2, port: "Club de Mar, Palma", notes: "Quiero alquilar la lancha en Amarre este verano." },
  "cambio-propiedad-barco": { boatName: "Tramontana", boatType: "sail", registration: "7ª-BA-2-456-09", lengthM: 10.4, port: "Port Olímpic", notes: "Compra a un particular, contrato firmado." },
  "itb-barco": { boatName: "Lubina", boatType: "fishing", registration: "7ª-AL-3-789-15", lengthM: 7.1, port: "Dénia" },
  "matriculacion-barco": { boatName: "Delfín", boatType: "jetski", lengthM: 3.4, port: "Marina Salinas", notes: "Moto de agua nueva, factura de abril." },
  "renovacion-documentacion": { boatName: "Nordés", boatType: "motor", registration: "7ª-VG-1-222-11", lengthM: 8.6, notes: "Se me ha caducado el certificado de navegabilidad." },
  seguro: { boatType: "sail", value: 65000, lengthM: 12.2, year: 2016, use: "charter", port: "Marina Ibiza" },
  limpieza: { port: "Puerto Banús", lengthM: 14, cleaning: "antifouling", date: "2027-03-20" },
  transporte: { from: "Valencia", to: "Port d'Andratx", lengthM: 8.5, beamM: 2.9, weightKg: 3800, date: "2027-04-05" },
  port: { portName: "Club Náutico de Altea", place: "Altea, Alicante", berths: 340, notes: "Queremos publicar 40 amarres de alquiler." },
  contact: { notes: "¿Hacéis gestiones para barcos con bandera británica?" },
};

/**
 * One case of every type, their statuses cycling through all seven, every other one the demo
 * renter's and the rest visitors' — except that a case whose quote was accepted is the renter's
 * (a visitor answers a quote once the case is in their account).
 */
export async function seedEveryCaseType(services: Services): Promise<void> {
  const { identity, store, blobs } = services;
  const renter = await identity.getUserByEmail("renter@amarre.test");
  const admin = await identity.getUserByEmail("admin@amarre.test");
  if (!renter || !admin) return;
  const cases = createCasesService({ store, blobs, invoiceQuote: caseQuoteInvoicer(services.invoices, { quiet: true }) });
  const team = { uid: admin.uid, role: "admin" as const };
  const her = { uid: renter.uid, role: "user" as const };
  const visitors = [
    { name: "Marc Dubois", email: "marc.dubois@example.fr", phone: "+33 6 12 34 56 78", lang: "fr" },
    { name: "Emily Carter", email: "emily.carter@example.co.uk", phone: null, lang: "en" },
    { name: "Jonas Weber", email: "jonas.weber@example.de", phone: "+49 170 1234567", lang: "de" },
  ];
  for (const [index, type] of caseTypes.entries()) {
    const status = caseStatuses[index % caseStatuses.length]!;
    const quoted = !UNQUOTED_TYPES.includes(type);
    const steps: Step[] = quoted ? PATHS[status] : PATHS[status].filter((step) => step !== "quote" && step !== "deliver").map((step) => (step === "accept" ? "in_progress" : step));
    const mine = index % 2 === 0 || steps.includes("accept");
    const visitor = visitors[index % visitors.length]!;
    const item = await cases.create({
      type,
      requesterUid: mine ? renter.uid : null,
      contact: mine ? { name: "Lucía Martín", email: "renter@amarre.test", phone: "+34 611 222 333" } : { name: visitor.name, email: visitor.email, phone: visitor.phone },
      details: DETAILS[type],
      lang: mine ? "es" : visitor.lang,
      documents: (procedureTypes as readonly string[]).includes(type) ? [{ name: `documentacion-${type}.pdf`, bytes: MINIMAL_PDF }] : [],
    });
    for (const step of steps) {
      if (step === "quote") await cases.sendQuote(item.id, team, { amountCents: 9_000 + index * 1_500, description: "Tramitación completa, tasas oficiales incluidas.", validUntil: dayFromNow(30) });
      else if (step === "accept") await cases.acceptQuote(item.id, her, 1);
      else if (step === "deliver") await cases.deliver(item.id, team, [{ name: `resultado-${type}.pdf`, bytes: await resultPdf("Gestión completada", [`Referencia ${item.id}`]) }]);
      else await cases.move(item.id, team, step, COMMENTS[step]);
    }
    if (status === "in_review") await cases.addNote(item.id, team, "Llamar al cliente para confirmar la eslora.");
  }
}
