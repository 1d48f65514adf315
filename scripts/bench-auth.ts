/**
 * Staff sign-in cost: one scrypt hash at OWASP's parameters (N=2^17, r=8, p=1), and 10 sign-ins
 * arriving at once — their wall time and the process's peak memory, which the limit of
 * MAX_CONCURRENT derivations keeps near 2 × 128 MiB. Run by `npm run bench`; alone:
 * `npx tsx scripts/bench-auth.ts`.
 */
import { hashPassword, MAX_CONCURRENT, verifyPassword } from '../src/lib/server/auth/password';

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

console.log(
	JSON.stringify({
		hashMs: Math.round(hashMs),
		tenSignInsMs: Math.round(burstMs),
		concurrentDerivations: MAX_CONCURRENT,
		peakExtraMiB: Math.round(peak - baseline)
	})
);
