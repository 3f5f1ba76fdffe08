import { BlockList, isIPv6 } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.ts";

describe("clientKey", () => {
  it("keeps an IPv4 address whole, written plainly", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(clientKey("203.0.113.09")).toBe("203.0.113.9");
    expect(clientKey("203.0.113.10")).not.toBe(clientKey("203.0.113.9"));
  });

  it.each([
    "::ffff:203.0.113.9",
    "::FFFF:203.0.113.9",
    "0:0:0:0:0:ffff:203.0.113.9",
    "0000:0000:0000:0000:0000:ffff:203.0.113.9",
    "::ffff:cb00:7109",
    "0:0:0:0:0:ffff:cb00:7109",
    "::ffff:203.0.113.9%eth0",
  ])("reads the IPv4-mapped %j as the IPv4 client it is", (mapped) => {
    expect(clientKey(mapped)).toBe("203.0.113.9");
  });

  it.each([
    "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
    "2001:DB8:1:2::1",
    "2001:db8:1:2::",
    "2001:0db8:0001:0002:0000:0000:0000:ffff",
    "2001:db8:1:2:0:0:0:ffff",
    "2001:db8:1:2::ffff:1.2.3.4",
    "2001:db8:1:2:ffff:ffff:1.2.3.4",
    "2001:db8:1:2::1%eth0",
    "[2001:db8:1:2::1]".slice(1, -1),
  ])("keys the IPv6 %j by its /64, however it is written", (address) => {
    expect(clientKey(address)).toBe("2001:0db8:0001:0002::/64");
  });

  it("tells two /64 networks apart, and IPv6 from IPv4", () => {
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:0db8:0001:0003::/64");
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(clientKey("::")).toBe("0000:0000:0000:0000::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
    expect(clientKey("fe80::1%25en0")).toBe("fe80:0000:0000:0000::/64");
    // An IPv4-compatible or translated address is an IPv6 client: only ::ffff:0:0/96 is IPv4-mapped.
    expect(clientKey("64:ff9b::203.0.113.9")).toBe("0064:ff9b:0000:0000::/64");
    expect(clientKey("::203.0.113.9")).toBe("0000:0000:0000:0000::/64");
  });

  it.each(["", "not-an-address", "1:2:3", "1::2::3", "zzzz::1", "1:2:3:4:5:6:7:8:9", "12345::1", "256.1.1.1", "1.2.3", "::ffff:1.2.3.999"])(
    "keys %j, which is no address, as given",
    (value) => {
      expect(clientKey(value)).toBe(value.trim().toLowerCase());
    },
  );

  it("puts every IPv6 address in the /64 its key names, and only there", () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const key = clientKey(address);
        const list = new BlockList();
        if (key.endsWith("::/64")) {
          list.addSubnet(key.slice(0, -"/64".length), 64, "ipv6");
        } else {
          // Only an IPv4-mapped address is keyed as IPv4.
          list.addAddress(`::ffff:${key}`, "ipv6");
        }
        expect(isIPv6(address)).toBe(true);
        expect(list.check(address, "ipv6")).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("gives addresses of one /64 one key and of two /64s two keys", () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((value) => value.toString(16));
    const half = fc.tuple(group, group, group, group).map((groups) => groups.join(":"));
    fc.assert(
      fc.property(half, half, half, (network, hostA, hostB) => {
        fc.pre(!network.startsWith("0:0:0:0"));
        expect(clientKey(`${network}:${hostA}`)).toBe(clientKey(`${network}:${hostB}`));
        expect(clientKey(`${hostA}:${network}`) === clientKey(`${hostB}:${network}`)).toBe(
          hostA
            .split(":")
            .map((g) => parseInt(g, 16))
            .join() ===
            hostB
              .split(":")
              .map((g) => parseInt(g, 16))
              .join(),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
