import { href } from "#app/utils/href";

/** A link of the settings area's navigation: `key` names it (`settings:nav.<key>`). */
export type SettingsNavItem = { path: string; key: string };
export type SettingsNavGroup = { key: "account" | "trips" | "boats" | "professional" | "admin"; items: SettingsNavItem[] };

/** What a person is besides a renter: the groups of tools the navigation shows them. */
export type SettingsRoles = { owner: boolean; professional: boolean; admin: boolean; slug: string };

/**
 * The settings area's navigation, grouped, with each person's own tools only: everyone's account
 * and trips; the boat owner's tools for someone who lists or has started to (a renter is offered
 * "List your boat" alone); the company's page for a professional; the team's tools for an admin.
 * The pages themselves stay open to anyone signed in (a renter's "My boats" is an empty list).
 */
export function settingsNavigation(roles: SettingsRoles): SettingsNavGroup[] {
  const groups: SettingsNavGroup[] = [
    {
      key: "account",
      items: [
        { path: href("settings"), key: "dashboard" },
        { path: href("settings-profile"), key: "profile" },
        { path: href("settings-inbox"), key: "inbox" },
        { path: href("messages"), key: "messages" },
        { path: href("settings-invoices"), key: "invoices" },
        { path: href("settings-reviews"), key: "reviews" },
        { path: href("settings-cases"), key: "cases" },
        { path: href("settings-privacy"), key: "privacy" },
      ],
    },
    {
      key: "trips",
      items: [
        { path: href("settings-reservations"), key: "reservations" },
        { path: href("settings-favourites"), key: "favourites" },
        { path: href("settings-licence"), key: "licence" },
      ],
    },
    {
      key: "boats",
      items: roles.owner
        ? [
            { path: href("settings-my-listings"), key: "myBoats" },
            { path: href("settings-rentals"), key: "rentals" },
            { path: href("settings-calendar"), key: "calendar" },
            { path: href("settings-payouts"), key: "payouts" },
            { path: href("settings-drafts"), key: "drafts" },
            { path: href("settings-lessor"), key: "lessor" },
            { path: href("settings-list-boat"), key: "listBoat" },
          ]
        : [{ path: href("settings-list-boat"), key: "listBoat" }],
    },
  ];
  if (roles.professional) {
    groups.push({
      key: "professional",
      items: [
        { path: href("settings-profile", { hash: "company-title" }), key: "company" },
        ...(roles.slug ? [{ path: href("user", { params: { slug: roles.slug } }), key: "publicPage" }] : []),
      ],
    });
  }
  if (roles.admin) {
    groups.push({
      key: "admin",
      items: [
        { path: href("admin-dashboard"), key: "adminDashboard" },
        { path: href("admin-cases"), key: "adminCases" },
        { path: href("admin-deposits"), key: "adminDeposits" },
        { path: href("admin-operations"), key: "adminOperations" },
        { path: href("admin-contents"), key: "adminContents" },
      ],
    });
  }
  return groups;
}
