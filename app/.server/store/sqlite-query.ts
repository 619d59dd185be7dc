/**
 * The embedded adapter's query compiler: a normalised port query becomes SQL over
 * `json_extract`/`json_type` on `documents(collection, id, data)`, every value bound as a
 * parameter. Field paths were validated by the port and are rendered as quoted JSON-path literals,
 * so that the expression indexes `sqlite-schema.ts` creates match them.
 */
import type { JsonValue, NormalizedQuery } from "./index";

export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** `$."a"."b"` as an SQL literal. Segments were validated: no quotes, backslashes or controls. */
export function jsonPathLiteral(segments: readonly string[]): string {
  return sqlString("$" + segments.map((s) => `."${s}"`).join(""));
}

export function valueExpr(segments: readonly string[]): string {
  return `json_extract(data, ${jsonPathLiteral(segments)})`;
}

export function typeExpr(segments: readonly string[]): string {
  return `json_type(data, ${jsonPathLiteral(segments)})`;
}

const NUMBER_TYPES = "('integer','real')";

/** Firestore equality of the JSON value (`value`, `type` SQL expressions) with `operand`. */
function equalsSql(value: string, type: string, operand: JsonValue, params: unknown[]): string {
  if (operand === null) return `${type} = 'null'`;
  if (typeof operand === "boolean") return `${type} = '${operand ? "true" : "false"}'`;
  if (typeof operand === "number") {
    params.push(operand);
    return `(${value} = ? AND ${type} IN ${NUMBER_TYPES})`;
  }
  if (typeof operand === "string") {
    params.push(operand);
    // `json_extract` answers TEXT for a string and for an array or a map (their JSON text), a
    // number or boolean for the others, which never equal a TEXT parameter. So only an operand
    // that could be an array's or a map's JSON text needs the type check — which parses the
    // document again for every row the index finds (half of a small indexed query's time).
    return operand.startsWith("[") || operand.startsWith("{") ? `(${value} = ? AND ${type} = 'text')` : `${value} = ?`;
  }
  // Arrays and maps: stored data is canonical (sorted keys), so equal values have equal JSON.
  params.push(JSON.stringify(operand));
  return `(${type} = '${Array.isArray(operand) ? "array" : "object"}' AND ${value} = json(?))`;
}

function inSql(value: string, type: string, operands: JsonValue[], params: unknown[]): string {
  const strings = operands.filter((o): o is string => typeof o === "string");
  const numbers = operands.filter((o): o is number => typeof o === "number");
  const terms: string[] = [];
  if (strings.length > 0) {
    params.push(...strings);
    const inList = `${value} IN (${strings.map(() => "?").join(",")})`;
    // As in `equalsSql`: only a JSON-looking operand could meet an array's or a map's text.
    terms.push(strings.some((s) => s.startsWith("[") || s.startsWith("{")) ? `(${inList} AND ${type} = 'text')` : inList);
  }
  if (numbers.length > 0) {
    params.push(...numbers);
    terms.push(`(${value} IN (${numbers.map(() => "?").join(",")}) AND ${type} IN ${NUMBER_TYPES})`);
  }
  for (const operand of operands) {
    if (typeof operand !== "string" && typeof operand !== "number") terms.push(equalsSql(value, type, operand, params));
  }
  return `(${terms.join(" OR ")})`;
}

function rangeSql(value: string, type: string, op: string, operand: JsonValue, params: unknown[]): string {
  if (typeof operand === "number") {
    params.push(operand);
    return `(${value} ${op} ? AND ${type} IN ${NUMBER_TYPES})`;
  }
  if (typeof operand === "string") {
    params.push(operand);
    return `(${value} ${op} ? AND ${type} = 'text')`;
  }
  params.push(operand ? 1 : 0);
  return `(${value} ${op} ? AND ${type} IN ('true','false'))`;
}

function sqlParam(value: string | number | boolean): string | number {
  return typeof value === "boolean" ? (value ? 1 : 0) : value;
}

export interface QuerySql {
  /** `FROM documents WHERE …` */
  from: string;
  orderBy: string;
  params: unknown[];
}

/** The key of a collection and an ordering, matching a declared index to the queries it serves. */
export function orderKey(collection: string, orderBy: ReadonlyArray<{ segments: readonly string[]; direction: string }>): string {
  return JSON.stringify([collection, orderBy.map((order) => [order.segments, order.direction])]);
}

export function buildQuerySql(q: NormalizedQuery): QuerySql {
  const params: unknown[] = [];
  // The collection is inlined (validated, quoted) so partial indexes `WHERE collection = '…'` apply.
  const where = [`collection = ${sqlString(q.collection)}`];
  for (const filter of q.filters) {
    const value = valueExpr(filter.segments);
    const type = typeExpr(filter.segments);
    switch (filter.op) {
      case "==":
        where.push(equalsSql(value, type, filter.value, params));
        break;
      case "!=":
        where.push(
          filter.value === null
            ? `${type} != 'null'`
            : `(${type} != 'null' AND NOT ${equalsSql(value, type, filter.value, params)})`,
        );
        break;
      case "<":
      case "<=":
      case ">":
      case ">=":
        where.push(rangeSql(value, type, filter.op, filter.value, params));
        break;
      case "in":
        where.push(inSql(value, type, filter.value as JsonValue[], params));
        break;
      case "array-contains": {
        const element = equalsSql("je.value", "je.type", filter.value, params);
        where.push(
          `(${type} = 'array' AND EXISTS (SELECT 1 FROM json_each(data, ${jsonPathLiteral(filter.segments)}) AS je WHERE ${element}))`,
        );
        break;
      }
    }
  }
  // Ordered fields must exist (JSON null counts as present).
  for (const order of q.orderBy) where.push(`${typeExpr(order.segments)} IS NOT NULL`);

  if (q.cursor) {
    // Lexicographic "strictly after" over the ordering: (a > v1) OR (a = v1 AND b > v2) OR …
    const terms: string[] = [];
    const equalPrefix: string[] = [];
    const equalParams: unknown[] = [];
    const addTerm = (after: string, afterParams: unknown[]) => {
      terms.push([...equalPrefix, after].join(" AND "));
      params.push(...equalParams, ...afterParams);
    };
    q.cursor.values.forEach((operand, i) => {
      const order = q.orderBy[i];
      const value = valueExpr(order.segments);
      if (operand === null) {
        if (order.direction === "asc") addTerm(`${value} IS NOT NULL`, []);
        equalPrefix.push(`${value} IS NULL`);
      } else {
        addTerm(`${value} ${order.direction === "asc" ? ">" : "<"} ?`, [sqlParam(operand)]);
        equalPrefix.push(`${value} = ?`);
        equalParams.push(sqlParam(operand));
      }
    });
    if (q.cursor.id !== undefined) addTerm(`id ${q.idDirection === "asc" ? ">" : "<"} ?`, [q.cursor.id]);
    where.push(terms.length > 0 ? `(${terms.map((t) => `(${t})`).join(" OR ")})` : "0");
  }

  const orderBy = [
    ...q.orderBy.map((order) => `${valueExpr(order.segments)} ${order.direction.toUpperCase()}`),
    `id ${q.idDirection.toUpperCase()}`,
  ].join(", ");
  return { from: `FROM documents WHERE ${where.join(" AND ")}`, orderBy, params };
}
