import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { demoPage } from "./people";

/**
 * A trip's deposit without JavaScript, on the demo data: Javier (owner@) claims part of the
 * deposit of Marta's trip that ended yesterday, with a photo and a quote of her check-out's notes
 * (a claim over the deposit first: a 400 that says why); Marta (pro@) reads the claim and answers it; the team decides at
 * /admin/fianzas — the booking's money lines then show the part kept and the rest released. Lucía
 * (renter@), who has her own open claim from the demo data, cannot see this one nor its photo.
 */
test.use({ javaScriptEnabled: false });

/** WCAG 2.2 AA on the page as it is (its forms shown; axe needs JavaScript): no serious or critical violation. */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).options({ resultTypes: ["violations"] }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), page.url()).toEqual([]);
}

test("owner claims → renter answers → the team decides", async ({ browser }) => {
  // Four accounts and uploads without JavaScript: minutes on two busy cores.
  test.setTimeout(180_000);
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#8899aa" } }).jpeg().toBuffer();

  const owner = await demoPage(browser, "owner@amarre.test");
  await owner.goto("/ajustes/gestion-de-alquileres");
  await owner.locator("section[aria-labelledby=group-past] li", { hasText: "Marta Ferrer" }).first().getByRole("link").click();
  await owner.getByRole("link", { name: "Fianza: reclamar o ver la reclamación" }).click();
  await expect(owner.getByRole("heading", { name: "Reclamar la fianza" })).toBeVisible();
  const bookingId = /gestion-de-alquileres\/([A-Za-z0-9]{20})\/fianza/.exec(owner.url())![1]!;

  // Over the deposit: a 400 with the field's message, what was typed kept; the photo must be chosen again.
  await owner.getByLabel("Importe que reclamas (€)").fill("99999");
  await owner.getByLabel("Qué ha pasado").fill("Una defensa perdida y el cabo de proa deshilachado.");
  await owner.getByLabel("Fotos (opcional, hasta 10)").setInputFiles({ name: "defensa.jpg", mimeType: "image/jpeg", buffer: photo });
  await owner.getByRole("button", { name: "Enviar la reclamación" }).click();
  await expect(owner.getByText(/No puedes reclamar más que la fianza/)).toBeVisible();
  await expect(owner.getByLabel("Qué ha pasado")).toHaveValue("Una defensa perdida y el cabo de proa deshilachado.");
  await expect(owner.getByText("No se ha guardado nada: vuelve a elegir la foto.")).toBeVisible();

  await owner.getByLabel("Importe que reclamas (€)").fill("120");
  // The claim points at Marta's check-out (decision 032): its notes say the fender was lost.
  await owner.getByLabel("Cita de las notas de la devolución").fill("se perdió una defensa");
  await owner.getByLabel("Fotos (opcional, hasta 10)").setInputFiles({ name: "defensa.jpg", mimeType: "image/jpeg", buffer: photo });
  await owner.getByRole("button", { name: "Enviar la reclamación" }).click();
  await expect(owner).toHaveURL(new RegExp(`/ajustes/gestion-de-alquileres/${bookingId}/fianza$`));
  await expect(owner.getByText("Reclamación enviada.", { exact: false })).toBeVisible();
  await expect(owner.getByText("Abierta: decide el equipo")).toBeVisible();
  const photoUrl = await owner.locator("section[aria-labelledby=claim-title] img").first().getAttribute("src");
  expect(photoUrl).toMatch(new RegExp(`^/resources/deposit-photo/${bookingId}/[a-f0-9]+$`));

  // Marta reads it from her booking's page and answers.
  const renter = await demoPage(browser, "pro@amarre.test");
  await renter.goto(`/ajustes/mis-reservas/${bookingId}`);
  await renter.getByRole("link", { name: "Fianza: ver la reclamación y responder" }).click();
  await expect(renter.getByText("Una defensa perdida y el cabo de proa deshilachado.")).toBeVisible();
  expect((await renter.request.get(photoUrl!)).status()).toBe(200);
  await renter.getByLabel("Tu respuesta", { exact: true }).fill("La defensa se la llevó una ola al amarrar; el cabo ya estaba así.");
  await renter.getByRole("button", { name: "Enviar la respuesta" }).click();
  await expect(renter.getByText("Respuesta enviada.", { exact: false })).toBeVisible();

  // Lucía: not hers (404), nor its photo; the team's pages are not for her (403).
  const stranger = await demoPage(browser, "renter@amarre.test");
  expect((await stranger.goto(`/ajustes/mis-reservas/${bookingId}/fianza`))?.status()).toBe(404);
  expect((await stranger.request.get(photoUrl!)).status()).toBe(404);
  expect((await stranger.goto("/admin/fianzas"))?.status()).toBe(403);

  // The team: the list (with Lucía's claim from the demo data too), the claim, the decision.
  const admin = await demoPage(browser, "admin@amarre.test");
  await admin.goto("/admin/dashboard");
  await admin.locator("[data-open-claims]").click();
  await expect(admin).toHaveURL(/\/admin\/fianzas$/);
  await expect(admin.locator("tr", { hasText: "Javier Ortega → Lucía Martín" })).toBeVisible();
  await admin.locator(`tr[data-claim-row="${bookingId}"]`).getByRole("link").click();
  await expect(admin.getByText("La defensa se la llevó una ola al amarrar; el cabo ya estaba así.")).toBeVisible();
  await expect(admin.locator('[data-money-line="deposit"]')).toHaveAttribute("data-state", "disputed");
  expect((await admin.request.get(photoUrl!)).status()).toBe(200);
  await admin.getByLabel("Importe para el propietario (€)").fill("80");
  await admin.getByLabel("Nota para las dos partes").fill("La defensa perdida (80 €); el cabo no consta como daño del viaje.");
  await admin.getByRole("button", { name: "Guardar la decisión" }).click();
  await expect(admin.getByText("Decisión guardada", { exact: false })).toBeVisible();
  await expect(admin.locator('[data-money-line="claim"]')).toContainText("80");
  await expect(admin.locator('[data-money-line="deposit"]')).toHaveAttribute("data-state", "released");
  await expect(admin.locator(`tr[data-claim-row="${bookingId}"]`)).toHaveCount(0);

  // Both sides read the decision.
  await renter.goto(`/ajustes/mis-reservas/${bookingId}/fianza`);
  await expect(renter.getByText(/Decisión del equipo: 80\s€ para el propietario/)).toBeVisible();
  await expect(renter.locator('[data-money-line="deposit"]')).toHaveAttribute("data-state", "released");
  await owner.goto(`/ajustes/gestion-de-alquileres/${bookingId}/fianza`);
  await expect(owner.getByText("La defensa perdida (80 €); el cabo no consta como daño del viaje.")).toBeVisible();
});

test("the deposit pages pass axe (WCAG 2.2 AA) with their forms shown, on Lucía's open claim from the demo data", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await demoPage(browser, "admin@amarre.test", { javaScriptEnabled: true });
  await admin.goto("/admin/fianzas");
  await accessible(admin);
  const row = admin.locator("tr", { hasText: "Javier Ortega → Lucía Martín" });
  const bookingId = await row.getAttribute("data-claim-row");
  await row.getByRole("link").click();
  await expect(admin.getByRole("button", { name: "Guardar la decisión" })).toBeVisible();
  await accessible(admin);
  const renter = await demoPage(browser, "renter@amarre.test", { javaScriptEnabled: true });
  await renter.goto(`/ajustes/mis-reservas/${bookingId}/fianza`);
  await expect(renter.getByText(/El toldo bimini volvió con un desgarro/)).toBeVisible();
  // The demo claim's photo and the check-out photo it points at (decision 032), served to her (and loaded: real images, not broken ones).
  const image = renter.locator("section[aria-labelledby=claim-title] img");
  await expect(image).toHaveCount(2);
  // They load lazily (not before the page's load event): each is brought into view, then waited
  // for. A broken image ends complete with no width, and fails here.
  for (const each of await image.all()) await each.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toEqual([true, true]);
  await expect(renter.locator("[data-claim-evidence]")).toContainText("desgarro de 30 cm en la costura delantera");
  await accessible(renter);
  const owner = await demoPage(browser, "owner@amarre.test", { javaScriptEnabled: true });
  await owner.goto(`/ajustes/gestion-de-alquileres/${bookingId}/fianza`);
  await expect(owner.getByRole("button", { name: "Retirar la reclamación y liberar la fianza" })).toBeVisible();
  await accessible(owner);
});
