import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { CalendarFetchError, type CalendarFetcher, type FetchOutcome } from "#app/features/calendar/.server";
import { isPublicAddress } from "./addresses";

export { isPublicAddress } from "./addresses";

/**
 * The calendar fetcher (the `CalendarFetcher` port of features/calendar/.server): a conditional GET
 * (If-None-Match / If-Modified-Since) of a public http(s) address with a timeout and a size cap,
 * following at most three redirects. Against server-side request forgery (decision record 030):
 * only http and https; the host name is resolved here and every address it has is checked —
 * public unicast only, every IPv6 spelling read into its bytes first (`addresses.ts`) — and the
 * connection goes to the address that was checked (no second lookup a DNS rebinding could answer
 * differently). TLS still verifies the certificate against the host name. Hosts in `allowHosts` (CALENDAR_IMPORT_ALLOW_HOSTS; tests use 127.0.0.1) skip
 * the address check. Every redirect is checked the same way.
 */

export type FetcherOptions = {
  /** Host names (or literal addresses) whose addresses are not checked. */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  /** Name resolution (tests replace it). */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
};

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
}

export function createCalendarFetcher(options: FetcherOptions = {}): CalendarFetcher {
  const allow = new Set((options.allowHosts ?? []).map((h) => h.trim().replace(/^\[|\]$/g, "").toLowerCase()).filter(Boolean));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const resolve = options.resolve ?? ((host: string) => dns.lookup(host, { all: true, verbatim: true }));

  /** The address to connect to, checked (or the host itself, allowed). */
  async function addressFor(url: URL): Promise<{ address: string; family: number }> {
    const host = hostOf(url);
    const literal = net.isIP(host);
    if (allow.has(host)) {
      if (literal) return { address: host, family: literal };
      const [first] = await resolve(host).catch(() => []);
      if (!first) throw new CalendarFetchError("unreachable");
      return first;
    }
    if (literal) {
      if (!isPublicAddress(host)) throw new CalendarFetchError("refused-address");
      return { address: host, family: literal };
    }
    let addresses: Array<{ address: string; family: number }>;
    try {
      addresses = await resolve(host);
    } catch {
      throw new CalendarFetchError("unreachable");
    }
    if (addresses.length === 0) throw new CalendarFetchError("unreachable");
    // Every address the name has must be public: a name with one private address is refused.
    if (addresses.some((a) => !isPublicAddress(a.address))) throw new CalendarFetchError("refused-address");
    return addresses[0];
  }

  function get(url: URL, pinned: { address: string; family: number }, headers: Record<string, string>, signal: AbortSignal) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolvePromise, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const request = client.request(
        {
          protocol: url.protocol,
          // The checked address, not the name: no second lookup.
          host: pinned.address,
          family: pinned.family,
          port: url.port || (url.protocol === "https:" ? 443 : 80),
          path: url.pathname + url.search,
          method: "GET",
          headers: { ...headers, Host: url.host },
          // TLS: the certificate is checked against the host name (SNI too).
          servername: net.isIP(hostOf(url)) ? undefined : hostOf(url),
          agent: false,
          signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const declared = Number(response.headers["content-length"] ?? "0");
          if (declared > maxBytes) {
            response.destroy();
            reject(new CalendarFetchError("too-large"));
            return;
          }
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              response.destroy();
              reject(new CalendarFetchError("too-large"));
              return;
            }
            chunks.push(chunk);
          });
          response.on("end", () => resolvePromise({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end();
    });
  }

  return async function fetchCalendar(rawUrl, conditions): Promise<FetchOutcome> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new CalendarFetchError("bad-url");
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== "http:" && url.protocol !== "https:") throw new CalendarFetchError("bad-url");
        const pinned = await addressFor(url);
        const headers: Record<string, string> = {
          Accept: "text/calendar, text/plain;q=0.5, */*;q=0.1",
          "User-Agent": "Amarre-Calendar/1.0 (+https://amarre.es)",
        };
        if (hop === 0 && conditions.etag) headers["If-None-Match"] = conditions.etag;
        if (hop === 0 && conditions.lastModified) headers["If-Modified-Since"] = conditions.lastModified;
        let response: Awaited<ReturnType<typeof get>>;
        try {
          response = await get(url, pinned, headers, controller.signal);
        } catch (error) {
          if (error instanceof CalendarFetchError) throw error;
          if (controller.signal.aborted) throw new CalendarFetchError("timeout");
          throw new CalendarFetchError("unreachable", null, `calendar fetch: ${(error as Error).message}`);
        }
        if ([301, 302, 303, 307, 308].includes(response.status) && response.headers.location) {
          if (hop >= MAX_REDIRECTS) throw new CalendarFetchError("http-status", response.status);
          url = new URL(response.headers.location, url);
          continue;
        }
        if (response.status === 304) return { kind: "not-modified" };
        if (response.status < 200 || response.status >= 300) throw new CalendarFetchError("http-status", response.status);
        const header = (name: string) => {
          const value = response.headers[name];
          return typeof value === "string" && value.length <= 200 ? value : null;
        };
        return { kind: "ok", text: response.body.toString("utf8"), etag: header("etag"), lastModified: header("last-modified") };
      }
    } finally {
      clearTimeout(timer);
    }
  };
}
