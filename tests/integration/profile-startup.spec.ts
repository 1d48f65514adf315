/**
 * The built server and GARUPA_MUNICIPIO: an unknown name, an invalid profile or
 * a profile other than the one built in stops it at start-up with the errors — exit code ≠ 0, no
 * stack trace — and the default profile starts as before.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildDir, ensureBuilt, root, startServer, stopServer } from './server-harness';

const scratch = mkdtempSync(join(tmpdir(), 'garupa-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeAll(() => ensureBuilt(), 300_000);

/** `node <build>` from `cwd` (its profiles/ folder is the one read); returns when it exits. */
function start(env: Record<string, string>, cwd: string = root) {
	const run = spawnSync(process.execPath, [resolve(root, buildDir)], {
		cwd,
		env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATABASE_URL: 'file::memory:', ...env },
		encoding: 'utf8',
		timeout: 60_000
	});
	return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

/** A folder with a profiles/rolim-de-moura whose night window is broken. */
function brokenCopy(): string {
	const dir = join(scratch, 'broken');
	cpSync(join(root, 'profiles', 'rolim-de-moura'), join(dir, 'profiles', 'rolim-de-moura'), {
		recursive: true
	});
	const file = join(dir, 'profiles', 'rolim-de-moura', 'regimes', 'lei-2059-2011.json');
	const regime = JSON.parse(readFileSync(file, 'utf8'));
	regime.bandeira.night.start = '8pm';
	writeFileSync(file, JSON.stringify(regime));
	return dir;
}

describe('GARUPA_MUNICIPIO at start-up', { timeout: 120_000 }, () => {
	const cases: [why: string, env: Record<string, string>, cwd: () => string, says: RegExp][] = [
		[
			'an unknown name',
			{ GARUPA_MUNICIPIO: 'atlantida' },
			() => root,
			/GARUPA_MUNICIPIO: "atlantida" não é um perfil .*Perfis disponíveis: .*rolim-de-moura/
		],
		[
			'an invalid profile',
			{},
			brokenCopy,
			/regimes\/lei-2059-2011\.json: bandeira\.night\.start: expected HH:MM/
		],
		[
			'a profile other than the one built in',
			{ GARUPA_MUNICIPIO: 'porto-velho' },
			() => root,
			/GARUPA_MUNICIPIO=porto-velho, mas esta compilação traz o perfil rolim-de-moura/
		]
	];
	for (const [why, env, cwd, says] of cases)
		test(`${why}: no start, the errors, no stack trace`, () => {
			const run = start(env, cwd());
			expect(run.status).not.toBe(0);
			expect(run.stderr).toMatch(says);
			expect(run.stderr).not.toMatch(/^\s+at /m);
			expect(run.stdout).not.toContain('Listening on');
		});

	test('the default (rolim-de-moura) starts', async () => {
		const server = await startServer('file::memory:', { GARUPA_MUNICIPIO: '' });
		const res = await fetch(`${server.url}/api/holidays?year=2026`);
		expect(res.status).toBe(200);
		expect(await stopServer(server)).toBe(0);
	});
});
