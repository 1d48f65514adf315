/**
 * Staff sign-in under a flood, against the BUILT server (tests/integration/server-harness.ts) behind a
 * proxy header: 16 attacker addresses (each an IPv6 /64, a new address in it for every request)
 * keep sending wrong passwords, several at once each, while a fiscal signs in from a 17th
 * address — once without a device cookie, once with the one an earlier sign-in gave that
 * browser. Both get in (303 and a session); the times are printed, not asserted (the benchmark,
 * scripts/bench/bench-auth.ts, measures them).
 *
 * Then 100 addresses (each its own /64) of one IPv6 /48 flood the sign-in (each sending again
 * 1–3 s after its answer) while a member on a new phone (no device cookie, another network) signs
 * in 10 times: at least 9 get in (1,000 addresses from 10 /48s: the queue's spec and the benchmark).
 * Before the
 * password checks were shared out by network, some 65 /64s of one /48 filled their queue and
 * the member got in 0 times of 12.
 */
import { setMaxListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../src/lib/server/auth';
import { createDb, migrate } from '../../src/lib/server/db';
import { ensureBuilt, PROXY, startServer, stopServer, type Server } from './server-harness';

const EMAIL = 'fiscal@garupa.test';
const PASSWORD = 'uma frase longa de fiscal 1';

let dir: string;
let server: Server;
beforeAll(async () => {
	ensureBuilt();
	dir = mkdtempSync(join(tmpdir(), 'garupa-flood-'));
	const path = join(dir, 'flood.db');
	const db = createDb({ kind: 'sqlite', path });
	await migrate(db);
	await createStaff(db, { email: EMAIL, password: PASSWORD, name: 'Fiscal', role: 'fiscal' });
	await db.destroy();
	// Idle connections outlive the pauses of the flood's clients (see fuzz.ts: the idle race
	// of a reused socket the server is closing is the client's to retry, and this test does not).
	server = await startServer(`file:${path}`, { ...PROXY, KEEP_ALIVE_TIMEOUT: '60' });
}, 300_000);
afterAll(async () => {
	// A server that never started (its error is the suite's) has nothing to stop.
	if (server) await stopServer(server);
	rmSync(dir, { recursive: true, force: true });
}, 60_000);

function signIn(
	address: string,
	email: string,
	password: string,
	cookie?: string,
	signal?: AbortSignal
) {
	return fetch(`${server.url}/admin/login`, {
		signal,
		method: 'POST',
		headers: {
			origin: server.url,
			// As a browser posts the form (no JavaScript on the sign-in page).
			accept: 'text/html',
			'content-type': 'application/x-www-form-urlencoded',
			'x-forwarded-for': address,
			...(cookie ? { cookie } : {})
		},
		body: new URLSearchParams({ email, senha: password }),
		redirect: 'manual'
	});
}

/** Signs the member in; the status, the time it took and the cookies it set. */
async function member(address: string, cookie?: string) {
	const started = performance.now();
	const response = await signIn(address, EMAIL, PASSWORD, cookie);
	const ms = Math.round(performance.now() - started);
	await response.arrayBuffer();
	return { status: response.status, ms, cookies: response.headers.getSetCookie() };
}

/**
 * 16 addresses × `each` loops of wrong sign-ins until `stop()`, which abandons the requests still
 * waiting; their statuses.
 */
function flood(each = 3) {
	const abort = new AbortController();
	let n = 0;
	const statuses: Record<number, number> = {};
	const loops = Array.from({ length: 16 * each }, async (_, i) => {
		const net = i % 16;
		while (!abort.signal.aborted) {
			n++;
			const res = await signIn(
				`2001:db8:${net.toString(16)}::${n.toString(16)}`,
				`alvo${n % 50}@garupa.test`,
				`errada ${n} longa`,
				undefined,
				abort.signal
			).catch(() => null);
			if (res) {
				statuses[res.status] = (statuses[res.status] ?? 0) + 1;
				await res.arrayBuffer().catch(() => undefined);
			}
		}
	});
	return {
		statuses,
		stop: async () => {
			abort.abort();
			await Promise.all(loops);
		}
	};
}

describe('a sign-in flood from 16 addresses', { timeout: 600_000 }, () => {
	test('the member signs in without a device cookie, and ahead of the flood with one', async () => {
		// An earlier sign-in from the member's browser left its device cookie.
		const first = await member('203.0.113.10');
		expect(first.status).toBe(303);
		const device = first.cookies.find((c) => c.startsWith('__Host-garupa-aparelho='));
		expect(device).toMatch(/HttpOnly/i);
		expect(device).toMatch(/Secure/i);
		expect(device).toMatch(/SameSite=Strict/i);
		expect(device).toMatch(/Max-Age=15552000/);
		const cookie = device?.split(';')[0] ?? '';

		const attack = flood();
		try {
			// Let the flood fill the queue of password checks first.
			await new Promise((resolve) => setTimeout(resolve, 3000));
			const without = await member('198.51.100.77');
			const withCookie = await member('198.51.100.78', cookie);
			console.log(
				JSON.stringify({
					withoutDeviceCookie: { status: without.status, ms: without.ms },
					withDeviceCookie: { status: withCookie.status, ms: withCookie.ms },
					floodStatuses: attack.statuses
				})
			);
			// Both get in: a redirect into /admin and a session.
			for (const r of [without, withCookie]) {
				expect(r.status).toBe(303);
				expect(r.cookies.some((c) => c.startsWith('__Host-garupa-sessao='))).toBe(true);
			}
		} finally {
			await attack.stop();
		}
		// The flood was refused (wrong passwords), never let in.
		expect(attack.statuses[303]).toBeUndefined();
	});
});

/** Members who signed in out of `tries`, one after another, from `address` without a device cookie. */
async function newPhone(address: string, tries: number) {
	const results: { status: number; ms: number }[] = [];
	for (let i = 0; i < tries; i++) {
		const started = performance.now();
		// A connection the server closed is a failed try (status 0), counted, not a crash of the test.
		const r = await member(address).catch(() => null);
		if (!r) {
			results.push({ status: 0, ms: Math.round(performance.now() - started) });
			continue;
		}
		const session = r.cookies.some((c) => c.startsWith('__Host-garupa-sessao='));
		results.push({ status: r.status === 303 && session ? 303 : r.status, ms: r.ms });
	}
	return results;
}

/**
 * `addresses` loops of wrong sign-ins, each from its own /64 in one of `networks` /48s, until
 * `stop()`; their statuses.
 */
function networkFlood(addresses: number, networks: number) {
	const abort = new AbortController();
	// One signal for a thousand requests at once (each listens to it while it runs).
	setMaxListeners(10 * addresses, abort.signal);
	let n = 0;
	const statuses: Record<number, number> = {};
	const loops = Array.from({ length: addresses }, async (_, i) => {
		const address = `2001:db8:${(0x100 + (i % networks)).toString(16)}:${i.toString(16)}::${(i + 1).toString(16)}`;
		while (!abort.signal.aborted) {
			n++;
			const res = await signIn(
				address,
				`alvo${n % 50}@garupa.test`,
				`errada ${n} longa`,
				undefined,
				abort.signal
			).catch(() => null);
			if (res) {
				statuses[res.status] = (statuses[res.status] ?? 0) + 1;
				await res.arrayBuffer().catch(() => undefined);
			}
			// Each address sends again 1 to 3 s after its answer: a hundred of them keep this shared
			// 2-core server busy; without the pause the test's own client takes the cores (a request
			// rate for the proxy to limit).
			await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));
		}
	});
	return {
		statuses,
		stop: async () => {
			abort.abort();
			// The abandoned requests need not all come back: a bounded wait (the server is still
			// working through the flood's backlog on a loaded machine).
			await Promise.race([
				Promise.all(loops),
				new Promise((resolve) => setTimeout(resolve, 30_000))
			]);
		}
	};
}

describe('a sign-in flood from 100 addresses of one IPv6 /48', { timeout: 600_000 }, () => {
	test('a member on a new phone (no device cookie) gets in at least 9 times of 10', async () => {
		// One /48 is enough to fill a queue shared out by /64: before the password checks were shared
		// out by network, some 65 of its /64s kept the member out (0 of 12). The same with 1,000
		// addresses from 10 /48s is the benchmark's (scripts/bench/bench-auth.ts) and the queue's
		// own spec's (src/lib/server/auth/concurrency.spec.ts): here the built server, over HTTP.
		const attack = networkFlood(100, 1);
		try {
			// Let the flood fill its network's line first.
			await new Promise((resolve) => setTimeout(resolve, 3000));
			const results = await newPhone('2804:14c:65:1::77', 10);
			const signedIn = results.filter((r) => r.status === 303).length;
			console.log(
				JSON.stringify({
					memberSignedIn: `${signedIn}/10`,
					memberMs: results.map((r) => r.ms),
					memberStatuses: results.map((r) => r.status),
					floodStatuses: attack.statuses
				})
			);
			expect(signedIn).toBeGreaterThanOrEqual(9);
		} finally {
			await attack.stop();
		}
		expect(attack.statuses[303]).toBeUndefined();
		// The flood was answered (refused: wrong passwords, or over its network's share), not left hanging.
		expect((attack.statuses[400] ?? 0) + (attack.statuses[429] ?? 0)).toBeGreaterThan(100);
	});
});
