/**
 * The key a per-address limit counts a client under (docs/decisions/056-addresses-redirects-media-cookies.md).
 *
 * - An IPv4 address is its own key, written plainly ("203.0.113.9"), also when it arrives
 *   IPv4-mapped in any IPv6 spelling ("::ffff:203.0.113.9", "0:0:0:0:0:ffff:cb00:7109"): a dual-stack
 *   socket reports IPv4 clients that way, and both spellings are the same client.
 * - An IPv6 address is keyed by its /64 network, the first four groups in full lower-case hex
 *   ("2001:0db8:0001:0002::/64"): one subscriber line is usually given a whole /64 and could
 *   otherwise take a fresh address for every request. A zone id ("fe80::1%eth0") is not part of
 *   the address.
 * - Anything else (not an address at all) is keyed as given, trimmed and lower-cased.
 */
export function clientKey(ip: string): string {
  const given = ip.trim().toLowerCase();
  const address = given.split("%")[0]!;
  const v4 = ipv4(address);
  if (v4) return v4;
  const groups = ipv6Groups(address);
  if (!groups) return given;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16).padStart(4, "0"))
    .join(":")}::/64`;
}

/** A dotted IPv4 address written plainly, or null. Octets are decimal, 0 to 255. */
function ipv4(value: string): string | null {
  const parts = value.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number).join(".");
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a dotted IPv4 tail), or null. */
function ipv6Groups(value: string): number[] | null {
  if (!value.includes(":")) return null;
  let text = value;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    const v4 = ipv4(text.slice(lastColon + 1));
    if (!v4) return null;
    const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, lastColon + 1);
    // "::1.2.3.4" leaves "::", "64:ff9b::1.2.3.4" leaves "64:ff9b::", "1:2:3:4:5:6:1.2.3.4" leaves "1:2:3:4:5:6:".
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const read = (part: string) => (part === "" ? [] : part.split(":"));
  const left = read(halves[0]!);
  const right = halves.length === 2 ? read(halves[1]!) : [];
  const written = left.length + right.length + tail.length;
  if (halves.length === 1 ? written !== 8 : written > 7) return null;
  if (![...left, ...right].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const hex = (groups: string[]) => groups.map((group) => parseInt(group, 16));
  return [...hex(left), ...Array<number>(8 - written).fill(0), ...hex(right), ...tail];
}
