import { expect, test, type Browser } from "@playwright/test";

const INBOX = "/ajustes/mi-bandeja-de-entrada";
const STREAM_PATH = "/api/emails/subscribe";

type Instrumented = Window & { __emailStreams?: EventSource[]; __sameDocument?: boolean };

/** A Spanish-speaking browser (the cookie keeps the unprefixed pages, whatever Chromium's language). */
async function spanishContext(browser: Browser) {
  const context = await browser.newContext();
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  return context;
}

test("the inbox shows new emails live, over one event stream for the whole app", async ({ browser }) => {
  const context = await spanishContext(browser);
  // Record every EventSource each document opens.
  await context.addInitScript(() => {
    const Native = window.EventSource;
    const opened: EventSource[] = [];
    (window as Instrumented).__emailStreams = opened;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        opened.push(this);
      }
    };
  });
  const page = await context.newPage();
  const streamRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === STREAM_PATH) streamRequests.push(request.url());
  });

  // Register a new account through the real form.
  const name = `Marina ${Date.now().toString(36)}`;
  const email = `inbox-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@amarre.test`;
  await page.goto("/register");
  await page.locator('input[name="displayName"]').fill(name);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("Velero-en-Palma-2025!");
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('form:has(input[name="acceptTerms"]) button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname.startsWith("/ajustes"));

  // Let the first document open its stream before counting what the next one opens.
  await page.waitForFunction(() => ((window as unknown as { __emailStreams?: unknown[] }).__emailStreams?.length ?? 0) === 1);
  streamRequests.length = 0;
  await page.goto(INBOX);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Mi bandeja de entrada");
  const list = page.getByRole("list", { name: "Correos, del más reciente al más antiguo" });
  const welcome = list.getByRole("listitem").filter({ hasText: `Te damos la bienvenida a Amarre, ${name}` });
  await expect(welcome).toBeVisible();
  await expect(welcome).toHaveAttribute("data-read", "false");
  await expect(page.getByTestId("unread-count")).toHaveText("1 sin leer");

  // Wait for the stream to be connected before anything changes.
  await expect
    .poll(() => page.evaluate(() => (window as Instrumented).__emailStreams?.map((s) => s.readyState) ?? []))
    .toEqual([1]); // EventSource.OPEN
  await page.evaluate(() => {
    (window as Instrumented).__sameDocument = true;
  });

  // Someone asks for a password reset for this address in another browser: the reset email
  // lands in the mailbox and appears here without a reload.
  const other = await spanishContext(browser);
  const resetPage = await other.newPage();
  await resetPage.goto("/recuperar-contrasena");
  await resetPage.locator('input[name="email"]').fill(email);
  const resetDone = resetPage.waitForResponse((response) => response.request().method() === "POST" && response.ok());
  await resetPage.locator('form:has(input[name="email"]) button[type="submit"]').click();
  await resetDone;
  await other.close();

  const reset = list.getByRole("listitem").filter({ hasText: "Restablece tu contraseña de Amarre" });
  await expect(reset).toBeVisible();
  await expect(reset).toHaveAttribute("data-read", "false");
  await expect(page.getByTestId("unread-count")).toHaveText("2 sin leer");
  // Newest first.
  await expect(list.getByRole("listitem").first()).toContainText("Restablece tu contraseña de Amarre");
  expect(await page.evaluate(() => (window as Instrumented).__sameDocument)).toBe(true);

  // Reading it updates the page at once (and the stream confirms it).
  await reset.getByRole("button", { name: /Marcar como leído/ }).click();
  await expect(reset).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("unread-count")).toHaveText("1 sin leer");

  // Visit other settings pages client-side and come back: still the same one connection.
  for (const path of ["/ajustes", "/ajustes/mi-perfil", INBOX, "/ajustes", INBOX]) {
    await page.locator(`aside nav a[href="${path}"]:visible`).click();
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.locator("main#main")).toBeVisible();
  }
  await expect(list.getByRole("listitem")).toHaveCount(2);
  expect(await page.evaluate(() => (window as Instrumented).__sameDocument)).toBe(true);
  expect(await page.evaluate(() => (window as Instrumented).__emailStreams?.length)).toBe(1);
  expect(streamRequests).toHaveLength(1);
  await context.close();
});

test("reading emails works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const page = await context.newPage();
  await page.goto("/register");
  await page.locator('input[name="displayName"]').fill("Jordi Sin Script");
  await page.locator('input[name="email"]').fill(`nojs-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@amarre.test`);
  await page.locator('input[name="password"]').fill("Velero-en-Palma-2025!");
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('form:has(input[name="acceptTerms"]) button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname.startsWith("/ajustes"));

  await page.goto(INBOX);
  const welcome = page.getByRole("listitem").filter({ hasText: "Te damos la bienvenida a Amarre, Jordi Sin Script" });
  await expect(welcome).toHaveAttribute("data-read", "false");
  await welcome.getByRole("button", { name: /Marcar como leído/ }).click();
  await expect(welcome).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("unread-count")).toHaveText("todo leído");
  await welcome.getByRole("button", { name: /Marcar como no leído/ }).click();
  await expect(welcome).toHaveAttribute("data-read", "false");
  await page.getByRole("button", { name: "Marcar todo como leído" }).click();
  await expect(welcome).toHaveAttribute("data-read", "true");
  await context.close();
});
