import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "#app/.server/store/create-store";
import type { DocumentStore } from "#app/.server/store";
import { brokenRules, moneyPaths, propertyRuns, runMoneyPath, type MoneyPath } from "./money-paths";

/**
 * The invoices add up to the money that moved, per party, on the embedded store: for random
 * booking paths (instant book; request → accept, decline, expiry, withdrawal; a cancellation at
 * any policy tier by the renter, or by the owner; with a provider that charges and without one),
 * what the renter was invoiced equals what they paid net of refunds, the owner's rental invoices
 * their share, the platform's fee invoices its fee — read independently from the booking's ledger
 * and from the policy's rules — and every corrective invoice names its rule and the invoice it
 * corrects. The paths at each tier's edges run every time, then random ones.
 */
let store: DocumentStore;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-invoice-paths-"));
  store = await createStore({ backend: "embedded", dataDir: dir });
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const base: MoneyPath = {
  charges: false,
  instant: true,
  answer: "accept",
  cancel: null,
  policy: "moderate",
  startInDays: 60,
  days: 2,
  half: null,
  dayPriceCents: 450_00,
  halfDayPriceCents: 290_00,
  weekPriceCents: null,
  skipper: { mode: "optional", dailyPriceCents: 160_00 },
  withSkipper: true,
  depositCents: 800_00,
  company: false,
};

/** Every path by name, and each policy's tiers on both sides of their edges, by both sides. */
const named: Array<[string, MoneyPath]> = [
  ["instant booking", base],
  ["request accepted", { ...base, instant: false }],
  ["request declined", { ...base, instant: false, answer: "decline" }],
  ["request expired", { ...base, instant: false, answer: "expire" }],
  ["request withdrawn", { ...base, instant: false, answer: "withdraw" }],
  ["half day with a skipper, cancelled by the owner", { ...base, half: "pm", cancel: { by: "owner", hoursBefore: 100 } }],
  ["request accepted, cancelled by the owner, with a provider that charges", { ...base, instant: false, charges: true, cancel: { by: "owner", hoursBefore: 2 } }],
  ...(["flexible", "moderate", "strict"] as const).flatMap((policy) =>
    [1, 23, 24, 25, 239, 240, 719, 720, 721].flatMap((hoursBefore): Array<[string, MoneyPath]> => [
      [`${policy}: the renter cancels ${hoursBefore} h before`, { ...base, policy, cancel: { by: "renter", hoursBefore } }],
      [`${policy}: the renter cancels ${hoursBefore} h before, a company owner, charged`, { ...base, policy, company: true, charges: true, cancel: { by: "renter", hoursBefore } }],
    ]),
  ),
];

describe("a booking's invoices add up to the money that moved (SQLite)", () => {
  it.each(named)("%s", async (_name, moneyPath) => {
    const { booking, invoices } = await runMoneyPath(store, moneyPath);
    expect(brokenRules(moneyPath, booking, invoices)).toEqual([]);
  });

  it("holds for random paths, prices and moments", async () => {
    await fc.assert(
      fc.asyncProperty(moneyPaths, async (moneyPath) => {
        const { booking, invoices } = await runMoneyPath(store, moneyPath);
        expect(brokenRules(moneyPath, booking, invoices)).toEqual([]);
      }),
      { numRuns: propertyRuns(60) },
    );
  }, 120_000);
});
