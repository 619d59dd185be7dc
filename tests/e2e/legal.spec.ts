import { expect, test } from "@playwright/test";
import { demoPage } from "./people";

/**
 * The pages every Spanish marketplace must have, without JavaScript, on the demo data: the
 * footer reaches the legal notice, privacy, cookies, terms and contact in four languages; the
 * registration checkbox links the terms and the privacy policy; a visitor writes through the
 * contact form (a bad message first: 400 with the field's message) and the admin finds it as a
 * case of type contact, beside the demo visitor's message.
 */
test.use({ javaScriptEnabled: false });

const run = Date.now().toString(36);

const footerPages = {
  "": [
    ["/aviso-legal", "Aviso legal"],
    ["/privacidad", "Política de privacidad"],
    ["/cookies", "Política de cookies"],
    ["/condiciones", "Condiciones de uso"],
    ["/contacto", "Contacto"],
  ],
  "/en": [
    ["/en/aviso-legal", "Legal notice"],
    ["/en/privacidad", "Privacy policy"],
    ["/en/cookies", "Cookies policy"],
    ["/en/condiciones", "Terms of use"],
    ["/en/contacto", "Contact"],
  ],
  "/fr": [
    ["/fr/aviso-legal", "Mentions légales"],
    ["/fr/privacidad", "Politique de confidentialité"],
    ["/fr/cookies", "Politique relative aux cookies"],
    ["/fr/condiciones", "Conditions d’utilisation"],
    ["/fr/contacto", "Contact"],
  ],
  "/de": [
    ["/de/aviso-legal", "Impressum"],
    ["/de/privacidad", "Datenschutzerklärung"],
    ["/de/cookies", "Cookie-Richtlinie"],
    ["/de/condiciones", "Nutzungsbedingungen"],
    ["/de/contacto", "Kontakt"],
  ],
} as const;

test("the footer reaches each legal page and the contact page in four languages", async ({ browser }) => {
  test.setTimeout(90_000);
  const visitor = await demoPage(browser);
  for (const [prefix, pages] of Object.entries(footerPages)) {
    for (const [path, title] of pages) {
      await visitor.goto(`${prefix}/about`);
      const legal = visitor.locator("footer nav").last();
      await legal.locator(`a[href="${path}"]`).click();
      await expect(visitor).toHaveURL(new RegExp(`${path}$`));
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
      // The page's own navigation names the five pages, and the text has its sections.
      await expect(visitor.locator(`main nav a[aria-current="page"]`)).toHaveCount(1);
      if (!path.endsWith("/contacto")) expect(await visitor.locator("main article h2").count(), path).toBeGreaterThanOrEqual(4);
    }
  }
  await visitor.goto("/cookies");
  await expect(visitor.getByText("__session", { exact: false }).first()).toBeVisible();
  await expect(visitor.getByRole("link", { name: "política de privacidad" })).toHaveAttribute("href", "/privacidad");
});

test("the registration checkbox links the terms and the privacy policy", async ({ browser }) => {
  const visitor = await demoPage(browser);
  await visitor.goto("/register");
  const label = visitor.locator('label:has(input[name="acceptTerms"])');
  await expect(label.getByRole("link", { name: "privacidad" })).toHaveAttribute("href", "/privacidad");
  await label.getByRole("link", { name: "condiciones de uso" }).click();
  await expect(visitor).toHaveURL(/\/condiciones$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Condiciones de uso");
  await visitor.goto("/en/register-pro");
  await expect(visitor.locator('label:has(input[name="acceptTerms"])').getByRole("link", { name: "terms of use" })).toHaveAttribute("href", "/en/condiciones");
});

test("a visitor writes through the contact form and the admin finds the case", async ({ browser }) => {
  const subject = `Fondeo en Cabrera ${run}`;
  const visitor = await demoPage(browser);
  await visitor.goto("/contacto");
  const form = visitor.locator("#formulario form");
  await form.locator('[name="name"]').fill("Vera Visitante");
  await form.locator('[name="email"]').fill(`vera.${run}@example.com`);
  await form.locator('[name="subject"]').fill(subject);
  await form.locator('[name="message"]').fill("Hola");
  const refused = visitor.waitForResponse((response) => response.request().method() === "POST");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  expect((await refused).status()).toBe(400);
  await expect(visitor.locator("#formulario").getByText(/al menos 10 caracteres/)).toBeVisible();

  const again = visitor.locator("#formulario form");
  await again.locator('[name="message"]').fill("¿Se puede alquilar un velero con patrón para ir a Cabrera y pasar la noche fondeados?");
  await again.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(visitor).toHaveURL(/\/contacto#formulario$/);
  await expect(visitor.getByRole("heading", { name: "Mensaje enviado" })).toBeVisible();
  await expect(visitor.getByText("hemos recibido tu mensaje")).toBeVisible();

  const admin = await demoPage(browser, "admin@amarre.test");
  await admin.goto("/admin/gestiones?type=contact");
  // The demo visitor's message waits there too.
  await expect(admin.getByText("Alquilar mi velero solo en julio y agosto")).toBeVisible();
  await admin.getByText(subject).locator("xpath=ancestor::td").getByRole("link", { name: "Contacto" }).click();
  await expect(admin).toHaveURL(/\/admin\/gestiones\/[A-Za-z0-9]{20}$/);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Contacto");
  await expect(admin.getByText(subject)).toBeVisible();
  await expect(admin.getByText("pasar la noche fondeados")).toBeVisible();
  await expect(admin.getByText(`vera.${run}@example.com`)).toBeVisible();
});
