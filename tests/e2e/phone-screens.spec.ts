import { expect, test, type Page } from "@playwright/test";
import { demoPage } from "./people";

/**
 * What a person sees on a phone (390 × 844), on the demo data: a conversation opens on its newest
 * messages right above the reply box, and keeps them there while typing; the settings area starts
 * with the page, its sections folded under one line (grouped, each person's own tools only); the
 * invoices are cards with the total and the PDF in view; the calendar's feed address shows whole
 * and has a copy button. With and without JavaScript where it makes a difference.
 */
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

// Traces: the config's (none); see axe.spec.ts for why no `trace` option here.

/** The last message's box, the messages' scrolling box and the reply box, in the screen's coordinates. */
async function newestAndReply(page: Page) {
  const newest = await page.locator("[data-chat-messages] ol > li").last().boundingBox();
  const list = await page.locator("[data-chat-messages]").boundingBox();
  const reply = await page.locator("#reply-text").boundingBox();
  return { newest: newest!, list: list!, reply: reply! };
}

/** The newest message's end (its last line) shows: inside the scrolling box's visible part and on the screen. */
function endInView({ newest, list }: { newest: { y: number; height: number }; list: { y: number; height: number } }) {
  const end = newest.y + newest.height;
  return end > list.y && end <= list.y + list.height + 1 && end > 0 && end <= 844;
}

test("a conversation opens on its newest message, right above the reply box, with and without JavaScript, and keeps it there while typing", async ({ browser }) => {
  test.slow();
  const page = await demoPage(browser, "renter@amarre.test", { ...phone, javaScriptEnabled: true });
  await page.goto("/mensajes");
  await page.locator('a[href*="/chat/"]').first().click();
  await page.waitForURL(/\/chat\/[A-Za-z0-9]+#responder$/);
  const chatUrl = page.url();
  // Long messages, so that the conversation is taller than the screen.
  const stamp = Date.now();
  for (let n = 1; n <= 3; n++) {
    await page.locator("#reply-text").fill(`Mensaje ${n} de la prueba ${stamp}\n${"Una línea más del mensaje.\n".repeat(10)}Fin ${n}`);
    await page.locator('#reply button[type="submit"]').click();
    await expect(page.locator("[data-chat-messages] ol > li").last()).toContainText(`Fin ${n}`);
  }
  const scrolls = await page.locator("[data-chat-messages]").evaluate((box) => box.scrollHeight > box.clientHeight);
  expect(scrolls, "the test's conversation is taller than its box").toBe(true);

  for (const javaScriptEnabled of [true, false]) {
    const reader = javaScriptEnabled ? page : await demoPage(browser, "renter@amarre.test", { ...phone, javaScriptEnabled });
    await reader.goto(chatUrl);
    await expect(reader.locator("[data-chat-messages] ol > li").last()).toContainText(`Fin 3`);
    const boxes = await newestAndReply(reader);
    const { newest, reply } = boxes;
    const where = `with${javaScriptEnabled ? "" : "out"} JavaScript`;
    expect(newest.y + newest.height, `the newest message ends above the reply box ${where}`).toBeLessThanOrEqual(reply.y);
    expect(reply.y + reply.height, `the reply box is on the screen ${where}`).toBeLessThanOrEqual(844);
    expect(endInView(boxes), `the newest message's end is in view ${where}`).toBe(true);
    if (!javaScriptEnabled) await reader.context().close();
  }

  // Typing: the newest message stays in view above the box.
  await page.locator("#reply-text").focus();
  await page.keyboard.type("Escribiendo una respuesta");
  const typing = await newestAndReply(page);
  expect(endInView(typing), "the newest message's end is in view while typing").toBe(true);
  expect(typing.newest.y + typing.newest.height).toBeLessThanOrEqual(typing.reply.y);
  await page.context().close();
});

test("the settings area starts with its page on a phone: the sections fold under one line and open without JavaScript, grouped, each person's own", async ({ browser }) => {
  const renter = await demoPage(browser, "renter@amarre.test", phone);
  await renter.goto("/ajustes/mis-reservas");
  const fold = renter.locator('details[data-settings-nav="folded"]');
  await expect(fold.locator("summary")).toContainText("Mis reservas");
  const nav = renter.getByRole("navigation", { name: "Ajustes" });
  await expect(nav).toBeHidden();
  const heading = await renter.getByRole("heading", { level: 1 }).boundingBox();
  expect(heading!.y, "the page's title is near the top, not under 15 links").toBeLessThan(260);
  await fold.locator("summary").click();
  await expect(nav).toBeVisible();
  for (const group of ["Tu cuenta", "Tus viajes", "Tus barcos"]) await expect(nav.getByRole("group", { name: group })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Publica tu barco" })).toBeVisible();
  // A renter is not shown the owner's tools.
  for (const name of ["Mi calendario", "Mis cobros", "Solicitudes de alquiler", "Administración"]) await expect(nav.getByText(name, { exact: true })).toHaveCount(0);
  await renter.context().close();

  const owner = await demoPage(browser, "owner@amarre.test", phone);
  await owner.goto("/ajustes/facturas");
  await owner.locator('details[data-settings-nav="folded"] summary').click();
  const ownerNav = owner.getByRole("navigation", { name: "Ajustes" });
  await expect(ownerNav.getByRole("group", { name: "Tus barcos" }).getByRole("link", { name: "Mi calendario" })).toBeVisible();
  // On a desktop the sections are a column beside the page, never folded.
  await owner.setViewportSize({ width: 1280, height: 800 });
  await expect(owner.locator('details[data-settings-nav="folded"]')).toBeHidden();
  await expect(owner.getByRole("navigation", { name: "Ajustes" }).getByRole("link", { name: "Mi calendario" })).toBeVisible();
  await owner.context().close();
});

test("the invoices are cards on a phone, with the total and the PDF in view", async ({ browser }) => {
  const renter = await demoPage(browser, "renter@amarre.test", phone);
  await renter.goto("/ajustes/facturas");
  const cards = renter.locator("[data-invoice-card]");
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    const total = card.getByText(/\d,\d{2}\s€/);
    const pdf = card.getByRole("link", { name: /^Descargar PDF de la factura/ });
    for (const part of [total, pdf]) {
      const box = await part.boundingBox();
      expect(box, "visible").not.toBeNull();
      expect(box!.x + box!.width, "inside the screen").toBeLessThanOrEqual(390);
    }
  }
  expect(await renter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // No sideways scrolling inside the list either.
  const list = renter.locator("table").first();
  expect(await list.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
  await renter.context().close();
});

test("the calendar's feed address shows whole on a phone, selectable without JavaScript, with a copy button with it", async ({ browser }) => {
  const plain = await demoPage(browser, "owner@amarre.test", phone);
  await plain.goto("/ajustes/mi-calendario");
  const field = plain.getByLabel("Dirección del calendario", { exact: true });
  const value = await field.inputValue();
  expect(value).toMatch(/^http:\/\/.+\/ical\/.+\.ics$/);
  const whole = (el: HTMLElement) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight;
  expect(await field.evaluate(whole), "the whole address is in view").toBe(true);
  await expect(plain.getByRole("button", { name: "Copiar" })).toHaveCount(0);
  await plain.context().close();

  const scripted = await demoPage(browser, "owner@amarre.test", { ...phone, javaScriptEnabled: true, permissions: ["clipboard-read", "clipboard-write"] });
  await scripted.goto("/ajustes/mi-calendario");
  await scripted.getByRole("button", { name: "Copiar" }).click();
  await expect(scripted.getByRole("status").filter({ hasText: "Copiado" })).toBeVisible();
  expect(await scripted.evaluate(() => navigator.clipboard.readText())).toBe(value);
  await scripted.context().close();
});
