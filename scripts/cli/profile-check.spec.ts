/**
 * `npm run profile:check -- <folder>` as the office runs it: exit 0 and what
 * changes for a valid profile, exit 1 and every error by file and path for an invalid one, exit 2
 * for a wrong call. The checks themselves are table-driven in src/lib/profile/check.spec.ts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'garupa-profile-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function check(...args: string[]) {
	const tsx = join(root, 'node_modules', '.bin', 'tsx');
	const run = spawnSync(tsx, ['scripts/cli/profile-check.ts', ...args], {
		cwd: root,
		env: { ...process.env, GARUPA_MUNICIPIO: 'rolim-de-moura' },
		encoding: 'utf8',
		timeout: 60_000
	});
	return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run profile:check', { timeout: 60_000 }, () => {
	test('the running profile: valid, nothing changes', () => {
		const run = check('--', 'profiles/rolim-de-moura');
		expect(run.status).toBe(0);
		expect(run.stdout).toContain('profiles/rolim-de-moura: perfil válido — Rolim de Moura (RO)');
		expect(run.stdout).toContain('Nada muda em relação ao perfil em uso (rolim-de-moura).');
	});

	test('a later law with Saturdays: valid, and says so from its first day', () => {
		const dir = join(scratch, 'rolim-de-moura');
		cpSync(join(root, 'profiles', 'rolim-de-moura'), dir, { recursive: true });
		const file = (name: string) => join(dir, 'regimes', name);
		const old = JSON.parse(readFileSync(file('lei-2059-2011.json'), 'utf8'));
		writeFileSync(file('lei-2059-2011.json'), JSON.stringify({ ...old, validTo: '2026-12-31' }));
		const next = {
			...old,
			validFrom: '2027-01-01',
			bandeira: { ...old.bandeira, saturdays: { cite: 'Art. 16 §1º' } }
		};
		writeFileSync(file('lei-teste-2027.json'), JSON.stringify(next));
		const run = check(dir);
		expect(run.status).toBe(0);
		expect(run.stdout).toContain('  - from 2027-01-01, bandeira II also on Saturdays');
	});

	test('an invalid profile: exit 1, each error by file and path', () => {
		const dir = join(scratch, 'invalid');
		cpSync(join(root, 'profiles', 'porto-velho'), dir, { recursive: true });
		const tariffs = JSON.parse(readFileSync(join(dir, 'tariffs.json'), 'utf8'));
		tariffs.decrees[0].validFrom = '2001-01-01';
		writeFileSync(join(dir, 'tariffs.json'), JSON.stringify(tariffs));
		const run = check(dir);
		expect(run.status).toBe(1);
		expect(run.stderr).toContain(
			"tariffs.json: decrees.0.validFrom: 2001-01-01 is before the first law's first day"
		);
	});

	test('a regime that leaves a check’s boarding effect unstated: exit 1, by file and path', () => {
		const dir = join(scratch, 'no-effect');
		cpSync(join(root, 'profiles', 'feira-de-santana'), dir, { recursive: true });
		const file = join(dir, 'regimes', 'lei-3815-2018.json');
		const regime = JSON.parse(readFileSync(file, 'utf8'));
		delete regime.registry.checks.vistoria.effect;
		writeFileSync(file, JSON.stringify(regime));
		const run = check(dir);
		expect(run.status).toBe(1);
		expect(run.stderr).toContain('regimes/lei-3815-2018.json: registry.checks.vistoria:');
	});

	test('no folder: exit 2 with the usage', () => {
		const run = check();
		expect(run.status).toBe(2);
		expect(run.stderr).toContain('Uso: npm run profile:check -- <pasta do perfil>');
	});
});
