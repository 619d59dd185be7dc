import { caseStatuses, caseTypes, createCasesService, procedureTypes, type Case, type CaseStatus, type CaseType } from "../domain/cases";
import type { Services } from "../services";

/**
 * Demo cases through the cases service: the demo renter's paperwork in several states (one
 * waiting for her documents, with the team's comments and a message), and visitors' requests of
 * other types. Emails are not sent for the past (a service without a notifier writes them).
 */
const MINIMAL_PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

export async function seedDemoCases(services: Services): Promise<void> {
  const { identity, store, blobs } = services;
  const renter = await identity.getUserByEmail("renter@amarre.test");
  const admin = await identity.getUserByEmail("admin@amarre.test");
  if (!renter || !admin) return;
  const cases = createCasesService({ store, blobs });
  const team = { uid: admin.uid, role: "admin" as const };
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
  await cases.move(itb.id, team, "in_progress", "Inspección reservada con la entidad colaboradora.");
  await cases.move(itb.id, team, "completed", "ITB superada: el certificado está en tu correo.");

  await cases.create({
    type: "seguro",
    requesterUid: renter.uid,
    contact: lucia,
    details: { boatType: "motor", value: 38000, lengthM: 6.2, year: 2024, use: "private", port: "Palma" },
    lang: "es",
  });

  const visitor = { name: "Joan Serra", email: "joan.serra@example.com", phone: "+34 622 333 444" };
  const transport = await cases.create({ type: "transporte", requesterUid: null, contact: visitor, details: { from: "Barcelona", to: "Palma", lengthM: 9.5, beamM: 3.2, weightKg: 4200, date: "2027-05-02" }, lang: "es" });
  await cases.move(transport.id, team, "rejected", "No cubrimos transportes por mar para esas medidas.");
  await cases.create({ type: "limpieza", requesterUid: null, contact: { name: "Hanna Vogel", email: "hanna@example.de", phone: null }, details: { port: "Marina Ibiza", lengthM: 12, cleaning: "full", date: "2027-06-15" }, lang: "de" });
  await cases.create({ type: "port", requesterUid: null, contact: { name: "Marina de Sóller", email: "info@marina-soller.example", phone: "+34 971 000 999" }, details: { place: "Port de Sóller", berths: 120 }, lang: "es" });
}

/** The steps from `received` to each status. */
const PATHS: Record<CaseStatus, CaseStatus[]> = {
  received: [],
  in_review: ["in_review"],
  waiting_documents: ["in_review", "waiting_documents"],
  in_progress: ["in_review", "in_progress"],
  completed: ["in_review", "in_progress", "completed"],
  rejected: ["in_review", "rejected"],
};

const COMMENTS: Record<CaseStatus, string> = {
  received: "",
  in_review: "Estamos revisando tu solicitud.",
  waiting_documents: "Necesitamos una copia del permiso de navegación.",
  in_progress: "Presupuesto aceptado: nos ponemos con ello.",
  completed: "Hecho. Te hemos enviado la documentación.",
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
 * One case of every type, their statuses cycling through all six (so every status appears at
 * least twice), every other one the demo renter's and the rest visitors'.
 */
export async function seedEveryCaseType(services: Services): Promise<void> {
  const { identity, store, blobs } = services;
  const renter = await identity.getUserByEmail("renter@amarre.test");
  const admin = await identity.getUserByEmail("admin@amarre.test");
  if (!renter || !admin) return;
  const cases = createCasesService({ store, blobs });
  const team = { uid: admin.uid, role: "admin" as const };
  const visitors = [
    { name: "Marc Dubois", email: "marc.dubois@example.fr", phone: "+33 6 12 34 56 78", lang: "fr" },
    { name: "Emily Carter", email: "emily.carter@example.co.uk", phone: null, lang: "en" },
    { name: "Jonas Weber", email: "jonas.weber@example.de", phone: "+49 170 1234567", lang: "de" },
  ];
  for (const [index, type] of caseTypes.entries()) {
    const status = caseStatuses[index % caseStatuses.length]!;
    const mine = index % 2 === 0;
    const visitor = visitors[index % visitors.length]!;
    const item = await cases.create({
      type,
      requesterUid: mine ? renter.uid : null,
      contact: mine ? { name: "Lucía Martín", email: "renter@amarre.test", phone: "+34 611 222 333" } : { name: visitor.name, email: visitor.email, phone: visitor.phone },
      details: DETAILS[type],
      lang: mine ? "es" : visitor.lang,
      documents: (procedureTypes as readonly string[]).includes(type) ? [{ name: `documentacion-${type}.pdf`, bytes: MINIMAL_PDF }] : [],
    });
    for (const step of PATHS[status]) await cases.move(item.id, team, step, COMMENTS[step]);
    if (status === "in_review") await cases.addNote(item.id, team, "Llamar al cliente para confirmar la eslora.");
  }
}
