/**
 * Fuzzing every public endpoint and every form action of the BUILT server: generated
 * bodies — wrong content types, broken JSON and multipart, huge strings, unicode, prototype keys,
 * bad dates — and generated query strings and route parameters, anonymous and signed in. Whatever
 * arrives, the answer must be a 2xx/3xx/4xx, never a 5xx.
 *
 * The targets are read from src/routes, so a new endpoint or action is fuzzed without listing it:
 * every `+server.ts` with its exported methods, every `+page.server.ts` with its load (GET) and its
 * actions (POST `?/name`), field names from the route's files.
 *
 * Used by tests/integration/fuzz.spec.ts (a short round in `npm test`) and scripts/bench/bench-fuzz.ts (a long
 * round in `npm run bench`). Deterministic for a seed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
// The file itself: the folder's index loads the guard, which reads SvelteKit's $app/server (only
// Vite provides it; the bench runs this under tsx).
import { createStaff } from '../../src/lib/server/auth/staff';
import { createDb, migrate } from '../../src/lib/server/db';
import { ensureBuilt, startServer, stopServer, type Server } from './server-harness';

const routesRoot = fileURLToPath(new URL('../../src/routes', import.meta.url));

export interface Target {
	/** SvelteKit route id, e.g. `/admin/reclamacoes/[protocolo]`. */
	id: string;
	method: string;
	/** A form action's name (POST `?/name`), or null. */
	action: string | null;
	kind: 'endpoint' | 'page' | 'action';
	/** Field names seen in the route's files. */
	fields: string[];
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** Every endpoint method, page load and form action under src/routes. */
export function discoverTargets(dir = routesRoot): Target[] {
	const targets: Target[] = [];
	const here = readdirSync(dir);
	const rel = relative(routesRoot, dir).split(sep).join('/');
	const id = rel ? `/${rel}` : '/';
	const sources = here
		.filter((f) => /\.(ts|svelte)$/.test(f))
		.map((f) => readFileSync(join(dir, f), 'utf8'))
		.join('\n');
	const fields = [
		...new Set(
			[
				...sources.matchAll(/(?:\.get(?:All)?\(|text\(\w+, |name=)["']([A-Za-z_][\w-]{0,40})["']/g)
			].map((m) => m[1]!)
		)
	];
	if (here.includes('+server.ts')) {
		const code = readFileSync(join(dir, '+server.ts'), 'utf8');
		for (const method of METHODS)
			if (new RegExp(`export (const|async function|function) ${method}\\b`).test(code))
				targets.push({ id, method, action: null, kind: 'endpoint', fields });
	}
	if (here.includes('+page.svelte'))
		targets.push({ id, method: 'GET', action: null, kind: 'page', fields });
	if (here.includes('+page.server.ts')) {
		const code = readFileSync(join(dir, '+page.server.ts'), 'utf8');
		const block = code.slice(code.indexOf('export const actions'));
		if (code.includes('export const actions'))
			for (const m of block.matchAll(/^\t(\w+): (?:async )?\(/gm))
				targets.push({ id, method: 'POST', action: m[1]!, kind: 'action', fields });
	}
	for (const f of here)
		if (statSync(join(dir, f)).isDirectory()) targets.push(...discoverTargets(join(dir, f)));
	return targets;
}

/** mulberry32: a small seeded PRNG, so a failing round can be replayed. */
export function random(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Values no form or API expects. */
const NASTY = [
	'',
	' ',
	'0',
	'-1',
	'1e309',
	'NaN',
	'null',
	'true',
	'[]',
	'{}',
	'9999-12-31',
	'0000-00-00',
	'2026-02-30',
	'-271821-04-19',
	'+275760-09-13T00:00:00Z',
	'2026-12-02T25:61',
	'9999-12-31T23:59:59-04:00',
	'31/12/9999',
	'__proto__',
	'constructor',
	'toString',
	'hasOwnProperty',
	'\u202e\u0000\u200b',
	'\ud800',
	'😀🛵'.repeat(50),
	'<script>alert(1)</script>',
	"' OR 1=1 --",
	'=cmd|calc!A0;x',
	'../../etc/passwd',
	'%E0%A4%A',
	'%00',
	'a'.repeat(5_000),
	'RM-2026-000001',
	'AI-2026-000001',
	'007',
	'MT-007',
	'abc-1234',
	'/admin/%E2%80%AE',
	'//evil.example',
	'1',
	'99999999999999999999999'
];

const value = (r: Rand): string => {
	const roll = r();
	if (roll < 0.03) return 'x'.repeat(200_000 + Math.floor(r() * 300_000));
	if (roll < 0.1)
		return String.fromCodePoint(
			...Array.from({ length: 20 }, () => Math.floor(r() * 0x10ffff) & 0xd7ff)
		);
	return pick(r, NASTY);
};

/** encodeURIComponent, and for a lone surrogate (which it refuses) the bytes of one, invalid UTF-8. */
const enc = (text: string): string => {
	try {
		return encodeURIComponent(text);
	} catch {
		return '%ED%A0%80';
	}
};

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf'];

export interface FuzzRequest {
	method: string;
	path: string;
	headers: Record<string, string>;
	body?: string | Uint8Array | FormData | URLSearchParams;
	label: string;
	/** Sent as written on a socket (headers fetch would refuse or fix). */
	raw?: boolean;
	/**
	 * Sent on a socket of its own with a body of `bodyBytes`, then a valid request on the same
	 * keep-alive connection: both must be answered (or the first must say `Connection: close`).
	 */
	keepAlive?: { bodyBytes: number };
}

/** Share of body requests sent as a keep-alive pair (the body's size drawn from PAIR_SIZES). */
export const KEEP_ALIVE_SHARE = 0.15;
/** Small, around the drain bound (1 MiB), past the API's 1 MiB, and past BODY_SIZE_LIMIT (17 MiB). */
const PAIR_SIZES = [
	0, 2_000, 140_000, 600_000, 1_000_000, 1_050_000, 2_000_000, 10_000_000, 18_000_000
];

/** A body of one of PAIR_SIZES, of any type, with or without the Origin header (403 CSRF). */
function keepAlivePair(
	r: Rand,
	target: Target,
	path: string,
	headers: Record<string, string>,
	label: string
): FuzzRequest {
	const type = pick(r, [
		'application/json',
		'application/x-www-form-urlencoded',
		'multipart/form-data; boundary=zz',
		'text/plain',
		'image/jpeg'
	]);
	return {
		method: target.method,
		path,
		headers: { ...headers, 'content-type': type },
		label: `${label} [keep-alive]`,
		keepAlive: { bodyBytes: pick(r, PAIR_SIZES) }
	};
}

/** A route id with its parameters filled (nasty or plausible). */
function pathOf(r: Rand, id: string): string {
	const path = id
		.split('/')
		.filter((part) => !/^\(.+\)$/.test(part))
		.join('/')
		.replace(/\[\.\.\.\w+\]/g, () => pick(r, ['a/b/c', '', '%2e%2e/%2e%2e', 'x'.repeat(300)]))
		.replace(/\[(\w+)\]/g, () =>
			enc(
				pick(
					r,
					NASTY.filter((v) => v.length < 300 && v !== '')
				)
			).replace(/%25/g, r() < 0.5 ? '%' : '%25')
		);
	return path === '' ? '/' : path.replace(/\/+$/, '') || '/';
}

function query(r: Rand, fields: string[]): string {
	const params: string[] = [];
	const names = [
		...fields,
		'at',
		'de',
		'ate',
		'volta',
		'token',
		'q',
		'status',
		'pagina',
		'year',
		'start_date',
		'end_date',
		...PROTO_KEYS
	];
	const n = Math.floor(r() * 4);
	for (let i = 0; i < n; i++) {
		const name = pick(r, names);
		const v = DATE_PARAMS.has(name) && r() < 0.7 ? dateValue(r) : value(r);
		params.push(`${enc(name)}=${enc(v.length > 2000 ? v.slice(0, 2000) : v)}`);
	}
	return params.join('&');
}

/** Query parameters that hold a date or an instant somewhere in the app (Open311, the API, staff lists). */
const DATE_PARAMS = new Set(['at', 'de', 'ate', 'year', 'start_date', 'end_date']);

/** Dates at and past the edges of the calendar, as a day, an instant or a year. */
function dateValue(r: Rand): string {
	const year = pick(r, ['0000', '0001', '1969', '1970', '2026', '2099', '9998', '9999']);
	const day = pick(r, ['01-01', '02-29', '02-30', '12-31', '13-01', '00-00']);
	return pick(r, [
		`${year}-${day}`,
		`${year}-${day}T23:59:59-04:00`,
		`${year}-${day}T00:00:00Z`,
		`${year}-${day}T24:00:00+14:00`,
		'+275760-09-13T00:00:00Z',
		'-271821-04-20T00:00:00Z',
		'+010000-01-01',
		year,
		'99999',
		'-1'
	]);
}

function formBody(r: Rand, fields: string[]): URLSearchParams {
	const params = new URLSearchParams();
	const names = [...fields, ...PROTO_KEYS];
	const n = 1 + Math.floor(r() * 8);
	for (let i = 0; i < n; i++) params.append(pick(r, names), value(r));
	return params;
}

function multipart(r: Rand, fields: string[]): FormData {
	const form = new FormData();
	const names = [...fields, ...PROTO_KEYS];
	const n = 1 + Math.floor(r() * 6);
	for (let i = 0; i < n; i++) {
		const name = pick(r, names);
		if (r() < 0.3) {
			const size = pick(r, [0, 10, 4096, 600_000, 6 * 1024 * 1024]);
			const bytes = new Uint8Array(size);
			if (r() < 0.5 && size > 4) bytes.set([0xff, 0xd8, 0xff, 0xe0]);
			form.append(
				name,
				new Blob([bytes], { type: pick(r, ['image/jpeg', 'text/csv', '']) }),
				pick(r, ['foto.jpg', 'cadastro.csv', '../x', '\u202e.csv'])
			);
		} else form.append(name, value(r));
	}
	return form;
}

const JSON_BODIES = (r: Rand, fields: string[]): string =>
	pick(r, [
		'{',
		'{"a":',
		'[',
		'null',
		'"texto"',
		'12',
		'[]',
		'{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
		JSON.stringify(Object.fromEntries(fields.map((f) => [f, value(r).slice(0, 5000)]))),
		JSON.stringify({
			vehicle: value(r).slice(0, 300),
			occurredAt: value(r).slice(0, 300),
			situations: [value(r).slice(0, 100)],
			description: value(r).slice(0, 3000),
			photos: [value(r).slice(0, 100)]
		}),
		'['.repeat(20_000) + ']'.repeat(20_000),
		`{"a":"${'x'.repeat(300_000)}"}`
	]);

/** One generated request for `target`. */
export function generate(r: Rand, target: Target, origin: string): FuzzRequest {
	const q = query(r, target.fields);
	let path = pathOf(r, target.id);
	if (target.kind === 'action') {
		// The route's own action (the default one has no name in the URL), or a name no route may
		// answer with a 5xx: `default` (SvelteKit reserves it), prototype keys, nonsense.
		const odd = r() < 0.15 ? pick(r, [...PROTO_KEYS, 'default', 'nada', '', '%E0%A4%A']) : null;
		const act = odd !== null ? `/${odd}` : target.action === 'default' ? '' : `/${target.action}`;
		path += `?${act}${q ? `${act ? '&' : ''}${q}` : ''}`;
	} else if (q) path += `?${q}`;
	const headers: Record<string, string> = {};
	if (r() < 0.9) headers.origin = origin;
	if (r() < 0.5) headers['accept-language'] = pick(r, ['pt-BR', 'es', 'en', 'xx', '*;q=abc', '']);
	if (r() < 0.3) headers['x-sveltekit-action'] = 'true';
	if (r() < 0.2)
		headers['idempotency-key'] = pick(r, [
			crypto.randomUUID(),
			'',
			'ação-çã',
			'x'.repeat(200),
			'%F0%9F%92%A5'
		]);
	const label = `${target.method} ${target.id}${target.action ? ` ?/${target.action}` : ''}`;
	if (target.method === 'GET' || target.method === 'HEAD' || target.method === 'OPTIONS')
		return { method: target.method, path, headers, label };

	if (r() < KEEP_ALIVE_SHARE) return keepAlivePair(r, target, path, headers, label);
	const kind = r();
	if (kind < 0.25)
		return { method: target.method, path, headers, body: formBody(r, target.fields), label };
	if (kind < 0.45)
		return { method: target.method, path, headers, body: multipart(r, target.fields), label };
	if (kind < 0.6) {
		headers['content-type'] = 'application/json';
		return { method: target.method, path, headers, body: JSON_BODIES(r, target.fields), label };
	}
	if (kind < 0.72) {
		headers['content-type'] = pick(r, [
			'multipart/form-data',
			'multipart/form-data; boundary=zz',
			'multipart/form-data; boundary='
		]);
		return {
			method: target.method,
			path,
			headers,
			body: pick(r, [
				'--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nx',
				'garbage',
				'--zz--',
				''
			]),
			label
		};
	}
	if (kind < 0.84) {
		headers['content-type'] = pick(r, [
			'text/plain',
			'application/xml',
			'application/octet-stream',
			'x/'.repeat(100),
			''
		]);
		return { method: target.method, path, headers, body: value(r), label };
	}
	if (kind < 0.92) {
		headers['content-type'] = 'application/x-www-form-urlencoded';
		return {
			method: target.method,
			path,
			headers,
			body: pick(r, [
				'%',
				'a=%E0%A4%A',
				'&&&===',
				'a'.repeat(100_000) + '=1',
				'__proto__[x]=1&constructor[prototype][y]=2'
			]),
			label
		};
	}
	// A body that says it is 20 MB (past BODY_SIZE_LIMIT) and stops short: sent on a raw socket,
	// since fetch will not send a length that lies.
	headers['content-type'] = 'application/x-www-form-urlencoded';
	headers['content-length'] = String(20 * 1024 * 1024);
	return { method: target.method, path, headers, body: 'a='.padEnd(1024, 'x'), label, raw: true };
}

export interface Outcome {
	status: number;
	label: string;
	path: string;
	/** Why no answer came (status 0), or why the connection broke (a reset). */
	error?: string;
	/** The connection was reset or stalled instead of answered (ECONNRESET, EPIPE, no answer). */
	reset?: boolean;
	/** Keep-alive pairs: the status of the request sent after it on the same connection. */
	next?: number | 'closed';
	/** Keep-alive pairs: the size of the body sent. */
	bodyBytes?: number;
}

/** The status line of an answer to a request written as is on a socket (0: none). */
function sendRaw(base: string, request: FuzzRequest, cookie?: string): Promise<number> {
	const url = new URL(base);
	return new Promise((resolve) => {
		const socket = connect(Number(url.port), url.hostname);
		let answer = '';
		const done = () => {
			socket.destroy();
			resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0));
		};
		socket.setTimeout(30_000, done);
		socket.on('data', (chunk) => {
			answer += chunk.toString('latin1');
			if (answer.includes('\r\n')) done();
		});
		socket.on('error', done);
		socket.on('close', done);
		const headers = { host: url.host, ...request.headers, ...(cookie ? { cookie } : {}) };
		socket.write(
			`${request.method} ${request.path} HTTP/1.1\r\n` +
				Object.entries(headers)
					.map(([k, v]) => `${k}: ${v}\r\n`)
					.join('') +
				'\r\n' +
				(typeof request.body === 'string' ? request.body : '')
		);
	});
}

/** An HTTP/1.1 answer read off a socket: its status and whether it closes the connection. */
interface Answer {
	status: number;
	close: boolean;
}

/**
 * The complete answers at the start of `bytes`, framed by Content-Length or chunked encoding (a
 * second answer starts right after the first one's body, not on a line of its own).
 */
export function parseAnswers(bytes: Buffer): Answer[] {
	const answers: Answer[] = [];
	let at = 0;
	for (;;) {
		const end = bytes.indexOf('\r\n\r\n', at);
		if (end < 0) return answers;
		const head = bytes.subarray(at, end).toString('latin1');
		const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
		const close = /\r\nconnection: *close/i.test(head);
		let next = end + 4;
		const length = /\r\ncontent-length: *(\d+)/i.exec(head);
		if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
			for (;;) {
				const line = bytes.indexOf('\r\n', next);
				if (line < 0) return answers;
				const size = Number.parseInt(bytes.subarray(next, line).toString('latin1'), 16);
				next = line + 2 + size + 2;
				if (next > bytes.length) return answers;
				if (size === 0) break;
			}
		} else if (length) {
			next += Number(length[1]);
			if (next > bytes.length) return answers;
		}
		answers.push({ status, close });
		at = next;
	}
}

/**
 * A keep-alive pair: `request` with its body, then `GET /healthz` on the same connection. The
 * client behaves as RFC 9112 asks: it stops sending a body once an answer says the server closes
 * the connection, and then expects no answer to the second request (it would send it again on a
 * new connection).
 */
function sendPair(base: string, request: FuzzRequest, cookie?: string): Promise<Outcome> {
	const url = new URL(base);
	const size = request.keepAlive?.bodyBytes ?? 0;
	const about = { label: request.label, path: request.path, bodyBytes: size };
	return new Promise((resolve) => {
		const socket = connect(Number(url.port), url.hostname);
		let received = Buffer.alloc(0);
		let answers: Answer[] = [];
		let settled = false;
		const closing = () => answers[0]?.close === true;
		const finish = (outcome: Partial<Outcome>) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			socket.destroy();
			const [first, next] = answers;
			resolve({
				...about,
				status: first?.status ?? 0,
				...(next ? { next: next.status } : {}),
				...outcome
			});
		};
		const timer = setTimeout(() => finish({ reset: true, error: 'no answer in 20 s' }), 20_000);
		socket.on('data', (chunk: Buffer) => {
			received = Buffer.concat([received, chunk]);
			answers = parseAnswers(received);
			if (answers.length >= 2) finish({});
		});
		socket.on('error', (e: NodeJS.ErrnoException) =>
			finish({ reset: true, error: e.code ?? e.message })
		);
		// Closed after an answer that said so: clean. Closed otherwise: the pair was cut.
		socket.on('close', () =>
			finish(
				closing() && answers.length === 1
					? { next: 'closed' }
					: { reset: true, error: `closed after ${answers.length} answer(s)` }
			)
		);
		const headers = {
			host: url.host,
			...request.headers,
			...(cookie ? { cookie } : {}),
			'content-length': String(size)
		};
		socket.write(
			`${request.method} ${request.path} HTTP/1.1\r\n` +
				Object.entries(headers)
					.map(([k, v]) => `${k}: ${v}\r\n`)
					.join('') +
				'\r\n'
		);
		const chunk = Buffer.alloc(64 * 1024, 'x');
		let sent = 0;
		const pump = () => {
			while (sent < size && !closing() && !settled) {
				const n = Math.min(chunk.length, size - sent);
				sent += n;
				if (!socket.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
					socket.once('drain', pump);
					return;
				}
			}
			if (!closing() && !settled)
				socket.write(`GET /healthz HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`);
		};
		pump();
	});
}

/**
 * Sends one request, once: a connection reset or an unanswered request is an outcome (status 0,
 * `reset`), never retried away.
 */
export async function send(base: string, request: FuzzRequest, cookie?: string): Promise<Outcome> {
	if (request.keepAlive) return sendPair(base, request, cookie);
	if (request.raw) {
		const status = await sendRaw(base, request, cookie);
		return { status, label: request.label, path: request.path, ...(status ? {} : { reset: true }) };
	}
	const headers = { ...request.headers, ...(cookie ? { cookie } : {}) };
	try {
		const response = await fetch(base + request.path, {
			method: request.method,
			headers,
			// Node's fetch sends every body type FuzzRequest has; the DOM typing wants an ArrayBuffer-backed array.
			body: request.body as BodyInit | undefined,
			redirect: 'manual',
			signal: AbortSignal.timeout(60_000)
		});
		await response.arrayBuffer().catch(() => undefined);
		return { status: response.status, label: request.label, path: request.path };
	} catch (e) {
		const body = request.body;
		const size =
			typeof body === 'string'
				? body.length
				: body instanceof Uint8Array
					? body.byteLength
					: body instanceof FormData
						? 'form-data'
						: body
							? 'urlencoded'
							: 'none';
		const error =
			(e instanceof Error ? `${e.message} ${String(e.cause ?? '')}` : String(e)) +
			` (body: ${size}, ${request.headers['content-type'] ?? 'no type'})`;
		return { status: 0, label: request.label, path: request.path, error, reset: true };
	}
}

export interface RoundOptions {
	base: string;
	requests: number;
	seed: number;
	/** Cookie header of a signed-in member (null: anonymous). */
	cookie?: string | null;
	/** Requests in flight at once. */
	concurrency?: number;
	/** Targets left out (e.g. the logout action while signed in). */
	skip?: (t: Target) => boolean;
}

/** A round: `requests` generated requests spread over every target. */
export async function fuzzRound(options: RoundOptions): Promise<Outcome[]> {
	const r = random(options.seed);
	const targets = discoverTargets().filter((t) => !options.skip?.(t));
	const origin = new URL(options.base).origin;
	const queue = Array.from({ length: options.requests }, (_, i) =>
		generate(r, targets[i % targets.length]!, origin)
	);
	const outcomes: Outcome[] = [];
	const worker = async () => {
		for (let next = queue.shift(); next; next = queue.shift())
			outcomes.push(await send(options.base, next, options.cookie ?? undefined));
	};
	await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
	return outcomes;
}

/** Counts by status, e.g. `{ "200": 120, "400": 310, … }`. */
export function countByStatus(outcomes: readonly Outcome[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
	return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => Number(a) - Number(b)));
}

/** A stack trace in the server's output (a V8 frame line, or a logged `stack` field). */
export const STACK = /^\s+at .+(?:\(.*:\d+:\d+\)|:\d+:\d+)$|"stack"\s*:/m;

/** Signs in by the form; the session cookie for a Cookie header. */
export async function signInCookie(base: string, email: string, password: string): Promise<string> {
	const response = await fetch(`${base}/admin/login`, {
		method: 'POST',
		headers: {
			origin: new URL(base).origin,
			accept: 'text/html',
			'content-type': 'application/x-www-form-urlencoded'
		},
		body: new URLSearchParams({ email, senha: password }),
		redirect: 'manual'
	});
	const cookie = /(__Host-garupa-sessao=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
	if (response.status !== 303 || !cookie)
		throw new Error(`sign-in failed: ${response.status} ${(await response.text()).slice(0, 3000)}`);
	return cookie;
}

export const FUZZ_ACCOUNTS = {
	gestor: { email: 'fuzz-gestor@garupa.test', password: 'fuzz gestor senha longa 1' },
	fiscal: { email: 'fuzz-fiscal@garupa.test', password: 'fuzz fiscal senha longa 1' }
} as const;

export interface FuzzServer {
	server: Server;
	cookies: Record<keyof typeof FUZZ_ACCOUNTS, string>;
	stop: () => Promise<void>;
}

/**
 * The built server on a fresh SQLite file with a gestor and a fiscal, both signed in, the body
 * limit `npm start` sets and a complaint rate limit high enough for the fuzz to reach the
 * handlers.
 */
export async function startFuzzServer(): Promise<FuzzServer> {
	ensureBuilt();
	const dir = mkdtempSync(join(tmpdir(), 'garupa-fuzz-'));
	const path = join(dir, 'fuzz.db');
	const db = createDb({ kind: 'sqlite', path });
	await migrate(db);
	await createStaff(db, { ...FUZZ_ACCOUNTS.gestor, name: 'Gestor Fuzz', role: 'gestor' });
	await createStaff(db, { ...FUZZ_ACCOUNTS.fiscal, name: 'Fiscal Fuzz', role: 'fiscal' });
	await db.destroy();
	const server = await startServer(`file:${path}`, {
		BODY_SIZE_LIMIT: '17M',
		COMPLAINTS_RATE_LIMIT: '1000000/600',
		// The client's pool (undici) stops reusing an idle socket a second before the server's
		// 5 s keep-alive timeout, by a coarse timer; on a loaded machine it can pick one the server
		// is closing at that instant — the idle race every HTTP/1.1 client must retry (browsers
		// do). The round looks for resets the server causes, so idle connections outlive any
		// pause in it.
		KEEP_ALIVE_TIMEOUT: '60',
		// Those idle connections (the client's pool keeps them) and any body a round left half-sent
		// would hold a graceful stop for adapter-node's 30 s: the round is over, close them at 2 s.
		SHUTDOWN_TIMEOUT: '2'
	});
	const sign = (role: keyof typeof FUZZ_ACCOUNTS) =>
		signInCookie(server.url, FUZZ_ACCOUNTS[role].email, FUZZ_ACCOUNTS[role].password);
	const cookies = { gestor: await sign('gestor'), fiscal: await sign('fiscal') };
	return {
		server,
		cookies,
		stop: async () => {
			await stopServer(server);
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

/** The round of each visitor: anonymous, fiscal, gestor (never signing itself out). */
export const VISITORS = ['anonymous', 'fiscal', 'gestor'] as const;
export const skipFor = (who: (typeof VISITORS)[number]) => (t: Target) =>
	who !== 'anonymous' && t.id === '/admin/logout';

/** The log lines that carry a stack trace. */
export const stackLines = (log: string): string[] =>
	log.split('\n').filter((line) => STACK.test(line));
