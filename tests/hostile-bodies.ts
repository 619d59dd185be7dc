import { authedRequest } from "#tests/test-services";

/**
 * Bodies no form of ours sends, signed in, for the action tests beside the routes: each must get
 * the body gate's translated 400/413/415 (never a 500), after the page's own guards have passed.
 */
const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

export const hostileBodies = {
  json: (fields: Record<string, string>): RequestInit => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) }),
  /** `intent=` followed by bytes that are not UTF-8. */
  invalidUtf8: (): RequestInit => ({ headers: urlencoded, body: new Uint8Array([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe, 0x25, 0x43, 0x33, 0x25, 0x32, 0x38]) }),
  /** A 2 MB text field (over the urlencoded body's cap). */
  megabytes: (intent: string, field: string): RequestInit => ({ headers: urlencoded, body: `intent=${intent}&${field}=${"a".repeat(2 * 1024 * 1024)}` }),
  /** 5,000 fields. */
  manyFields: (intent: string): RequestInit => ({ headers: urlencoded, body: `intent=${intent}&` + Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&") }),
  brokenMultipart: (): RequestInit => ({ headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nno end' }),
};

/** A signed-in POST with one of `hostileBodies`. */
export function hostilePost(pathAndQuery: string, cookie: string, init: RequestInit): Request {
  return authedRequest(pathAndQuery, cookie, { method: "POST", ...init });
}
