import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createDb } from '../../src/lib/server/db';
import { latestSnapshot, snapshotHistory } from '../../src/lib/server/registry';
import { runScript, writeIn } from './cli.fixtures';

const HEADER =
	'prefixo,placa,titular,condutor_auxiliar,marca_modelo,cor,ano_fabricacao,cilindradas,situacao,' +
	'autorizacao_validade,ultima_vistoria,certidao_validade,seguro_validade';
const ROWS = [
	'001,NEF-4275,Adriano Souza Brandão,,Yamaha Factor 150,Prata,2022,149,ativa,2030-04-05,2025-10-27,2030-08-20,2030-11-04',
	'002,NCM-3866,Edvaldo Pereira Nunes,Jonas Ferreira,Honda CG 160 Fan,Azul,2023,162,ativa,2030-03-06,2025-11-30,2030-05-03,2030-08-03',
	'003,QRE8I58,Cleiton Ramos de Araújo,,Honda NXR 160 Bros,Vermelha,2024,162,suspensa,2030-05-07,2025-09-05,2030-11-24,2030-08-05'
];
const csv = (rows: readonly string[]) => [HEADER, ...rows].join('\n') + '\n';

let dir: string;
let dbPath: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'garupa-import-'));
	dbPath = join(dir, 'garupa.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => writeIn(dir, name, text);
const importCsv = (...args: string[]) => runScript('registry-import.ts', dbPath, args);

async function history() {
	if (!existsSync(dbPath)) return null;
	const db = createDb({ kind: 'sqlite', path: dbPath });
	try {
		return { versions: await snapshotHistory(db), latest: await latestSnapshot(db) };
	} finally {
		await db.destroy();
	}
}

describe('npm run registry:import', { timeout: 120_000 }, () => {
	test('a valid file is published as the next version', async () => {
		const path = file('cadastro.csv', csv(ROWS));
		const first = importCsv(path);
		expect(first.stderr).toBe('');
		expect(first.stdout).toMatch(/cadastro\.csv: publicado como versão 1, 3 veículo\(s\)/);
		expect(first.status).toBe(0);

		const second = importCsv(path);
		expect(second.stdout).toMatch(/versão 2/);
		const after = await history();
		expect(after?.versions.map((v) => [v.version, v.source, v.sample, v.entryCount])).toEqual([
			[2, 'cadastro.csv', false, 3],
			[1, 'cadastro.csv', false, 3]
		]);
		expect(after?.latest?.entries.map((e) => [e.prefixo, e.placa, e.situacao])).toEqual([
			['1', 'NEF4275', 'ativa'],
			['2', 'NCM3866', 'ativa'],
			['3', 'QRE8I58', 'suspensa']
		]);
	});

	test('a file with errors lists every line and leaves the database as it was', async () => {
		expect(importCsv(file('cadastro.csv', csv(ROWS))).status).toBe(0);
		const bad = [
			ROWS[0] ?? '',
			(ROWS[1] ?? '').replace('NCM-3866', 'XX-1'),
			(ROWS[2] ?? '').replace(',2024,', ',20x4,').replace('2030-11-24', '2030-02-30')
		];
		const run = importCsv(file('errado.csv', csv(bad)));
		expect(run.status).toBe(1);
		const lines = run.stderr.trim().split('\n');
		expect(lines).toEqual([
			expect.stringMatching(/^linha 3: Placa inválida: "XX-1"/),
			expect.stringMatching(/^linha 4: Ano de fabricação impossível: "20x4"/),
			expect.stringMatching(/^linha 4: Data impossível: "2030-02-30"/),
			'errado.csv: 3 erro(s); nada foi publicado.'
		]);
		// Only the line and the faulty field: no one's name.
		expect(run.stderr).not.toMatch(/Edvaldo|Cleiton/);
		expect(run.stdout).toBe('');
		expect((await history())?.versions.map((v) => v.version)).toEqual([1]);
	});

	test('--dry-run validates and touches no database', async () => {
		const run = importCsv(file('cadastro.csv', csv(ROWS)), '--dry-run');
		expect(run.status).toBe(0);
		expect(run.stdout).toMatch(/válido, 3 veículo\(s\).*Nada foi publicado \(--dry-run\)/);
		expect(await history()).toBeNull();

		expect(importCsv(file('a.csv', csv(ROWS))).status).toBe(0);
		expect(importCsv(file('b.csv', csv(ROWS)), '--dry-run').status).toBe(0);
		expect((await history())?.versions.map((v) => v.version)).toEqual([1]);
	});

	test('usage errors exit with 2', () => {
		const missing = importCsv(join(dir, 'nao-existe.csv'));
		expect(missing.status).toBe(2);
		expect(missing.stderr).toMatch(/Arquivo não encontrado/);
		expect(importCsv().status).toBe(2);
		expect(importCsv(file('a.csv', csv(ROWS)), '--force').status).toBe(2);
	});
});
