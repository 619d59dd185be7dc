import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { demoPage } from "./people";

/**
 * The owner adds another platform's calendar on /ajustes/mi-calendario, without JavaScript: a
 * tiny server on 127.0.0.1 (allowed by CALENDAR_IMPORT_ALLOW_HOSTS in the test server) answers an
 * Airbnb-shaped export; the days it holds show as taken in the months, and the window that
 * overlaps Lucía's pending request on the sailing boat shows as a conflict (the request stays).
 * Then the feed goes down: "update now" keeps the days and says what failed.
 */
test.use({ javaScriptEnabled: false });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const compact = (n: number) => day(n).replaceAll("-", "");

test("the owner imports a calendar and sees the blocked days and a conflict", async ({ browser }) => {
  test.slow();
  let up = true;
  const ics = [
    "BEGIN:VCALENDAR",
    "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
    "VERSION:2.0",
    "BEGIN:VEVENT",
    `DTSTART;VALUE=DATE:${compact(44)}`,
    `DTEND;VALUE=DATE:${compact(47)}`,
    "UID:e2e-stay@airbnb.com",
    "SUMMARY:Reserved",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `DTSTART;VALUE=DATE:${compact(22)}`,
    `DTEND;VALUE=DATE:${compact(23)}`,
    "UID:e2e-window@airbnb.com",
    "SUMMARY:Airbnb (Not available)",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");
  const server = http.createServer((_req, res) => {
    if (!up) {
      res.writeHead(503).end("maintenance");
      return;
    }
    res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" }).end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/airbnb-${Date.now()}.ics`;
  try {
    const owner = await demoPage(browser, "owner@amarre.test");
    await owner.goto("/ajustes/mi-calendario");
    const sailing = await owner.locator("select#listing option", { hasText: /Sun Odyssey/ }).getAttribute("value");
    await owner.goto(`/ajustes/mi-calendario?listing=${sailing}`);

    // Something that is not a calendar: a 400 with the message on the field.
    const section = owner.locator("section", { has: owner.getByRole("heading", { name: /Otros calendarios/ }) });
    await section.getByLabel("Dirección del otro calendario (iCal)").fill("ftp://example.com/cal.ics");
    const refused = owner.waitForResponse((r) => r.request().method() === "POST");
    await section.getByRole("button", { name: "Importar calendario" }).click();
    expect((await refused).status()).toBe(400);
    await expect(section.getByText("Escribe una dirección http o https.")).toBeVisible();

    await section.getByLabel("Dirección del otro calendario (iCal)").fill(url);
    await section.getByRole("button", { name: "Importar calendario" }).click();
    await expect(owner.getByText("Calendario importado: sus días ocupados quedan bloqueados aquí.")).toBeVisible();

    // The imported days are taken in the months shown.
    const monthName = new Intl.DateTimeFormat("es-ES", { month: "long", year: "numeric", timeZone: "UTC" });
    for (const n of [44, 45, 46]) {
      const date = day(n);
      const table = owner.locator("table", { has: owner.locator("caption", { hasText: monthName.format(new Date(`${date}T00:00:00Z`)) }) });
      await expect(table.locator("td", { hasText: new RegExp(`^${Number(date.slice(8))}\\s*ocupado$`) })).toHaveCount(1);
    }
    // The window over Lucía's pending request: a conflict, with the request kept.
    const item = section.locator("li[data-calendar-import]", { hasText: "127.0.0.1" }).last();
    await expect(item.getByText("Conflictos con reservas en Amarre")).toBeVisible();
    await expect(item.locator("[data-conflict]")).toHaveCount(1);
    await expect(item.getByRole("link", { name: "ver la reserva" })).toBeVisible();

    // The feed goes down: the days stay and the owner sees why.
    up = false;
    await item.getByRole("button", { name: "Actualizar ahora" }).click();
    await expect(owner.getByText("No se pudo descargar el calendario; siguen bloqueados los días de la última vez que funcionó.")).toBeVisible();
    const failed = section.locator("li[data-calendar-import]", { hasText: "127.0.0.1" }).last();
    await expect(failed.getByText(/falló: respondió con el error 503\./)).toBeVisible();
    await expect(failed.getByText(/Actualizado por última vez/)).toBeVisible();

    // Stop importing: the days are free again.
    await failed.getByRole("button", { name: "Dejar de importar" }).click();
    await expect(owner.getByText("El calendario ya no se importa; sus días vuelven a estar libres.")).toBeVisible();
    const date = day(45);
    const table = owner.locator("table", { has: owner.locator("caption", { hasText: monthName.format(new Date(`${date}T00:00:00Z`)) }) });
    await expect(table.locator("td", { hasText: new RegExp(`^${Number(date.slice(8))}\\s*ocupado$`) })).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
