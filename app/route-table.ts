/**
 * The pages of the site, by layout. `app/routes.ts` mounts every page once per language
 * (no prefix for Spanish, /en, /fr, /de); the sitemap and /test-routes read the same table.
 * Paths are the Spanish URLs of the product spec; files are named in English.
 */
export type Page = {
  id: string;
  /** Path below the language prefix; `null` for the index page. */
  path: string | null;
  file: string;
  /** Listed in /sitemap.xml. */
  sitemap: boolean;
};

export type LayoutGroup = { id: string; file: string; pages: readonly Page[] };

export const layoutGroups = [
  {
    id: "default",
    file: "features/site/routes/layout.tsx",
    pages: [
      { id: "home", path: null, file: "features/site/routes/home.tsx", sitemap: true },
      { id: "about", path: "about", file: "features/site/routes/about.tsx", sitemap: true },
      // What the service worker shows offline for a page it has no copy of (decision 060).
      { id: "offline", path: "sin-conexion", file: "features/offline/routes/offline.tsx", sitemap: false },
      { id: "app", path: "app", file: "features/site/routes/app-page.tsx", sitemap: true },
      { id: "category", path: "category", file: "features/site/routes/category.tsx", sitemap: true },
      { id: "test-routes", path: "test-routes", file: "features/site/routes/test-routes.tsx", sitemap: false },
      { id: "login", path: "login", file: "features/accounts/routes/login.tsx", sitemap: false },
      { id: "register", path: "register", file: "features/accounts/routes/register.tsx", sitemap: true },
      { id: "register-pro", path: "register-pro", file: "features/accounts/routes/register-pro.tsx", sitemap: true },
      { id: "forgot-password", path: "recuperar-contrasena", file: "features/accounts/routes/forgot-password.tsx", sitemap: false },
      { id: "reset-password", path: "restablecer-contrasena", file: "features/accounts/routes/reset-password.tsx", sitemap: false },
      { id: "user", path: "user/:slug", file: "features/profiles/routes/user.tsx", sitemap: false },
      // Boat search: one canonical URL; /boat, /boats and /BoatsRent redirect to it permanently.
      { id: "boat-search", path: "alquiler-barco", file: "features/search/routes/boat-search.tsx", sitemap: true },
      { id: "boat-search-motor", path: "alquiler-barco/barco-a-motor", file: "features/search/routes/boat-search.tsx", sitemap: true },
      { id: "boat-search-sail", path: "alquiler-barco/barco-a-vela", file: "features/search/routes/boat-search.tsx", sitemap: true },
      { id: "boat-search-jetski", path: "motos-de-agua/seadoo", file: "features/search/routes/boat-search.tsx", sitemap: true },
      { id: "boat-search-alias-boat", path: "boat", file: "features/search/routes/boat-search-alias.ts", sitemap: false },
      { id: "boat-search-alias-boats", path: "boats", file: "features/search/routes/boat-search-alias.ts", sitemap: false },
      { id: "boat-search-alias-rent", path: "BoatsRent", file: "features/search/routes/boat-search-alias.ts", sitemap: false },
      { id: "boat", path: "boat/:id", file: "features/listings/routes/boat-detail.tsx", sitemap: false },
      // Booking: choose days (boats and berths for rent), then the summary that confirms.
      { id: "rent", path: "boat/rent/boat/:id", file: "features/bookings/routes/rent.tsx", sitemap: false },
      { id: "reservation-summary", path: "boat/rent/boat/ReservationSummary", file: "features/bookings/routes/summary.tsx", sitemap: false },
      { id: "dock-search", path: "docks", file: "features/search/routes/dock-search.tsx", sitemap: true },
      { id: "dock", path: "dock/:id", file: "features/listings/routes/dock-detail.tsx", sitemap: false },
      { id: "favourites", path: "favoritos", file: "features/favourites/routes/favourites.tsx", sitemap: false },
      { id: "history", path: "historial", file: "features/history/routes/history.tsx", sitemap: false },
      // Listing forms: a signed-in person; `?id=` resumes a draft or edits a listing, `?step=` picks the step.
      { id: "boat-form-select", path: "boat/form/add-boat-select", file: "features/listings/routes/boat-select.tsx", sitemap: false },
      { id: "boat-form-motor", path: "boat/form/add-motor-boat", file: "features/listings/routes/boat-form.tsx", sitemap: false },
      { id: "boat-form-sail", path: "boat/form/add-vela-boat", file: "features/listings/routes/boat-form.tsx", sitemap: false },
      { id: "boat-form-fishing", path: "boat/form/add-pesca-boat", file: "features/listings/routes/boat-form.tsx", sitemap: false },
      { id: "boat-form-jetski", path: "boat/form/add-moto-agua", file: "features/listings/routes/boat-form.tsx", sitemap: false },
      { id: "dock-form-sale", path: "dock/form/add-dock-buy", file: "features/listings/routes/dock-form.tsx", sitemap: false },
      { id: "dock-form-rent", path: "dock/form/add-dock-rent", file: "features/listings/routes/dock-form.tsx", sitemap: false },
      // The legal pages (texts edited at /admin/contenidos) and the contact form, which opens a case.
      { id: "legal-notice", path: "aviso-legal", file: "features/legal-pages/routes/legal-page.tsx", sitemap: true },
      { id: "privacy", path: "privacidad", file: "features/legal-pages/routes/legal-page.tsx", sitemap: true },
      { id: "cookies", path: "cookies", file: "features/legal-pages/routes/legal-page.tsx", sitemap: true },
      { id: "terms", path: "condiciones", file: "features/legal-pages/routes/legal-page.tsx", sitemap: true },
      { id: "contact", path: "contacto", file: "features/legal-pages/routes/contact.tsx", sitemap: true },
      // The blog: the list, the team's editor (`?id=` edits a post), a post by its slug in any of its languages.
      { id: "blog", path: "blog", file: "features/blog/routes/list.tsx", sitemap: true },
      { id: "blog-editor", path: "blog/nuevo-blog", file: "features/blog/routes/editor.tsx", sitemap: false },
      { id: "blog-post", path: "blog/:blogId", file: "features/blog/routes/post.tsx", sitemap: false },
      // The spec's draft copies ("… copy"): permanent redirects to the page they copy, before any sign-in.
      { id: "limpieza-copy", path: "limpieza copy", file: "features/site/routes/copy-redirect.ts", sitemap: false },
      { id: "boat-copy", path: "boat/:id copy", file: "features/site/routes/copy-redirect.ts", sitemap: false },
      { id: "boat-form-motor-copy", path: "boat/form/add-motor-boat copy", file: "features/site/routes/copy-redirect.ts", sitemap: false },
      { id: "reservation-summary-copy", path: "boat/rent/boat/ReservationSummary copy", file: "features/site/routes/copy-redirect.ts", sitemap: false },
      { id: "settings-list-boat-copy", path: "ajustes/inscribir-tu-barco copy", file: "features/site/routes/copy-redirect.ts", sitemap: false },
      { id: "settings-profile-copy", path: "ajustes/mi-perfil copy", file: "features/site/routes/copy-redirect.ts", sitemap: false },
      { id: "settings-profile-copy-2", path: "ajustes/mi-perfil copy 2", file: "features/site/routes/copy-redirect.ts", sitemap: false },
      // Anything else under the language is the spec's "Page not found" (404).
      { id: "not-found", path: "*", file: "features/site/routes/not-found.tsx", sitemap: false },
    ],
  },
  {
    // The service pages (septimalista layout: procedure navigation, the page, a sticky request
    // panel and trust signals): the paperwork procedures, insurance, cleaning, transport, ports.
    id: "septimalista",
    file: "features/service-pages/routes/layout.tsx",
    pages: [
      { id: "gestoria", path: "gestoria", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "gestoria-abanderamientos-y-bajas", path: "gestoria/abanderamientos-y-bajas", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "gestoria-asesoramiento-contratos", path: "gestoria/asesoramiento-contratos", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "gestoria-cambio-lista-6a", path: "gestoria/cambio-lista-6a", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "gestoria-cambio-propiedad-barco", path: "gestoria/cambio-propiedad-barco", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "gestoria-itb-barco", path: "gestoria/itb-barco", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "gestoria-matriculacion-barco", path: "gestoria/matriculacion-barco", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "gestoria-renovacion-documentacion", path: "gestoria/renovacion-documentacion", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "seguro", path: "seguro", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "limpieza", path: "limpieza", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "transporte", path: "transporte", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
      { id: "port-form", path: "port/PortForm", file: "features/service-pages/routes/service-page.tsx", sitemap: true },
    ],
  },
  {
    // The settings area: every page needs a signed-in person.
    id: "panel",
    file: "features/site/routes/panel-layout.tsx",
    pages: [
      { id: "settings", path: "ajustes", file: "features/site/routes/panel.tsx", sitemap: false },
      { id: "settings-dashboard", path: "ajustes/dashboard", file: "features/site/routes/panel.tsx", sitemap: false },
      { id: "settings-profile", path: "ajustes/mi-perfil", file: "features/profiles/routes/profile.tsx", sitemap: false },
      { id: "settings-lessor", path: "ajustes/completar-perfil-arrendador", file: "features/profiles/routes/lessor-profile.tsx", sitemap: false },
      { id: "settings-inbox", path: "ajustes/mi-bandeja-de-entrada", file: "features/mailbox/routes/inbox.tsx", sitemap: false },
      { id: "settings-list-boat", path: "ajustes/inscribir-tu-barco", file: "features/listings/routes/list-your-boat.tsx", sitemap: false },
      { id: "settings-my-listings", path: "ajustes/mis-barcos", file: "features/listings/routes/my-listings.tsx", sitemap: false },
      { id: "settings-drafts", path: "ajustes/recopilar-borrador-alquiler", file: "features/listings/routes/drafts.tsx", sitemap: false },
      { id: "settings-favourites", path: "ajustes/favoritos", file: "features/favourites/routes/favourites.tsx", sitemap: false },
      { id: "settings-reservations", path: "ajustes/mis-reservas", file: "features/bookings/routes/reservations.tsx", sitemap: false },
      { id: "settings-reservation", path: "ajustes/mis-reservas/:id", file: "features/bookings/routes/reservation.tsx", sitemap: false },
      // A trip's deposit: the renter sees the owner's claim and answers it; the owner claims, withdraws or releases.
      { id: "settings-reservation-deposit", path: "ajustes/mis-reservas/:id/fianza", file: "features/deposits/routes/deposit.tsx", sitemap: false },
      { id: "settings-rentals", path: "ajustes/gestion-de-alquileres", file: "features/bookings/routes/rentals.tsx", sitemap: false },
      { id: "settings-rental", path: "ajustes/gestion-de-alquileres/:id", file: "features/bookings/routes/rental.tsx", sitemap: false },
      { id: "settings-rental-deposit", path: "ajustes/gestion-de-alquileres/:id/fianza", file: "features/deposits/routes/deposit.tsx", sitemap: false },
      { id: "settings-calendar", path: "ajustes/mi-calendario", file: "features/calendar/routes/calendar.tsx", sitemap: false },
      { id: "settings-invoices", path: "ajustes/facturas", file: "features/invoices/routes/invoices.tsx", sitemap: false },
      { id: "settings-payouts", path: "ajustes/cobros", file: "features/payouts/routes/payouts.tsx", sitemap: false },
      { id: "settings-reviews", path: "ajustes/opiniones", file: "features/reviews/routes/reviews.tsx", sitemap: false },
      { id: "messages", path: "mensajes", file: "features/chats/routes/messages.tsx", sitemap: false },
      { id: "messages-alias", path: "mensajes1", file: "features/chats/routes/messages-alias.ts", sitemap: false },
      { id: "chat", path: "chat/:chatId", file: "features/chats/routes/chat.tsx", sitemap: false },
      { id: "settings-cases", path: "ajustes/mis-gestiones", file: "features/cases/routes/cases.tsx", sitemap: false },
      { id: "settings-case", path: "ajustes/mis-gestiones/:id", file: "features/cases/routes/case.tsx", sitemap: false },
      // A renter's boating licence kept for their bookings (issue 49): changed or removed here.
      { id: "settings-licence", path: "ajustes/mi-titulacion", file: "features/licences/routes/my-licence.tsx", sitemap: false },
      // People's own data: the export of everything held on them, and the deletion of their account.
      { id: "settings-privacy", path: "ajustes/privacidad", file: "features/privacy/routes/privacy.tsx", sitemap: false },
      // Unknown settings pages: sign-in first, then the 404.
      { id: "settings-not-found", path: "ajustes/*", file: "features/site/routes/panel-not-found.tsx", sitemap: false },
    ],
  },
  {
    id: "admin",
    file: "features/admin/routes/layout.tsx",
    pages: [
      { id: "admin-dashboard", path: "admin/dashboard", file: "features/admin/routes/dashboard.tsx", sitemap: false },
      { id: "admin-cases", path: "admin/gestiones", file: "features/cases/routes/admin-cases.tsx", sitemap: false },
      { id: "admin-case", path: "admin/gestiones/:id", file: "features/cases/routes/admin-case.tsx", sitemap: false },
      { id: "admin-deposits", path: "admin/fianzas", file: "features/deposits/routes/admin-deposits.tsx", sitemap: false },
      { id: "admin-deposit", path: "admin/fianzas/:bookingId", file: "features/deposits/routes/admin-deposit.tsx", sitemap: false },
      { id: "admin-operations", path: "admin/operaciones", file: "features/admin/routes/operations.tsx", sitemap: false },
      { id: "admin-booking", path: "admin/reservas/:id", file: "features/bookings/routes/admin-booking.tsx", sitemap: false },
      { id: "admin-contents", path: "admin/contenidos", file: "features/service-pages/routes/admin-contents.tsx", sitemap: false },
      { id: "admin-content", path: "admin/contenidos/:key", file: "features/service-pages/routes/admin-content.tsx", sitemap: false },
      { id: "admin-legal-content", path: "admin/contenidos/legal/:key", file: "features/legal-pages/routes/admin-legal-content.tsx", sitemap: false },
      { id: "admin-not-found", path: "admin/*", file: "features/admin/routes/not-found.tsx", sitemap: false },
    ],
  },
] as const satisfies readonly LayoutGroup[];

/**
 * Pages that exist in one language only, at a path the language prefix is not added to (the
 * spec's `/en/transport-boat`), under the layout named by `layout`.
 */
export const fixedPages = [
  // The English transport page again; its canonical URL is /en/transporte.
  { id: "transport-boat", path: "en/transport-boat", file: "features/service-pages/routes/service-page.tsx", layout: "septimalista", lang: "en", canonical: "transporte" },
] as const;

/** Routes that exist once, not per language. */
export const resourceRoutes = [
  { id: "sitemap", path: "sitemap.xml", file: "features/site/routes/sitemap.ts" },
  { id: "robots", path: "robots.txt", file: "features/site/routes/robots.ts" },
  { id: "locales", path: "resources/locales/:lng/:ns", file: "features/site/routes/locales.ts" },
  { id: "language", path: "resources/language", file: "features/site/routes/language.ts" },
  { id: "theme", path: "resources/theme", file: "features/site/routes/theme.ts" },
  { id: "api-auth-me", path: "api/auth/me", file: "features/accounts/routes/auth-me.ts" },
  { id: "api-auth-session", path: "api/auth/session", file: "features/accounts/routes/auth-session.ts" },
  { id: "api-logout", path: "api/logout", file: "features/accounts/routes/logout.ts" },
  // The event stream (the person's emails and conversations); the spec's address serves the same stream.
  { id: "api-events", path: "api/events", file: "features/mailbox/routes/events.ts" },
  { id: "api-emails-subscribe", path: "api/emails/subscribe", file: "features/mailbox/routes/emails-subscribe.ts" },
  // Stripe's webhook events (PAYMENTS_PROVIDER=stripe; decision 024).
  { id: "api-payments-stripe-webhook", path: "api/payments/stripe-webhook", file: "features/payouts/routes/stripe-webhook.ts" },
  // Listing photos: WebP variants, cached for a year (ids are never reused).
  { id: "photos", path: "photos/*", file: "features/listings/routes/photo.ts" },
  { id: "favourite", path: "resources/favourite", file: "features/favourites/routes/favourite.ts" },
  // The blog editor's live preview (Markdown rendered and sanitised), for the team only.
  { id: "blog-preview", path: "resources/blog-preview", file: "features/blog/routes/blog-preview.ts" },
  // A case's document, for its requester and the team only.
  { id: "case-document", path: "resources/case-document/:caseId/:documentId", file: "features/cases/routes/case-document.ts" },
  // A deposit claim's photo, for the booking's two people and the team only.
  { id: "deposit-photo", path: "resources/deposit-photo/:bookingId/:photoId", file: "features/deposits/routes/deposit-photo.ts" },
  // A check-in or check-out photo (decision 032), for the booking's two people and the team only.
  { id: "handover-photo", path: "resources/handover-photo/:bookingId/:photoId", file: "features/handover/routes/handover-photo.ts" },
  // A licence's photo (issue 49): given with a booking (its two people and the team), or the one kept on the profile (its holder and the team).
  { id: "licence-photo", path: "resources/licence-photo/:bookingId/:photoId", file: "features/licences/routes/licence-photo.ts" },
  { id: "my-licence-photo", path: "resources/my-licence-photo/:uid/:photoId", file: "features/licences/routes/licence-photo.ts" },
  // An invoice as a PDF, for its buyer, its seller and the team.
  { id: "invoice-pdf", path: "resources/invoice/:invoiceId", file: "features/invoices/routes/invoice-pdf.ts" },
  // People's own data as a file (the export form of /ajustes/privacidad posts here: a page's action cannot answer an attachment).
  { id: "privacy-export", path: "resources/mis-datos", file: "features/privacy/routes/privacy-export.ts" },
  // The signed-in person's upcoming trip pages the service worker keeps for offline reading (decision 060).
  { id: "offline-trips", path: "resources/offline-trips", file: "features/offline/routes/offline-trips.ts" },
  // A trip's calendar event (.ics), for its renter, the listing's owner and the team: /resources/trip/{bookingId}.ics.
  { id: "trip-calendar", path: "resources/trip/:file", file: "features/bookings/routes/trip-calendar.ts" },
  // A listing's calendar for other calendars: /ical/{listingId}/{secret token}.ics.
  { id: "calendar-feed", path: "ical/:listingId/:file", file: "features/calendar/routes/calendar-feed.ts" },
  // The blog's Atom feed per language: /feed/es.xml, /feed/en.xml, …
  { id: "blog-feed", path: "feed/:file", file: "features/blog/routes/blog-feed.ts" },
  // /es/... is the unprefixed Spanish page: a permanent redirect.
  { id: "es-redirect", path: "es/*", file: "features/site/routes/es-redirect.ts" },
] as const;

/**
 * Pages mounted once per language like the layout groups' pages, but without a layout: only the
 * root route around them.
 */
export const barePages = [
  // A trivial page without a loader: the framework's ceiling for `npm run bench`, in every language.
  { id: "baseline", path: "_baseline", file: "features/site/routes/baseline.tsx", sitemap: false },
] as const satisfies readonly Page[];

/** Every page path below the language prefix, as a visitor types it (`/`, `/about`, …). */
export function pagePaths(filter: (page: Page) => boolean = () => true): string[] {
  return [...(layoutGroups as readonly LayoutGroup[]).flatMap((group) => group.pages), ...(barePages as readonly Page[])]
    .filter(filter)
    .map((page) => (page.path === null ? "/" : `/${page.path}`));
}

/** Every page id of the table, and every resource route id. */
export type PageId = (typeof layoutGroups)[number]["pages"][number]["id"] | (typeof barePages)[number]["id"];
export type ResourceId = (typeof resourceRoutes)[number]["id"] | (typeof fixedPages)[number]["id"];

type PathOf<Id extends PageId | ResourceId> =
  | Extract<(typeof layoutGroups)[number]["pages"][number], { id: Id }>["path"]
  | Extract<(typeof barePages)[number], { id: Id }>["path"]
  | Extract<(typeof resourceRoutes)[number], { id: Id }>["path"]
  | Extract<(typeof fixedPages)[number], { id: Id }>["path"];

/** A parameter's name: `:id` → `id`, and `:id copy` (a parameter followed by text) → `id`. */
type NameOf<S> = S extends `${infer Name} ${string}` ? Name : S;
type ParamNames<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? NameOf<Name> | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? NameOf<Name>
    : never;
type SplatOf<P> = P extends `${string}*` ? "*" : never;
/** The parameters a page's path needs (`boat/:id` → `{ id }`; `photos/*` → `{ "*" }`). */
export type ParamsOf<Id extends PageId | ResourceId> = Record<ParamNames<PathOf<Id>> | SplatOf<PathOf<Id>>, string>;

/** Where each id is mounted, below the language prefix (`null` for the home page). */
export const pathById: ReadonlyMap<string, string | null> = new Map<string, string | null>([
  ...(layoutGroups as readonly LayoutGroup[]).flatMap((group) => group.pages.map((page) => [page.id, page.path] as const)),
  ...barePages.map((page) => [page.id, page.path] as const),
  ...resourceRoutes.map((route) => [route.id, route.path] as const),
  ...fixedPages.map((page) => [page.id, page.path] as const),
]);

/** Ids whose path is never given a language prefix (resource routes and fixed-language pages). */
export const resourceIds: ReadonlySet<string> = new Set([...resourceRoutes.map((route) => route.id), ...fixedPages.map((page) => page.id)]);
