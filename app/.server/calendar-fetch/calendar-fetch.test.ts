import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCalendarFetcher, isPublicAddress } from "./index";

/**
 * The calendar fetcher against a real local server: the address checks (every address a name
 * has, literal v4/v6 and v4-mapped forms, redirects), the pinned connection, the size cap and the
 * timeout.
 */
let server: http.Server;
let port = 0;
const hits: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    if (req.url === "/big.ics") {
      res.writeHead(200, { "Content-Type": "text/calendar" });
      res.end("BEGIN:VCALENDAR\r\n" + "X".repeat(5000));
      return;
    }
    if (req.url === "/to-private") {
      res.writeHead(302, { Location: "http://10.1.2.3/cal.ics" }).end();
      return;
    }
    if (req.url === "/slow.ics") return;
    res.writeHead(200, { "Content-Type": "text/calendar", "Last-Modified": "Wed, 01 Sep 2027 10:00:00 GMT" }).end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("isPublicAddress", () => {
  it("refuses private, loopback, link-local, shared, multicast and reserved addresses in every form", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "not an ip"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["8.8.8.8", "151.101.1.69", "2a00:1450:4003:80e::200e", "::ffff:8.8.8.8"]) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("createCalendarFetcher", () => {
  it("resolves the name once, checks every address, and connects to the checked one", async () => {
    const mixed = createCalendarFetcher({ resolve: async () => [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.8", family: 4 }] });
    await expect(mixed("http://calendar.example/cal.ics", { etag: null, lastModified: null })).rejects.toMatchObject({ code: "refused-address" });
    const rebinding = createCalendarFetcher({ resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    await expect(rebinding(`http://calendar.example:${port}/cal.ics`, { etag: null, lastModified: null })).rejects.toMatchObject({ code: "refused-address" });
    // Allowed host name: resolved (here to 127.0.0.1), the request carries the name as Host.
    const allowed = createCalendarFetcher({ allowHosts: ["calendar.test"], resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    const result = await allowed(`http://calendar.test:${port}/cal.ics`, { etag: null, lastModified: null });
    expect(result).toMatchObject({ kind: "ok", lastModified: "Wed, 01 Sep 2027 10:00:00 GMT" });
    expect(hits.at(-1)).toBe(`calendar.test:${port} /cal.ics`);
  });

  it("checks every redirect, caps the size, times out, refuses other schemes and unknown names", async () => {
    const fetcher = createCalendarFetcher({ allowHosts: ["127.0.0.1"], maxBytes: 1000, timeoutMs: 300 });
    await expect(fetcher(`http://127.0.0.1:${port}/to-private`, { etag: null, lastModified: null })).rejects.toMatchObject({ code: "refused-address" });
    await expect(fetcher(`http://127.0.0.1:${port}/big.ics`, { etag: null, lastModified: null })).rejects.toMatchObject({ code: "too-large" });
    await expect(fetcher(`http://127.0.0.1:${port}/slow.ics`, { etag: null, lastModified: null })).rejects.toMatchObject({ code: "timeout" });
    await expect(fetcher("file:///etc/passwd", { etag: null, lastModified: null })).rejects.toMatchObject({ code: "bad-url" });
    const unknown = createCalendarFetcher({ resolve: async () => Promise.reject(new Error("ENOTFOUND")) });
    await expect(unknown("https://no-such-host.invalid/cal.ics", { etag: null, lastModified: null })).rejects.toMatchObject({ code: "unreachable" });
  });
});
