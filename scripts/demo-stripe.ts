/**
 * `npm run demo:stripe` (after the build): the app with PAYMENTS_PROVIDER=stripe against the local
 * Stripe fake (`tests/stripe-fake/`, the one the tests use), on 127.0.0.1, to try what an owner
 * and a renter see when Amarre charges (decision 052): Checkout, the payout account's onboarding
 * on /ajustes/cobros (Stripe's pages are the fake's own, a form with one "Submit" button), the
 * signed `account.updated` the fake sends back to the app. The demo owners' payout accounts are
 * planted in the fake as the seed describes them: Javier's onboarded, Marta's with requirements due.
 *
 *   tsx scripts/demo-stripe.ts            (PORT, else 3000; DATA_DIR, else .cache/demo-stripe)
 *
 * Nothing reaches Stripe. The fake keeps its objects in memory: a restart forgets them (Marta's
 * planted account comes back as the seed has it; accounts made while trying are gone).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { DEMO_PAYOUT_ACCOUNTS } from "../app/.server/seed/payout-accounts";
import { startStripeFake } from "../tests/stripe-fake/server";

const port = Number(process.env.PORT ?? 3000);
const origin = `http://localhost:${port}`;
const secret = "whsec_demoStripeFake";

async function main() {
  if (!fs.existsSync("build/server/server.js")) {
    console.error("No production build: run `npm run build` first (`npm run demo:stripe` does).");
    process.exit(1);
  }
  const fake = await startStripeFake();
  for (const demo of DEMO_PAYOUT_ACCOUNTS) fake.addAccount(demo.accountId, { due: [...demo.currentlyDue], email: demo.email });
  fake.deliverEventsTo(`${origin}/api/payments/stripe-webhook`, secret);
  const app = spawn(process.execPath, ["build/server/server.js"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "production",
      METADATA_SERVER_DETECTION: "none",
      GENERATE_SESSION_SECRET: "true",
      LOG_FORMAT: "text",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: process.env.DATA_DIR ?? ".cache/demo-stripe",
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_demoStripeFake",
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: fake.url,
    },
  });
  console.log(`Stripe fake on ${fake.url}; the app on ${origin} (owner@amarre.test or pro@amarre.test, password amarre-demo, then /ajustes/cobros).`);
  const stop = () => app.kill("SIGTERM");
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const code = await new Promise<number | null>((resolve) => app.once("exit", resolve));
  await fake.close();
  process.exit(code ?? 0);
}

void main();
