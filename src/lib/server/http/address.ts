/**
 * The client's address behind a proxy. adapter-node reads it from ADDRESS_HEADER (with XFF_DEPTH
 * for X-Forwarded-For) and throws when the header is missing or too short — a 500 on a complaint
 * or a sign-in. Here a missing or malformed header falls back to the socket's address (the proxy's
 * own, or a client that reached the app directly), so the request is still answered and still
 * counted by some address; the server says at start-up what that means.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Handle, RequestEvent } from '@sveltejs/kit';
import { log } from '$lib/server/runtime';

/** What ADDRESS_HEADER and XFF_DEPTH say, read as adapter-node reads them. */
export function proxySetup(env: NodeJS.ProcessEnv = process.env): {
	header: string;
	depth: number;
} {
	return {
		header: (env.ADDRESS_HEADER ?? '').toLowerCase(),
		depth: Number.parseInt(env.XFF_DEPTH ?? '1', 10)
	};
}

/** The start-up warning when ADDRESS_HEADER is set (null when it is not). */
export function proxyWarning(env: NodeJS.ProcessEnv = process.env): string | null {
	const { header } = proxySetup(env);
	if (!header) return null;
	return (
		`ADDRESS_HEADER=${header}: the client address comes from that header, which anyone can send ` +
		`unless every request passes the proxy. Listen on 127.0.0.1 (HOST=127.0.0.1) or firewall the ` +
		`port, and have the proxy append to (not pass on) ${header}. A request without it, or with a ` +
		`malformed value, is counted by its socket address.`
	);
}

let warned = false;
/** Logs proxyWarning() once per process. */
export function warnProxyOnce(env: NodeJS.ProcessEnv = process.env): void {
	const message = proxyWarning(env);
	if (warned || message === null) return;
	warned = true;
	log('warn', message);
}

/** The TCP peer of a request under adapter-node (`platform.req`), if any. */
function socketAddress(event: Pick<RequestEvent, 'platform'>): string | null {
	const platform: unknown = event.platform;
	if (typeof platform !== 'object' || platform === null || !('req' in platform)) return null;
	const req: unknown = platform.req;
	if (typeof req !== 'object' || req === null || !('socket' in req)) return null;
	const socket: unknown = req.socket;
	if (typeof socket !== 'object' || socket === null || !('remoteAddress' in socket)) return null;
	return typeof socket.remoteAddress === 'string' ? socket.remoteAddress : null;
}

/**
 * The address adapter-node reports when it is an IP address; else the socket's; else
 * 'unknown' (one shared bucket for the rate limits, never a 500).
 */
export function clientAddress(
	reported: () => string,
	event: Pick<RequestEvent, 'platform'>
): string {
	try {
		const address = reported().trim();
		if (isIP(address)) return address;
	} catch {
		// Header missing, or fewer X-Forwarded-For entries than XFF_DEPTH.
	}
	return socketAddress(event) ?? 'unknown';
}

/** Makes `event.getClientAddress()` never throw (see clientAddress). */
export const handleAddress: Handle = ({ event, resolve }) => {
	const reported = event.getClientAddress.bind(event);
	event.getClientAddress = () => clientAddress(reported, event);
	return resolve(event);
};

/**
 * Whom the per-address limits count (the complaint rate limit, the sign-in lockout and its share
 * of password checks): an IPv4 address as itself (also when written IPv4-mapped,
 * `::ffff:203.0.113.7`), an IPv6 address by its /64. One home line or one server gets a whole /64
 * (RFC 6177), so counting single IPv6 addresses would give one client 2^64 names.
 * @example clientKey('2001:db8:1:2:aaaa::1') //=> '2001:db8:1:2::/64'
 * @example clientKey('::ffff:203.0.113.7') //=> '203.0.113.7'
 */
export function clientKey(address: string): string {
	const bare = address.split('%')[0] ?? '';
	if (isIP(bare) !== 6) return address;
	const ip = ipaddr.IPv6.parse(bare);
	if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().toString();
	return `${ip.parts
		.slice(0, 4)
		.map((x) => x.toString(16))
		.join(':')}::/64`;
}

/**
 * The network an address belongs to, for sharing out the password checks of the sign-in (not for
 * the lockout counts, which stay per clientKey): IPv6 by its /48, IPv4 by its /24. A /48 is what
 * one site is given (RFC 6177) and what a tunnel broker hands anyone for free: 65,536 /64s, so one
 * attacker floods from as many /64s as they like but from few /48s. An IPv4 /24 is the smallest
 * block routed on the Internet: neighbours of a rented address are likely the same renter's,
 * while a member's own network (a home line, a phone behind the carrier's NAT) is elsewhere.
 * @example networkKey('2001:db8:1:2:aaaa::1') //=> '2001:db8:1::/48'
 * @example networkKey('203.0.113.7') //=> '203.0.113.0/24'
 */
export function networkKey(address: string): string {
	const bare = address.split('%')[0] ?? '';
	const kind = isIP(bare);
	if (kind === 0) return address;
	let ip: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
	if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
	if (ip instanceof ipaddr.IPv4) return `${ip.octets.slice(0, 3).join('.')}.0/24`;
	return `${ip.parts
		.slice(0, 3)
		.map((x) => x.toString(16))
		.join(':')}::/48`;
}
