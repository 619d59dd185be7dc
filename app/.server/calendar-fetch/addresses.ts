import net from "node:net";

/**
 * Which addresses the calendar fetcher may connect to (decision 030): public unicast only.
 *
 * An address is read into its bytes before it is judged, because IPv6 has many spellings of one
 * address — zero-compressed or written out, upper case, leading zeros, a dotted IPv4 tail — and
 * a check on the text misses some of them (`::127.0.0.1` is `::7f00:1`, `::ffff:0:7f00:1` is an
 * IPv4-translated loopback). Then:
 * - IPv4 (dotted decimal only: the URL parser has already turned `2130706433`, `0x7f.1` and
 *   `127.1` into `127.0.0.1`; any other spelling is not an address) is refused in the private,
 *   loopback, link-local, shared, multicast, documentation, benchmarking and reserved ranges;
 * - IPv6 that embeds an IPv4 address a connection really goes to — v4-mapped (`::ffff:0:0/96`)
 *   and NAT64's well-known prefix (`64:ff9b::/96`, which a DNS64 resolver answers for IPv4-only
 *   hosts) — is judged by that IPv4 address;
 * - any other IPv6 must be global unicast (`2000::/3`) outside the special blocks inside it
 *   (6to4, Teredo and the other IETF assignments, documentation). Everything outside `2000::/3`
 *   is refused: loopback, unspecified, IPv4-compatible (`::a.b.c.d`), IPv4-translated
 *   (`::ffff:0:a.b.c.d`), the local-use NAT64 prefix, discard, unique local, link-local,
 *   site-local, multicast and the unallocated space;
 * - an address with a zone id (`fe80::1%eth0`) only means something on a local link: refused.
 */

const blockedV4 = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blockedV4.addSubnet(network, prefix, "ipv4");
}

/** The special blocks inside global unicast (2000::/3); everything outside it is refused anyway. */
const blockedV6 = new net.BlockList();
for (const [network, prefix] of [
  // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID…
  ["2001::", 23],
  ["2001:db8::", 32],
  // 6to4, deprecated (RFC 7526): the IPv4 it embeds is a relay's business, not ours.
  ["2002::", 16],
  // Documentation (RFC 9637).
  ["3fff::", 20],
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

/** Whether an address may be fetched from: public unicast only, in any spelling. */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return isPublicV4(address);
  const bytes = parseIPv6(address);
  if (!bytes) return false;
  const embedded = embeddedIPv4(bytes);
  if (embedded) return isPublicV4(embedded);
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  return !blockedV6.check(formatIPv6(bytes), "ipv6");
}

function isPublicV4(address: string): boolean {
  return !blockedV4.check(address, "ipv4");
}

/** The IPv4 address a v4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) address carries; null otherwise. */
function embeddedIPv4(bytes: Uint8Array): string | null {
  const head = (values: number[]) => values.every((value, i) => bytes[i] === value);
  const mapped = head([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]);
  const nat64 = head([0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]);
  return mapped || nat64 ? `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}` : null;
}

/** Eight groups of hex, written out: a form every reader takes the same way. */
function formatIPv6(bytes: Uint8Array): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(":");
}

/**
 * The 16 bytes of a textual IPv6 address (RFC 4291 section 2.2: groups of one to four hex digits,
 * at most one `::`, an optional dotted IPv4 tail); null for anything else, a zone id included.
 */
export function parseIPv6(text: string): Uint8Array | null {
  if (text.length === 0 || text.length > 45 || !/^[0-9A-Fa-f:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const words: number[][] = [];
  const all = [...head, ...tail];
  // A dotted IPv4 tail only ends the address (never before a `::`).
  const dottedAt = halves.length === 1 || tail.length > 0 ? all.length - 1 : -1;
  for (const [i, group] of all.entries()) {
    if (i === dottedAt && group.includes(".")) {
      if (!net.isIPv4(group)) return null;
      const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
      words.push([(a << 8) | b, (c << 8) | d]);
      continue;
    }
    if (!/^[0-9A-Fa-f]{1,4}$/.test(group)) return null;
    words.push([parseInt(group, 16)]);
  }
  const headWords = words.slice(0, head.length).flat();
  const tailWords = words.slice(head.length).flat();
  const count = headWords.length + tailWords.length;
  if (halves.length === 1 ? count !== 8 : count > 7) return null;
  const groups = [...headWords, ...Array<number>(8 - count).fill(0), ...tailWords];
  const bytes = new Uint8Array(16);
  for (const [i, group] of groups.entries()) {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  }
  return bytes;
}
