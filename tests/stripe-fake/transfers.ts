/**
 * The Stripe fake's Transfers: to a connected account (`acct_…`).
 */
import { int, obj, shaped, str, StripeFailure, type Obj, type Route } from "./shared";

export const transferRoutes: Record<string, Route> = {
  "POST /v1/transfers": (state, _params, body) => {
    const destination = str(body.destination)!;
    if (!/^acct_\w+$/.test(destination)) throw new StripeFailure(400, "invalid_request_error", `No such destination: '${destination}'`, "resource_missing", "destination");
    const transfer: Obj = {
      id: state.id("tr"),
      object: "transfer",
      amount: int(body.amount) ?? 0,
      amount_reversed: 0,
      currency: str(body.currency),
      destination,
      transfer_group: str(body.transfer_group) ?? null,
      metadata: obj(body.metadata),
      reversals: { object: "list", data: [], has_more: false, url: "/v1/transfers/reversals" },
      reversed: false,
      livemode: false,
      created: state.now(),
    };
    state.transfers.set(transfer.id as string, transfer);
    return shaped("transfer", transfer);
  },
};
