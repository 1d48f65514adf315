/**
 * The long fuzzing round: FUZZ_REQUESTS generated requests (default 1,800) per visitor —
 * anonymous, fiscal, gestor — to every public endpoint and form action of the built server
 * (tests/integration/fuzz.ts): malformed bodies, and bodies up to 17 MB, some sent on a keep-alive
 * connection followed by a valid request. Prints one JSON line: the counts by status, the 5xx,
 * the connections reset or left unanswered (each request is sent once), the keep-alive pairs and
 * how many of their follow-ups were answered, and the stack traces in the server's log. Run by
 * `npm run bench`; alone: `npx tsx scripts/bench/bench-fuzz.ts`.
 */
import {
	countByStatus,
	fuzzRound,
	skipFor,
	stackLines,
	startFuzzServer,
	VISITORS
} from '../../tests/integration/fuzz';

const PER_ROUND = Number(process.env.FUZZ_REQUESTS ?? 1800);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const fuzz = await startFuzzServer();
const started = performance.now();
const outcomes = [];
try {
	for (const [i, who] of VISITORS.entries())
		outcomes.push(
			...(await fuzzRound({
				base: fuzz.server.url,
				requests: PER_ROUND,
				seed: SEED + i,
				cookie: who === 'anonymous' ? null : fuzz.cookies[who],
				skip: skipFor(who),
				concurrency: 8
			}))
		);
} finally {
	await fuzz.stop();
}
const byStatus = Object.fromEntries(
	Object.entries(countByStatus(outcomes)).map(([status, n]) => [`status${status}`, n])
);
const errors = outcomes.filter((o) => o.status >= 500);
const pairs = outcomes.filter((o) => o.next !== undefined);
const resets = outcomes.filter((o) => o.reset);
if (resets.length)
	console.error(
		resets
			.slice(0, 20)
			.map((o) => `reset: ${o.label} ${o.error ?? ''} ${o.path.slice(0, 200)}`)
			.join('\n')
	);
if (errors.length)
	console.error(
		errors
			.slice(0, 20)
			.map((o) => `${o.status} ${o.label} ${o.path.slice(0, 200)}`)
			.join('\n')
	);
console.log(
	JSON.stringify({
		seed: SEED,
		requests: outcomes.length,
		seconds: Math.round((performance.now() - started) / 1000),
		...byStatus,
		serverErrors5xx: errors.length,
		unanswered: outcomes.filter((o) => o.status === 0).length,
		resets: outcomes.filter((o) => o.reset).length,
		bodiesOver1MiB: outcomes.filter((o) => (o.bodyBytes ?? 0) > 1024 * 1024).length,
		keepAlivePairs: pairs.length,
		pairsNextAnswered: pairs.filter((o) => o.next === 200).length,
		pairsClosedCleanly: pairs.filter((o) => o.next === 'closed').length,
		stackTraces: stackLines(fuzz.server.output()).length
	})
);
