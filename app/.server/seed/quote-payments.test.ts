import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createTestServices } from "#tests/test-services";

/**
 * The demo's paid quotes (decision 054), in its provider-less mode: Lucía has a quote accepted
 * and paid outside Amarre (work in progress), one partly refunded with its corrective invoice
 * naming the quote, and one whose day passed unanswered, back in review for the team.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices();
}, 120_000);
afterAll(() => services?.close());

describe("the demo's paid quotes", () => {
  it("one paid outside Amarre, one partly refunded (R invoice), one expired and back in review", async () => {
    const uid = (await services.identity.getUserByEmail("renter@amarre.test"))!.uid;
    const lucia = { uid, role: "user" as const };
    const mine = await services.cases.listForRequester(uid);
    // Other demo steps file cases of the same types: these are the ones with these quotes.
    const byType = (type: string, cents: number) => mine.find((item) => item.type === type && item.quotes[0]?.amountCents === cents)!;
    expect(byType("asesoramiento-contratos", 9_500)).toMatchObject({ status: "in_progress", quotes: [{ status: "accepted", payment: { mode: "direct" } }] });
    const refunded = byType("cambio-propiedad-barco", 18_000);
    expect(refunded.quotes[0]).toMatchObject({ status: "accepted", amountCents: 18_000, refunds: [{ k: 1, amountCents: 4_500, state: "done" }] });
    expect(await services.invoices.getFor(`case_${refunded.id}_quote_1_R1`, lucia)).toMatchObject({ series: "R", totalCents: -4_500, reason: { rule: "quote-refund", quote: { n: 1, refund: 1 } } });
    const expired = byType("renovacion-documentacion", 11_000);
    expect(expired).toMatchObject({ status: "in_review", quotes: [{ status: "expired" }] });
    expect(expired.history.at(-1)).toMatchObject({ to: "in_review", quote: { n: 1, event: "expired" } });
  });
});
