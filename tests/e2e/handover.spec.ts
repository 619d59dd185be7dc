import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { today } from "#app/utils/dates";
import { demoPage } from "./people";
import { demoOfToday, type DemoServer } from "./support/demo-day";

/**
 * Check-in and check-out on the demo trip that starts today (decision 032): Lucía (renter@), with
 * JavaScript on a phone's screen, records the handover with a photo; Javier (owner@), without
 * JavaScript, confirms it; she records the return; he confirms it — a clean check-out, so the
 * deposit is released at once. The photo is private: Marta (pro@) gets a 404. The trip is seeded
 * to start today: past midnight, on a server seeded today (demo-day.ts).
 */
let demo: DemoServer;
test.beforeAll(async () => {
  test.setTimeout(200_000);
  demo = await demoOfToday();
});
test.afterAll(async () => demo?.close());

/** WCAG 2.2 AA on the page as it is (its forms shown): no serious or critical violation. */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).options({ resultTypes: ["violations"] }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), page.url()).toEqual([]);
}

test("renter checks in with a photo, owner confirms, check-out, deposit released", async ({ browser }) => {
  // Two accounts, uploads and the photo pipeline on two busy cores.
  test.setTimeout(180_000);
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3a6f9a" } }).jpeg().toBuffer();

  // Lucía on her phone, with JavaScript.
  const renter = await demoPage(browser, "renter@amarre.test", { ...demo.context, javaScriptEnabled: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await renter.goto("/ajustes/mis-reservas");
  // Upcoming trips soonest first: today's on Javier's motorboat leads.
  await renter.locator("section[aria-labelledby=group-upcoming] li", { hasText: "Cap Camarat" }).first().getByRole("link").first().click();
  await renter.waitForURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);
  const bookingId = /mis-reservas\/([A-Za-z0-9]{20})/.exec(renter.url())![1]!;
  const section = renter.locator("section[data-handover]");
  await expect(section.getByRole("heading", { name: "Entrega / Devolución" })).toBeVisible();
  // Usable at 390 px: nothing wider than the screen.
  expect(await renter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await accessible(renter);

  await section.getByLabel("Fotos (hasta 10)").setInputFiles({ name: "casco.jpg", mimeType: "image/jpeg", buffer: photo });
  await section.getByLabel("Combustible en el depósito").selectOption("8");
  await section.getByLabel("Horas de motor (contador)").fill("412,5");
  await section.getByLabel("Notas").fill("Casco sin marcas, toldo en buen estado, seis chalecos.");
  await section.getByRole("button", { name: "Guardar la entrega" }).click();
  await expect(renter.getByText("Entrega anotada.", { exact: false })).toBeVisible();
  await expect(renter).toHaveURL(new RegExp(`/ajustes/mis-reservas/${bookingId}(#handover-title)?$`));
  const checkIn = renter.locator('[data-handover-record="check-in"]');
  await expect(checkIn.locator("[data-handover-fuel]")).toHaveText("8/8 del depósito");
  await expect(checkIn.locator("[data-handover-confirmation]")).toHaveAttribute("data-handover-confirmation", "waiting");
  const photoUrl = await checkIn.locator("img").first().getAttribute("src");
  expect(photoUrl).toMatch(new RegExp(`^/resources/handover-photo/${bookingId}/[a-f0-9]+$`));
  expect(await renter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Javier without JavaScript: one plain multipart POST confirms it.
  const owner = await demoPage(browser, "owner@amarre.test", demo.context);
  await owner.goto(`/ajustes/gestion-de-alquileres/${bookingId}`);
  expect((await owner.request.get(photoUrl!)).status()).toBe(200);
  // The record waits for him, and says so in his own words.
  await expect(owner.locator('[data-handover-record="check-in"] [data-handover-confirmation]')).toHaveText("Falta que la confirmes tú.");
  const answer = owner.locator('form[data-handover-form="confirm-check-in"]');
  await answer.getByLabel("Sí, lo confirmo").check();
  // Lucía gave her licence with this trip (issue 49): Javier says he has seen it.
  await answer.getByLabel("He visto la titulación del arrendatario y coincide con la de la reserva").check();
  await answer.getByRole("button", { name: "Enviar" }).click();
  await expect(owner.getByText("Respuesta guardada.")).toBeVisible();
  await expect(owner.locator('[data-handover-record="check-in"] [data-handover-confirmation]')).toHaveAttribute("data-handover-confirmation", "confirmed");

  // Lucía records the return; the hours cannot go backwards (a 400 that keeps what she typed).
  await renter.reload();
  // The boat goes back full (its fuel is not included): her form says what less fuel means before she saves.
  await expect(section.locator("[data-handover-fuel-rule]")).toContainText("en la entrega, 8/8 del depósito. Si anotas menos, la fianza no se libera");
  await section.getByLabel("Combustible en el depósito").selectOption("3");
  await section.getByLabel("Horas de motor (contador)").fill("400");
  await section.getByLabel("Notas").fill("Devuelto en el pantalán 3.");
  await section.getByRole("button", { name: "Guardar la devolución" }).click();
  await expect(renter.getByText("Las horas de motor no pueden ser menos que en la entrega.")).toBeVisible();
  await expect(section.getByLabel("Notas")).toHaveValue("Devuelto en el pantalán 3.");
  await section.getByLabel("Horas de motor (contador)").fill("418,2");
  await section.getByRole("button", { name: "Guardar la devolución" }).click();
  await expect(renter.getByText("Devolución anotada.", { exact: false })).toBeVisible();

  // Javier confirms the return without damage, at 3/8 of the 8/8 it left with: he is asked about
  // the fuel first (a plain "yes" is a 400 that says so); he lets it go, and the deposit is
  // released now, not in 48 hours.
  await owner.reload();
  const out = owner.locator('form[data-handover-form="confirm-check-out"]');
  await expect(owner.locator('[data-handover-record="check-out"] [data-handover-fuel-short]')).toBeVisible();
  await out.getByLabel("Sí, lo confirmo").check();
  await out.getByLabel("Nota (obligatoria si no estás de acuerdo o si reclamas el combustible)").fill("Todo en orden, gracias.");
  await out.getByRole("button", { name: "Enviar" }).click();
  await expect(out.getByText("Elige si reclamas el combustible que falta o lo dejas pasar y liberas la fianza.")).toBeVisible();
  await expect(out.getByLabel("Nota (obligatoria si no estás de acuerdo o si reclamas el combustible)")).toHaveValue("Todo en orden, gracias.");
  await out.getByLabel("No lo reclamo: liberar la fianza ahora").check();
  await out.getByRole("button", { name: "Enviar" }).click();
  await expect(owner.locator("[data-handover-released]")).toHaveText("Devolución sin incidencias: la fianza se ha liberado.");
  await expect(owner.locator('[data-money-line="deposit"]')).toHaveAttribute("data-state", "released");

  // Marta is not one of the two: the photo is a 404 for her.
  const stranger = await demoPage(browser, "pro@amarre.test", demo.context);
  expect((await stranger.request.get(photoUrl!)).status()).toBe(404);
});

test("the handover form is empty after each save: a return recorded without photos has none", async ({ browser }) => {
  // Booking, two uploads and the photo pipeline on two busy cores.
  test.setTimeout(120_000);
  const photo = (background: string) => sharp({ create: { width: 900, height: 600, channels: 3, background } }).jpeg().toBuffer();

  // Marta, with JavaScript on a computer, books Blau Barcelona's instant Marion 500 for today.
  const renter = await demoPage(browser, "pro@amarre.test", { ...demo.context, javaScriptEnabled: true });
  await renter.goto("/user/blau-barcelona-charter");
  const boat = new URL((await renter.getByRole("link", { name: /Marion 500/ }).first().getAttribute("href"))!, "http://x").pathname.split("/")[2]!;
  await renter.goto(`/boat/rent/boat/ReservationSummary?listing=${boat}&start=${today(new Date())}&people=2`);
  await renter.getByRole("button", { name: "Confirmar la reserva" }).click();
  await renter.waitForURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);
  const section = renter.locator("section[data-handover]");
  const chosen = (form: ReturnType<typeof section.locator>) => form.getByLabel("Fotos (hasta 10)").evaluate((input: HTMLInputElement) => input.files?.length ?? 0);

  // The handover with two photos.
  const checkIn = section.locator('form[data-handover-form="check-in"]');
  await checkIn.getByLabel("Fotos (hasta 10)").setInputFiles([
    { name: "proa.jpg", mimeType: "image/jpeg", buffer: await photo("#3a6f9a") },
    { name: "popa.jpg", mimeType: "image/jpeg", buffer: await photo("#9a6f3a") },
  ]);
  await checkIn.getByLabel("Combustible en el depósito").selectOption("8");
  await checkIn.getByLabel("Horas de motor (contador)").fill("120");
  await checkIn.getByLabel("Notas").fill("Dos fotos de la entrega.");
  await checkIn.getByRole("button", { name: "Guardar la entrega" }).click();
  await expect(renter.getByText("Entrega anotada.", { exact: false })).toBeVisible();
  await expect(section.locator('[data-handover-record="check-in"] img')).toHaveCount(2);

  // The return's form is empty: no photo chosen, nothing typed.
  const checkOut = section.locator('form[data-handover-form="check-out"]');
  await expect(checkOut.getByRole("button", { name: "Guardar la devolución" })).toBeVisible();
  expect(await chosen(checkOut)).toBe(0);
  await expect(checkOut.getByLabel("Combustible en el depósito")).toHaveValue("");
  await expect(checkOut.getByLabel("Horas de motor (contador)")).toHaveValue("");
  await expect(checkOut.getByLabel("Notas")).toHaveValue("");

  // The return, recorded without choosing a photo, has none: not the handover's.
  await checkOut.getByLabel("Combustible en el depósito").selectOption("7");
  await checkOut.getByLabel("Horas de motor (contador)").fill("121,5");
  await checkOut.getByLabel("Notas").fill("Devuelto sin fotos.");
  await checkOut.getByRole("button", { name: "Guardar la devolución" }).click();
  await expect(renter.getByText("Devolución anotada.", { exact: false })).toBeVisible();
  await expect(section.locator('[data-handover-record="check-out"] [data-handover-notes]')).toHaveText("Devuelto sin fotos.");
  await expect(section.locator('[data-handover-record="check-out"] img')).toHaveCount(0);
  await expect(section.locator('[data-handover-record="check-in"] img')).toHaveCount(2);
  // Nothing left for her to record: no form keeps what she sent.
  await expect(section.locator("form[data-handover-form]")).toHaveCount(0);
});
