/**
 * Staff sign-in cost: one scrypt hash at OWASP's parameters (N=2^17, r=8, p=1), and 10 sign-ins
 * arriving at once — their wall time and the process's peak memory, which the limit of
 * MAX_CONCURRENT derivations keeps near 2 × 128 MiB. Run by `npm run bench`; alone:
 * `npx tsx scripts/bench/bench-auth.ts`.
 *
 * Then the lockout under a burst: 40 wrong sign-ins for one account sent at once from
 * one address while the member signs in from another — how long the member waits, and how many
 * of the 40 reached a password check.
 *
 * Then a flood from 16 addresses (IPv6 /64s, 3 wrong sign-ins at once each, kept up): how long
 * the member waits from a 17th address without a device cookie (one turn among the 16
 * addresses), and with the device cookie a previous sign-in left (ahead of the flood), and how
 * many of the flood's checks ran meanwhile.
 *
 * Last, the flood of issue 32: 1,000 addresses (each its own /64) from 10 IPv6 /48s keep sending
 * wrong sign-ins while a member on a new phone (no device cookie, another network) signs in 10
 * times in a row: how many get in, and how long each waits (median and slowest).
 */
// tsx runs this outside Vite: auth's index also carries the route guard, which needs SvelteKit's
// $app/server, so the bench loads the files it measures.
import {
	derivationsStarted,
	hashPassword,
	MAX_CONCURRENT,
	scryptWaiting,
	verifyPassword
} from '../../src/lib/server/auth/password';
import { BUSY, signIn } from '../../src/lib/server/auth/login';
import { createStaff } from '../../src/lib/server/auth/staff';
import { createDb, migrate } from '../../src/lib/server/db';

const password = 'uma frase longa para medir';
const rssMiB = () => process.memoryUsage().rss / 2 ** 20;
const baseline = rssMiB();

let t = performance.now();
const stored = await hashPassword(password);
const hashMs = performance.now() - t;

let peak = rssMiB();
const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 5);
t = performance.now();
const results = await Promise.all(
	Array.from({ length: 10 }, () => verifyPassword(password, stored))
);
const burstMs = performance.now() - t;
clearInterval(sampler);
if (!results.every(Boolean)) throw new Error('a verification failed');

const db = createDb({ kind: 'sqlite', path: ':memory:' });
await migrate(db);
await createStaff(db, { email: 'bench@garupa.test', password, role: 'fiscal' });
const burst = Array.from({ length: 40 }, (_, i) =>
	signIn(db, { email: 'bench@garupa.test', password: `errada ${i} longa`, address: '203.0.113.9' })
);
t = performance.now();
const member = await signIn(db, { email: 'bench@garupa.test', password, address: '198.51.100.7' });
const memberMs = performance.now() - t;
const answers = await Promise.all(burst);
const burstTotalMs = performance.now() - t;
if (!member.ok) throw new Error('the member could not sign in during the burst');

// The flood: 16 × 3 loops of wrong sign-ins on unknown e-mails, from 16 /64s.
let flooding = true;
let n = 0;
const loops = Array.from({ length: 48 }, async (_, i) => {
	while (flooding) {
		n++;
		await signIn(db, {
			email: `alvo${n % 50}@garupa.test`,
			password: `errada ${n} longa`,
			address: `2001:db8:${i % 16}::${n.toString(16)}`
		});
	}
});
// Until the flood fills the queue of password checks: one attempt of each address waiting.
while (scryptWaiting('anonymous') < 14) await new Promise((resolve) => setTimeout(resolve, 50));
const timed = async (input: Parameters<typeof signIn>[1]) => {
	const checks = derivationsStarted();
	const started = performance.now();
	const result = await signIn(db, input);
	if (!result.ok)
		throw new Error(`the member could not sign in during the flood: ${result.message}`);
	return { result, ms: performance.now() - started, checks: derivationsStarted() - checks };
};
const anonymous = await timed({ email: 'bench@garupa.test', password, address: '198.51.100.17' });
const known = await timed({
	email: 'bench@garupa.test',
	password,
	address: '198.51.100.18',
	device: anonymous.result.ok ? anonymous.result.device : undefined
});
flooding = false;
await Promise.all(loops);

// 1,000 addresses from 10 /48s; each loop waits a turn of the event loop between its answer and
// its next request, as a network round trip would (an answer from SQLite in memory can come
// back without leaving the microtask queue).
flooding = true;
const bigFlood = { wrong: 0, busy: 0, locked: 0 };
const bigLoops = Array.from({ length: 1000 }, async (_, i) => {
	const address = `2001:db8:${(0x100 + (i % 10)).toString(16)}:${i.toString(16)}::1`;
	while (flooding) {
		n++;
		const r = await signIn(db, {
			email: `alvo${n % 50}@garupa.test`,
			password: `errada ${n} longa`,
			address
		});
		if (!r.ok) {
			if (r.status === 400) bigFlood.wrong++;
			else if (r.message === BUSY) bigFlood.busy++;
			else bigFlood.locked++;
		}
		await new Promise((resolve) => setImmediate(resolve));
	}
});
while (scryptWaiting('anonymous') < 8) await new Promise((resolve) => setTimeout(resolve, 50));
const newPhone: { ok: boolean; ms: number }[] = [];
for (let i = 0; i < 10; i++) {
	const started = performance.now();
	const r = await signIn(db, {
		email: 'bench@garupa.test',
		password,
		address: '2804:14c:65:1::77'
	});
	newPhone.push({ ok: r.ok, ms: performance.now() - started });
}
flooding = false;
await Promise.all(bigLoops);
await db.destroy();
const sortedMs = newPhone.map((r) => r.ms).sort((a, b) => a - b);

console.log(
	JSON.stringify({
		hashMs: Math.round(hashMs),
		tenSignInsMs: Math.round(burstMs),
		concurrentDerivations: MAX_CONCURRENT,
		peakExtraMiB: Math.round(peak - baseline),
		memberSignInDuringBurstMs: Math.round(memberMs),
		burstPasswordChecks: answers.filter((a) => !a.ok && a.status === 400).length,
		burstLocked429: answers.filter((a) => !a.ok && a.status === 429).length,
		burstTotalMs: Math.round(burstTotalMs),
		floodMemberMs: Math.round(anonymous.ms),
		floodMemberChecksMeanwhile: anonymous.checks,
		floodMemberDeviceCookieMs: Math.round(known.ms),
		floodMemberDeviceCookieChecksMeanwhile: known.checks,
		flood1000in10x48NewPhoneSignedIn: `${newPhone.filter((r) => r.ok).length}/10`,
		flood1000in10x48NewPhoneMedianMs: Math.round(sortedMs[4] ?? 0),
		flood1000in10x48NewPhoneMaxMs: Math.round(sortedMs.at(-1) ?? 0),
		flood1000in10x48Answers: bigFlood
	})
);
