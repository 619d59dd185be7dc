/**
 * The Firebase identity adapter's Identity Toolkit REST client: the API key as the `key` query
 * parameter (as a browser client calls it), a 30 s time-out, error answers as IdentityErrors;
 * and the emulator address parsing (`http://<host>/identitytoolkit.googleapis.com`).
 */
import { fromRestError } from "./firebase-errors";
import { IdentityError } from "./index";

export const IDENTITY_TOOLKIT_ORIGIN = "https://identitytoolkit.googleapis.com";
/** Every REST call gives up after this long (the spec's desktop sign-in time-out). */
export const REQUEST_TIMEOUT_MS = 30_000;

export type RestResponse = { [key: string]: unknown };

/** "host:port" and the REST origin for an emulator address. */
export function parseEmulatorHost(value: string): { hostPort: string; origin: string } {
  const trimmed = value.trim().replace(/\/+$/, "");
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") {
    throw new TypeError(`The Auth emulator address must start with http:// or https:// (got ${value})`);
  }
  const hostPort = scheme ? trimmed.slice(scheme.length + 3) : trimmed;
  if (!/^[^/\s]+$/.test(hostPort)) throw new TypeError(`Invalid Auth emulator address ${value}`);
  return { hostPort, origin: `${scheme ?? "http"}://${hostPort}` };
}

export class IdentityToolkitClient {
  readonly #apiKey: string;
  readonly #restBase: string;
  readonly #fetch: typeof fetch;

  constructor(options: { apiKey: string; restBase: string; fetch: typeof fetch }) {
    this.#apiKey = options.apiKey;
    this.#restBase = options.restBase;
    this.#fetch = options.fetch;
  }

  /** The JSON request helper: API key as `key`, 30 s time-out; answers any status with its JSON body. */
  async send(method: "GET" | "POST", path: string, body?: object): Promise<{ status: number; json: unknown }> {
    const url = `${this.#restBase}${path}?key=${encodeURIComponent(this.#apiKey)}`;
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method,
        headers: body ? { "content-type": "application/json" } : undefined,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new IdentityError("network-request-failed", `${method} ${path} failed: ${reason}`, { cause: error });
    }
    try {
      return { status: response.status, json: await response.json() };
    } catch (error) {
      if (!response.ok) return { status: response.status, json: undefined };
      throw new IdentityError("network-request-failed", `${method} ${path}: the response was cut short or not JSON`, { cause: error });
    }
  }

  /** `send`, with error answers thrown as IdentityErrors. */
  async request(method: "GET" | "POST", path: string, body?: object): Promise<RestResponse> {
    const { status, json } = await this.send(method, path, body);
    if (status < 200 || status > 299) throw fromRestError(status, json);
    if (!json || typeof json !== "object") throw new IdentityError("internal-error", `${method} ${path}: unexpected response`);
    return json as RestResponse;
  }
}

/** The account id of a sign-up or sign-in answer. */
export function localIdOf(result: RestResponse): string {
  if (typeof result.localId !== "string" || result.localId.length === 0) {
    throw new IdentityError("internal-error", "The Identity Toolkit answered without a localId");
  }
  return result.localId;
}
