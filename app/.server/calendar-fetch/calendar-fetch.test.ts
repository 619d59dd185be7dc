import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
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

/**
 * Every textual form of an address the filter must refuse: what it means, then the forms. IPv6
 * is read into its 16 bytes before any check (zero-compressed or fully written, upper case,
 * leading zeros, a dotted IPv4 tail), so no spelling of a private address passes; a form that
 * embeds an IPv4 address (v4-mapped, NAT64's well-known prefix) is judged by it.
 */
const REFUSED: Array<[string, string[]]> = [
  ["IPv4 loopback, private, shared, link-local (cloud metadata), this network, multicast, reserved, documentation, benchmarking", [
    "127.0.0.1", "127.255.255.254", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "100.64.0.1", "169.254.169.254", "0.0.0.0", "0.1.2.3", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255", "192.0.2.1", "198.51.100.7", "203.0.113.9", "198.18.0.1", "192.0.0.8", "192.88.99.1",
  ]],
  ["IPv6 loopback and unspecified, in every spelling", ["::1", "::", "0:0:0:0:0:0:0:1", "0000:0000:0000:0000:0000:0000:0000:0001", "0::0:1", "::0001"]],
  ["IPv4-compatible (::a.b.c.d, deprecated), dotted or in hex", ["::127.0.0.1", "::7f00:1", "::10.0.0.1", "::a00:1", "::169.254.169.254", "0:0:0:0:0:0:7f00:1", "::8.8.8.8"]],
  ["v4-mapped (::ffff:a.b.c.d) of a private address, in every spelling", [
    "::ffff:127.0.0.1", "::FFFF:127.0.0.1", "::ffff:7f00:1", "::ffff:7F00:0001", "0:0:0:0:0:ffff:7f00:1", "0000:0000:0000:0000:0000:ffff:7f00:0001", "0:0:0:0:0:ffff:127.0.0.1", "::ffff:a9fe:a9fe", "::ffff:169.254.169.254", "::ffff:10.1.2.3", "::ffff:0.0.0.0",
  ]],
  ["IPv4-translated (SIIT, ::ffff:0:a.b.c.d)", ["::ffff:0:7f00:1", "::ffff:0:127.0.0.1", "0:0:0:0:ffff:0:7f00:1", "::ffff:0:808:808"]],
  ["NAT64 (64:ff9b::/96) with a private IPv4, and the local-use NAT64 prefix", ["64:ff9b::7f00:1", "64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:FF9B:0:0:0:0:a9fe:a9fe", "64:ff9b:1::808:808"]],
  ["6to4 (2002::/16, deprecated), whatever it embeds", ["2002:7f00:1::1", "2002:c0a8:101::1", "2002:a00:1::", "2002:808:808::1"]],
  ["Teredo (2001::/32) and the other IETF protocol assignments (2001::/23)", ["2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:2::1", "2001:10::1"]],
  ["link-local, scoped (a zone id), site-local, unique local, multicast, documentation, discard, unallocated", [
    "fe80::1", "FE80::1", "fe80::1%eth0", "fe80::1%1", "2a00:1450:4003:80e::200e%eth0", "febf::1", "fec0::1", "fc00::1", "fd12:3456::1", "ff02::1", "ff0e::1", "2001:db8::1", "3fff::1", "100::1", "4000::1", "::ffff:ffff:ffff:ffff",
  ]],
  ["not an address", ["not an ip", "", "127.1", "2130706433", "0x7f.0.0.1", "0127.0.0.1", "1.2.3", "::1.2.3", "1::2:3:4:5:6:7:8", "12345::1", "::g", "1:2:3:4:5:6:7:8:9", ":::1", "::1::", "fe80::1%", "[::1]"]],
];

const ALLOWED = ["8.8.8.8", "151.101.1.69", "1.1.1.1", "2a00:1450:4003:80e::200e", "2A00:1450:4003:080E:0000:0000:0000:200E", "2606:4700:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8", "::ffff:808:808", "0:0:0:0:0:ffff:808:808", "64:ff9b::808:808", "64:ff9b::8.8.8.8"];

describe("isPublicAddress", () => {
  for (const [what, forms] of REFUSED) {
    it(`refuses ${what}`, () => {
      for (const address of forms) expect(isPublicAddress(address), address).toBe(false);
    });
  }

  it("allows public unicast addresses, v4 and v6, and a public v4 behind v4-mapped or NAT64's well-known prefix", () => {
    for (const address of ALLOWED) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("the fetcher's address check, before any connection", () => {
  const conditions = { etag: null, lastModified: null };
  let connections: MockInstance[] = [];
  beforeEach(() => {
    connections = [vi.spyOn(http, "request"), vi.spyOn(https, "request")];
  });
  afterEach(() => {
    for (const spy of connections) spy.mockRestore();
  });
  const connected = () => connections.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

  it("refuses every literal form in a URL, as the URL parser normalises it (IPv4 as one number, in hex or octal, shortened)", async () => {
    const resolve = vi.fn(async () => [{ address: "93.184.216.34", family: 4 }]);
    const fetcher = createCalendarFetcher({ resolve });
    const urls = [
      "http://[::127.0.0.1]/cal.ics",
      "http://[::ffff:0:7f00:1]/cal.ics",
      "http://[::ffff:0:127.0.0.1]/cal.ics",
      "http://[0:0:0:0:0:ffff:7f00:1]/cal.ics",
      "https://[::FFFF:127.0.0.1]/cal.ics",
      "http://[0000:0000:0000:0000:0000:0000:0000:0001]:8080/cal.ics",
      "http://[64:ff9b::10.0.0.1]/cal.ics",
      "http://[2002:c0a8:0101::1]/cal.ics",
      "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/cal.ics",
      "http://[fe80::1]/cal.ics",
      "http://2130706433/cal.ics",
      "http://0x7f.1/cal.ics",
      "http://127.1/cal.ics",
      "http://017700000001/cal.ics",
      "http://0177.0.0.1/cal.ics",
      "http://127.0.0.1./cal.ics",
      "http://0xa9.0xfe.0xa9.0xfe/latest/meta-data/",
    ];
    for (const url of urls) await expect(fetcher(url, conditions), url).rejects.toMatchObject({ code: "refused-address" });
    expect(resolve).not.toHaveBeenCalled();
    expect(connected()).toBe(0);
  });

  it("refuses a name any of whose addresses is not public, in whatever form the resolver writes it", async () => {
    const forms = REFUSED.flatMap(([, addresses]) => addresses).filter((address) => address !== "" && !address.startsWith("["));
    for (const address of forms) {
      const fetcher = createCalendarFetcher({ resolve: async () => [{ address: "93.184.216.34", family: 4 }, { address, family: address.includes(":") ? 6 : 4 }] });
      await expect(fetcher("https://calendar.example/cal.ics", conditions), address).rejects.toMatchObject({ code: "refused-address" });
    }
    expect(connected()).toBe(0);
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
    // A time limit the checks before the slow calendar cannot reach on a loaded machine (300 ms did):
    // the slow one never answers, so a short limit of its own proves the timeout.
    const fetcher = createCalendarFetcher({ allowHosts: ["127.0.0.1"], maxBytes: 1000, timeoutMs: 10_000 });
    await expect(fetcher(`http://127.0.0.1:${port}/to-private`, { etag: null, lastModified: null })).rejects.toMatchObject({ code: "refused-address" });
    await expect(fetcher(`http://127.0.0.1:${port}/big.ics`, { etag: null, lastModified: null })).rejects.toMatchObject({ code: "too-large" });
    const hurried = createCalendarFetcher({ allowHosts: ["127.0.0.1"], maxBytes: 1000, timeoutMs: 300 });
    await expect(hurried(`http://127.0.0.1:${port}/slow.ics`, { etag: null, lastModified: null })).rejects.toMatchObject({ code: "timeout" });
    await expect(fetcher("file:///etc/passwd", { etag: null, lastModified: null })).rejects.toMatchObject({ code: "bad-url" });
    const unknown = createCalendarFetcher({ resolve: async () => Promise.reject(new Error("ENOTFOUND")) });
    await expect(unknown("https://no-such-host.invalid/cal.ics", { etag: null, lastModified: null })).rejects.toMatchObject({ code: "unreachable" });
  });
});
