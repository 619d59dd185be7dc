/**
 * The bench's data: the demo people it signs in as, and `prepareData`, which fills a fresh data
 * directory with the demo marketplace, the bench boats, cases, invoices and a long conversation.
 */
import { loadConfig } from "#app/.server/config";
import { seedDemoData } from "#app/.server/seed";
import { seedBenchListings } from "#app/.server/seed/bench";
import { createDemoPhotoProvider } from "#app/.server/seed/photos";
import { createServices } from "#app/.server/services";
import { createCasesService } from "#app/features/cases/.server";
import { caseTypes } from "#app/features/cases/cases";
import { renderInvoicePdf, type Invoice } from "#app/features/invoices/.server";
import { testBooking } from "#app/features/invoices/.server/test-fixtures";
import { CASES } from "./bench-options";

export const DEMO = { email: "renter@amarre.test", password: "amarre-demo" };
export const DEMO_OWNER = { email: "owner@amarre.test", password: "amarre-demo" };
export const DEMO_ADMIN = { email: "admin@amarre.test", password: "amarre-demo" };

/**
 * Fills a fresh data directory (and, on firebase, the emulators `backendEnv` points at): the demo
 * marketplace plus `count` published boats.
 */
export async function prepareData(dataDir: string, count: number, backendEnv: Record<string, string> = {}) {
  const services = await createServices(
    loadConfig({ ...backendEnv, NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: "bench-session-secret-that-is-long-enough-0123456789" }),
  );
  try {
    const demoStarted = performance.now();
    await seedDemoData(services);
    console.log(`Seeded the demo marketplace in ${((performance.now() - demoStarted) / 1000).toFixed(1)} s`);
    const { created, ms } = await seedBenchListings(services, count, createDemoPhotoProvider(services));
    const [boat] = (await services.listings.search({ sort: "newest" })).items;
    // The cursor of page 2's link to page 3 of the motorboats (the server that serves it has not seen page 2).
    const page3Cursor = (await services.listings.search({ type: "motor", page: 2 })).cursors?.next ?? "";
    // 10,000 cases for the admin's list: boat names from a small pool, so a word finds about 1 in 20.
    const cases = createCasesService({ store: services.store, blobs: services.blobs });
    const names = ["Gaviota", "Albatros", "Brisa", "Estrella", "Marea", "Sirena", "Delfín", "Tramontana", "Poniente", "Levante", "Galerna", "Calima", "Mistral", "Aurora", "Neptuno", "Tritón", "Coral", "Perla", "Ancla", "Faro"];
    const casesStarted = performance.now();
    for (let i = 0; i < CASES; i++) {
      await cases.create({
        type: caseTypes[i % caseTypes.length],
        requesterUid: null,
        contact: { name: `Cliente ${i}`, email: `cliente${i}@example.com`, phone: null },
        details: { boatName: `${names[i % names.length]} ${i}`, port: ["Palma", "Dénia", "Barcelona", "Marbella"][i % 4], notes: "Solicitud de prueba para el banco de medidas" },
        lang: "es",
      });
    }
    const casesMs = performance.now() - casesStarted;
    // Instant boats of other owners than the demo renter, for the booking runs.
    const instant: string[] = [];
    for (let page = 1; page <= 3; page++) instant.push(...(await services.listings.search({ instantBooking: true, sort: "newest", page })).items.map((b) => b.id));
    // 500 invoices of the demo renter (250 bookings' rental and fee), and the time to draw one as a PDF.
    const renter = (await services.identity.getUserByEmail(DEMO.email))!;
    const owner = (await services.identity.getUserByEmail(DEMO_OWNER.email))!;
    const issued: Invoice[] = [];
    for (let i = 0; i < 250; i++) issued.push(...(await services.invoices.issueForBooking(testBooking(`bench-${i}`, "private", { renterUid: renter.uid, ownerUid: owner.uid }), { quiet: true })));
    const pdfStarted = performance.now();
    for (const invoice of issued.slice(0, 100)) await renderInvoicePdf(invoice, "es");
    const pdfMs = (performance.now() - pdfStarted) / 100;
    // A conversation of 200 messages between the demo renter and the demo owner, about one of his boats.
    const ownersBoat = (await services.listings.listByOwner(owner.uid)).find((listing) => listing.status === "published");
    let chatId = "";
    if (ownersBoat) {
      chatId = (await services.chats.start(renter.uid, { listingId: ownersBoat.id, text: "¿Está libre el sábado? Escríbeme a lucia@example.com o al 611 22 33 44." })).chatId;
      for (let i = 1; i < 200; i++) await services.chats.send(i % 2 ? owner.uid : renter.uid, chatId, `Mensaje ${i}: ${"a bordo ".repeat(1 + (i % 12))}`);
    }
    return { created, ms, boatId: boat?.id ?? "", page3Cursor, instantBoats: instant, casesMs, invoices: issued.length, pdfMs, chatId };
  } finally {
    await services.close();
  }
}

/** Signs a demo person (the renter unless told) in through the login form; returns the latency and the session cookie. */
export async function signIn(base: string, person: { email: string; password: string } = DEMO) {
  const started = performance.now();
  const response = await fetch(base + "/login", {
    method: "POST",
    body: new URLSearchParams(person),
    redirect: "manual",
    headers: { Cookie: "i18n_redirected=es" },
  });
  const elapsed = performance.now() - started;
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return { elapsed, cookie };
}
