import dns from 'node:dns';
import net, { BlockList, type LookupFunction } from 'node:net';

/**
 * Where webhook deliveries may connect (SSRF protection). A URL names a host; the host is resolved
 * here, every address is checked, and the connection is made to the checked address itself (this
 * lookup is handed to the HTTP client), so a name that resolves to a public address for the check
 * and to a private one for the connection (DNS rebinding) cannot get through.
 */
export interface NetworkPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: private, loopback and link-local addresses are allowed. */
  allowPrivateNetworks: boolean;
  /** WEBHOOK_ALLOW_HTTP_LOCALHOST: loopback addresses are allowed (development and tests). */
  allowHttpLocalhost: boolean;
}

/** Never a delivery target: "this network", multicast, broadcast. */
const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addAddress('255.255.255.255', 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Addresses that are not on the public internet (IANA special-purpose registries). */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return net.isIPv6(address) ? 'ipv6' : 'ipv4';
}

/** The 16 bytes of an IPv6 address (which net.isIPv6 accepted), `::` and a dotted tail expanded. */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/**
 * The IPv4 address an IPv6 address embeds and reaches, with the mechanism's name, or null. Each of
 * these forms makes a packet to the IPv6 address go to (or stand for) the IPv4 address inside it, so
 * that address is what is checked:
 * - NAT64 (RFC 6052): the well-known prefix 64:ff9b::/96 and the local-use 64:ff9b:1::/48;
 * - IPv4-mapped ::ffff:0:0/96 (a dual-stack socket connects to the IPv4 address) and the
 *   IPv4-translated ::ffff:0:0:0/96 (RFC 2765);
 * - IPv4-compatible ::/96 (deprecated, still routed by some stacks), `::` and `::1` excepted;
 * - 6to4 2002::/16 (RFC 3056): the relay's IPv4 address in bytes 2 to 5;
 * - Teredo 2001::/32 (RFC 4380): the client's IPv4 address in the last four bytes, inverted.
 */
function embeddedIPv4(address: string): { ipv4: string; through: string } | null {
  if (!net.isIPv6(address)) return null;
  const b = ipv6Bytes(address);
  const v4 = (bytes: number[]) => bytes.join('.');
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) {
    if (zero(4, 12)) return { ipv4: v4(b.slice(12, 16)), through: 'NAT64' };
    if (b[4] === 0x00 && b[5] === 0x01) return { ipv4: v4([b[6]!, b[7]!, b[9]!, b[10]!]), through: 'NAT64' };
    return null;
  }
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff)
    return { ipv4: v4(b.slice(12, 16)), through: 'IPv4-mapped' };
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12))
    return { ipv4: v4(b.slice(12, 16)), through: 'IPv4-translated' };
  if (zero(0, 12) && !zero(12, 15)) return { ipv4: v4(b.slice(12, 16)), through: 'IPv4-compatible' };
  if (b[0] === 0x20 && b[1] === 0x02) return { ipv4: v4(b.slice(2, 6)), through: '6to4' };
  if (b[0] === 0x20 && b[1] === 0x01 && zero(2, 4))
    return { ipv4: v4(b.slice(12, 16).map((x) => x ^ 0xff)), through: 'Teredo' };
  return null;
}

/** Why a delivery may not connect to `address`, or null when it may. IPv4-mapped IPv6 counts as IPv4. */
export function addressRefusal(address: string, policy: NetworkPolicy): string | null {
  const embedded = embeddedIPv4(address);
  if (embedded !== null) {
    const refusal = addressRefusal(embedded.ipv4, policy);
    if (refusal !== null)
      return `${address} reaches ${embedded.ipv4} through ${embedded.through}: ${refusal}`;
  }
  const family = familyOf(address);
  if (NEVER.check(address, family)) return `${address} is not a unicast address`;
  const loopback = LOOPBACK.check(address, family);
  if (loopback && (policy.allowHttpLocalhost || policy.allowPrivateNetworks)) return null;
  if (loopback) return `${address} is a loopback address`;
  if (PRIVATE.check(address, family) && !policy.allowPrivateNetworks)
    return `${address} is a private or link-local address`;
  return null;
}

export class RefusedAddressError extends Error {
  readonly code = 'QUIRE_REFUSED_ADDRESS';
}

/**
 * A `lookup` for http(s).request: resolves the host, refuses the connection if any of its
 * addresses is not allowed, and otherwise hands the resolved addresses to the socket.
 */
export function guardedLookup(policy: NetworkPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const refusal = addresses.map((a) => addressRefusal(a.address, policy)).find((r) => r !== null);
      if (refusal !== undefined || addresses.length === 0) {
        const why = refusal ?? 'no address';
        return callback(new RefusedAddressError(`refused to connect to ${hostname}: ${why}`), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as AllCallback)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

type AllCallback = (error: Error | null, addresses: dns.LookupAddress[]) => void;
