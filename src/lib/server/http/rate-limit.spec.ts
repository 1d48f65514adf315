import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '$lib/server/runtime';
import { ConfigError } from '$lib/server/runtime/config';
import { createDb, migrate, type Db } from '$lib/server/db';
import { DbRateLimiter, RateLimiter } from './rate-limit';

const MIN = 60_000;

/** Hits `key` n times at `at`; returns how many got through. */
function burst(limiter: RateLimiter, key: string, n: number, at: number): number {
	let ok = 0;
	for (let i = 0; i < n; i++) if (limiter.hit(key, at).ok) ok++;
	return ok;
}

describe('RateLimiter: 20 per 10 minutes', () => {
	const make = () => new RateLimiter({ limit: 20, windowSeconds: 600 });

	test('the 21st request in a window is refused, with Retry-After in whole seconds', () => {
		const limiter = make();
		expect(burst(limiter, '10.0.0.1', 20, 0)).toBe(20);
		expect(limiter.hit('10.0.0.1', 1000)).toEqual({ ok: false, retryAfterSeconds: 629 });
	});

	test('addresses are counted apart', () => {
		const limiter = make();
		expect(burst(limiter, '10.0.0.1', 25, 0)).toBe(20);
		expect(burst(limiter, '10.0.0.2', 5, 0)).toBe(5);
	});

	test('after waiting Retry-After, the next request passes (and only one)', () => {
		const limiter = make();
		burst(limiter, 'a', 20, 0);
		const refused = limiter.hit('a', 1000);
		if (refused.ok) throw new Error('expected a refusal');
		const later = 1000 + refused.retryAfterSeconds * 1000;
		expect(limiter.hit('a', later - 1000).ok).toBe(false);
		expect(limiter.hit('a', later).ok).toBe(true);
		expect(limiter.hit('a', later).ok).toBe(false);
	});

	test('no double burst across a window boundary (what a fixed window would allow)', () => {
		const limiter = make();
		expect(burst(limiter, 'a', 20, 10 * MIN - 1000)).toBe(20); // last second of window 0
		expect(burst(limiter, 'a', 20, 10 * MIN + 1000)).toBe(0); // first seconds of window 1
		expect(burst(limiter, 'a', 20, 15 * MIN)).toBe(10); // half of window 0 still weighs 10
		expect(burst(limiter, 'a', 20, 30 * MIN)).toBe(20); // a whole window later: all clear
	});

	// The estimate assumes the previous window's requests were evenly spread, so right at the
	// limit rate it may refuse one early; 5/6 of it always passes.
	test('steady traffic at 5/6 of the limit rate keeps passing', () => {
		const limiter = make();
		let refused = 0;
		for (let t = 0; t < 60 * MIN; t += 36_000) if (!limiter.hit('a', t).ok) refused++;
		expect(refused).toBe(0);
	});

	test('refused requests are not counted: a client hammering still gets in after the wait', () => {
		const limiter = make();
		burst(limiter, 'a', 20, 0);
		for (let t = 0; t < 20 * MIN; t += 1000) limiter.hit('a', t);
		expect(limiter.hit('a', 30 * MIN).ok).toBe(true);
	});
});

describe('RateLimiter: bounded memory', () => {
	test('keys idle for two windows are dropped', () => {
		const limiter = new RateLimiter({ limit: 5, windowSeconds: 60 });
		for (let i = 0; i < 100; i++) limiter.hit(`10.0.0.${i}`, 0);
		expect(limiter.size).toBe(100);
		limiter.hit('10.0.1.1', 2 * MIN);
		expect(limiter.size).toBe(1);
	});

	test('never more than maxKeys; the least recently seen goes first', () => {
		const limiter = new RateLimiter({ limit: 1, windowSeconds: 60, maxKeys: 3 });
		limiter.hit('a', 0);
		limiter.hit('b', 1);
		limiter.hit('c', 2);
		expect(limiter.hit('a', 3).ok).toBe(false); // a is now the most recent
		limiter.hit('d', 4); // evicts b
		expect(limiter.size).toBe(3);
		expect(limiter.hit('a', 5).ok).toBe(false); // a kept its count
		expect(limiter.hit('b', 6).ok).toBe(true); // b was forgotten
	});

	test('200,000 addresses stay within maxKeys', () => {
		const limiter = new RateLimiter({ limit: 20, windowSeconds: 600, maxKeys: 1000 });
		for (let i = 0; i < 200_000; i++) limiter.hit(`k${i}`, i);
		expect(limiter.size).toBeLessThanOrEqual(1000);
	});

	test('bad options are refused', () => {
		expect(() => new RateLimiter({ limit: 0, windowSeconds: 60 })).toThrow(RangeError);
		expect(() => new RateLimiter({ limit: 1, windowSeconds: 0 })).toThrow(RangeError);
	});
});

describe('COMPLAINTS_RATE_LIMIT', () => {
	const cases: [value: string | undefined, limit: number, windowSeconds: number, why: string][] = [
		[undefined, 20, 600, 'unset: 20 per 10 minutes'],
		['', 20, 600, 'empty counts as unset'],
		['5/60', 5, 60, '5 per minute'],
		[' 100000 / 1 ', 100000, 1, 'spaces allowed (a benchmark)']
	];
	for (const [value, limit, windowSeconds, why] of cases)
		test(`${JSON.stringify(value)} → ${limit}/${windowSeconds}: ${why}`, () => {
			expect(loadConfig({ COMPLAINTS_RATE_LIMIT: value }).complaintsRateLimit).toEqual({
				limit,
				windowSeconds
			});
		});

	for (const value of ['20', '0/600', '20/0', '-1/600', '20/10m', 'vinte/600', '1.5/600'])
		test(`${value} is refused with what is accepted`, () => {
			expect(() => loadConfig({ COMPLAINTS_RATE_LIMIT: value })).toThrow(ConfigError);
			expect(() => loadConfig({ COMPLAINTS_RATE_LIMIT: value })).toThrow(/<limite>\/<segundos>/);
		});
});

describe('DbRateLimiter: one count for every instance on the database', () => {
	let dir: string;
	let a: Db;
	let b: Db;
	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'garupa-rate-'));
		// Two connections to one file: two app processes sharing a database.
		a = createDb({ kind: 'sqlite', path: join(dir, 'garupa.db') });
		b = createDb({ kind: 'sqlite', path: join(dir, 'garupa.db') });
		await migrate(a);
	});
	afterAll(async () => {
		await a.destroy();
		await b.destroy();
		rmSync(dir, { recursive: true, force: true });
	});

	test('20 per 10 minutes across two instances; the 21st is refused on either, like in memory', async () => {
		const one = new DbRateLimiter('t1', { limit: 20, windowSeconds: 600 }, () => a);
		const two = new DbRateLimiter('t1', { limit: 20, windowSeconds: 600 }, () => b);
		const at = 1_800_000_000_000 - (1_800_000_000_000 % (10 * MIN));
		let ok = 0;
		for (let i = 0; i < 25; i++) if ((await (i % 2 ? one : two).hit('10.0.0.1', at)).ok) ok++;
		expect(ok).toBe(20);
		expect(await one.hit('10.0.0.1', at + 1000)).toEqual({ ok: false, retryAfterSeconds: 599 });
		expect((await two.hit('10.0.0.2', at + 1000)).ok).toBe(true);
		// A refused request is not counted: after the window the previous count fades as in memory.
		const memory = new RateLimiter({ limit: 20, windowSeconds: 600 });
		burst(memory, '10.0.0.1', 25, at);
		for (const later of [at + 10 * MIN + 1000, at + 15 * MIN])
			expect((await one.hit('10.0.0.1', later)).ok).toBe(memory.hit('10.0.0.1', later).ok);
	});

	test('the address is never stored, only its sha256; old windows are deleted', async () => {
		const limiter = new DbRateLimiter('t2', { limit: 5, windowSeconds: 60 }, () => a);
		await limiter.hit('192.0.2.7', 0);
		await limiter.hit('192.0.2.7', 3 * MIN);
		const rows = await a.selectFrom('rate_limit').selectAll().where('bucket', '=', 't2').execute();
		expect(rows).toHaveLength(1);
		expect(JSON.stringify(rows)).not.toContain('192.0.2.7');
	});
});

describe('RATE_LIMIT_STORE', () => {
	test('database on PostgreSQL, memory on SQLite, unless told', () => {
		expect(loadConfig({ DATABASE_URL: 'postgres://db/garupa' }).rateLimitStore).toBe('database');
		expect(loadConfig({}).rateLimitStore).toBe('memory');
		expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
		expect(
			loadConfig({ DATABASE_URL: 'postgres://db/garupa', RATE_LIMIT_STORE: 'memory' })
				.rateLimitStore
		).toBe('memory');
		expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
	});
});
