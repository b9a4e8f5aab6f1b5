import net from 'node:net';

/**
 * Which network addresses the server may fetch recipe pages from. "Import from a link" makes the
 * server open a URL a user typed, so without this check anyone with an account could make it
 * read the host's own services, the LAN behind it or a cloud provider's metadata endpoint
 * (169.254.169.254). Every address a host name resolves to is classified; one address that is not
 * allowed refuses the whole host, so a DNS answer that mixes a public and a private address cannot
 * slip through.
 */

/** What kind of network an address belongs to. */
export type AddressKind =
  /** Routable on the internet. */
  | 'public'
  /** This machine: 127.0.0.0/8, ::1. */
  | 'loopback'
  /** A private network: 10/8, 172.16/12, 192.168/16, CGNAT 100.64/10, fc00::/7, fec0::/10. */
  | 'private'
  /** Link-local, including cloud metadata: 169.254/16, fe80::/10. Never fetched. */
  | 'link-local'
  /** Unspecified, multicast, broadcast, documentation and other special-purpose ranges. Never fetched. */
  | 'reserved'
  /** Not an IP address at all. */
  | 'invalid';

/** IPv4 ranges as [first octets as a 32-bit number, prefix length, kind]. Order does not matter. */
const IPV4_RANGES: [string, number, AddressKind][] = [
  ['0.0.0.0', 8, 'reserved'], // "this network"
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // carrier-grade NAT (also Tailscale and friends)
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // includes 169.254.169.254, the cloud metadata service
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // TEST-NET-1
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // TEST-NET-2
  ['203.0.113.0', 24, 'reserved'], // TEST-NET-3
  ['224.0.0.0', 4, 'reserved'], // multicast
  ['240.0.0.0', 4, 'reserved'], // reserved, and 255.255.255.255 broadcast
];

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
}

const IPV4_TABLE = IPV4_RANGES.map(([base, prefix, kind]) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { base: (ipv4ToNumber(base) & mask) >>> 0, mask, kind };
});

function classifyIpv4(address: string): AddressKind {
  const value = ipv4ToNumber(address);
  for (const range of IPV4_TABLE) if ((value & range.mask) >>> 0 === range.base) return range.kind;
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, embedded IPv4 converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToNumber(dotted[1] as string);
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...fill, ...tailGroups].map((group) => parseInt(group, 16));
}

/** The IPv4 address held in two 16-bit groups. */
function embeddedIpv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function classifyIpv6(address: string): AddressKind {
  const g = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0) {
    if (g6 === 0 && g7 === 0) return 'reserved'; // :: unspecified
    if (g6 === 0 && g7 === 1) return 'loopback'; // ::1
    return classifyIpv4(embeddedIpv4(g6, g7)); // ::a.b.c.d, IPv4-compatible (deprecated)
  }
  if (upperZero && g5 === 0xffff) return classifyIpv4(embeddedIpv4(g6, g7)); // ::ffff:a.b.c.d, IPv4-mapped
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyIpv4(embeddedIpv4(g6, g7)); // 64:ff9b::/96, NAT64 of an IPv4 address
  }
  if (g0 === 0x2002) return classifyIpv4(embeddedIpv4(g1, g2)); // 6to4 carries an IPv4 address
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 site-local (deprecated)
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved'; // documentation
  // Only 2000::/3 is global unicast; everything else (multicast ff00::/8 included) is special.
  return (g0 & 0xe000) === 0x2000 ? 'public' : 'reserved';
}

/** The kind of network `address` (an IPv4 or IPv6 literal, brackets allowed) belongs to. */
export function classifyAddress(address: string): AddressKind {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = net.isIP(bare.split('%')[0] ?? '');
  if (version === 4) return classifyIpv4(bare);
  if (version === 6) return classifyIpv6(bare);
  return 'invalid';
}

/**
 * Whether the server may connect to `address`. Public addresses always; loopback and private
 * networks only when the administrator allows them (IMPORT_ALLOW_PRIVATE_ADDRESSES, for recipes
 * on the LAN); link-local, reserved and invalid addresses never.
 */
export function isAddressAllowed(address: string, allowPrivate: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (allowPrivate && (kind === 'loopback' || kind === 'private'));
}
