import { expect, test, type Page } from "@playwright/test";
import { demoPage } from "./people";

/**
 * Paperwork and services without JavaScript, over plain HTTP, on the demo data: a visitor and the
 * demo renter send a request from every service page (a PDF where documents are asked); the admin
 * finds one by its text, downloads its document, moves it with comments and sends a quote; the
 * renter accepts it and downloads its invoice; the team delivers the result (completing without
 * the documents asked for only with a reason) and the renter downloads it — nobody else can; the
 * renter sees the history and has one email per change. Bad input is a 400 with the field's
 * message and nothing saved.
 */
test.use({ javaScriptEnabled: false });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const run = Date.now().toString(36);

/** Each page and what its form asks (by field name), as a person fills it in. */
const forms: Array<{ path: string; fields: Record<string, string>; selects?: Record<string, string>; pdf?: boolean }> = [
  { path: "/gestoria", fields: { boatName: `Pelicano${run}`, lengthM: "7.5", port: "Dénia" }, selects: { procedure: "cambio-propiedad-barco", boatType: "motor" }, pdf: true },
  ...["abanderamientos-y-bajas", "asesoramiento-contratos", "cambio-lista-6a", "cambio-propiedad-barco", "itb-barco", "matriculacion-barco", "renovacion-documentacion"].map((slug) => ({
    path: `/gestoria/${slug}`,
    fields: { boatName: `Gaviota${run}`, registration: "7ª-AT-1-100-20", lengthM: "6.2", port: "Altea" },
    selects: { boatType: "sail" },
    pdf: true,
  })),
  { path: "/seguro", fields: { value: "38000", lengthM: "6.2", year: "2020", port: "Palma" }, selects: { boatType: "motor", use: "private" } },
  { path: "/limpieza", fields: { port: "Marina Ibiza", lengthM: "12", date: later(30) }, selects: { cleaning: "full" } },
  { path: "/transporte", fields: { from: "Valencia", to: "Palma", lengthM: "8.5", beamM: "2.9", weightKg: "3800", date: later(40) } },
  { path: "/port/PortForm", fields: { portName: `Marina ${run}`, place: "Altea", berths: "250" } },
];

/**
 * Each page's form is sent once in the browser, half of them by a visitor and the others by the
 * demo renter (what differs between the two is where the form leads, the same on every page; the
 * loader tests send every form as both). Every page was sent by both before: 26 forms, about two
 * minutes of the browser stage.
 */
const byVisitor = forms.filter((_, i) => i % 2 === 0);
const byRenter = forms.filter((_, i) => i % 2 === 1);

/** Fills and sends a page's form: a visitor types `contact`; a signed-in person's is `filledIn`. */
async function fillRequest(page: Page, form: (typeof forms)[number], contact: { name: string; email: string } | { filledIn: string }) {
  const response = await page.goto(form.path);
  expect(response?.status(), form.path).toBe(200);
  const panel = page.locator("#solicitud form");
  if ("filledIn" in contact) await expect(panel.locator('[name="email"]'), `${form.path}: the contact is filled in`).toHaveValue(contact.filledIn);
  for (const [name, value] of Object.entries(form.fields)) await panel.locator(`[name="${name}"]`).fill(value);
  for (const [name, value] of Object.entries(form.selects ?? {})) await panel.locator(`select[name="${name}"]`).selectOption(value);
  if (form.pdf) await panel.locator('input[name="documents"]').setInputFiles({ name: "documentacion barco.pdf", mimeType: "application/pdf", buffer: PDF });
  if ("email" in contact) {
    await panel.locator('[name="name"]').fill(contact.name);
    await panel.locator('[name="email"]').fill(contact.email);
  }
  await panel.getByRole("button", { name: /Enviar solicitud|Send request/ }).click();
}

test("a visitor sends a request from half the service pages (the renter from the others)", async ({ browser }) => {
  test.setTimeout(180_000);
  const visitor = await demoPage(browser);
  for (const form of byVisitor) {
    await fillRequest(visitor, form, { name: "Vera Visitante", email: `vera.${run}@example.com` });
    await expect(visitor, form.path).toHaveURL(new RegExp(`${form.path.replace(/\//g, "\\/")}#solicitud$`));
    await expect(visitor.getByText("¡Recibido!")).toBeVisible();
  }
  // /en/transport-boat: the English transport page, at the one path the spec gives it.
  await fillRequest(visitor, { path: "/en/transport-boat", fields: { from: "Cannes", to: "Dénia", lengthM: "12", beamM: "3.9", weightKg: "9000", date: later(50) } }, { name: "Vera Visitante", email: `vera.${run}@example.com` });
  await expect(visitor).toHaveURL(/\/en\/transport-boat#solicitud$/);
  await expect(visitor.getByText("Received!")).toBeVisible();

  // With JavaScript the page stays on screen: the form sent comes back empty, its PDF not kept to be sent twice.
  const scripted = await demoPage(browser, undefined, { javaScriptEnabled: true });
  await fillRequest(scripted, forms[1]!, { name: "Vera Visitante", email: `vera.${run}@example.com` });
  await expect(scripted.getByText("¡Recibido!")).toBeVisible();
  const sent = scripted.locator("#solicitud form");
  expect(await sent.locator('input[name="documents"]').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  await expect(sent.locator('[name="boatName"]')).toHaveValue("");

});

test("the demo renter sends a request from the other half, her contact filled in", async ({ browser }) => {
  test.setTimeout(180_000);
  const renter = await demoPage(browser, "renter@amarre.test");
  for (const form of byRenter) {
    await fillRequest(renter, form, { filledIn: "renter@amarre.test" });
    await expect(renter, form.path).toHaveURL(/\/ajustes\/mis-gestiones\/[A-Za-z0-9]{20}$/);
    await expect(renter.getByText("Hemos recibido tu solicitud")).toBeVisible();
  }
  await renter.goto("/ajustes/mis-gestiones");
  expect(await renter.locator('main a[href^="/ajustes/mis-gestiones/"]').count()).toBeGreaterThanOrEqual(byRenter.length);
});

test("the admin finds a request by its text and quotes it; the renter accepts; the team delivers the result; the renter downloads it", async ({ browser }) => {
  test.slow();
  const renter = await demoPage(browser, "renter@amarre.test");
  const boatName = `Albatros${run}`;
  await fillRequest(renter, { path: "/gestoria/matriculacion-barco", fields: { boatName, lengthM: "5.9", port: "Cambrils" }, selects: { boatType: "jetski" }, pdf: true }, { filledIn: "renter@amarre.test" });
  await expect(renter).toHaveURL(/\/ajustes\/mis-gestiones\/[A-Za-z0-9]{20}$/);
  const caseUrl = new URL(renter.url()).pathname;
  const caseId = caseUrl.split("/").pop()!;

  const admin = await demoPage(browser, "admin@amarre.test");
  await admin.goto(`/admin/gestiones?q=${boatName.toLowerCase()}`);
  await admin.getByRole("link", { name: new RegExp(caseId) }).or(admin.locator(`a[href$="/admin/gestiones/${caseId}"]`)).first().click();
  await expect(admin).toHaveURL(new RegExp(`/admin/gestiones/${caseId}$`));
  await expect(admin.getByText(boatName)).toBeVisible();

  const link = admin.getByRole("link", { name: "Descargar" }).first();
  const download = await admin.request.get(new URL((await link.getAttribute("href"))!, admin.url()).toString());
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // Nobody else: a visitor's request for the same file is a 404.
  const stranger = await demoPage(browser);
  expect((await stranger.request.get(new URL((await link.getAttribute("href"))!, admin.url()).toString())).status()).toBe(404);

  const move = async (status: string, comment: string) => {
    await admin.locator('select[name="status"]').selectOption(status);
    await admin.locator('textarea[name="comment"]').fill(comment);
    await admin.getByRole("button", { name: "Cambiar estado" }).click();
  };
  const comments: string[] = [];
  for (const [status, comment] of [
    ["in_review", "Revisamos la factura"],
    ["waiting_documents", "Falta el certificado del constructor"],
  ] as const) {
    await move(status, comment);
    await expect(admin.getByText("La gestión ha cambiado de estado")).toBeVisible();
    comments.push(comment);
  }

  // The quote: amount, what it covers, valid until.
  await admin.locator('input[name="amount"]').fill("145,50");
  await admin.locator('textarea[name="description"]').fill(`Matriculación de ${boatName} con tasas de Capitanía`);
  await admin.locator('input[name="validUntil"]').fill(later(10));
  await admin.getByRole("button", { name: "Enviar presupuesto" }).click();
  await expect(admin.getByText("Presupuesto enviado; hemos avisado al solicitante.")).toBeVisible();

  // The renter accepts it and downloads its invoice.
  await renter.goto(caseUrl);
  await expect(renter.getByText(`Matriculación de ${boatName} con tasas de Capitanía`)).toBeVisible();
  await expect(renter.getByText(/145,50\s€/).first()).toBeVisible();
  await renter.getByRole("button", { name: "Aceptar el presupuesto" }).click();
  await expect(renter.getByText("Has aceptado el presupuesto")).toBeVisible();
  await expect(renter.getByText("En curso").first()).toBeVisible();
  const invoiceLink = renter.getByRole("link", { name: /Descargar la factura F-\d{4}-\d{6}/ });
  const invoice = await renter.request.get(new URL((await invoiceLink.getAttribute("href"))!, renter.url()).toString());
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()["content-type"]).toBe("application/pdf");
  await renter.goto("/ajustes/facturas");
  await expect(renter.getByText("Factura de gestión").first()).toBeVisible();

  // The team asks for a document that never arrives, delivers the result and completes with a reason.
  await admin.reload();
  for (const [status, comment] of [
    ["waiting_documents", "Capitanía pide una copia del DNI"],
    ["in_progress", "Expediente presentado en Capitanía"],
  ] as const) {
    await move(status, comment);
    await expect(admin.getByText("La gestión ha cambiado de estado")).toBeVisible();
    comments.push(comment);
  }
  await admin.locator('input[name="documents"]').setInputFiles({ name: "matricula.pdf", mimeType: "application/pdf", buffer: PDF });
  await admin.getByRole("button", { name: "Adjuntar resultado" }).click();
  await expect(admin.getByText("Documentos de resultado añadidos")).toBeVisible();
  await move("completed", "Matrícula concedida");
  await expect(admin.getByText("Explica por qué se completa sin los documentos pedidos.").first()).toBeVisible();
  await admin.locator('textarea[name="waiver"]').fill("Capitanía aceptó el DNI que ya constaba");
  await admin.locator('textarea[name="comment"]').fill("Matrícula concedida");
  await admin.getByRole("button", { name: "Cambiar estado" }).click();
  await expect(admin.getByText("Esta gestión está cerrada.")).toBeVisible();
  comments.push("Matrícula concedida");

  // The renter sees every step with its comment and downloads the result; nobody else can.
  await renter.goto(caseUrl);
  for (const comment of comments) await expect(renter.getByText(comment)).toBeVisible();
  await expect(renter.getByText("Capitanía aceptó el DNI que ya constaba")).toBeVisible();
  await expect(renter.getByText("Completada").first()).toBeVisible();
  const resultHref = new URL((await renter.getByRole("link", { name: "Descargar matricula.pdf" }).getAttribute("href"))!, renter.url()).toString();
  const result = await renter.request.get(resultHref);
  expect(result.status()).toBe(200);
  expect((await result.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect((await admin.request.get(resultHref)).status()).toBe(200);
  expect((await stranger.request.get(resultHref)).status()).toBe(404);
  const owner = await demoPage(browser, "owner@amarre.test");
  expect((await owner.request.get(resultHref)).status()).toBe(404);

  await renter.goto("/ajustes/mi-bandeja-de-entrada");
  const subjects = await renter.locator("article h2").allTextContents();
  const aboutIt = subjects.filter((subject) => /Matriculación del barco/.test(subject));
  // One email per change (the other test's requests only add "received" ones).
  expect(aboutIt.filter((subject) => subject.includes("Tu gestión de Matriculación del barco:"))).toHaveLength(comments.length);
  for (const label of ["En revisión", "Esperando documentos", "En curso", "Completada"]) expect(aboutIt.some((subject) => subject.endsWith(label))).toBe(true);
  expect(aboutIt.some((subject) => subject.includes("Presupuesto para tu gestión de Matriculación del barco"))).toBe(true);
  expect(aboutIt.some((subject) => subject.includes("El resultado de tu gestión de Matriculación del barco"))).toBe(true);

  // A second request, rejected straight after being received.
  await fillRequest(renter, { path: "/seguro", fields: { value: "12000", lengthM: "4", year: "2010", port: `Cambrils${run}` }, selects: { boatType: "jetski", use: "private" } }, { filledIn: "renter@amarre.test" });
  const secondId = renter.url().split("/").pop()!.split("?")[0]!;
  await admin.goto(`/admin/gestiones/${secondId}`);
  await admin.locator('select[name="status"]').selectOption("rejected");
  await admin.locator('textarea[name="comment"]').fill("No aseguramos motos de agua de más de diez años");
  await admin.getByRole("button", { name: "Cambiar estado" }).click();
  await renter.goto(`/ajustes/mis-gestiones/${secondId}`);
  await expect(renter.getByText("No aseguramos motos de agua de más de diez años")).toBeVisible();
  await expect(renter.getByText("Rechazada").first()).toBeVisible();
});

test("bad input over plain HTTP: 400 with the field's message and nothing saved, never a 5xx", async ({ browser }) => {
  const admin = await demoPage(browser, "admin@amarre.test");
  const visitor = await demoPage(browser);
  const countOf = async (q: string) => {
    await admin.goto(`/admin/gestiones?q=${q}`);
    return admin.locator("tbody tr").count();
  };
  const marker = `zz${run}`;
  const post = (path: string, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) => visitor.request.post(path, { multipart, maxRedirects: 0 });

  const empty = await post("/gestoria/itb-barco", {});
  expect(empty.status()).toBe(400);
  const html = await post("/gestoria/itb-barco", { name: "Vera", email: "vera@example.com", boatName: marker, boatType: "motor", documents: { name: "factura.pdf", mimeType: "application/pdf", buffer: Buffer.from("<!doctype html><p>hola</p>") } });
  expect(html.status()).toBe(400);
  expect(await html.text()).toContain("factura.pdf");
  const big = await post("/gestoria/itb-barco", { name: "Vera", email: "vera@example.com", boatName: marker, boatType: "motor", documents: { name: "grande.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]) } });
  expect(big.status()).toBe(400);
  expect(await big.text()).toContain("grande.pdf");
  expect(await countOf(marker)).toBe(0);

  // A status that is not one: 400; a step the lifecycle does not allow: 409. The case is unchanged.
  const renter = await demoPage(browser, "renter@amarre.test");
  await fillRequest(renter, { path: "/limpieza", fields: { port: marker, lengthM: "9", date: later(20) }, selects: { cleaning: "hull" } }, { filledIn: "renter@amarre.test" });
  const id = renter.url().split("/").pop()!.split("?")[0]!;
  await admin.goto(`/admin/gestiones/${id}`);
  const wrong = await admin.request.post(`/admin/gestiones/${id}`, { form: { intent: "status", status: "done", comment: "" }, maxRedirects: 0 });
  expect(wrong.status()).toBe(400);
  const skip = await admin.request.post(`/admin/gestiones/${id}`, { form: { intent: "status", status: "completed", comment: "" }, maxRedirects: 0 });
  expect(skip.status()).toBe(409);
  await admin.reload();
  await expect(admin.getByText("Recibida").first()).toBeVisible();
});

test("case messages are limited per person: the 21st in ten minutes is a 429 with Retry-After, as the browser gets it", async ({ browser }) => {
  const renter = await demoPage(browser, "renter@amarre.test");
  await renter.goto("/ajustes/mis-gestiones");
  const caseUrl = new URL((await renter.locator('main a[href^="/ajustes/mis-gestiones/"]').first().getAttribute("href"))!, renter.url()).pathname;
  for (let i = 0; i < 20; i++) {
    const sent = await renter.request.post(caseUrl, { form: { intent: "message", message: `Pregunta ${i}` }, maxRedirects: 0 });
    expect(sent.status()).toBe(303);
  }
  const limited = await renter.request.post(caseUrl, { form: { intent: "message", message: "Una más" }, maxRedirects: 0 });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await limited.text()).toContain("Has enviado muchos mensajes seguidos.");
});
