/** What the privacy operations share: the domain services they read and change, the identity and the sessions. */
import type { BlobStore } from "#app/.server/blobs";
import type { IdentityProvider } from "#app/.server/identity";
import type { BookingsService } from "../bookings";
import type { CalendarSyncService } from "../calendar-sync";
import type { CasesService } from "../cases";
import type { ChatsService } from "../chats";
import type { FavouritesService } from "../favourites";
import type { HistoryService } from "../history";
import type { InvoicesService } from "../invoices";
import type { ListingPhotosService, ListingsService } from "../listings";
import type { MailboxService } from "../mailbox";
import type { PayoutAccountsService } from "../payouts";
import type { ReviewsService } from "../reviews";
import type { SessionRevocations } from "../sessions";
import type { UsersService } from "../users";

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
  now?: () => Date;
};
