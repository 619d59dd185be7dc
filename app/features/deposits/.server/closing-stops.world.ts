/**
 * Test-only: the services a claim's closing runs through (users, listings, bookings with its
 * emails, the mailbox, deposits), wired as `services.ts` wires them, over one store, with a
 * provider that charges and keeps its state in a file (so a process killed half-way and the one
 * that finishes after it see one provider), and a `stop` at one step of the closing:
 * - `marker`: the closing's marker created (deposits' `afterClosingStep`);
 * - `ledger`: the ledger moved the deposit, the provider not yet called (the first provider call);
 * - `provider`: the provider moved the money, the ledger not yet told (the call's answer);
 * - `emails`: the closing's emails stored (a handler after the emails');
 * - `status`: the claim's status written (deposits' `afterClosingStep`).
 * Used by `closing-stops.suite.ts` and the child process it kills (`closing-stops.child.ts`);
 * no vitest here. `closeUntilStopped` runs one closing to its step and abandons it there.
 */
import fs from "node:fs";
import type { BlobStore } from "#app/.server/blobs";
import type { PaymentsPort } from "#app/.server/payments";
import type { DocumentStore } from "#app/.server/store";
import { bookingEmailHandler, createBookingsService, type BookingHandler } from "#app/features/bookings/.server";
import { createListingsService } from "#app/features/listings/.server";
import { createMailboxService } from "#app/features/mailbox/.server";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import { createDepositsService } from "./service";

export const STOPS = ["marker", "ledger", "provider", "emails", "status"] as const;
export type Stop = (typeof STOPS)[number];

/** What the provider moved, once per idempotency key (as Stripe does), and every call made. */
export type Journal = {
  calls: number;
  effects: Array<{ op: string; key: string; amountCents?: number; reference?: string }>;
  seen: Record<string, string>;
  held: Record<string, number>;
};

const readJournal = (file: string): Journal => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Journal) : { calls: 0, effects: [], seen: {}, held: {} });

export function journalOf(file: string): Journal {
  return readJournal(file);
}

/**
 * A provider that charges, its state in `file` (written synchronously, so a kill right after a
 * call keeps it): holds, captures at most what is held, each key's effect once.
 */
export function journalPayments(file: string): PaymentsPort {
  const once = (op: string, key: string, run: (journal: Journal) => string, amountCents?: number, reference?: string) => {
    const journal = readJournal(file);
    journal.calls++;
    let result = journal.seen[key];
    if (result === undefined) {
      result = run(journal);
      journal.seen[key] = result;
      journal.effects.push({ op, key, ...(amountCents === undefined ? {} : { amountCents }), ...(reference === undefined ? {} : { reference }) });
    }
    fs.writeFileSync(file, JSON.stringify(journal));
    return result;
  };
  return {
    provider: "stripe",
    charges: true,
    connect: null,
    records: null,
    async authorize({ key, amountCents }) {
      return { kind: "authorised", reference: once("authorize", key, (j) => ((j.held[`pi_${key}`] = amountCents), `pi_${key}`), amountCents) };
    },
    async capture({ key, reference, amountCents }) {
      return {
        reference: once("capture", key, (j) => {
          if (amountCents > (j.held[reference] ?? 0)) throw new Error("capture over the hold");
          j.held[reference] = 0;
          return reference;
        }, amountCents, reference),
      };
    },
    async cancel({ key, reference }) {
      once("cancel", key, (j) => ((j.held[reference] = 0), reference), undefined, reference);
    },
    async refund({ key, amountCents }) {
      return { reference: once("refund", key, () => `re_${key}`, amountCents) };
    },
    async transfer({ key, amountCents }) {
      return { reference: once("transfer", key, () => `tr_${key}`, amountCents) };
    },
  };
}

/** The provider, stopping the process at its first call (`ledger`) or after it (`provider`). */
function stoppingPayments(inner: PaymentsPort, at: Stop | null, stop: () => Promise<never>): PaymentsPort {
  const around =
    <I, O>(call: (input: I) => Promise<O>) =>
    async (input: I): Promise<O> => {
      if (at === "ledger") await stop();
      const result = await call(input);
      if (at === "provider") await stop();
      return result;
    };
  return { ...inner, capture: around(inner.capture), cancel: around(inner.cancel), refund: around(inner.refund), transfer: around(inner.transfer) };
}

export const OWNER = "owner-stops";
export const ORIGIN = "https://amarre.test";

/**
 * One server's services. `stopAt` with `stop` (the child: SIGKILL; in process: a promise that
 * never settles, the operation abandoned where it stood) makes the closing stop at that step.
 */
export function closingWorld(input: { store: DocumentStore; blobs: BlobStore; journal: string; now: () => Date; stopAt?: Stop | null; stop?: () => Promise<never> }) {
  const { store, blobs, now } = input;
  const at = input.stopAt ?? null;
  const stop = input.stop ?? (() => Promise.reject(new Error("no stop given")));
  const users = createUsersService(store);
  const ports = createPortsService(store);
  const listings = createListingsService({ store, users, ports });
  const mailbox = createMailboxService({ store, transport: null });
  const afterEmails: BookingHandler = {
    name: "stop-after-emails",
    on: ["deposit-settled", "deposit-released"],
    handle: async () => {
      if (at === "emails") await stop();
    },
  };
  const bookings = createBookingsService({
    store,
    listings,
    payments: stoppingPayments(journalPayments(input.journal), at, stop),
    now,
    handlers: [bookingEmailHandler({ mailbox, users, listings, origin: ORIGIN }), afterEmails],
  });
  const deposits = createDepositsService({
    store,
    blobs,
    bookings,
    now,
    checkOut: async (id) => ({ id: `${id}-check-out`, photoIds: ["photo-out-1"], notes: ["Toldo rasgado."] }),
    afterClosingStep: async (step) => {
      if (step === at) await stop();
    },
  });
  return { users, ports, listings, mailbox, bookings, deposits };
}

export type StopScenario = { action: "decide" | "withdraw"; stop: Stop; keptCents: number; bookingId: string; renter: string };

/**
 * Runs the scenario's closing (the team's decision or the owner's withdrawal) at `at` and
 * resolves once it reached its stop, where it is left hanging: nothing after that step runs. The
 * child process then kills itself; the Firestore suite leaves it so.
 */
export async function closeUntilStopped(input: { store: DocumentStore; blobs: BlobStore; journal: string }, scenario: StopScenario, at: Date): Promise<void> {
  let reached!: () => void;
  const stopped = new Promise<void>((resolve) => (reached = resolve));
  const stop = () => {
    reached();
    return new Promise<never>(() => undefined);
  };
  const { deposits } = closingWorld({ ...input, now: () => at, stopAt: scenario.stop, stop });
  const closing = scenario.action === "decide" ? deposits.decide("team-stops", scenario.bookingId, { keptCents: scenario.keptCents, note: "Reparación del toldo." }) : deposits.withdraw(OWNER, scenario.bookingId);
  await Promise.race([stopped, closing.then(() => Promise.reject(new Error(`the closing (${scenario.action}) ran past its stop (${scenario.stop})`)))]);
}
