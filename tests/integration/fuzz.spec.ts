/**
 * A short fuzzing round against the built server (`node build`, as `npm start` runs it)
 * — every public endpoint and every form action, anonymous, as a fiscal and as a gestor, with
 * bodies up to 17 MB, some on keep-alive connections followed by a valid request. No answer may
 * be a 5xx, no connection may be reset (every request answered, once: no retries), and the
 * server's log may hold no stack trace (a 4xx is the client's mistake: one line, no stack). The
 * long round is `npm run bench` (scripts/bench/bench-fuzz.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
	countByStatus,
	fuzzRound,
	skipFor,
	stackLines,
	startFuzzServer,
	VISITORS,
	type FuzzServer
} from './fuzz';

/** Requests per visitor: the three rounds stay under a minute on a busy machine. */
const PER_ROUND = Number(process.env.FUZZ_REQUESTS ?? 180);
const SEED = Number(process.env.FUZZ_SEED ?? 20261203);

let fuzz: FuzzServer;
beforeAll(async () => {
	fuzz = await startFuzzServer();
}, 240_000);
// The stop waits for the server's exit (SIGKILL after 10 s, tests/integration/server-harness.ts).
afterAll(() => fuzz?.stop(), 30_000);

describe(
	'prototype keys in a staff page query (found by the long round)',
	{ timeout: 60_000 },
	() => {
		// Before the rounds: the gestor's round may change its own password (a valid random
		// `?/senha` on its own id), which rightly ends its sessions.
		// `?__proto__=…` once reached the queue page's data as a key, which devalue refuses: a 500.
		const pages = ['/admin/reclamacoes', '/admin/auditoria', '/admin/cadastro', '/admin/regras'];
		for (const path of pages)
			test(`${path}?__proto__=… as gestor is answered, not a 500`, async () => {
				const response = await fetch(
					`${fuzz.server.url}${path}?__proto__=%2F%2Fevil.example&__proto__=x&constructor=y&busca=z`,
					{ headers: { cookie: fuzz.cookies.gestor, accept: 'text/html' }, redirect: 'manual' }
				);
				expect(response.status).toBe(200);
				await response.body?.cancel();
			});
	}
);

describe('fuzzing the built server', { timeout: 120_000 }, () => {
	for (const [i, who] of VISITORS.entries())
		test(`${who}: no 5xx, every request answered, no stack trace in the log`, async () => {
			const outcomes = await fuzzRound({
				base: fuzz.server.url,
				requests: PER_ROUND,
				seed: SEED + i,
				cookie: who === 'anonymous' ? null : fuzz.cookies[who],
				skip: skipFor(who)
			});
			console.log(who, JSON.stringify(countByStatus(outcomes)));
			const failed = outcomes
				.filter((o) => o.status >= 500 || o.status === 0 || o.reset)
				.map((o) => `${o.status} ${o.label} ${o.error ?? ''} ${o.path.slice(0, 200)}`);
			expect(failed).toEqual([]);
			// A request sent after a refused body on the same keep-alive connection is answered, or
			// the refusal said `Connection: close` and the connection closed cleanly.
			const pairs = outcomes.filter((o) => o.next !== undefined);
			expect(pairs.length).toBeGreaterThan(0);
			for (const o of pairs) expect([200, 'closed']).toContain(o.next);
			// Most answers are refusals, which is the point.
			expect(outcomes.filter((o) => o.status >= 400).length).toBeGreaterThan(PER_ROUND / 4);
			expect(stackLines(fuzz.server.output()).slice(0, 5)).toEqual([]);
		});
});
