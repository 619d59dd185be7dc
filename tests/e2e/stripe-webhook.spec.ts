import { expect, test } from "@playwright/test";
import Stripe from "stripe";
import { startBuiltServer } from "./built-server";

/**
 * Stripe's webhook through the whole built server (Express, its request gate, the Origin check,
 * compression, Remix): the body reaches the route byte for byte, so Stripe's signature over it
 * verifies; a changed byte does not. The booking side of the events is tested in the route's test.
 */
const SECRET = "whsec_e2eWebhookSecret";

test("a signed Stripe event passes the server untouched; a bad signature is a translated 400; stripe needs its secrets", async () => {
  const refused = startBuiltServer({ PAYMENTS_PROVIDER: "stripe", SEED_DEMO_DATA: "false" });
  expect(await refused.exited).toBe(1);
  expect(refused.output()).toMatch(/STRIPE_SECRET_KEY: is required when PAYMENTS_PROVIDER=stripe/);
  refused.cleanup();

  const server = startBuiltServer({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: "http://127.0.0.1:9", SEED_DEMO_DATA: "false" });
  try {
    await expect.poll(server.port, { timeout: 30_000 }).toBeTruthy();
    const url = `http://127.0.0.1:${server.port()}/api/payments/stripe-webhook`;
    // Non-ASCII and spacing kept as sent: a body re-encoded on the way would not verify.
    const payload = JSON.stringify({ id: "evt_e2e1", object: "event", type: "charge.refunded", data: { object: { id: "ch_1", object: "charge", description: "Zoë Łukasz · Ωmega" } } }, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const post = (body: string, sig: string) =>
      fetch(url, { method: "POST", headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": sig, "Accept-Encoding": "gzip, br" }, body });

    const ok = await post(payload, signature);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, result: "ignored" });

    const bad = await post(payload.replace("Zoë", "Zoe"), signature);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "bad-signature", message: "La firma Stripe-Signature no es válida para este cuerpo: no hemos hecho nada." });

    expect((await fetch(url)).status).toBe(405);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    server.cleanup();
  }
});
