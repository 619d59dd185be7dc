import { expect, test, type Page } from "@playwright/test";

/**
 * The profile page's forms say "saved" the one way every form does (decision record 033): a 303
 * back to the form's section with the notice flashed in the session, shown once (a reload shows
 * nothing), with and without JavaScript; a changed password leaves no password in the fields.
 */
const unique = () => `perfil-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@amarre.test`;
const PASSWORD = "mar-en-calma-7";

async function register(page: Page) {
  await page.context().addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  await page.goto("/register");
  await page.getByLabel(/nombre/i).first().fill("Marina Sol");
  await page.getByLabel(/correo/i).fill(unique());
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('form[id^="register"] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/ajustes$/);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a saved profile and a changed password show their notice once, beside their form", async ({ page }) => {
      await register(page);
      await page.goto("/ajustes/mi-perfil");
      await page.locator('form#profile-form input[name="displayName"]').fill("Marina Brisa");
      await page.locator("form#profile-form button[type=submit]").click();
      await expect(page).toHaveURL(/\/ajustes\/mi-perfil#profile-form-title$/);
      await expect(page.locator("form#profile-form").getByText("Perfil guardado.")).toBeVisible();
      await expect(page.locator('form#profile-form input[name="displayName"]')).toHaveValue("Marina Brisa");
      // The header reads the renamed session.
      await expect(page.locator("summary", { hasText: "Marina Brisa" })).toBeVisible();

      await page.locator('form#password-form input[name="currentPassword"]').fill(PASSWORD);
      await page.locator('form#password-form input[name="password"]').fill("brisa-de-levante-8");
      await page.locator('form#password-form input[name="confirmPassword"]').fill("brisa-de-levante-8");
      await page.locator("form#password-form button[type=submit]").click();
      await expect(page).toHaveURL(/\/ajustes\/mi-perfil#password-form-title$/);
      await expect(page.locator("form#password-form").getByText(/^Contraseña cambiada/)).toBeVisible();
      await expect(page.getByText("Perfil guardado.")).toHaveCount(0);
      for (const name of ["currentPassword", "password", "confirmPassword"]) await expect(page.locator(`form#password-form input[name="${name}"]`)).toHaveValue("");

      // Shown once: a reload shows no notice, and the person is still signed in.
      await page.reload();
      await expect(page.getByText(/^Contraseña cambiada/)).toHaveCount(0);
      await expect(page.locator("summary", { hasText: "Marina Brisa" })).toBeVisible();
    });
  });
}
