#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than the sources (the build's output goes
 * to data/build.log, shown only when the build fails), then serves the app on
 * http://localhost:3000 — and http://127.0.0.1:3000 — (PORT, HOST and ORIGIN as adapter-node reads
 * them; ./start-env.js) and says, once it
 * listens, where it is, which database and profile it uses, whether the registry is the sample
 * one, where the staff's area is and, while there is no account, how to create the first one
 * (./start-summary.js). The server runs as its child (./serve.js) and ends with it, however this
 * process ends.
 */
import { spawnSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from '../build/build-inputs.js';
import { terminalLine } from '../../src/lib/server/runtime/log-text.js';
import { serverEnv } from './start-env.js';
import { officeOf, saysNoStaff, summaryLines } from './start-summary.js';

// The build carries one profile (GARUPA_MUNICIPIO, docs/profiles.md): another one needs a new build.
const municipio = process.env.GARUPA_MUNICIPIO?.trim() || 'rolim-de-moura';
const builtFor = 'data/build-profile.txt';
const sameProfile = existsSync(builtFor) && readFileSync(builtFor, 'utf8').trim() === municipio;
if (buildIsStale('build/index.js') || !sameProfile) {
	const log = 'data/build.log';
	mkdirSync('data', { recursive: true });
	// Measured (README, "Quick start"): 24 s on an idle 2-core machine, 2 to 5 minutes while other
	// work loads the cores.
	process.stdout.write(
		'Preparando o Garupa (primeira vez ou código alterado; de 30 s a 5 min, conforme a carga da máquina)… '
	);
	const started = Date.now();
	const fd = openSync(log, 'w');
	const r = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', fd, fd] });
	closeSync(fd);
	if (r.status !== 0) {
		console.log('falhou.\n');
		console.log(readFileSync(log, 'utf8'));
		console.error(`\nA compilação falhou (saída completa em ${log}).`);
		process.exit(r.status ?? 1);
	}
	writeFileSync(builtFor, `${municipio}\n`);
	console.log(`pronto em ${Math.round((Date.now() - started) / 1000)} s (registro em ${log}).`);
}

// PORT, ORIGIN (localhost, with 127.0.0.1 trusted too, unless set), BODY_SIZE_LIMIT: start-env.js.
const env = serverEnv(process.env);
const port = env.PORT;

/** Which database, without a password. */
function database() {
	const url = (process.env.DATABASE_URL ?? '').trim();
	if (/^postgres(ql)?:\/\//.test(url)) {
		try {
			const u = new URL(url);
			return `PostgreSQL em ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
		} catch {
			return 'PostgreSQL';
		}
	}
	return `SQLite em ${url.startsWith('file:') ? url.slice(5) : 'data/garupa.db'}`;
}

const local = `http://localhost:${port}`;

// `node build` through ./serve.js, with an IPC channel: when this process ends, even by SIGKILL,
// the channel closes and the server shuts down (it never outlives `npm start` holding the port).
const child = spawn(process.execPath, [fileURLToPath(new URL('./serve.js', import.meta.url))], {
	stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
	env
});
/** The summary's own request is not shown; an id nobody else can send (a client's id is logged). */
const ownRequest = `npm-start-${randomUUID()}`;
const office = officeOf(env.GARUPA_MUNICIPIO?.trim() || 'rolim-de-moura');
let said = false;
let noStaff = false;
/**
 * Passes the server's output on, line by line. It logs JSON lines (src/lib/server/runtime/log.ts): at a
 * terminal they read as short text, and only the requests that went wrong are shown (one line per
 * request would bury the summary within minutes); into a file or a pipe they stay JSON, as journald
 * gets them.
 * @param {import('node:stream').Readable} from
 * @param {NodeJS.WriteStream} to
 */
function relay(from, to) {
	const terminal = Boolean(to.isTTY);
	createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
		if (saysNoStaff(line)) noStaff = true;
		if (line.startsWith('Listening on')) {
			// adapter-node's own line is replaced by the summary below.
			if (!said) {
				said = true;
				void summary(terminal);
			}
			return;
		}
		if (line.includes(`"requestId":"${ownRequest}"`)) return;
		const shown = terminal ? terminalLine(line) : line;
		if (shown !== null) to.write(`${shown}\n`);
	});
}
relay(child.stdout, process.stdout);
relay(child.stderr, process.stderr);

/** @param {boolean} terminal the log is shown as text (only warnings and errors of requests) */
async function summary(terminal) {
	let sample = 'não foi possível consultar';
	try {
		const res = await fetch(`${local}/api/registry`, {
			headers: { 'x-request-id': ownRequest }
		});
		const body = res.ok ? await res.json() : null;
		sample = body?.sample
			? 'sim — cadastro e pontos FICTÍCIOS; importe o real com npm run registry:import -- <arquivo.csv>'
			: body
				? `não (cadastro versão ${body.version})`
				: 'nenhum cadastro publicado';
	} catch {
		// The summary is a courtesy; the server runs anyway.
	}
	const lines = summaryLines({
		local,
		address:
			env.ORIGIN !== local
				? `  (endereço público: ${env.ORIGIN})`
				: process.env.ORIGIN
					? ''
					: ` (ou http://127.0.0.1:${port})`,
		database: database(),
		municipio: env.GARUPA_MUNICIPIO || 'rolim-de-moura',
		sample,
		office,
		noStaff,
		terminal
	});
	console.log(lines.join('\n'));
}

// Ctrl+C, kill, a closed terminal: the server shuts down gracefully, then this process exits with it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
	process.on(signal, () => child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
child.on('exit', (code) => process.exit(code ?? 0));
