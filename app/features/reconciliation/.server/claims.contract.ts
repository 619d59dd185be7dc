/**
 * The reconciliation's claims, on every store (SQLite in `reconciliation.test.ts`, Firestore in
 * `reconciliation.firestore.test.ts`): one run at a time across servers, the scheduler's at most
 * once a day, a claim left by a server that stopped taken over once stale. The provider here is
 * a stand-in whose reads wait for the test (a run "under way"); what a run finds is
 * `reconciliation.test.ts`'s business.
 */
import { describe, expect, it } from "vitest";
import type { PaymentRecords } from "#app/.server/payments";
import type { DocumentStore } from "#app/.server/store";
import { RECONCILIATION_LOCK, RECONCILIATION_RUNS, type ReconciliationRun } from "./model";
import { createReconciliationService, type RunOutcome } from "./service";

export type ClaimsSetup = {
  store: DocumentStore;
  /** False on the in-process Firestore emulator: its transactions neither lock nor detect conflicts. */
  serialisesTransactions: boolean;
};

/** A provider with one booking to read, whose reads wait until `open()`. */
function gatedProvider() {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const wait = async <T>(value: T) => {
    await gate;
    return value;
  };
  const records: PaymentRecords = {
    payment: () => wait(null),
    refund: () => wait(null),
    refundsOf: () => wait([]),
    transfer: () => wait(null),
    transfersOf: () => wait([]),
    balanceMove: () => wait(null),
    balanceMovesOf: () => wait([]),
  };
  return {
    records,
    open: () => open(),
    close: () => (gate = new Promise<void>((resolve) => (open = resolve))),
  };
}

const booking = { id: "claims-booking", reference: "AMR-CLAIM", money: { provider: "stripe", charges: true, reference: "pi_claims", checkout: null, lines: [] } };

export function claimsSuite(setup: () => ClaimsSetup) {
  describe("reconciliation claims", () => {
    function service(clock: { now: Date }, provider = gatedProvider()) {
      const reconciliation = createReconciliationService({
        store: setup().store,
        records: provider.records,
        bookings: { moneyActivity: async () => ({ bookings: [booking as never], more: false }) },
        notifyTeam: async () => "no-address",
        now: () => clock.now,
      });
      return { reconciliation, provider };
    }
    /** Runs `calls` together where the store serialises transactions; one after the other where it cannot. */
    async function together(calls: Array<() => Promise<RunOutcome>>): Promise<RunOutcome[]> {
      if (setup().serialisesTransactions) return Promise.all(calls.map((call) => call()));
      const results: RunOutcome[] = [];
      for (const call of calls) results.push(await call());
      return results;
    }

    it("runs the scheduler's reconciliation once a day, however many servers ask at once", async () => {
      const clock = { now: new Date("2031-03-04T05:00:00Z") };
      const a = service(clock);
      const b = service(clock);
      a.provider.open();
      b.provider.open();
      const first = await together([() => a.reconciliation.runDaily(), () => b.reconciliation.runDaily()]);
      expect(first.map((r) => r.outcome).sort()).toEqual(["already", "done"]);
      expect((await a.reconciliation.runDaily()).outcome).toBe("already");
      const run = await setup().store.get<ReconciliationRun>(RECONCILIATION_RUNS, "day-2031-03-04");
      expect(run).toMatchObject({ state: "done", by: { kind: "scheduler", day: "2031-03-04" }, bookings: 1 });
      clock.now = new Date("2031-03-05T00:10:00Z");
      expect((await b.reconciliation.runDaily()).outcome).toBe("done");
    });

    it("refuses a second run while one is under way, on any server, and takes the claim once it is let go", async () => {
      const clock = { now: new Date("2031-04-01T09:00:00Z") };
      const a = service(clock);
      const b = service(clock);
      const running = a.reconciliation.runNow({ uid: "admin-a", name: "Alba" });
      await expect.poll(() => a.reconciliation.underWay()).toBe(true);
      expect(await b.reconciliation.runNow({ uid: "admin-b", name: "Bea" })).toEqual({ outcome: "busy" });
      // The day's run too waits for it (and is not marked as made).
      expect(await b.reconciliation.runDaily()).toEqual({ outcome: "busy" });
      a.provider.open();
      expect(await running).toMatchObject({ outcome: "done", run: { by: { kind: "admin", uid: "admin-a", name: "Alba" }, state: "done" } });
      expect(await a.reconciliation.underWay()).toBe(false);
      b.provider.open();
      expect((await b.reconciliation.runNow({ uid: "admin-b", name: "Bea" })).outcome).toBe("done");
    });

    it("takes over a claim left by a server that stopped (stale after 30 minutes), and says the stopped run failed", async () => {
      const clock = { now: new Date("2031-05-01T09:00:00Z") };
      const a = service(clock);
      const never = a.reconciliation.runNow({ uid: "admin-a", name: "Alba" });
      await expect.poll(() => a.reconciliation.underWay()).toBe(true);
      const stopped = await setup().store.get<{ runId: string }>(RECONCILIATION_LOCK, "current");
      // The server stops here: its run never ends. 31 minutes later another server runs.
      clock.now = new Date("2031-05-01T09:31:00Z");
      const b = service(clock);
      b.provider.open();
      expect(await b.reconciliation.underWay()).toBe(false);
      expect((await b.reconciliation.runNow({ uid: "admin-b", name: "Bea" })).outcome).toBe("done");
      expect(await setup().store.get<ReconciliationRun>(RECONCILIATION_RUNS, stopped!.runId)).toMatchObject({ state: "failed", error: expect.stringContaining("stopped") });
      // (Here the stopped run is let finish, so that nothing is left running after the test.)
      a.provider.open();
      await never;
    });
  });
}
