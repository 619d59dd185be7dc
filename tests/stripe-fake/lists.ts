/**
 * The Stripe fake's list answers: `{ object: "list", data, has_more, url }`, newest first, paged by
 * `limit` (1 to 100, 10 by default) and `starting_after`, as Stripe pages them. Each item is built
 * and checked against the published shape of the operation's item (`list: true` operations of
 * the trimmed description name their item's shape as `response`).
 */
import { int, shaped, spec, str, StripeFailure, type Body, type Obj } from "./shared";
import { validateResponse } from "./validate";

export function listAnswer(operation: string, items: Obj[], query: Body, url: string): Obj {
  const described = spec.operations[operation] as (typeof spec.operations)[string] & { list?: boolean };
  if (!described?.list) throw new Error(`${operation} is not a list operation of the description`);
  if (query.ending_before !== undefined) throw new StripeFailure(400, "invalid_request_error", "The fake pages forwards only (starting_after).", "parameter_unknown", "ending_before");
  const limit = int(query.limit) ?? 10;
  if (limit < 1 || limit > 100) throw new StripeFailure(400, "invalid_request_error", "Invalid limit: must be between 1 and 100", "parameter_invalid_integer", "limit");
  // Newest first (Stripe's order), the latest made last in the fake's maps.
  const ordered = [...items].reverse();
  const after = str(query.starting_after);
  const from = after ? ordered.findIndex((item) => item.id === after) + 1 : 0;
  if (after && from === 0) throw new StripeFailure(400, "invalid_request_error", `No such object: '${after}'`, "resource_missing", "starting_after");
  const page = ordered.slice(from, from + limit);
  const data = page.map((item) => {
    const out = shaped(described.response, item);
    const problems = validateResponse(spec.responses[described.response], out);
    if (problems.length) throw new Error(`the fake listed a ${described.response} its spec refuses: ${problems.join("; ")}`);
    return out;
  });
  return { object: "list", data, has_more: from + limit < ordered.length, url };
}
