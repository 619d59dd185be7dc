import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { describeConnectContract } from "./connect.contract";
import { createRecordedPayments } from "./index";
import { createStripePayments } from "./stripe";

describeConnectContract("recorded", async () => ({ payments: createRecordedPayments(), cleanup: async () => undefined }));

describeConnectContract("stripe (local fake checked against Stripe's OpenAPI description)", async () => {
  const fake: StripeFake = await startStripeFake();
  return {
    payments: createStripePayments({ secretKey: "sk_test_connect", apiBase: fake.url, maxNetworkRetries: 0 }),
    // The owner submits Stripe's onboarding form (the fake's hosted page), then Stripe sends them back.
    async completeOnboarding(url) {
      const page = await fetch(url);
      const link = /name="link" value="([^"]+)"/.exec(await page.text())?.[1];
      if (!link) throw new Error("no onboarding form");
      const done = await fetch(url.split("?")[0], { method: "POST", body: new URLSearchParams({ link }), redirect: "manual" });
      if (done.status !== 303) throw new Error(`onboarding answered ${done.status}`);
    },
    cleanup: () => fake.close(),
  };
});
