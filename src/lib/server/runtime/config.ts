/**
 * The one reader of the environment. Everything else takes its settings from `config`, so a bad
 * deployment fails at start with one clear message instead of at the first request.
 *
 * Reads `process.env`, not `$env/*`, so the CLI scripts (run by tsx, outside Vite) share it.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/** The map's base tiles: any XYZ server, OpenStreetMap's standard tiles by default. */
export interface TilesConfig {
	/** Leaflet URL template, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
	url: string;
	/** Attribution HTML the tile server's licence requires. */
	attribution: string;
}

/** At most `limit` requests per client address in any `windowSeconds`. */
export interface RateLimitConfig {
	limit: number;
	windowSeconds: number;
}

export interface Config {
	database: DatabaseConfig;
	tiles: TilesConfig;
	/** `POST /api/complaints` per client address (`COMPLAINTS_RATE_LIMIT`, `<limit>/<seconds>`). */
	complaintsRateLimit: RateLimitConfig;
	/**
	 * Where rate-limit counters live (`RATE_LIMIT_STORE`): `memory` (one process) or `database`
	 * (shared by every instance on the database). Default: `database` on PostgreSQL, where several
	 * instances may run; `memory` on SQLite (one process).
	 */
	rateLimitStore: 'memory' | 'database';
	/**
	 * This app's public address (`PUBLIC_BASE_URL`, else adapter-node's `ORIGIN`), without a
	 * trailing slash: printed QR cards encode `<base>/v/<prefixo>`. Null: the request's origin.
	 */
	publicBaseUrl: string | null;
	/**
	 * Origins besides the app's own (`ORIGIN`) whose pages may post its forms (`TRUSTED_ORIGINS`,
	 * separated by commas): the cross-site check (src/lib/server/http/origin.ts) refuses every other
	 * one. Empty by default; `npm start` names http://127.0.0.1:<port> beside its
	 * http://localhost:<port>, so a developer may open either.
	 */
	trustedOrigins: string[];
	/**
	 * Days a rider's contact is kept after their complaint closes, then erased (LGPD, Lei
	 * 13.709/2018, art. 16): `CONTACT_RETENTION_DAYS`, 180 by default.
	 */
	contactRetentionDays: number;
	/**
	 * The municipality's profile, a folder under profiles/ (`GARUPA_MUNICIPIO`, `rolim-de-moura` by
	 * default). The start-up checks it (src/lib/server/app/profile-startup.ts) and stops on any error.
	 */
	municipio: string;
	/**
	 * The file holding the vehicle cards' private signing key (`GARUPA_CARD_KEY_FILE`, PKCS#8 PEM,
	 * made by `npm run card:key`), absolute. Null: cards print without a signature.
	 */
	cardKeyFile: string | null;
}

export const DEFAULT_TILES: TilesConfig = {
	url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
	attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
};

/** 20 complaints per 10 minutes from one address: a rider reports once; a script gets stopped. */
export const DEFAULT_COMPLAINTS_RATE_LIMIT: RateLimitConfig = { limit: 20, windowSeconds: 600 };

export type Env = Readonly<Record<string, string | undefined>>;

/** A setting that cannot work; the message says which variable and what it accepts. */
export class ConfigError extends Error {
	override name = 'ConfigError';
}

/** `DATABASE_URL` unset: one SQLite file beside the app, enough for one municipality. */
export const DEFAULT_SQLITE_PATH = 'data/garupa.db';

const ACCEPTED =
	'Use file:<caminho> (SQLite, ex.: file:data/garupa.db ou file::memory:) ou ' +
	'postgres://usuário:senha@host:5432/banco (PostgreSQL); sem DATABASE_URL, o padrão é ' +
	`SQLite em ${DEFAULT_SQLITE_PATH}.`;

/**
 * Settings from an environment. Relative SQLite paths are resolved against `cwd`.
 * @example loadConfig({}).database //=> { kind: 'sqlite', path: '<cwd>/data/garupa.db' }
 * @example loadConfig({ DATABASE_URL: 'file::memory:' }).database //=> { kind: 'sqlite', path: ':memory:' }
 */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
	const database = databaseConfig(env['DATABASE_URL']?.trim() ?? '', cwd);
	return {
		database,
		rateLimitStore: rateLimitStore(env['RATE_LIMIT_STORE']?.trim() ?? '', database),
		tiles: tilesConfig(env['TILE_URL']?.trim() ?? '', env['TILE_ATTRIBUTION']?.trim() ?? ''),
		complaintsRateLimit: rateLimitConfig(
			'COMPLAINTS_RATE_LIMIT',
			env['COMPLAINTS_RATE_LIMIT']?.trim() ?? '',
			DEFAULT_COMPLAINTS_RATE_LIMIT
		),
		publicBaseUrl: publicBaseUrl(env),
		trustedOrigins: trustedOrigins(env['TRUSTED_ORIGINS']?.trim() ?? ''),
		contactRetentionDays: contactRetentionDays(env['CONTACT_RETENTION_DAYS']?.trim() ?? ''),
		municipio: env['GARUPA_MUNICIPIO']?.trim() || 'rolim-de-moura',
		cardKeyFile: env['GARUPA_CARD_KEY_FILE']?.trim()
			? resolve(cwd, env['GARUPA_CARD_KEY_FILE'].trim())
			: null
	};
}

function rateLimitStore(value: string, database: DatabaseConfig): Config['rateLimitStore'] {
	if (value === '') return database.kind === 'postgres' ? 'database' : 'memory';
	if (value === 'memory' || value === 'database') return value;
	throw new ConfigError(
		`RATE_LIMIT_STORE "${value}" precisa ser memory (um processo) ou database (vários processos ` +
			'no mesmo banco).'
	);
}

/** Six months: time for a penalty's defense and reconsideration (Art. 27, 28) to run out. */
export const DEFAULT_CONTACT_RETENTION_DAYS = 180;

function contactRetentionDays(value: string): number {
	if (value === '') return DEFAULT_CONTACT_RETENTION_DAYS;
	const days = Number(value);
	if (!/^\d{1,5}$/.test(value) || days < 1)
		throw new ConfigError(
			`CONTACT_RETENTION_DAYS "${value}" precisa ser um número inteiro de dias (1 ou mais), ex.: ` +
				`${DEFAULT_CONTACT_RETENTION_DAYS}.`
		);
	return days;
}

/** The first of `PUBLIC_BASE_URL` and `ORIGIN` that is set, as an http(s) origin or base path. */
function publicBaseUrl(env: Env): string | null {
	for (const name of ['PUBLIC_BASE_URL', 'ORIGIN']) {
		const value = env[name]?.trim() ?? '';
		if (value === '') continue;
		let url: URL | null = null;
		try {
			url = new URL(value);
		} catch {
			url = null;
		}
		if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
			throw new ConfigError(
				`${name} "${value}" precisa ser o endereço público do app, http(s), sem ? nem #, ` +
					'ex.: https://garupa.rolimdemoura.ro.gov.br (os cartões QR apontam para ele).'
			);
		return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
	}
	return null;
}

/** `http://127.0.0.1:3000, https://outro.example`: origins, each http(s), with no path. */
function trustedOrigins(value: string): string[] {
	if (value === '') return [];
	return value
		.split(/[\s,]+/)
		.filter(Boolean)
		.map((item) => {
			let url: URL | null = null;
			try {
				url = new URL(item);
			} catch {
				url = null;
			}
			if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash)
				throw new ConfigError(
					`TRUSTED_ORIGINS "${item}" precisa ser uma origem http(s) sem caminho, ex.: ` +
						'http://127.0.0.1:3000 (separe várias por vírgulas).'
				);
			return url.origin;
		});
}

/** `20/600`: 20 requests per 600 seconds. */
function rateLimitConfig(name: string, value: string, fallback: RateLimitConfig): RateLimitConfig {
	if (value === '') return fallback;
	const match = /^(\d{1,9})\s*\/\s*(\d{1,9})$/.exec(value);
	const limit = Number(match?.[1]);
	const windowSeconds = Number(match?.[2]);
	if (!match || limit < 1 || windowSeconds < 1)
		throw new ConfigError(
			`${name} "${value}" precisa ser <limite>/<segundos>, inteiros positivos, ex.: ` +
				`${fallback.limit}/${fallback.windowSeconds} (${fallback.limit} pedidos a cada ` +
				`${fallback.windowSeconds} segundos por endereço).`
		);
	return { limit, windowSeconds };
}

function tilesConfig(url: string, attribution: string): TilesConfig {
	if (url === '')
		return { ...DEFAULT_TILES, attribution: attribution || DEFAULT_TILES.attribution };
	if (!/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(url)) {
		throw new ConfigError(
			`TILE_URL "${url}" precisa ser uma URL http(s) com {z}, {x} e {y}, ex.: ${DEFAULT_TILES.url}.`
		);
	}
	if (attribution === '') {
		throw new ConfigError(
			'TILE_ATTRIBUTION é obrigatório com TILE_URL: a licença dos mapas exige a atribuição.'
		);
	}
	return { url, attribution };
}

function databaseConfig(url: string, cwd: string): DatabaseConfig {
	if (url === '') return { kind: 'sqlite', path: resolve(cwd, DEFAULT_SQLITE_PATH) };

	if (/^postgres(ql)?:\/\//i.test(url)) {
		let parsed: URL;
		try {
			parsed = new URL(url);
		} catch {
			// Never echo the URL: it usually carries the password.
			throw new ConfigError(`DATABASE_URL do PostgreSQL não é uma URL válida. ${ACCEPTED}`);
		}
		if (!parsed.hostname && !parsed.searchParams.has('host'))
			throw new ConfigError(`DATABASE_URL do PostgreSQL não diz o servidor (host). ${ACCEPTED}`);
		return { kind: 'postgres', url };
	}

	if (/^file:/i.test(url)) {
		const rest = url.slice('file:'.length);
		if (rest === ':memory:') return { kind: 'sqlite', path: ':memory:' };
		let path: string;
		if (rest.startsWith('//')) {
			try {
				path = fileURLToPath(url);
			} catch {
				throw new ConfigError(`DATABASE_URL "${url}" não é uma URL file:// válida. ${ACCEPTED}`);
			}
		} else {
			path = rest;
		}
		if (path === '') throw new ConfigError(`DATABASE_URL "file:" sem caminho. ${ACCEPTED}`);
		return { kind: 'sqlite', path: isAbsolute(path) ? path : resolve(cwd, path) };
	}

	const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
	throw new ConfigError(
		scheme
			? `DATABASE_URL com esquema "${scheme}:" não é suportado. ${ACCEPTED}`
			: `DATABASE_URL não é uma URL de banco de dados. ${ACCEPTED}`
	);
}

/** Validated once, at import: a bad value stops the server (or the CLI) right away. */
export const config: Config = loadConfig(process.env);
