/**
 * Staff sign-in cost: one scrypt hash at OWASP's parameters (N=2^17, r=8, p=1), and 10 sign-ins
 * arriving at once — their wall time and the process's peak memory, which the limit of
 * MAX_CONCURRENT derivations keeps near 2 × 128 MiB. Run by `npm run bench`; alone:
 * `npx tsx scripts/bench-auth.ts`.
 *
 * Then the lockout under a burst (issue 11): 40 wrong sign-ins for one account sent at once from
 * one address while the member signs in from another — how long the member waits, and how many
 * of the 40 reached a password check.
 */
import { hashPassword, MAX_CONCURRENT, verifyPassword } from '../src/lib/server/auth/password';
import { signIn } from '../src/lib/server/auth/login';
import { createStaff } from '../src/lib/server/auth/staff';
import { createDb, migrate } from '../src/lib/server/db';

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
await db.destroy();

console.log(
	JSON.stringify({
		hashMs: Math.round(hashMs),
		tenSignInsMs: Math.round(burstMs),
		concurrentDerivations: MAX_CONCURRENT,
		peakExtraMiB: Math.round(peak - baseline),
		memberSignInDuringBurstMs: Math.round(memberMs),
		burstPasswordChecks: answers.filter((a) => !a.ok && a.status === 400).length,
		burstLocked429: answers.filter((a) => !a.ok && a.status === 429).length,
		burstTotalMs: Math.round(burstTotalMs)
	})
);
