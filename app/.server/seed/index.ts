import { BOOKINGS, type Booking } from "#app/features/bookings/.server";
import { isIdentityError } from "../identity";
import type { Services } from "../services";
import { demoAccounts, DEMO_PASSWORD, type DemoAccount } from "./accounts";
import { seedDemoBookings } from "./bookings";
import { seedDemoCases, seedEveryCaseType } from "./cases";
import { seedDemoQuotePayments } from "./quote-payments";
import { seedDemoReviews } from "./reviews";
import { seedDemoChats } from "./chats";
import { seedDemoContactCase, seedDemoVisitorCase } from "./contact";
import { seedDemoHandover } from "./handover";
import { seedDemoOfflineTrip } from "./offline-trip";
import { seedDemoClaimLicence, seedDemoLicences } from "./licences";
import { seedDemoBlog } from "./blog";
import { seedDemoCalendars } from "./calendars";
import { listingsSeedStep } from "./listings";
import { createDemoPhotoProvider } from "./photos";
import { seedDemoPayoutAccounts } from "./payout-accounts";
import { demoPorts } from "./ports";
import { seedDemoStanding } from "./standing";
import { seedDemoSeasons, seedDemoSeasonTrip } from "./seasons";

/**
 * Demo data for a realistic marketplace, written through the domain services (never raw
 * inserts) so it stays valid as the rules change. Each step runs once: the ids of the steps
 * already applied are kept in the store, so a restart (or a second `npm run seed`) adds only
 * what is new. Later features append their steps here.
 */
export type { SeedStep } from "./types";
import type { SeedStep } from "./types";

export const seedSteps: SeedStep[] = [
  {
    id: "ports-v1",
    async run({ ports }) {
      for (const port of demoPorts) await ports.save(port);
    },
  },
  {
    id: "accounts-v1",
    async run(services) {
      const { identity, users } = services;
      for (const demo of demoAccounts) {
        const uid = (await identity.getUserByEmail(demo.email))?.uid ?? (await registerDemoAccount(services, demo));
        if (!uid) {
          console.warn(`Demo account ${demo.email} skipped: the password policy refuses "${DEMO_PASSWORD}".`);
          continue;
        }
        await users.update(uid, { bio: demo.bio, languages: demo.languages });
        if (demo.lessor) await users.setLessor(uid, demo.lessor);
        if (demo.role) await identity.setRole(uid, demo.role);
      }
    },
  },
  {
    id: "listings-v1",
    // Boats and docks of the demo marketplace, with photos made by the real pipeline.
    run: (services) => listingsSeedStep(createDemoPhotoProvider(services)).run(services),
  },
  {
    id: "bookings-v1",
    // Bookings in every state for the demo people (see ./bookings.ts).
    run: seedDemoBookings,
  },
  {
    id: "cases-v1",
    // Paperwork and service requests, some of the demo renter's (see ./cases.ts).
    run: seedDemoCases,
  },
  {
    id: "service-pages-v1",
    // The service pages' texts in four languages and their prices, as the team then edits them.
    async run({ servicePages }) {
      await servicePages.seedDefaults();
    },
  },
  {
    id: "cases-v2",
    // A case of every type, together in every status, the demo renter's and visitors' (./cases.ts).
    run: seedEveryCaseType,
  },
  {
    id: "reviews-v1",
    // Past trips reviewed (most answered) on demo boats; Lucía's completed trip still waits for hers (./reviews.ts).
    run: seedDemoReviews,
  },
  {
    id: "invoices-v1",
    // The invoices of the demo bookings paid so far, and the corrections of the refunded ones, oldest first.
    run: issueDemoInvoices,
  },
  {
    id: "case-words-v1",
    // The admin search's word index for cases written before it existed (idempotent).
    async run({ cases }) {
      await cases.reindexWords();
    },
  },
  {
    id: "case-word-rows-v1",
    // The list rows the word entries carry since the team's search by one word reads no case.
    async run({ cases }) {
      await cases.reindexWords();
    },
  },
  {
    id: "chats-v1",
    // Conversations about the demo bookings: one after a confirmed booking (contact details shown), two before (hidden) (./chats.ts).
    run: seedDemoChats,
  },
  {
    id: "legal-pages-v1",
    // The legal pages' texts in four languages (legal notice, privacy, cookies, terms, contact), as the team then edits them.
    async run({ legalPages }) {
      await legalPages.seedDefaults();
    },
  },
  {
    id: "legal-pages-v2",
    // The privacy policy says what is kept after an account is deleted, why and for how long, and how to export (issue 45):
    // stores seeded before read the new texts, unless the team edited the page.
    async run({ legalPages }) {
      await legalPages.refreshUnedited(["privacidad"]);
    },
  },
  {
    id: "legal-pages-v3",
    // The German privacy policy names the settings page by its formal title, „Datenschutz und Ihre Daten“.
    async run({ legalPages }) {
      await legalPages.refreshUnedited(["privacidad"]);
    },
  },
  {
    id: "contact-cases-v1",
    // A visitor's message from /contacto, waiting for the team in /admin/gestiones (./contact.ts).
    run: seedDemoContactCase,
  },
  {
    id: "calendars-v1",
    // Javier's motorboat imports his Airbnb calendar, stored as its last good import (./calendars.ts).
    run: seedDemoCalendars,
  },
  {
    id: "visitor-cases-v1",
    // A request sent signed out with the demo owner's email: a visitor's case, marked so for the team (./contact.ts).
    run: seedDemoVisitorCase,
  },
  {
    id: "blog-v1",
    // Six posts in four languages with covers made by the photo pipeline, by the demo admin (./blog.ts).
    run: seedDemoBlog,
  },
  {
    id: "handover-v1",
    // A trip of the demo renter on the demo owner's motorboat starting today, ready for check-in (./handover.ts).
    run: seedDemoHandover,
  },
  {
    id: "invoices-v2",
    // Every demo trip with its invoices: the check-in trip of a store seeded before ./handover.ts issued them (idempotent).
    run: issueDemoInvoices,
  },
  {
    id: "quote-payments-v1",
    // The demo renter's paid quotes: one paid outside Amarre, one partly refunded, one expired unanswered (./quote-payments.ts).
    run: seedDemoQuotePayments,
  },
  {
    id: "payout-accounts-v1",
    // Javier's payout account onboarded, Marta's started with requirements due (./payout-accounts.ts; seen with Stripe).
    run: seedDemoPayoutAccounts,
  },
  // A trip of the demo renter tomorrow, with its meeting point, to read offline (./offline-trip.ts).
  { id: "offline-trip-v1", run: seedDemoOfflineTrip },
  // An owner with the standing badge: twelve requests answered within the hour over five months (./standing.ts).
  { id: "standing-v1", run: seedDemoStanding },
  { id: "seasons-v1", run: seedDemoSeasons }, // Cap Camarat's high season, Christmas and weekend prices (./seasons.ts).
  // A licence-only boat, the demo renter's licence (given with her trips) and an expired one (./licences.ts; issue 49).
  { id: "licences-v1", run: seedDemoLicences },
  // A trip over a weekend day and the first day of Cap Camarat's next season: its emails list each day's price (./seasons.ts).
  { id: "season-trip-v1", run: seedDemoSeasonTrip },
  // Lucía's licence with the trip whose deposit is claimed: the team reads it beside the claim (./licences.ts).
  { id: "claim-licence-v1", run: seedDemoClaimLicence },
];

/** The invoices of every demo booking paid so far, and the corrections of the refunded ones, oldest first (each issued once). */
async function issueDemoInvoices({ store, invoices }: Services): Promise<void> {
  const bookings = await store.query<Booking>({ collection: BOOKINGS, orderBy: [["createdAt", "asc"]], limit: 5_000 });
  for (const booking of bookings) {
    await invoices.issueForBooking(booking, { quiet: true });
    await invoices.correctForCancellation(booking, { quiet: true });
  }
}

/** Registers through the accounts service; null when a stricter configured policy refuses the demo password. */
async function registerDemoAccount({ accounts, config }: Services, demo: DemoAccount): Promise<string | null> {
  try {
    const session = await accounts.register({
      email: demo.email,
      password: DEMO_PASSWORD,
      displayName: demo.displayName,
      kind: demo.kind,
      company: demo.company ?? null,
      lang: "es",
      origin: config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${config.PORT || 3000}`,
    });
    return session.uid;
  } catch (error) {
    if (isIdentityError(error, "password-does-not-meet-requirements")) return null;
    throw error;
  }
}

const SEED_COLLECTION = "meta";
const SEED_DOC = "seed";

type SeedRecord = { applied: string[]; updatedAt: string };

export async function seedDemoData(
  services: Services,
  steps: SeedStep[] = seedSteps,
): Promise<{ applied: string[] }> {
  const record = await services.store.get<SeedRecord>(SEED_COLLECTION, SEED_DOC);
  const done = new Set(record?.applied ?? []);
  const applied: string[] = [];
  for (const step of steps) {
    if (done.has(step.id)) continue;
    await step.run(services);
    done.add(step.id);
    applied.push(step.id);
    await services.store.set(SEED_COLLECTION, SEED_DOC, {
      applied: [...done],
      updatedAt: new Date().toISOString(),
    });
  }
  return { applied };
}
