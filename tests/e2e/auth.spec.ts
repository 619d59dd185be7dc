import { expect, test, type Page } from "@playwright/test";

const unique = () => `sailor-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@amarre.test`;

async function register(page: Page, email: string, path = "/register") {
  await page.goto(path);
  await page.getByLabel(/nombre|name|nom/i).first().fill("Marina Sol");
  await page.getByLabel(/correo|email|e-mail/i).fill(email);
  await page.locator('input[name="password"]').fill("mar-en-calma-7");
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('form[id^="register"] button[type="submit"]').click();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a person registers, sees /ajustes, signs out and signs in again", async ({ page, context }) => {
    await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
    const email = unique();
    await register(page, email);
    await expect(page).toHaveURL(/\/ajustes$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Marina Sol");
    const session = (await context.cookies()).find((c) => c.name === "__session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    // sign out from the account menu (a POST form)
    await page.locator("summary", { hasText: "Marina Sol" }).click();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === "__session")).toBeUndefined();

    // the settings area now asks to sign in, and comes back after it
    await page.goto("/ajustes/mi-bandeja-de-entrada");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fajustes%2Fmi-bandeja-de-entrada$/);
    await page.getByLabel(/correo/i).fill(email);
    await page.locator('input[name="password"]').fill("mar-en-calma-7");
    await page.locator("form#login button[type=submit]").click();
    await expect(page).toHaveURL(/\/ajustes\/mi-bandeja-de-entrada$/);
  });

  test("a wrong password shows a translated message", async ({ page }) => {
    await page.goto("/en/login");
    await page.getByLabel("Email").fill("renter@amarre.test");
    await page.locator('input[name="password"]').fill("not-the-password");
    await page.locator("form#login button[type=submit]").click();
    await expect(page.getByRole("alert")).toHaveText("The email or the password is not correct.");
  });
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  // Every conform form of the site checks a field this way (app/utils/use-zod-form.ts).
  test("a form checks a field when it is left, and again as it is corrected", async ({ page }) => {
    await page.goto("/en/recuperar-contrasena");
    const email = page.getByLabel("Email");
    // Wait for hydration: conform turns the browser's own checks off once it runs.
    await expect(page.locator("form#forgot-password")).toHaveAttribute("novalidate", "");
    await email.fill("not-an-address");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await email.blur();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("form#forgot-password")).toContainText("Invalid email");
    await email.focus();
    await email.pressSequentially("@amarre.test");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("form#forgot-password")).not.toContainText("Invalid email");
  });
});

test.describe("the spec's redirect rules over plain HTTP", () => {
  for (const prefix of ["", "/en", "/fr", "/de"]) {
    test(`anonymous visits to ${prefix || "/"}ajustes go to ${prefix}/login with the path`, async ({ request }) => {
      const response = await request.get(`${prefix}/ajustes/mi-perfil?x=1`, { maxRedirects: 0, headers: { Cookie: `i18n_redirected=${prefix.slice(1) || "es"}` } });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe(`${prefix}/login?redirect=${encodeURIComponent(`${prefix}/ajustes/mi-perfil?x=1`)}`);
    });
  }

  test("the demo admin reaches /admin/dashboard; the demo renter gets a 403", async ({ page, context }) => {
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: "http://127.0.0.1" }]);
    for (const [email, expected] of [["renter@amarre.test", 403], ["admin@amarre.test", 200]] as const) {
      await context.clearCookies({ name: "__session" });
      await page.goto("/en/login?redirect=%2Fen%2Fadmin%2Fdashboard");
      await page.getByLabel("Email").fill(email);
      await page.locator('input[name="password"]').fill("amarre-demo");
      await page.locator("form#login button[type=submit]").click();
      await page.waitForURL(/\/en\/admin\/dashboard$/);
      const response = await page.reload();
      expect(response?.status()).toBe(expected);
    }
  });
});
