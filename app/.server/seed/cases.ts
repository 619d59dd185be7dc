import { createCasesService } from "../domain/cases";
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
    details: { boatName: "Brisa", boatType: "Lancha", lengthM: 6.2, year: 2024, port: "Club de Mar, Palma", notes: "Lancha nueva comprada en marzo; necesito la matrícula antes del verano." },
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
    details: { boatType: "Lancha", value: 38000, lengthM: 6.2, year: 2024, use: "Recreo", port: "Palma" },
    lang: "es",
  });

  const visitor = { name: "Joan Serra", email: "joan.serra@example.com", phone: "+34 622 333 444" };
  const transport = await cases.create({ type: "transporte", requesterUid: null, contact: visitor, details: { from: "Barcelona", to: "Palma", lengthM: 9.5, beamM: 3.2, weightKg: 4200, date: "2027-05-02" }, lang: "es" });
  await cases.move(transport.id, team, "rejected", "No cubrimos transportes por mar para esas medidas.");
  await cases.create({ type: "limpieza", requesterUid: null, contact: { name: "Hanna Vogel", email: "hanna@example.de", phone: null }, details: { port: "Marina Ibiza", lengthM: 12, cleaning: "Casco y cubierta", date: "2027-06-15" }, lang: "de" });
  await cases.create({ type: "port", requesterUid: null, contact: { name: "Marina de Sóller", email: "info@marina-soller.example", phone: "+34 971 000 999" }, details: { place: "Port de Sóller", berths: 120 }, lang: "es" });
}
