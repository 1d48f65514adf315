import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, networkKey, proxyWarning } from './address';

// adapter-node's platform, as much of its request as the code reads.
const platform = (remoteAddress?: string) => ({
	platform:
		remoteAddress === undefined
			? undefined
			: ({ req: { socket: { remoteAddress } } } as unknown as App.Platform)
});
const throws = () => {
	throw new Error('Address header was specified with ADDRESS_HEADER=x-forwarded-for but is absent');
};

describe('clientAddress: a missing or malformed proxy header falls back to the socket', () => {
	it.each([
		['the header’s address', () => '203.0.113.7', '127.0.0.1', '203.0.113.7'],
		['an IPv6 address', () => '2001:db8::1', '127.0.0.1', '2001:db8::1'],
		['header missing (adapter throws)', throws, '127.0.0.1', '127.0.0.1'],
		['malformed value', () => 'não é um endereço', '10.0.0.2', '10.0.0.2'],
		['empty value', () => '', '::1', '::1'],
		['nothing at all', throws, undefined, 'unknown']
	])('%s', (_, reported, socket, expected) =>
		expect(clientAddress(reported, platform(socket))).toBe(expected)
	);
});

describe('proxyWarning', () => {
	it('says nothing without ADDRESS_HEADER', () => expect(proxyWarning({})).toBeNull());
	it('names the header and HOST=127.0.0.1 when it is set', () => {
		const text = proxyWarning({ ADDRESS_HEADER: 'X-Forwarded-For' });
		expect(text).toContain('x-forwarded-for');
		expect(text).toContain('HOST=127.0.0.1');
	});
});

describe('clientKey: IPv4 by address, IPv6 by /64', () => {
	it.each([
		['203.0.113.7', '203.0.113.7'],
		['::ffff:203.0.113.7', '203.0.113.7'],
		['::ffff:cb00:7107', '203.0.113.7'],
		['2001:db8:1:2::1', '2001:db8:1:2::/64'],
		['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
		['2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
		['2001:db8::1', '2001:db8:0:0::/64'],
		['fe80::1%eth0', 'fe80:0:0:0::/64'],
		['::1', '0:0:0:0::/64'],
		['64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
		['unknown', 'unknown']
	])('%s → %s', (address, key) => expect(clientKey(address)).toBe(key));

	it('25 addresses of one /64 are one client; another /64 is another', () => {
		const keys = new Set(
			Array.from({ length: 25 }, (_, i) => clientKey(`2001:db8:aa:bb::${(i + 1).toString(16)}`))
		);
		expect([...keys]).toEqual(['2001:db8:aa:bb::/64']);
		expect(clientKey('2001:db8:aa:bc::1')).not.toBe('2001:db8:aa:bb::/64');
	});
});

describe('networkKey: IPv4 by /24, IPv6 by /48 (the sign-in shares its password checks by it)', () => {
	it.each([
		['203.0.113.7', '203.0.113.0/24'],
		['203.0.113.250', '203.0.113.0/24'],
		['::ffff:203.0.113.7', '203.0.113.0/24'],
		['2001:db8:1:2::1', '2001:db8:1::/48'],
		['2001:db8:1:ffff:ffff:ffff:ffff:ffff', '2001:db8:1::/48'],
		['2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1::/48'],
		['2001:db8::1', '2001:db8:0::/48'],
		['fe80::1%eth0', 'fe80:0:0::/48'],
		['unknown', 'unknown']
	])('%s → %s', (address, key) => expect(networkKey(address)).toBe(key));

	it('1,000 /64s of one /48 are one network; the next /48 is another', () => {
		const keys = new Set(
			Array.from({ length: 1000 }, (_, i) => networkKey(`2001:db8:aa:${i.toString(16)}::1`))
		);
		expect([...keys]).toEqual(['2001:db8:aa::/48']);
		expect(networkKey('2001:db8:ab::1')).not.toBe('2001:db8:aa::/48');
	});
});
