import { href } from "#app/utils/href";

/** Every page of the settings area, in the order of the panel's navigation. */
export const settingsNavigation = [
  { path: href("settings"), key: "dashboard" },
  { path: href("settings-profile"), key: "profile" },
  { path: href("settings-lessor"), key: "lessor" },
  { path: href("settings-inbox"), key: "inbox" },
  { path: href("messages"), key: "messages" },
  { path: href("settings-reservations"), key: "reservations" },
  { path: href("settings-cases"), key: "cases" },
  { path: href("settings-favourites"), key: "favourites" },
  { path: href("settings-invoices"), key: "invoices" },
  { path: href("settings-reviews"), key: "reviews" },
  { path: href("settings-list-boat"), key: "listBoat" },
  { path: href("settings-my-listings"), key: "myBoats" },
  { path: href("settings-drafts"), key: "drafts" },
  { path: href("settings-rentals"), key: "rentals" },
  { path: href("settings-payouts"), key: "payouts" },
  { path: href("settings-calendar"), key: "calendar" },
] as const;
