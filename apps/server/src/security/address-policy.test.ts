import { describe, expect, it } from 'vitest';
import { classifyAddress, isAddressAllowed, type AddressKind } from './address-policy.js';

describe('classifyAddress', () => {
  const table: [string, AddressKind][] = [
    // IPv4
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.168.1.10', 'private'],
    ['192.169.0.1', 'public'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['0.0.0.0', 'reserved'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['239.255.255.250', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.5', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['223.255.255.255', 'public'],
    // IPv6
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
    ['2a00:1450:4001:81b::200e', 'public'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'reserved'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    // IPv4 inside IPv6: mapped, compatible, NAT64 and 6to4 take the IPv4 address's kind.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:192.168.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:808:808::1', 'public'],
    // Not addresses
    ['localhost', 'invalid'],
    ['example.com', 'invalid'],
    ['', 'invalid'],
    ['256.1.1.1', 'invalid'],
  ];
  it.each(table)('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('isAddressAllowed', () => {
  it('allows only public addresses by default', () => {
    expect(isAddressAllowed('93.184.216.34', false)).toBe(true);
    expect(isAddressAllowed('127.0.0.1', false)).toBe(false);
    expect(isAddressAllowed('192.168.1.2', false)).toBe(false);
    expect(isAddressAllowed('::ffff:127.0.0.1', false)).toBe(false);
  });

  it('allows loopback and private networks with the admin setting, never link-local or reserved', () => {
    expect(isAddressAllowed('127.0.0.1', true)).toBe(true);
    expect(isAddressAllowed('::1', true)).toBe(true);
    expect(isAddressAllowed('10.0.0.7', true)).toBe(true);
    expect(isAddressAllowed('fd00::7', true)).toBe(true);
    expect(isAddressAllowed('169.254.169.254', true)).toBe(false);
    expect(isAddressAllowed('::ffff:169.254.169.254', true)).toBe(false);
    expect(isAddressAllowed('fe80::1', true)).toBe(false);
    expect(isAddressAllowed('0.0.0.0', true)).toBe(false);
    expect(isAddressAllowed('224.0.0.1', true)).toBe(false);
    expect(isAddressAllowed('not-an-ip', true)).toBe(false);
  });
});
