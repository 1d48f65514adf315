import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, type DatabaseConfig } from './config';

const cwd = '/srv/garupa';

describe('DATABASE_URL', () => {
	const cases: [url: string | undefined, database: DatabaseConfig, why: string][] = [
		[undefined, { kind: 'sqlite', path: '/srv/garupa/data/garupa.db' }, 'unset: SQLite default'],
		['', { kind: 'sqlite', path: '/srv/garupa/data/garupa.db' }, 'empty counts as unset'],
		['file:db/x.db', { kind: 'sqlite', path: '/srv/garupa/db/x.db' }, 'relative to cwd'],
		['file:/var/lib/garupa.db', { kind: 'sqlite', path: '/var/lib/garupa.db' }, 'absolute'],
		['file:///var/lib/g%20a.db', { kind: 'sqlite', path: '/var/lib/g a.db' }, 'file:// URL'],
		['file::memory:', { kind: 'sqlite', path: ':memory:' }, 'in memory, for tests'],
		[
			'postgres://garupa:s3nha@db:5432/garupa',
			{ kind: 'postgres', url: 'postgres://garupa:s3nha@db:5432/garupa' },
			'postgres://'
		],
		[
			'postgresql://db.example/garupa?sslmode=require',
			{ kind: 'postgres', url: 'postgresql://db.example/garupa?sslmode=require' },
			'postgresql://'
		]
	];
	for (const [url, database, why] of cases)
		test(`${JSON.stringify(url)} → ${database.kind}: ${why}`, () => {
			expect(loadConfig({ DATABASE_URL: url }, cwd).database).toEqual(database);
		});

	const bad: [url: string, message: RegExp, why: string][] = [
		['mysql://root@localhost/garupa', /esquema "mysql:" não é suportado/, 'unsupported scheme'],
		['data/garupa.db', /não é uma URL de banco de dados/, 'a bare path needs file:'],
		['file:', /sem caminho/, 'file: without a path'],
		['postgres://', /não diz o servidor/, 'postgres without a host']
	];
	for (const [url, message, why] of bad)
		test(`${url} is refused: ${why}`, () => {
			expect(() => loadConfig({ DATABASE_URL: url }, cwd)).toThrow(ConfigError);
			expect(() => loadConfig({ DATABASE_URL: url }, cwd)).toThrow(message);
		});

	test('the error never echoes a PostgreSQL password', () => {
		expect(() => loadConfig({ DATABASE_URL: 'postgres://u:segredo@[bad/x' }, cwd)).toThrow(
			/^(?!.*segredo)/s
		);
	});
});

describe('map tiles (TILE_URL, TILE_ATTRIBUTION)', () => {
	test('default: OpenStreetMap standard tiles with their attribution', () => {
		expect(loadConfig({}).tiles).toEqual({
			url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
			attribution: expect.stringContaining('OpenStreetMap')
		});
	});
	test('another server with its attribution', () => {
		const env = {
			TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.webp',
			TILE_ATTRIBUTION: '© Exemplo'
		};
		expect(loadConfig(env).tiles).toEqual({ url: env.TILE_URL, attribution: '© Exemplo' });
	});
	test.each([
		[{ TILE_URL: 'tiles.example.org/{z}/{x}/{y}.png', TILE_ATTRIBUTION: 'x' }, /TILE_URL/],
		[{ TILE_URL: 'https://tiles.example.org/tile.png', TILE_ATTRIBUTION: 'x' }, /\{z\}/],
		[{ TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' }, /TILE_ATTRIBUTION/]
	])('refuses %j', (env, message) => {
		expect(() => loadConfig(env)).toThrow(message);
	});
});

describe('public base URL (PUBLIC_BASE_URL, then ORIGIN) for the QR cards', () => {
	const cases: [env: Record<string, string>, base: string | null, why: string][] = [
		[{}, null, 'unset: the request origin is used'],
		[{ ORIGIN: 'http://localhost:4175' }, 'http://localhost:4175', "adapter-node's ORIGIN"],
		[
			{ PUBLIC_BASE_URL: 'https://garupa.example.gov.br/', ORIGIN: 'http://10.0.0.5:3000' },
			'https://garupa.example.gov.br',
			'PUBLIC_BASE_URL wins; trailing slash dropped'
		],
		[
			{ PUBLIC_BASE_URL: 'https://example.gov.br/garupa/' },
			'https://example.gov.br/garupa',
			'a base path is kept'
		],
		[{ PUBLIC_BASE_URL: '  ', ORIGIN: 'https://a.example' }, 'https://a.example', 'blank = unset']
	];
	for (const [env, base, why] of cases)
		test(`${JSON.stringify(env)} → ${base}: ${why}`, () => {
			expect(loadConfig(env).publicBaseUrl).toBe(base);
		});

	test.each([['garupa.example.gov.br'], ['ftp://garupa.example'], ['https://a.example/?x=1']])(
		'refuses %s',
		(value) => {
			expect(() => loadConfig({ PUBLIC_BASE_URL: value })).toThrow(/PUBLIC_BASE_URL/);
		}
	);
});

describe('TRUSTED_ORIGINS: other origins whose pages may post the forms', () => {
	const cases: [value: string | undefined, origins: string[], why: string][] = [
		[undefined, [], 'unset: only ORIGIN'],
		['http://127.0.0.1:3000', ['http://127.0.0.1:3000'], "npm start's loopback twin"],
		[
			' http://127.0.0.1:3000/ , https://b.example ',
			['http://127.0.0.1:3000', 'https://b.example'],
			'several, trimmed, a bare trailing slash is the origin'
		]
	];
	for (const [value, origins, why] of cases)
		test(`${JSON.stringify(value)} → ${JSON.stringify(origins)}: ${why}`, () =>
			expect(loadConfig({ TRUSTED_ORIGINS: value }).trustedOrigins).toEqual(origins));

	test.each([['127.0.0.1:3000'], ['ftp://a.example'], ['https://a.example/app'], ['*']])(
		'refuses %s',
		(value) => expect(() => loadConfig({ TRUSTED_ORIGINS: value })).toThrow(/TRUSTED_ORIGINS/)
	);
});

describe('CONTACT_RETENTION_DAYS: the rider contact erased N days after close (LGPD)', () => {
	const cases: [value: string | undefined, days: number, why: string][] = [
		[undefined, 180, 'unset: 180 days'],
		['', 180, 'empty counts as unset'],
		[' 30 ', 30, 'trimmed']
	];
	for (const [value, days, why] of cases)
		test(`${JSON.stringify(value)} → ${days}: ${why}`, () => {
			expect(loadConfig({ CONTACT_RETENTION_DAYS: value }).contactRetentionDays).toBe(days);
		});

	test.each([['0'], ['-5'], ['1.5'], ['seis meses']])('refuses %s', (value) => {
		expect(() => loadConfig({ CONTACT_RETENTION_DAYS: value })).toThrow(/CONTACT_RETENTION_DAYS/);
	});
});
