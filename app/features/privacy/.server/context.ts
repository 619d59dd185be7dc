/** What the privacy operations share: the domain services they read and change, the identity and the sessions. */
import type { BlobStore } from "#app/.server/blobs";
import type { IdentityProvider } from "#app/.server/identity";
import type { BookingsService } from "#app/features/bookings/.server";
import type { CalendarSyncService } from "#app/features/calendar/.server";
import type { CasesService } from "#app/features/cases/.server";
import type { ChatsService } from "#app/features/chats/.server";
import type { FavouritesService } from "#app/features/favourites/.server";
import type { HistoryService } from "#app/features/history/.server";
import type { InvoicesService } from "#app/features/invoices/.server";
import type { ListingPhotosService, ListingsService } from "#app/features/listings/.server";
import type { MailboxService } from "#app/features/mailbox/.server";
import type { PayoutAccountsService } from "#app/features/payouts/.server";
import type { ReviewsService } from "#app/features/reviews/.server";
import type { SessionRevocations } from "#app/features/accounts/.server";
import type { UsersService } from "#app/features/profiles/.server";
import type { LicencesService } from "#app/features/licences/.server";

export type PrivacyContext = {
  identity: Pick<IdentityProvider, "revokeSessions" | "deleteUser">;
  sessions: Pick<SessionRevocations, "revokeAll">;
  blobs: BlobStore;
  users: UsersService;
  listings: ListingsService;
  listingPhotos: Pick<ListingPhotosService, "erase" | "discardDraft">;
  bookings: BookingsService;
  chats: Pick<ChatsService, "list" | "page">;
  cases: Pick<CasesService, "listForRequester">;
  reviews: Pick<ReviewsService, "written" | "received">;
  invoices: Pick<InvoicesService, "listFor">;
  favourites: Pick<FavouritesService, "list" | "removeAll">;
  history: Pick<HistoryService, "list" | "clear">;
  calendarSync: Pick<CalendarSyncService, "list" | "remove">;
  mailbox: Pick<MailboxService, "list" | "erase">;
  /** The owner's payout account at the payments provider (decision 052), exported; kept on deletion with the money records. */
  payoutAccounts?: Pick<PayoutAccountsService, "get">;
  /** The boating licence kept on their profile (issue 49): exported, and removed with its photo on deletion (copies given with bookings stay with them). */
  licences?: Pick<LicencesService, "get" | "remove">;
  now?: () => Date;
};
