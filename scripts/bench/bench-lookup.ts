/**
 * In-process lookup benchmark: a synthetic 100,000-entry registry, the index the server and the
 * phone use, and lookups by prefix and by plate in both formats. Prints p50/p99 per lookup
 * (target p99 ≤ 50 µs). Run by `npm run bench`; alone: `npx tsx scripts/bench/bench-lookup.ts`.
 */
import { buildIndex, type RegistryEntry } from '../../src/lib/domain/registry';
import { formatPlate, plateKey } from '../../src/lib/domain/plate';

const N = Number(process.env.BENCH_LOOKUP_N ?? 100_000);
const LOOKUPS = 200_000;
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function plateOf(i: number): string {
	const a = letters[i % 26] ?? 'A';
	const b = letters[Math.floor(i / 26) % 26] ?? 'A';
	const c = letters[Math.floor(i / 676) % 26] ?? 'A';
	const digits = String(i % 10_000).padStart(4, '0');
	// Half old form (ABC1234), half Mercosul (ABC1C34).
	return i % 2 ? `${c}${b}${a}${digits}` : plateKey(`${c}${b}${a}${digits}`);
}

const entries: RegistryEntry[] = Array.from({ length: N }, (_, i) => ({
	prefixo: String((i % 9999) + 1),
	placa: plateOf(i),
	titular: `Titular ${i}`,
	condutorAuxiliar: null,
	marcaModelo: 'Honda CG 160',
	cor: 'Azul',
	anoFabricacao: 2024,
	cilindradas: 160,
	situacao: 'ativa',
	autorizacaoValidade: '2028-01-01',
	ultimaVistoria: '2026-06-01',
	certidaoEstadualValidade: '2027-06-01',
	certidaoFederalValidade: '2027-06-01',
	seguroValidade: '2027-06-01'
}));

let t = process.hrtime.bigint();
const index = buildIndex(entries);
const buildMs = Number(process.hrtime.bigint() - t) / 1e6;

// Queries as riders type them: prefixes with MT-, plates with hyphens, the other plate format.
const queries = Array.from({ length: 1000 }, (_, k) => {
	const i = (k * 7919) % N;
	const p = plateOf(i);
	return (
		[`MT-${String((i % 9999) + 1).padStart(3, '0')}`, formatPlate(p), plateKey(p), 'ZZZ9Z99'][
			k % 4
		] ?? ''
	);
});

const samples = new Float64Array(LOOKUPS);
let found = 0;
for (let i = 0; i < LOOKUPS; i++) {
	const q = queries[i % queries.length] ?? '';
	t = process.hrtime.bigint();
	if (index.find(q)) found++;
	samples[i] = Number(process.hrtime.bigint() - t) / 1000;
}
samples.sort();
const pct = (p: number) =>
	samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? NaN;
const p99 = pct(0.99);
console.log(
	JSON.stringify({
		entries: N,
		lookups: LOOKUPS,
		found,
		buildMs: Math.round(buildMs),
		p50us: Number(pct(0.5).toFixed(2)),
		p99us: Number(p99.toFixed(2)),
		maxus: Number((samples[samples.length - 1] ?? 0).toFixed(1)),
		heapMiB: Math.round(process.memoryUsage().heapUsed / 2 ** 20)
	})
);
