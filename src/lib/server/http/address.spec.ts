import { describe, expect, it } from 'vitest';
import { clientAddress, proxyWarning } from './address';

const platform = (remoteAddress?: string) => ({
	platform: remoteAddress === undefined ? undefined : { req: { socket: { remoteAddress } } }
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
