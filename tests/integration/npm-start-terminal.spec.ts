/**
 * `npm start` on a developer's machine: after the start-up summary, the terminal shows only what
 * went wrong, as short text — not one JSON line per request, which buried the summary within
 * minutes. Into a pipe or a file (journald) the log stays one JSON line per request. The terminal is
 * a real pseudo-terminal (util-linux `script`), so `process.stdout.isTTY` is what a developer's is.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { buildDir, ensureBuilt, freePort, root } from './server-harness';

const hasScript = spawnSync('script', ['--version']).status === 0;
const running: { child: ChildProcess; dir: string }[] = [];

afterEach(() => {
	for (const { child, dir } of running.splice(0)) {
		try {
			if (child.pid) process.kill(-child.pid, 'SIGTERM');
		} catch {
			// already gone
		}
		rmSync(dir, { recursive: true, force: true });
	}
});

/**
 * `node scripts/cli/start.js` in a folder of its own that holds the build (so it does not build again)
 * and its database; `terminal` runs it in a pseudo-terminal.
 */
async function npmStart(terminal: boolean) {
	ensureBuilt();
	const dir = mkdtempSync(join(tmpdir(), 'garupa-start-'));
	symlinkSync(join(root, buildDir), join(dir, 'build'));
	symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
	// The server checks its profile at start-up (older than the build: start.js does not rebuild).
	symlinkSync(join(root, 'profiles'), join(dir, 'profiles'));
	mkdirSync(join(dir, 'data'));
	const municipio = process.env.GARUPA_MUNICIPIO?.trim() || 'rolim-de-moura';
	writeFileSync(join(dir, 'data', 'build-profile.txt'), `${municipio}\n`);
	const port = await freePort();
	const start = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(root, 'scripts', 'cli', 'start.js'))}`;
	const child = spawn(
		terminal ? 'script' : 'sh',
		terminal ? ['-qec', start, '/dev/null'] : ['-c', start],
		{
			cwd: dir,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: {
				...process.env,
				PORT: String(port),
				HOST: '127.0.0.1',
				ORIGIN: `http://localhost:${port}`,
				DATABASE_URL: `file:${join(dir, 'data', 'garupa.db')}`
			}
		}
	);
	running.push({ child, dir });
	let output = '';
	const append = (chunk: Buffer) => (output += chunk.toString().replace(/\r\n/g, '\n'));
	child.stdout?.on('data', append);
	child.stderr?.on('data', append);
	const until = async (what: string | RegExp, ms = 60_000) => {
		const end = Date.now() + ms;
		while (!(typeof what === 'string' ? output.includes(what) : what.test(output))) {
			if (Date.now() > end) throw new Error(`no ${what} in:\n${output}`);
			if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
			await new Promise((r) => setTimeout(r, 100));
		}
	};
	return { url: `http://127.0.0.1:${port}`, output: () => output, until };
}

/** A rider's few minutes: pages, the API, a missing page. */
async function browse(url: string) {
	for (let i = 0; i < 4; i++)
		for (const path of ['/', '/tarifa', '/verificar', '/pontos', '/api/bandeira', '/api/registry'])
			expect((await fetch(url + path)).status).toBe(200);
	expect((await fetch(`${url}/pagina-que-nao-existe`)).status).toBe(404);
}

describe('the log of npm start', () => {
	test.skipIf(!hasScript)(
		'at a terminal: the summary, then only the request that went wrong, as one short line',
		async () => {
			const server = await npmStart(true);
			await server.until('Ctrl+C encerra.');
			const summaryEnd = server.output().length;
			expect(server.output()).toContain('Registro: aqui só avisos e erros');
			await browse(server.url);
			await server.until(/aviso GET .* → 404/);
			const after = server.output().slice(summaryEnd).trim().split('\n');
			expect(after).toHaveLength(1);
			// No route matched: the path a rider typed is never logged.
			expect(after[0]).toMatch(/^\d{2}:\d{2}:\d{2} aviso GET \(sem rota\) → 404 \(\d+ ms\)$/);
			// Start-up messages before the summary are text too: no JSON anywhere.
			expect(
				server
					.output()
					.split('\n')
					.filter((l) => l.startsWith('{'))
			).toEqual([]);
		},
		120_000
	);

	test('into a pipe (journald, a file): one JSON line per request, as before', async () => {
		const server = await npmStart(false);
		await server.until('Ctrl+C encerra.');
		await browse(server.url);
		await server.until('"status":404');
		const requests = server
			.output()
			.split('\n')
			.filter((l) => l.startsWith('{') && JSON.parse(l).msg === 'request');
		expect(requests.length).toBeGreaterThanOrEqual(25);
		expect(server.output()).not.toContain('Registro: aqui só avisos e erros');
	}, 120_000);
});
