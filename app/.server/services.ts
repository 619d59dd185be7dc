import { createAuthenticator, type AppAuthenticator } from "./auth/authenticator";
import { createSessionStorage, type SessionStorage } from "./auth/session";
import type { BlobStore } from "./blobs";
import { createBlobStore } from "./blobs/create-blobs";
import type { Config } from "./config";
import { createFavouritesService, type FavouritesService } from "#app/features/favourites/.server";
import { createHistoryService, type HistoryService } from "#app/features/history/.server";
import { createListingPhotosService, createListingsService, type ListingPhotosService, type ListingsService } from "#app/features/listings/.server";
import { createAccountsService, type AccountsService } from "#app/features/accounts/.server";
import { createMailboxService, langOrDefault, type MailboxService } from "#app/features/mailbox/.server";
import { createPortsService, type PortsService } from "#app/features/ports/.server";
import { createProfilePhotosService, createUsersService, type ProfilePhotosService, type UsersService } from "#app/features/profiles/.server";
import { createIdentity } from "./identity/create-identity";
import { createMailTransport, type MailTransport } from "./mail";
import { createRecentlyViewedCookie } from "./http/recently-viewed-cookie";
import { createPageCache, type PageCache } from "./page-cache";
import { createRateLimits, type RateLimits } from "./auth/rate-limit";
import type { DocumentStore } from "./store";
import { createStore } from "./store/create-store";
import { createPageCacheInvalidations, INVALIDATIONS_PRUNE_MS, type PageCacheInvalidations } from "./page-cache-invalidations";
import { createSessionRevocations, type SessionRevocations } from "#app/features/accounts/.server";
import { SESSION_MAX_AGE_SECONDS, type IdentityProvider } from "./identity";
import { bookingEmailHandler, createBookingsService, type BookingsService } from "#app/features/bookings/.server";
import { isLang, type Lang } from "#app/i18n";
import { href } from "#app/utils/href";
import type { PaymentsAdapter } from "./payments";
import { createPayments } from "./payments/create-payments";
import { createStripeWebhooks, type PaymentWebhooks } from "./payments/stripe-webhooks";
import { createPayoutAccountsService, type PayoutAccountsService } from "#app/features/payouts/.server";
import { createCaseNotifier, createCasesService, type Case, type CaseQuote, type CasesService } from "#app/features/cases/.server";
import { createDepositsService, DEPOSIT_CLOSINGS_CHECK_MS, type DepositsService } from "#app/features/deposits/.server";
import { createHandoverNotifier, createHandoverService, type HandoverService } from "#app/features/handover/.server";
import { createLicencesService, type LicencesService } from "#app/features/licences/.server";
import { getFixedT } from "./i18n";
import { createServicePagesService, type ServicePagesService } from "#app/features/service-pages/.server";
import { createLegalPagesService, type LegalPagesService } from "#app/features/legal-pages/.server";
import { createReviewNotifier, createReviewsService, type ReviewsService } from "#app/features/reviews/.server";
import { createInvoiceNotifier, createInvoicesService, invoiceBookingHandler, type InvoicesService } from "#app/features/invoices/.server";
import { createChatNotifier, createChatsService, type ChatsService } from "#app/features/chats/.server";
import { createBlogService, type BlogService } from "#app/features/blog/.server";
import { createWeatherService, type WeatherService } from "#app/features/weather/.server";
import { createWeather } from "./weather/create-weather";
import { CALENDAR_SYNC_CHECK_MS, createCalendarSyncService, createConflictNotifier, createFailingNotifier, type CalendarSyncService } from "#app/features/calendar/.server";
import { createCalendarFetcher } from "./calendar-fetch";
import { createPrivacyService, type PrivacyService } from "#app/features/privacy/.server";
import { createWorkerCalendarReader } from "./calendar-read";
import { lastBackupHere } from "./backup/schedule";
import { createReconciliationService, createTeamNotifier, RECONCILIATION_CHECK_MS } from "#app/features/reconciliation/.server";
import { countedTransport, createBackgroundWork, createOperationsService, createSchedulerRecorder, recordedWebhooks, type OperationsService } from "./operations";

/** Everything a loader or action may call, built once per server and handed to Remix as load context. */
export type Services = {
  config: Config;
  store: DocumentStore;
  blobs: BlobStore;
  identity: IdentityProvider;
  sessions: SessionStorage;
  rateLimits: RateLimits;
  ports: PortsService;
  users: UsersService;
  /** People's profile photos, uploads through the photo pipeline. */
  profilePhotos: ProfilePhotosService;
  mailbox: MailboxService;
  accounts: AccountsService;
  listings: ListingsService;
  /** The listings' photo files (uploads, order, clean-up), through the blob store. */
  listingPhotos: ListingPhotosService;
  favourites: FavouritesService;
  history: HistoryService;
  /** Bookings and requests, their days, lifecycle and payments. */
  bookings: BookingsService;
  payments: PaymentsAdapter;
  /** Stripe's webhook events, verified and handled once (null unless PAYMENTS_PROVIDER=stripe). */
  paymentWebhooks: PaymentWebhooks | null;
  /** The owners' payout accounts at the payments provider (Stripe Connect, decision 052). */
  payoutAccounts: PayoutAccountsService;
  /** Service requests as cases the team works to the end. */
  cases: CasesService;
  /** Owners' claims on trip deposits, the renters' answers and the team's decisions. */
  deposits: DepositsService;
  /** Check-in and check-out: the boat's state at handover and return, confirmed by the other side (decision 032). */
  handover: HandoverService;
  /** Renters' licences: the one on their profile and the copies given with bookings, their photos private (issue 49). */
  licences: LicencesService;
  /** Reviews of completed trips and the owners' answers. */
  reviews: ReviewsService;
  /** Invoices of bookings (rental, service fee, corrective), numbered without gaps. */
  invoices: InvoicesService;
  /** The service pages' texts and prices, edited by the team. */
  servicePages: ServicePagesService;
  /** The legal pages' texts (legal notice, privacy, cookies, terms, contact), edited by the team. */
  legalPages: LegalPagesService;
  /** Conversations between two people about a listing. */
  chats: ChatsService;
  /** Blog posts in up to four languages, their covers, drafts and publishing. */
  blog: BlogService;
  /** The forecast for a trip, judged by its boat (weather-safe trips, decision 031). */
  weather: WeatherService;
  /** Other platforms' calendars imported per listing, holding its days (decision record 030). */
  calendarSync: CalendarSyncService;
  /** What the team's operations page reads: the schedulers' passes on this instance, failed webhook deliveries, the build and start time. */
  operations: OperationsService;
  /** People's own data: everything held on a person, as a file, and the deletion of their account. */
  privacy: PrivacyService;
  /** Starts the work a running server does in the background (due booking expiries and completions, due message emails, due calendar imports), each on its own clock. */
  startBackgroundWork(): void;
  /** Stops starting passes (one under way finishes); `close` does it too. */
  stopBackgroundWork(): void;
  /** Pages rendered for visitors, reused for a few seconds (decision record 007). */
  pageCache: PageCache;
  pageCacheInvalidations: PageCacheInvalidations;
  /** Ended sessions, held in memory on every server (decision record 010). */
  sessionRevocations: SessionRevocations;
  authenticator: AppAuthenticator;
  close(): Promise<void>;
};

/**
 * What routes see (through `requestContext`): the marketplace's services, never a raw port
 * (store, blobs, identity) nor the session and cache plumbing that the server and guards use.
 */
export type DomainServices = Pick<
  Services,
  "ports" | "users" | "profilePhotos" | "mailbox" | "accounts" | "listings" | "listingPhotos" | "favourites" | "history" | "sessionRevocations" | "bookings" | "cases" | "deposits" | "handover" | "licences" | "servicePages" | "legalPages" | "invoices" | "reviews" | "chats" | "blog" | "paymentWebhooks" | "payoutAccounts" | "weather" | "calendarSync" | "operations" | "privacy"
>;

/**
 * A case's accepted quote as the platform's invoice to the requester: the case's type (its key,
 * read in the reader's language, and its Spanish name as issued) and reference; `quiet` for the
 * demo seed's past acceptances.
 */
export function caseQuoteInvoicer(invoices: InvoicesService, options: { quiet?: boolean } = {}) {
  const typeName = getFixedT("es", "cases");
  return async (item: Case, quote: CaseQuote): Promise<void> => {
    if (!item.requesterUid) return;
    await invoices.issueForCaseQuote(
      {
        caseId: item.id,
        reference: item.reference,
        caseType: item.type,
        n: quote.n,
        requesterUid: item.requesterUid,
        requesterName: item.contact.name,
        title: typeName(`types.${item.type}`),
        description: quote.description,
        amountCents: quote.amountCents,
        acceptedAt: quote.answeredAt ?? new Date().toISOString(),
      },
      options,
    );
  };
}

/** What may replace a port adapter the config would choose: tests' mail transport (one that fails, then works). */
export type ServiceOverrides = { mailTransport?: MailTransport | null };

export function assembleServices(config: Config, store: DocumentStore, identity: IdentityProvider, blobs: BlobStore, overrides: ServiceOverrides = {}): Services {
  const pageCache = createPageCache({ ttlMs: config.pageCacheSeconds * 1000, maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024 });
  // A write forgets the visitors' pages that show what it changed, on every server.
  const invalidations = createPageCacheInvalidations({ store, cache: pageCache });
  const users = createUsersService(store, (uid) => invalidations.publish([`user:${uid}`]));
  const ports = createPortsService(store);
  // Each send counted in amarre_emails_total; a failed one kept for the team to retry (/admin/operaciones).
  const mailbox = createMailboxService({ store, transport: countedTransport(overrides.mailTransport !== undefined ? overrides.mailTransport : createMailTransport(config)) });
  const sessionRevocations = createSessionRevocations({ store, maxAgeMs: SESSION_MAX_AGE_SECONDS * 1000 });
  const accounts = createAccountsService({ identity, users, mailbox, config, sessions: sessionRevocations });
  // The listings service names the pages a write changed: `listing:<id>`, `search:<kind>`, `user:<uid>`.
  const listings = createListingsService({ store, users, ports, onChange: (tags) => invalidations.publish(tags) });
  const payments = createPayments(config);
  const publicOrigin = config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${config.PORT}`;
  const invoices = createInvoicesService({
    store,
    users,
    notify: createInvoiceNotifier({ mailbox, users, link: (lang) => publicOrigin + href("settings-invoices", { lang }) }),
    platform: { name: config.INVOICE_ISSUER_NAME, taxId: config.INVOICE_ISSUER_TAX_ID, address: config.INVOICE_ISSUER_ADDRESS },
    // Invoices name what was rented in Spanish, the language they are issued in; a berth also by
    // what its name is made of, so each reader reads it in their language.
    subjectTitle: async (booking) => listings.titleOf(await listings.get(booking.listingId), "es"),
    subjectDock: async (booking) => {
      const listing = await listings.get(booking.listingId);
      if (listing?.kind !== "dock") return null;
      const port = listing.data.portSlug ? await ports.get(listing.data.portSlug) : null;
      return { berthType: listing.data.berthType ?? null, berthNumber: listing.data.berthNumber ?? null, portName: port?.name ?? null, city: port?.city ?? null };
    },
  });
  const weather = createWeatherService({ weather: createWeather(config) });
  // Owners' payout accounts (decision 052): once one can receive payouts, its waiting payouts are due.
  const payoutAccounts = createPayoutAccountsService({ store, connect: payments.connect, releaseWaiting: (uid) => bookings.releaseWaitingPayouts(uid) });
  const bookings = createBookingsService({
    store,
    listings,
    payments,
    payoutAccountOf: (uid) => payoutAccounts.payoutAccountOf(uid),
    weatherEvidence: async (booking) => {
      const listing = await listings.get(booking.listingId);
      return listing ? weather.unsafeEvidence(listing, booking) : null;
    },
    customerOf: async (uid) => {
      const profile = await users.get(uid);
      return { uid, email: profile?.email ?? null, name: profile?.displayName ?? null };
    },
    returnUrl: (booking) => publicOrigin + href("settings-reservation", { lang: isLang(booking.renterLang) ? booking.renterLang : "es", params: { id: booking.id } }),
    listingTitle: async (listingId, lang) => listings.titleOf(await listings.get(listingId), lang),
    // Invoices first (they are records, idempotent), then the emails.
    handlers: [invoiceBookingHandler(invoices), bookingEmailHandler({ mailbox, users, listings, origin: publicOrigin })],
    onChange: (tags) => {
      listings.forgetSearch();
      invalidations.publish(tags);
    },
  });
  listings.useAvailability({ busy: (from, to) => bookings.busyListings(from, to) });
  const servicePages = createServicePagesService({ store, onChange: (tags) => invalidations.publish(tags) });
  const chats = createChatsService({
    store,
    listings,
    contactRevealAt: (a, b, at) => bookings.contactRevealAt(a, b, at),
    notify: createChatNotifier({ mailbox, users, listings, link: (chatId, lang) => publicOrigin + href("chat", { lang, params: { chatId } }) }),
  });
  // Fetched calendars are read in a worker thread with a heap ceiling and a CPU budget (decision 046).
  const calendarReader = createWorkerCalendarReader();
  const calendarLink = (lang: Lang) => publicOrigin + href("settings-calendar", { lang });
  const calendarSync = createCalendarSyncService({
    store,
    listings,
    bookings,
    fetcher: createCalendarFetcher({ allowHosts: config.CALENDAR_IMPORT_ALLOW_HOSTS, timeoutMs: config.CALENDAR_IMPORT_TIMEOUT_SECONDS * 1000 }),
    reader: calendarReader.read,
    minutes: config.CALENDAR_IMPORT_MINUTES,
    notifyConflicts: createConflictNotifier({ mailbox, users, listings, link: calendarLink }),
    notifyFailing: createFailingNotifier({ mailbox, users, listings, link: calendarLink }),
  });
  const rateLimits = createRateLimits({
    signUpPerHour: config.SIGN_UP_LIMIT_PER_HOUR,
    signInPer10Minutes: config.SIGN_IN_LIMIT_PER_10_MINUTES,
    serviceRequestsPerHour: config.SERVICE_REQUESTS_PER_HOUR,
  });
  const cases: CasesService = createCasesService({
    store,
    blobs,
    // The links attaching a visitor's case to an account are signed with the app's secret.
    claimSecrets: config.sessionSecrets,
    // Quietly: the acceptance email to the requester names the invoice (no "booking" invoice email).
    invoiceQuote: caseQuoteInvoicer(invoices, { quiet: true }),
    // Paid quotes (decision 054): Checkout with a provider that charges, refunds and their R invoices.
    payments,
    quoteReturnUrl: (item, lang) => publicOrigin + href("settings-case", { lang: langOrDefault(lang), params: { id: item.id } }),
    correctQuote: async (item, quote, refund) => void (await invoices.correctForCaseQuoteRefund({ caseId: item.id, n: quote.n, k: refund.k, amountCents: refund.amountCents, at: refund.doneAt ?? refund.at }, { quiet: true })),
    notify: createCaseNotifier({
      mailbox,
      // A visitor's case: its page opens once signed in with the request's address, and the
      // link's signature (fresh in every email) attaches it to that account.
      link: (item, lang) => publicOrigin + href("settings-case", { lang, params: { id: item.id }, search: { claim: cases.claimLink(item) } }),
      // The requester's answer to a quote reaches the team member who sent it.
      team: async (uid) => {
        const profile = await users.get(uid);
        return profile ? { uid, email: profile.email, lang: profile.lang } : null;
      },
      teamLink: (item, lang) => publicOrigin + href("admin-case", { lang, params: { id: item.id } }),
      findAccount: async (email) => (await identity.getUserByEmail(email))?.uid ?? null,
      mayEmailVisitor: async (email) =>
        rateLimits.consume("visitorEmailsPerRecipient", email).then(
          () => true,
          () => false,
        ),
    }),
  });
  const licences = createLicencesService({ store, blobs });
  const handover = createHandoverService({ store, blobs, bookings, listings, licenceHeld: licences.heldFor, notify: createHandoverNotifier({ mailbox, users, listings, origin: publicOrigin }) });
  const deposits = createDepositsService({ store, blobs, bookings, checkOut: (bookingId) => handover.checkOutEvidence(bookingId) });
  const listingPhotos = createListingPhotosService({ blobs, listings });
  const favourites = createFavouritesService({ store, listings });
  const history = createHistoryService({ store, listings, cookie: createRecentlyViewedCookie(config) });
  const reviews = createReviewsService({
    store,
    listings,
    bookings,
    notify: createReviewNotifier({
      mailbox,
      users,
      titleOf: async (review, lang) => listings.titleOf(await listings.get(review.listingId), lang),
      link: (event, lang) => publicOrigin + href("settings-reviews", { lang, hash: event === "review" ? "recibidas" : "escritas" }),
    }),
  });
  // The ledger compared with Stripe (decision 053), its differences emailed to the team; nothing to compare without a provider.
  const notifyTeam = createTeamNotifier({ mailbox, teamEmail: config.TEAM_EMAIL ?? null, link: publicOrigin + href("admin-operations", { lang: "es", hash: "conciliacion" }) });
  const reconciliation = createReconciliationService({ store, records: payments.records, bookings, cases, notifyTeam });
  const privacy = createPrivacyService({ identity, sessions: sessionRevocations, blobs, users, listings, listingPhotos, bookings, chats, cases, reviews, invoices, favourites, history, calendarSync, mailbox, payoutAccounts, licences });
  // Each scheduler's passes recorded (this instance, in memory) and counted in amarre_scheduler_runs_total.
  const recorder = createSchedulerRecorder();
  const background = createBackgroundWork(recorder, [
    { name: "bookings-due", doing: "applying due expiries and completions", everyMs: config.BOOKING_DUE_CHECK_MS, pass: () => bookings.applyDue() },
    // Quotes past their day: their cases back to review, the requester told (decision 054).
    { name: "case-quotes-due", doing: "moving the quotes past their day back to review", everyMs: config.BOOKING_DUE_CHECK_MS, pass: () => cases.applyDue() },
    { name: "chat-emails", doing: "sending the due message emails", everyMs: config.CHAT_EMAIL_CHECK_MS, pass: () => chats.applyDue() },
    // Imported calendars due a fetch (each every CALENDAR_IMPORT_MINUTES).
    { name: "calendar-sync", doing: "syncing the due calendars", everyMs: CALENDAR_SYNC_CHECK_MS, pass: () => calendarSync.syncDue() },
    // Deposit claims whose closing stopped half-way, finished as their marker says (decision 025).
    { name: "deposit-closings", doing: "finishing the deposit closings that stopped", everyMs: DEPOSIT_CLOSINGS_CHECK_MS, pass: () => deposits.finishStuckClosings() },
    // Stripe mode only: once a day across servers (the day's run claimed in the store, decision 053).
    ...(reconciliation.available ? [{ name: "reconciliation" as const, doing: "reconciling the ledger with Stripe", everyMs: RECONCILIATION_CHECK_MS, pass: () => reconciliation.runDaily() }] : []),
    // The page cache's invalidations older than a minute, off the requests (at most 200 a pass).
    { name: "page-cache-invalidations", doing: "pruning the page cache's old invalidations", everyMs: INVALIDATIONS_PRUNE_MS, pass: () => invalidations.prune() },
    // Once per store (a marker skips the scan after): older bookings' and cases' references, listings' search fields (056), owners' standings (061).
    { name: "booking-references", doing: "storing the bookings' references", everyMs: null, pass: () => bookings.backfillReferences() },
    { name: "case-references", doing: "storing the cases' references", everyMs: null, pass: () => cases.backfillReferences() },
    { name: "listing-search-fields", doing: "storing the listings' new search fields", everyMs: null, pass: () => listings.backfillSearchFields() },
    { name: "owner-standings", doing: "rebuilding the owners' standings from their bookings", everyMs: null, pass: () => bookings.backfillStandings({ stillHere: async (uid) => (await users.get(uid)) !== null }) },
  ]);
  return {
    config, store, blobs, identity,
    sessions: createSessionStorage(config),
    rateLimits,
    ports,
    users,
    profilePhotos: createProfilePhotosService({ blobs, users }),
    mailbox,
    accounts,
    listings,
    listingPhotos,
    favourites, history, bookings,
    payments,
    paymentWebhooks:
      config.PAYMENTS_PROVIDER === "stripe"
        ? // Every delivery counted in amarre_webhook_deliveries_total; a failed one kept for the team (the last 100).
          recordedWebhooks(createStripeWebhooks({ store, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET ?? null, bookings, cases, accounts: payoutAccounts }), { store })
        : null,
    payoutAccounts,
    cases,
    deposits,
    handover,
    licences,
    servicePages,
    legalPages: createLegalPagesService({ store, onChange: (tags) => invalidations.publish(tags) }),
    invoices,
    reviews,
    chats,
    weather,
    blog: createBlogService({ store, blobs, onChange: (tags) => invalidations.publish(tags) }),
    calendarSync,
    operations: createOperationsService({ store, schedulers: recorder, startedAt: new Date(), lastBackup: lastBackupHere(config), reconciliation }),
    privacy,
    startBackgroundWork: background.start,
    stopBackgroundWork: background.stop,
    pageCache,
    authenticator: createAuthenticator(accounts),
    pageCacheInvalidations: invalidations,
    sessionRevocations,
    async close() {
      background.stop();
      sessionRevocations.close();
      invalidations.close();
      await calendarReader.close();
      await invalidations.settled();
      await identity.close();
      await blobs.close();
      await store.close();
    },
  };
}

/**
 * Opens the configured backends and builds the services; nothing more. Seeding the demo data
 * (`config.seedDemoData`) is the caller's start-up step: `seedDemoData(services)` from `./seed`.
 */
export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const store = await createStore(
    config.APP_BACKEND === "embedded"
      ? { backend: "embedded", dataDir: config.dataDir, counting: config.STORE_COUNTING }
      : {
          backend: "firebase",
          projectId: config.FIREBASE_PROJECT_ID!,
          serviceAccountJson: config.FIREBASE_SERVICE_ACCOUNT || undefined,
          counting: config.STORE_COUNTING,
        },
  );
  const identity = await createIdentity(
    config.APP_BACKEND === "embedded"
      ? { kind: "local", store, secrets: config.sessionSecrets, passwordPolicy: config.passwordPolicy, passwordHashCost: config.PASSWORD_HASH_COST }
      : {
          kind: "firebase",
          projectId: config.FIREBASE_PROJECT_ID!,
          apiKey: config.FIREBASE_API_KEY!,
          serviceAccountJson: config.FIREBASE_SERVICE_ACCOUNT || undefined,
          authEmulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST || undefined,
        },
  );
  const blobs = await createBlobStore(
    config.APP_BACKEND === "embedded"
      ? { backend: "embedded", dataDir: config.dataDir }
      : {
          backend: "firebase",
          projectId: config.FIREBASE_PROJECT_ID!,
          bucket: config.FIREBASE_STORAGE_BUCKET ?? `${config.FIREBASE_PROJECT_ID}.firebasestorage.app`,
          serviceAccountJson: config.FIREBASE_SERVICE_ACCOUNT || undefined,
        },
  );
  const services = assembleServices(config, store, identity, blobs, overrides);
  await services.sessionRevocations.ready();
  return services;
}
