/** The owners' payout accounts at the payments provider (Connect, decision 052). The folder's only door. */
export { createPayoutAccountsService, PAYOUT_ACCOUNTS, PayoutAccountError, type PayoutAccount, type PayoutAccountsService } from "./service";
