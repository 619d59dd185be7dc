import { createServer } from "node:net";
import { expect, test } from "@playwright/test";
import { DEMO_PAYOUT_ACCOUNTS } from "#app/.server/seed/payout-accounts";
import { startStripeFake } from "../stripe-fake/server";
import { startBuiltServer } from "./built-server";
import { demoPage } from "./people";

/**
 * An owner finishes their payout account through Stripe's onboarding (decision 052), in a browser
 * without JavaScript, against the built app started with PAYMENTS_PROVIDER=stripe and the local
 * Stripe fake (its hosted onboarding page and its signed `account.updated`): /ajustes/cobros →
 * the button (a plain POST, 303 to Stripe's link) → Stripe's page → submit → back on
 * /ajustes/cobros → the event reached the webhook → the page says payouts are on.
 */
const SECRET = "whsec_e2eConnectSecret";

/** A free port of 127.0.0.1: the app's public address must be known before it starts (Stripe's return URL). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test("an owner with requirements due finishes onboarding at Stripe and comes back with payouts on", async ({ browser }) => {
  test.setTimeout(90_000);
  const fake = await startStripeFake();
  const marta = DEMO_PAYOUT_ACCOUNTS[1];
  // Marta's demo account, as Stripe has it: started, her document, bank account and terms still due.
  fake.addAccount(marta.accountId, { due: [...marta.currentlyDue] });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  fake.deliverEventsTo(`${origin}/api/payments/stripe-webhook`, SECRET);
  const server = startBuiltServer(
    { PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_e2eConnect", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: fake.url, PORT: String(port), PUBLIC_URL: origin, SIGN_IN_LIMIT_PER_10_MINUTES: "1000" },
    { demoData: true },
  );
  try {
    await expect.poll(server.port, { timeout: 60_000 }).toBeTruthy();
    const page = await demoPage(browser, marta.email, { baseURL: origin });
    await page.goto("/ajustes/cobros");
    const section = page.locator("[data-payout-account]");
    await expect(section).toHaveAttribute("data-payout-account", "pending");
    await expect(section.getByText("Una foto de tu documento de identidad")).toBeVisible();

    await section.getByRole("button", { name: "Continuar en Stripe" }).click();
    await page.waitForURL(`${fake.url}/connect/onboarding/${marta.accountId}?**`);
    await page.getByRole("button", { name: "Submit" }).click();

    await page.waitForURL(`${origin}/ajustes/cobros?connect=return`);
    expect(fake.connect.delivered.map((d) => [d.event.type, d.status, d.result])).toEqual([["account.updated", 200, "handled"]]);
    await expect(section).toHaveAttribute("data-payout-account", "enabled");
    await expect(section).toContainText("Los cobros están activos");
    await expect(section.getByRole("button", { name: "Abrir tu panel de Stripe" })).toBeVisible();
    await expect(section.locator("[data-requirements]")).toHaveCount(0);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    server.cleanup();
    await fake.close();
  }
});
