/**
 * Checks a request and an answer of the Stripe fake against the trimmed OpenAPI description
 * (`stripe-openapi.trimmed.json`, made by scripts/trim-stripe-openapi.ts from Stripe's public
 * `openapi/spec3.json`): form-encoded parameters by name, type, enum, maxLength and required;
 * answers by their properties' types, nullability and enums.
 */
import fs from "node:fs";

export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  maxLength?: number;
  format?: string;
};

export type Operation = {
  operationId: string;
  pathParameters: string[];
  queryParameters: Array<{ name: string; schema: Schema }>;
  requestSchema: Schema | null;
  response: string;
};

export type ShallowProperty = { types: string[]; nullable: boolean; enum?: unknown[] };
export type ResponseShape = { required: string[]; properties: Record<string, ShallowProperty> };

export type TrimmedSpec = {
  source: { repository: string; path: string; commit: string; apiVersion: string };
  operations: Record<string, Operation>;
  responses: Record<string, ResponseShape>;
};

export function loadTrimmedSpec(): TrimmedSpec {
  return JSON.parse(fs.readFileSync(new URL("./stripe-openapi.trimmed.json", import.meta.url), "utf8")) as TrimmedSpec;
}

/** A form value as Stripe's encoding carries it: strings, nested by `a[b][0]` keys. */
export type FormValue = string | { [key: string]: FormValue };

/** `a=1&b[c]=2&d[0][e]=3` → `{ a: "1", b: { c: "2" }, d: { 0: { e: "3" } } }`. */
export function parseStripeForm(body: string): { [key: string]: FormValue } {
  const root: { [key: string]: FormValue } = {};
  if (body === "") return root;
  for (const pair of body.split("&")) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    const rawKey = decode(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? "" : decode(pair.slice(at + 1));
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new Error(`unreadable parameter name ${rawKey}`);
    const segments = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let node: { [key: string]: FormValue } = root;
    segments.forEach((segment, i) => {
      if (i === segments.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (next === undefined || typeof next === "string") node[segment] = {};
      node = node[segment] as { [key: string]: FormValue };
    });
  }
  return root;
}

/** The problems of `value` against `schema` (empty when it conforms), each naming its parameter. */
export function validateParameter(value: FormValue | undefined, schema: Schema, name: string): string[] {
  if (value === undefined) return [];
  if (schema.anyOf) {
    const attempts = schema.anyOf.map((alt) => validateParameter(value, alt, name));
    return attempts.some((a) => a.length === 0) ? [] : attempts.sort((a, b) => a.length - b.length)[0];
  }
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${name}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  switch (schema.type) {
    case "string":
      if (typeof value !== "string") return [`${name}: expected a string`];
      if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${name}: longer than ${schema.maxLength}`);
      break;
    case "integer":
      if (typeof value !== "string" || !/^-?\d+$/.test(value)) return [`${name}: expected an integer, got ${JSON.stringify(value)}`];
      break;
    case "number":
      if (typeof value !== "string" || !Number.isFinite(Number(value)) || value.trim() === "") return [`${name}: expected a number`];
      break;
    case "boolean":
      if (value !== "true" && value !== "false") return [`${name}: expected a boolean, got ${JSON.stringify(value)}`];
      break;
    case "array": {
      if (typeof value === "string") return [`${name}: expected an array`];
      const keys = Object.keys(value);
      if (!keys.every((k, i) => k === String(i))) return [`${name}: array indexes must be 0..n-1`];
      for (const key of keys) problems.push(...validateParameter(value[key], schema.items ?? {}, `${name}[${key}]`));
      break;
    }
    case "object": {
      if (typeof value === "string") return [`${name}: expected an object`];
      problems.push(...validateObject(value, schema, name));
      break;
    }
    default:
      break;
  }
  return problems;
}

function validateObject(value: { [key: string]: FormValue }, schema: Schema, prefix: string): string[] {
  const problems: string[] = [];
  const label = (key: string) => (prefix ? `${prefix}[${key}]` : key);
  for (const [key, inner] of Object.entries(value)) {
    const known = schema.properties?.[key];
    if (known) problems.push(...validateParameter(inner, known, label(key)));
    else if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
      problems.push(...validateParameter(inner, schema.additionalProperties, label(key)));
    } else problems.push(`${label(key)}: unknown parameter`);
  }
  for (const key of schema.required ?? []) if (value[key] === undefined) problems.push(`${label(key)}: missing required parameter`);
  return problems;
}

/** The problems of a request's form body against an operation's published request schema. */
export function validateRequest(operation: Operation, body: { [key: string]: FormValue }): string[] {
  if (!operation.requestSchema) return Object.keys(body).length ? ["this operation takes no body"] : [];
  return validateObject(body, operation.requestSchema, "");
}

/** The problems of an answer against the published response schema (one level deep). */
export function validateResponse(shape: ResponseShape, body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of shape.required) if (!(key in body)) problems.push(`${key}: required in the answer`);
  for (const [key, value] of Object.entries(body)) {
    const prop = shape.properties[key];
    if (!prop) {
      problems.push(`${key}: not a property of this object`);
      continue;
    }
    if (value === null) {
      if (!prop.nullable) problems.push(`${key}: may not be null`);
      continue;
    }
    const type = Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
    const allowed = prop.types.includes(type) || (type === "integer" && prop.types.includes("number"));
    if (!allowed) problems.push(`${key}: ${type} is not ${prop.types.join("|")}`);
    if (prop.enum && !prop.enum.includes(value)) problems.push(`${key}: ${JSON.stringify(value)} is not one of ${JSON.stringify(prop.enum)}`);
  }
  return problems;
}

/** An object of the given shape: `fields` as given, every other property at its empty value. */
export function shapeObject(shape: ResponseShape, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(shape.properties)) {
    if (key in fields) out[key] = fields[key];
    else if (prop.nullable) out[key] = null;
    else if (prop.enum) out[key] = prop.enum[0];
    else if (prop.types.includes("string")) out[key] = "";
    else if (prop.types.includes("integer") || prop.types.includes("number")) out[key] = 0;
    else if (prop.types.includes("boolean")) out[key] = false;
    else if (prop.types.includes("array")) out[key] = [];
    else out[key] = {};
  }
  for (const key of Object.keys(fields)) if (!(key in out)) out[key] = fields[key];
  return out;
}
