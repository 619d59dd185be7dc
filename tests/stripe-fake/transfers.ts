/**
 * The Stripe fake's Transfers: to a connected account (`acct_…`), each with its balance
 * transaction; read one, or list them (by transfer group or destination).
 */
import { recordBalance } from "./balance";
import { listAnswer } from "./lists";
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
    transfer.balance_transaction = recordBalance(state, { source: transfer.id as string, amount: -(transfer.amount as number), type: "transfer", currency: transfer.currency });
    state.transfers.set(transfer.id as string, transfer);
    return shaped("transfer", transfer);
  },
  "GET /v1/transfers/{transfer}": (state, params) => {
    const found = state.transfers.get(params.transfer);
    if (!found) throw new StripeFailure(404, "invalid_request_error", `No such transfer: '${params.transfer}'`, "resource_missing", "transfer");
    return shaped("transfer", found);
  },
  "GET /v1/transfers": (state, _params, query) => {
    const group = str(query.transfer_group);
    const destination = str(query.destination);
    const items = [...state.transfers.values()].filter((t) => (!group || t.transfer_group === group) && (!destination || t.destination === destination));
    return listAnswer("GET /v1/transfers", items, query, "/v1/transfers");
  },
};
