import { expect, test } from "@playwright/test";
import { demoPage } from "./people";

/**
 * A visitor's request reaches an account only through the signed link (decision 028), in
 * Chromium without JavaScript on the built app: a visitor sends the contact form with the email of
 * an account; the team sees it marked as a visitor's; the account's mailbox holds only an
 * invitation with the link; someone else signed in gets a clear refusal; the visitor opens the
 * link signed out, signs in and lands on the case, attached, with the notice; then the link is spent.
 */
test("visitor → emailed link → sign in → the case is attached, for that address only", async ({ browser }) => {
  test.setTimeout(90_000);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `claim-${run}@amarre.test`;
  const password = "Velero-en-Palma-2025!";
  const subject = `Amarre en Sóller ${run}`;

  // The account exists (registered earlier, in another browser).
  const account = await demoPage(browser);
  await account.goto("/register");
  await account.locator('input[name="displayName"]').fill("Clara Claim");
  await account.locator('input[name="email"]').fill(email);
  await account.locator('input[name="password"]').fill(password);
  await account.locator('input[name="acceptTerms"]').check();
  await account.locator('form:has(input[name="acceptTerms"]) button[type="submit"]').click();
  await account.waitForURL((url) => url.pathname.startsWith("/ajustes"));

  // Signed out, someone sends the contact form with that address.
  const visitor = await demoPage(browser);
  await visitor.goto("/contacto");
  const form = visitor.locator("form:has(textarea[name=message])");
  await form.locator('[name="name"]').fill("Clara");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="subject"]').fill(subject);
  await form.locator('[name="message"]').fill("¿Tenéis amarres de alquiler en Sóller para un velero de 10 metros en agosto?");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(visitor).toHaveURL(/\/contacto#formulario$/);

  // The team sees it as a visitor's.
  const admin = await demoPage(browser, "admin@amarre.test");
  await admin.goto(`/admin/gestiones?q=${encodeURIComponent(run)}`);
  const row = admin.locator("tr", { hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("visitor-mark")).toHaveText("visitante");

  // It is not in the account's cases; its mailbox has the invitation with the link.
  await account.goto("/ajustes/mis-gestiones");
  await expect(account.getByText(subject)).toHaveCount(0);
  await account.goto("/ajustes/mi-bandeja-de-entrada");
  const invitation = account.getByRole("listitem").filter({ hasText: "¿Es tuya esta solicitud?" });
  await expect(invitation).toHaveCount(1);
  await expect(invitation).not.toContainText(subject);
  const link = await invitation.getByRole("link").first().getAttribute("href");
  expect(link).toMatch(/\/ajustes\/mis-gestiones\/[A-Za-z0-9]{20}\?claim=v1\.\d+\.[A-Za-z0-9_-]{43}$/);
  const path = new URL(link!, "http://x").pathname + new URL(link!, "http://x").search;

  // Someone else, signed in, with the link: refused, nothing of the case shown.
  const renter = await demoPage(browser, "renter@amarre.test");
  const refused = await renter.goto(path);
  expect(refused?.status()).toBe(403);
  await expect(renter.getByTestId("claim-refused")).toContainText("Este enlace es para otra dirección de correo");
  await expect(renter.getByText(subject)).toHaveCount(0);

  // The visitor opens it signed out: the login, then back to the link, attached.
  await visitor.goto(path);
  await expect(visitor).toHaveURL(/\/login\?redirect=/);
  await visitor.locator('input[name="email"]').fill(email);
  await visitor.locator('input[name="password"]').fill(password);
  await visitor.locator("form#login button[type=submit]").click();
  await expect(visitor).toHaveURL(/\/ajustes\/mis-gestiones\/[A-Za-z0-9]{20}$/);
  await expect(visitor.getByText("Hemos añadido esta gestión a tu cuenta")).toBeVisible();
  await expect(visitor.getByText(subject)).toBeVisible();

  // It is in the account now, no longer a visitor's for the team; the link is spent for anyone else.
  await account.goto("/ajustes/mis-gestiones");
  await expect(account.getByText(subject)).toBeVisible();
  await admin.goto(`/admin/gestiones?q=${encodeURIComponent(run)}`);
  await expect(admin.locator("tr", { hasText: email }).getByTestId("visitor-mark")).toHaveCount(0);
  const used = await renter.goto(path);
  expect(used?.status()).toBe(409);
  await expect(renter.getByTestId("claim-refused")).toContainText("ya se ha usado");
});
