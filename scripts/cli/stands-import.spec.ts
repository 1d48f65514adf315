import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { entry } from '../../src/lib/domain/registry.fixtures';
import { createDb, migrate } from '../../src/lib/server/db';
import { publishSnapshot, listStands, standsAreSample } from '../../src/lib/server/registry';
import { runScript, writeIn } from './cli.fixtures';

const point = (id: string, [lng, lat]: [number, number], props: Record<string, unknown> = {}) => ({
	type: 'Feature',
	geometry: { type: 'Point', coordinates: [lng, lat] },
	properties: {
		id,
		name: `Ponto ${id}`,
		address: `Referência ${id}`,
		vagas: 4,
		prefixes: ['001', 'MT-007'],
		...props
	}
});
const geojson = (...features: unknown[]) =>
	JSON.stringify({ type: 'FeatureCollection', features }, null, '\t');

const CENTRE: [number, number] = [-61.7714, -11.7271];
const HOSPITAL: [number, number] = [-61.781, -11.7205];
const VALID = geojson(
	point('praca-central', CENTRE, { note: 'Das 6h às 22h' }),
	point('hospital', HOSPITAL, { prefixes: [7, '012'] })
);

let dir: string;
let dbPath: string;
beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'garupa-stands-import-'));
	dbPath = join(dir, 'garupa.db');
	// The prefixes a stand may name come from the published registry.
	const db = createDb({ kind: 'sqlite', path: dbPath });
	try {
		await migrate(db);
		await publishSnapshot(db, {
			entries: ['1', '7', '12'].map((prefixo) => entry(prefixo)),
			source: 'cadastro.csv',
			sample: false
		});
	} finally {
		await db.destroy();
	}
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => writeIn(dir, name, text);
const importStands = (...args: string[]) => runScript('stands-import.ts', dbPath, args);

async function published() {
	const db = createDb({ kind: 'sqlite', path: dbPath });
	try {
		return {
			stands: (await listStands(db)).map((s) => [s.id, s.lat, s.lng, s.note, s.prefixes]),
			sample: await standsAreSample(db)
		};
	} finally {
		await db.destroy();
	}
}

describe('npm run stands:import', { timeout: 120_000 }, () => {
	test('a valid file replaces every stand', async () => {
		const first = importStands(file('pontos.geojson', geojson(point('antigo', CENTRE))));
		expect(first.stderr).toBe('');
		expect(first.status).toBe(0);

		const run = importStands(file('pontos.geojson', VALID));
		expect(run.stderr).toBe('');
		expect(run.stdout).toMatch(/pontos\.geojson: 2 ponto\(s\) publicados, no lugar dos anteriores/);
		expect(run.status).toBe(0);
		expect(await published()).toEqual({
			sample: false,
			stands: [
				['hospital', -11.7205, -61.781, null, ['7', '12']],
				['praca-central', -11.7271, -61.7714, 'Das 6h às 22h', ['1', '7']]
			]
		});
	});

	test('a file with errors lists every feature and changes nothing', async () => {
		expect(importStands(file('pontos.geojson', VALID)).status).toBe(0);
		const before = await published();
		const bad = geojson(
			point('praca-central', CENTRE),
			point('hospital', [HOSPITAL[1], HOSPITAL[0]]),
			point('Mercado', CENTRE, { vagas: 0, prefixes: ['001', '099'] })
		);
		const run = importStands(file('errado.geojson', bad));
		expect(run.status).toBe(1);
		expect(run.stderr.trim().split('\n')).toEqual([
			expect.stringMatching(/^ponto 2: Latitude e longitude trocadas/),
			expect.stringMatching(/^ponto 3: Identificador inválido: "Mercado"/),
			expect.stringMatching(/^ponto 3: Número de vagas inválido: 0/),
			'ponto 3: O prefixo 099 não está no cadastro publicado.',
			'errado.geojson: 4 erro(s); nenhum ponto foi alterado.'
		]);
		expect(run.stdout).toBe('');
		expect(await published()).toEqual(before);
	});

	test('a file that is not JSON changes nothing', async () => {
		expect(importStands(file('pontos.geojson', VALID)).status).toBe(0);
		const before = await published();
		const run = importStands(file('pontos.csv', 'id,nome\npraca,Praça\n'));
		expect(run.status).toBe(1);
		expect(run.stderr).toMatch(/^arquivo: O arquivo não é JSON válido/);
		expect(await published()).toEqual(before);
	});

	test('--dry-run validates and changes nothing', async () => {
		const run = importStands(file('pontos.geojson', VALID), '--dry-run');
		expect(run.stderr).toBe('');
		expect(run.stdout).toMatch(/válido, 2 ponto\(s\)\. Nada foi alterado \(--dry-run\)/);
		expect(run.status).toBe(0);
		expect(await published()).toEqual({ sample: false, stands: [] });

		expect(importStands(file('a.geojson', geojson(point('antigo', CENTRE)))).status).toBe(0);
		const before = await published();
		expect(importStands(file('b.geojson', VALID), '--dry-run').status).toBe(0);
		expect(await published()).toEqual(before);
	});

	test('the "sample": true member marks the stands as sample', async () => {
		const text = JSON.stringify({ ...JSON.parse(VALID), sample: true });
		const run = importStands(file('exemplo.geojson', text));
		expect(run.stdout).toMatch(/2 ponto\(s\) \(dados de exemplo\) publicados/);
		expect((await published()).sample).toBe(true);
	});

	test('usage errors exit with 2', () => {
		const missing = importStands(join(dir, 'nao-existe.geojson'));
		expect(missing.status).toBe(2);
		expect(missing.stderr).toMatch(/Arquivo não encontrado/);
		expect(importStands().status).toBe(2);
		expect(importStands(file('a.geojson', VALID), '--force').status).toBe(2);
	});
});
