/**
 * `npm start` on a developer's machine: after the start-up summary, the terminal shows only what
 * went wrong, as short text — not one JSON line per request, which buried the summary within
 * minutes. Into a pipe or a file (journald) the log stays one JSON line per request. The terminal is
 * a real pseudo-terminal (util-linux `script`), so `process.stdout.isTTY` is what a developer's is.
 * However the `npm start` process ends — a signal, or SIGKILL, which it cannot catch — its server
 * ends too: it never stays behind holding the port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { officeOf } from '../../scripts/cli/start-summary.js';
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
 * and its database; `terminal` runs it in a pseudo-terminal, `direct` with no shell between (the
 * process is start.js itself).
 */
async function npmStart(terminal: boolean, direct = false) {
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
		direct ? process.execPath : terminal ? 'script' : 'sh',
		direct
			? [join(root, 'scripts', 'cli', 'start.js')]
			: terminal
				? ['-qec', start, '/dev/null']
				: ['-c', start],
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
	return { url: `http://127.0.0.1:${port}`, output: () => output, until, child };
}

/** Whether a process runs (a zombie, dead but not yet reaped by whoever adopted it, does not). */
function alive(pid: number): boolean {
	const stat = `/proc/${pid}/stat`;
	if (!existsSync(stat)) return false;
	try {
		return readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z';
	} catch {
		return false;
	}
}

/** Polls `done` every 100 ms until it holds or `ms` pass (a bound, not a timing assertion). */
async function eventually(done: () => boolean | Promise<boolean>, ms = 60_000): Promise<boolean> {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		if (await done()) return true;
		await new Promise((r) => setTimeout(r, 100));
	}
	return done();
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
		// A new database has no staff account: the summary says how to create the first one, with
		// the name of the office of the city served.
		const office = officeOf(
			process.env.GARUPA_MUNICIPIO?.trim() || 'rolim-de-moura',
			join(root, 'profiles')
		);
		expect(server.output()).toContain(`Área da ${office}: http://localhost:`);
		expect(server.output()).toContain(`Primeira conta da ${office}: npm run staff:create --`);
		// The summary's own request is not shown; a client's id never hides a line.
		expect(server.output()).not.toMatch(/"requestId":"npm-start-/);
	}, 120_000);
});

describe('the server ends with npm start', () => {
	for (const signal of ['SIGKILL', 'SIGTERM', 'SIGHUP', 'SIGINT'] as const)
		test(`${signal} to the npm start process alone: the server ends, the port is free`, async () => {
			const server = await npmStart(false, true);
			await server.until('Ctrl+C encerra.');
			const parent = server.child.pid as number;
			const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(parent)], {
				encoding: 'utf8'
			})
				.stdout.trim()
				.split(/\s+/)
				.map(Number)
				.filter((n) => n > 0);
			expect(children).toHaveLength(1);
			const serverPid = children[0] as number;
			expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

			process.kill(parent, signal);
			expect(await eventually(() => !alive(serverPid))).toBe(true);
			expect(
				await eventually(() =>
					fetch(`${server.url}/healthz`).then(
						() => false,
						() => true
					)
				)
			).toBe(true);
			// npm start itself ends too (after its server, when it was the one to stop it).
			expect(await eventually(() => !alive(parent))).toBe(true);
		}, 120_000);
});
