/**
 * Trims Stripe's published OpenAPI description (`openapi/spec3.json` of Stripe's public
 * `stripe/openapi` repository) to the operations the Stripe payments adapter calls, for the
 * local fake of Stripe the payments contract suite runs against (tests/stripe-fake/).
 *
 *   npx tsx scripts/trim-stripe-openapi.ts <path/to/spec3.json> <source commit> [out]
 *
 * Kept per operation: its path parameters, its form-encoded request schema as published
 * (descriptions dropped) and the name of its response schema. Response schemas are kept one
 * level deep: each property's types, nullability and enum, and the required list; nested
 * objects become `object`. That is what the fake checks its own answers against.
 */
import fs from "node:fs";
import path from "node:path";

/** Method and path of every call the Stripe adapter (`app/.server/payments/stripe*.ts`) makes. */
export const OPERATIONS = [
  ["post", "/v1/checkout/sessions"],
  ["get", "/v1/checkout/sessions/{session}"],
  ["post", "/v1/checkout/sessions/{session}/expire"],
  ["get", "/v1/payment_intents/{intent}"],
  ["post", "/v1/payment_intents"],
  ["post", "/v1/payment_intents/{intent}/capture"],
  ["post", "/v1/payment_intents/{intent}/cancel"],
  ["post", "/v1/refunds"],
  ["post", "/v1/transfers"],
  // Connect onboarding (decision 052): the owner's Express account, its onboarding and dashboard links.
  ["post", "/v1/accounts"],
  ["get", "/v1/accounts/{account}"],
  ["post", "/v1/account_links"],
  ["post", "/v1/accounts/{account}/login_links"],
  // Reconciliation (decision 052): what Stripe moved, read back to compare with the ledger.
  ["get", "/v1/refunds"],
  ["get", "/v1/refunds/{refund}"],
  ["get", "/v1/transfers"],
  ["get", "/v1/transfers/{transfer}"],
  ["get", "/v1/balance_transactions"],
  ["get", "/v1/balance_transactions/{id}"],
] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

function stripDescriptions(value: Json): Json {
  if (Array.isArray(value)) return value.map(stripDescriptions);
  if (value && typeof value === "object") {
    const out: Obj = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "description" && typeof inner === "string") continue;
      out[key] = stripDescriptions(inner);
    }
    return out;
  }
  return value;
}

const refName = (ref: string) => ref.replace("#/components/schemas/", "");

/** A response property reduced to what a shape check needs. */
function shallow(prop: Obj): Obj {
  const types = new Set<string>();
  let nullable = prop.nullable === true;
  let enumValues: Json[] | undefined;
  const visit = (p: Obj) => {
    if (typeof p.$ref === "string") types.add("object");
    if (typeof p.type === "string") types.add(p.type);
    if (p.nullable === true) nullable = true;
    if (Array.isArray(p.enum)) enumValues = [...(enumValues ?? []), ...p.enum];
    for (const alt of (p.anyOf ?? p.oneOf ?? []) as Obj[]) visit(alt);
  };
  visit(prop);
  return { types: [...types].sort(), nullable, ...(enumValues ? { enum: enumValues } : {}) };
}

export function trim(spec: Obj, source: { repository: string; path: string; commit: string }) {
  const paths = spec.paths as Obj;
  const schemas = (spec.components as Obj).schemas as Obj;
  const operations: Obj = {};
  const responseSchemas = new Set<string>(["error"]);
  for (const [method, route] of OPERATIONS) {
    const op = (paths[route] as Obj | undefined)?.[method] as Obj | undefined;
    if (!op) throw new Error(`${method.toUpperCase()} ${route} is not in the spec`);
    const parameters = ((op.parameters ?? []) as Obj[]).map((p) => stripDescriptions(p)) as Obj[];
    const body = ((op.requestBody as Obj | undefined)?.content as Obj | undefined)?.["application/x-www-form-urlencoded"] as Obj | undefined;
    const response = ((((op.responses as Obj)["200"] as Obj).content as Obj)["application/json"] as Obj).schema as Obj;
    // A list answers `{ object: "list", data: [<item>], has_more, url }`: its item's shape is kept.
    const listed = response.$ref ? null : ((((response.properties as Obj).data as Obj).items as Obj).$ref as string);
    const responseName = refName(listed ?? (response.$ref as string));
    responseSchemas.add(responseName);
    operations[`${method.toUpperCase()} ${route}`] = {
      operationId: op.operationId as string,
      pathParameters: parameters.filter((p) => p.in === "path").map((p) => p.name as string),
      queryParameters: parameters.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.schema })),
      requestSchema: body ? stripDescriptions(body.schema as Obj) : null,
      response: responseName,
      ...(listed ? { list: true } : {}),
    };
  }
  const shapes: Obj = {};
  for (const name of responseSchemas) {
    const schema = schemas[name] as Obj;
    const properties: Obj = {};
    for (const [key, prop] of Object.entries(schema.properties as Obj)) properties[key] = shallow(prop as Obj);
    shapes[name] = { required: (schema.required ?? []) as Json, properties };
  }
  return {
    source: { ...source, apiVersion: (spec.info as Obj).version, trimmedBy: "scripts/trim-stripe-openapi.ts" },
    operations,
    responses: shapes,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [input, commit, out = "tests/stripe-fake/stripe-openapi.trimmed.json"] = process.argv.slice(2);
  if (!input || !commit) {
    console.error("usage: npx tsx scripts/trim-stripe-openapi.ts <spec3.json> <source commit> [out]");
    process.exit(2);
  }
  const spec = JSON.parse(fs.readFileSync(input, "utf8")) as Obj;
  const trimmed = trim(spec, { repository: "github.com/stripe/openapi", path: "openapi/spec3.json", commit });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(trimmed, null, 1) + "\n");
  console.info(`${out}: ${Object.keys(trimmed.operations).length} operations, ${Object.keys(trimmed.responses).length} response shapes (API ${String(trimmed.source.apiVersion)})`);
}
