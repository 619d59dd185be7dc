import { expect, test, type Page } from "@playwright/test";
import { demoPage } from "./people";

/**
 * The trip page right after booking (issue 24, item 5), without JavaScript, in Spanish and
 * English: the renter books Javier's instant motorboat and sees the "booked" banner, the short
 * reference (never the 20-character id), the boat's meeting point and time, the calendar file
 * (a real .ics) and the booking's invoices.
 */
test.use({ javaScriptEnabled: false });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function capCamarat(page: Page): Promise<string> {
  await page.goto("/user/javier-ortega");
  const href = await page.getByRole("link", { name: /Cap Camarat/ }).first().getAttribute("href");
  return new URL(href!, "http://x").pathname.split("/")[2]!;
}

const cases = [
  { lang: "es", prefix: "", days: 240, confirm: "Confirmar la reserva", banner: "¡Reservado!", calendar: "Añadir al calendario (.ics)", invoices: "Todas tus facturas", meetingAt: "A las 09:30" },
  { lang: "en", prefix: "/en", days: 250, confirm: "Confirm the booking", banner: "Booked!", calendar: "Add to calendar (.ics)", invoices: "All your invoices", meetingAt: "At 09:30" },
] as const;

for (const c of cases) {
  test(`booking the instant boat opens the trip page with its banner, reference, meeting point, calendar and invoices (${c.lang})`, async ({ browser }) => {
    const renter = await demoPage(browser, "renter@amarre.test");
    const boat = await capCamarat(renter);
    await renter.goto(`${c.prefix}/boat/rent/boat/ReservationSummary?listing=${boat}&start=${day(c.days)}&people=3`);
    await renter.getByRole("button", { name: c.confirm }).click();
    await expect(renter).toHaveURL(new RegExp(`${c.prefix}/ajustes/mis-reservas/[A-Za-z0-9]{20}$`));
    const id = new URL(renter.url()).pathname.split("/").pop()!;
    await expect(renter.getByText(c.banner, { exact: true })).toBeVisible();
    const reference = (await renter.getByTestId("trip-reference").textContent())!.trim();
    expect(reference).toMatch(/^AMR-[2-9A-HJ-NP-Z]{5}$/);
    await expect(renter.getByRole("status").filter({ hasText: reference })).toBeVisible();
    await expect(renter.locator("main")).not.toContainText(`${id} `);
    await expect(renter.getByTestId("trip-meeting")).toContainText("Club de Mar Palma, pantalán 3, amarre 12");
    await expect(renter.getByTestId("trip-meeting")).toContainText(c.meetingAt);
    const calendar = renter.getByRole("link", { name: c.calendar });
    await expect(calendar).toBeVisible();
    const ics = await renter.request.get(new URL((await calendar.getAttribute("href"))!, renter.url()).toString());
    expect(ics.status()).toBe(200);
    const body = await ics.text();
    expect(body).toContain("BEGIN:VEVENT");
    expect(body).toContain(reference);
    await expect(renter.getByRole("link", { name: c.invoices })).toBeVisible();
    await expect(renter.getByRole("link", { name: /PDF/ }).first()).toBeVisible();
    // Someone else asking for the trip's .ics gets a plain 404.
    const other = await demoPage(browser, "pro@amarre.test");
    expect((await other.request.get(new URL(`/resources/trip/${id}.ics`, renter.url()).toString())).status()).toBe(404);
  });
}
