import { expect, test, type Page } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { demoPage } from "./people";
import { fillLicence } from "./support/licence";

/**
 * Conversations without JavaScript, on the demo data: a person who has just registered writes to
 * Javier from his motorboat's page with an email address and a phone number in the message;
 * Javier sees them hidden and answers; both find the conversation in /mensajes. Then the person
 * books the boat (instantly confirmed) 160 days ahead: cancelling would still refund the whole
 * rental, so the details stay hidden and both pages say when they will show; both see the
 * booking's invoices and can download the PDF.
 */
test.use({ javaScriptEnabled: false });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function register(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel(/nombre/i).first().fill("Nerea Nueva");
  await page.getByLabel(/correo/i).fill(email);
  await page.locator('input[name="password"]').fill("mar-en-calma-7");
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('form[id^="register"] button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith("/register"));
}

async function pdfText(page: Page, href: string): Promise<string> {
  const response = await page.request.get(new URL(href, page.url()).toString());
  expect(response.status()).toBe(200);
  const doc = await getDocument({ data: new Uint8Array(await response.body()), verbosity: 0 }).promise;
  return (await (await doc.getPage(1)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

test("a new person writes to the demo owner; contact details stay hidden, even after booking a trip that can still be cancelled with the whole rental refunded, and both are told when they will show; both see the invoices", async ({ browser }) => {
  test.slow();
  const person = await demoPage(browser);
  await register(person, `nerea-${Date.now()}@amarre.test`);

  // From the motorboat's page: the contact form is a plain POST.
  await person.goto("/user/javier-ortega");
  await person.getByRole("link", { name: /Cap Camarat/ }).first().click();
  const boatPath = new URL(person.url()).pathname;
  await person.getByLabel("Tu mensaje").fill("Hola Javier, ¿está libre en agosto? Escríbeme a nerea.nueva@gmail.com o llámame al 612 34 56 78.");
  await person.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(person).toHaveURL(/\/chat\/[A-Za-z0-9]{20}#responder$/);
  const chatPath = new URL(person.url()).pathname;
  await expect(person.getByRole("heading", { level: 1, name: "Javier Ortega" })).toBeVisible();
  // The writer sees their own contact details hidden too.
  await expect(person.getByText("correo oculto")).toBeVisible();
  await expect(person.getByText("nerea.nueva@gmail.com")).toHaveCount(0);

  // Javier: the header counts it; /mensajes lists it with the details hidden; the page hides them.
  const owner = await demoPage(browser, "owner@amarre.test");
  await owner.goto("/mensajes");
  await expect(owner.getByRole("link", { name: /conversaci(ón|ones) sin leer/ })).toBeVisible();
  const row = owner.getByRole("link", { name: /Nerea Nueva/ });
  await expect(row).toContainText("[correo oculto]");
  await expect(row).toContainText("[teléfono oculto]");
  await expect(row).toContainText("Nuevo");
  await row.click();
  await expect(owner).toHaveURL(new RegExp(`${chatPath}#responder$`));
  await expect(owner.getByText("teléfono oculto")).toBeVisible();
  await expect(owner.getByText("612 34 56 78")).toHaveCount(0);
  await expect(owner.getByRole("note")).toContainText("hasta que tengáis una reserva confirmada que ya no se pueda cancelar con el reembolso completo del alquiler");
  await owner.getByLabel("Responder a Nerea Nueva").fill("¡Hola Nerea! Sí, está libre. Resérvalo y te paso mi número.");
  await owner.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(owner.getByText("Resérvalo y te paso mi número.")).toBeVisible();

  // Nerea's /mensajes: Javier's answer, unread; her message shows as read.
  await person.goto("/mensajes");
  const hers = person.getByRole("link", { name: /Javier Ortega/ });
  await expect(hers).toContainText("Resérvalo y te paso mi número.");
  await expect(hers).toContainText("Nuevo");
  await hers.click();
  // A read receipt: Javier has read her message.
  await expect(person.getByText("Leído")).toBeVisible();
  await person.getByLabel("Responder a Javier Ortega").fill("¡Genial, reservo ahora!");
  await person.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(person.getByText("Enviado")).toBeVisible();

  // She books the motorboat (instant booking: confirmed at once).
  const boatId = boatPath.split("/")[2];
  await person.goto(`/boat/rent/boat/${boatId}`);
  await person.getByLabel("Primer día").fill(day(160));
  await person.getByLabel("Personas").fill("3");
  await person.getByRole("button", { name: "Ver el precio" }).click();
  // The 7.5 m motorboat without a skipper asks for a PNB (issue 49): a new person gives theirs.
  await fillLicence(person, "pnb");
  await person.getByRole("button", { name: "Confirmar la reserva" }).click();
  await expect(person).toHaveURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);

  // A trip 160 days ahead would still be refunded in full (moderate: until 10 days before): the
  // details stay hidden for both, and both read when they will show (decision record 026).
  const when = /Los datos de contacto se mostrarán el \d{1,2} de \p{L}+ de \d{4} a las \d{2}:\d{2}, cuando cancelar vuestra reserva ya no devuelva el alquiler completo/u;
  await person.goto(chatPath);
  await expect(person.getByText("correo oculto").first()).toBeVisible();
  await expect(person.getByRole("note")).toContainText(when);
  await owner.goto(chatPath);
  await expect(owner.getByRole("note")).toContainText(when);
  await expect(owner.getByText("teléfono oculto").first()).toBeVisible();
  await expect(owner.getByText("612 34 56 78")).toHaveCount(0);
  await expect(owner.getByText("Tenéis una reserva confirmada")).toHaveCount(0);

  // Both see the booking's rental invoice and download it.
  await person.goto("/ajustes/facturas");
  const bought = person.getByRole("link", { name: /^Descargar PDF de la factura A-/ }).first();
  const boughtText = await pdfText(person, (await bought.getAttribute("href"))!);
  for (const expected of ["Nerea Nueva", "Javier Ortega", "Total"]) expect(boughtText).toContain(expected);
  await owner.goto("/ajustes/facturas?emitidas=1");
  const number = (await bought.getAttribute("aria-label"))!.replace(/^Descargar PDF de la factura /, "");
  const issued = owner.getByRole("link", { name: `Descargar PDF de la factura ${number}` });
  await expect(issued).toBeVisible();
  expect(await pdfText(owner, (await issued.getAttribute("href"))!)).toContain(number);
});

test("a visitor is asked to sign in before writing, and a stranger cannot open someone else's conversation", async ({ browser }) => {
  const visitor = await demoPage(browser);
  await visitor.goto("/user/javier-ortega");
  await visitor.getByRole("link", { name: /Cap Camarat/ }).first().click();
  await expect(visitor.getByText("Para escribir a Javier Ortega necesitas una cuenta.")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Inicia sesión o regístrate" })).toHaveAttribute("href", /^\/login\?redirect=%2Fboat%2F/);

  // Lucía's conversation with Javier (demo data) is not Marta's to read.
  const renter = await demoPage(browser, "renter@amarre.test");
  await renter.goto("/mensajes");
  await renter.getByRole("link", { name: /Javier Ortega/ }).first().click();
  const chatPath = new URL(renter.url()).pathname;
  await expect(renter.getByText("+34 600 123 456")).toBeVisible();
  const stranger = await demoPage(browser, "pro@amarre.test");
  const response = await stranger.goto(chatPath);
  expect(response?.status()).toBe(404);
  const anonymous = await visitor.goto(chatPath);
  expect(new URL(visitor.url()).pathname).toBe("/login");
  expect(anonymous?.status()).toBe(200);
  expect((await visitor.goto("/mensajes1"))?.url()).toMatch(/\/login\?redirect=%2Fmensajes$/);
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  const signedIn = (browser: import("@playwright/test").Browser, email: string) => demoPage(browser, email, { javaScriptEnabled: true });

  test("a new message and its read receipt arrive without a reload, over the one event stream", async ({ browser }) => {
    test.slow();
    const renter = await signedIn(browser, "renter@amarre.test");
    const owner = await signedIn(browser, "owner@amarre.test");
    await renter.goto("/mensajes");
    await renter.getByRole("link", { name: /Javier Ortega/ }).first().click();
    await expect(renter).toHaveURL(/\/chat\//);
    const chatPath = new URL(renter.url()).pathname;
    // The page load opens the app's one stream; nothing after it opens another.
    const opened = owner.waitForRequest((request) => request.url().endsWith("/api/emails/subscribe"));
    await owner.goto(chatPath);
    await expect(owner.getByRole("heading", { level: 1, name: "Lucía Martín" })).toBeVisible();
    await opened;
    const more: string[] = [];
    owner.on("request", (request) => {
      if (request.url().includes("/api/emails/subscribe")) more.push(request.url());
    });

    const text = `¿Os va bien a las ${Date.now() % 100}:00?`;
    await renter.getByLabel("Responder a Javier Ortega").fill(text);
    await renter.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(renter.getByText(text)).toBeVisible();
    // Javier's open page shows it without being reloaded, and reading it there sends Lucía the receipt.
    await expect(owner.getByText(text)).toBeVisible({ timeout: 15_000 });
    await expect(renter.getByText("Leído")).toBeVisible({ timeout: 15_000 });
    expect(more).toEqual([]);
  });
});
