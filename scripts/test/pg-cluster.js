/**
 * A throwaway PostgreSQL cluster for the tests (`npm test`'s PostgreSQL round): initdb in a
 * temporary folder, as the unprivileged `postgres` user when run as root (PostgreSQL refuses to
 * run as root), on 127.0.0.1 and a free port, trust authentication (nothing else can reach it),
 * stopped and deleted by `stop()`.
 *
 * `pgBinaries()` finds initdb/pg_ctl/pg_dump/pg_restore: on PATH, else Debian's
 * /usr/lib/postgresql/<version>/bin (the `postgresql` package puts only wrappers on PATH).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** @returns {{ bin: string, initdb: string, pgCtl: string } | { missing: string }} */
export function pgBinaries() {
	const candidates = [];
	const debian = '/usr/lib/postgresql';
	if (existsSync(debian))
		for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
			candidates.push(join(debian, v, 'bin'));
	for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
	for (const bin of candidates)
		if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')))
			return { bin, initdb: join(bin, 'initdb'), pgCtl: join(bin, 'pg_ctl') };
	return {
		missing:
			'PostgreSQL não está instalado (initdb e pg_ctl não encontrados no PATH nem em ' +
			'/usr/lib/postgresql/*/bin); no Debian: apt-get install postgresql'
	};
}

/** A free TCP port on 127.0.0.1 (`preferred` when it is free). */
export function freePort(preferred = 0) {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', (error) =>
			preferred ? freePort(0).then(resolve, reject) : reject(error)
		);
		server.listen(preferred, '127.0.0.1', () => {
			const address = server.address();
			server.close(() =>
				typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port'))
			);
		});
	});
}

/**
 * Starts a cluster. Resolves with its admin URL (`postgres://postgres@127.0.0.1:<port>/postgres`)
 * and `stop()`; rejects with the reason when it cannot start.
 * @param {{ port?: number, durable?: boolean }} [options] durable: fsync on (benchmarks measure
 *   what production pays); off by default, for tests.
 * @returns {Promise<{ url: string, port: number, bin: string, stop: () => void }>}
 */
export async function startCluster(options = {}) {
	const found = pgBinaries();
	if ('missing' in found) throw new Error(found.missing);
	const port = await freePort(options.port ?? 0);
	const dir = mkdtempSync(join(tmpdir(), 'garupa-pg-'));
	const data = join(dir, 'data');
	const root = process.getuid?.() === 0;
	/** @type {(cmd: string, args: string[]) => string} */
	const run = (cmd, args) => {
		const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
		const r = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
		if (r.status !== 0)
			throw new Error(`${cmd} ${args.join(' ')} falhou:\n${r.stdout ?? ''}${r.stderr ?? ''}`);
		return r.stdout;
	};
	if (root) {
		const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
		const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
		chownSync(dir, uid, gid);
		chmodSync(dir, 0o700);
	}
	const stop = () => {
		spawnSync(root ? 'runuser' : found.pgCtl, [
			...(root ? ['-u', 'postgres', '--', found.pgCtl] : []),
			'stop',
			'-D',
			data,
			'-m',
			'fast',
			'-w'
		]);
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		run(found.initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
		run(found.pgCtl, [
			'start',
			'-D',
			data,
			'-w',
			'-l',
			join(dir, 'postgres.log'),
			'-o',
			// fsync off: a throwaway cluster for tests, never for data anyone keeps.
			`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200` +
				(options.durable ? '' : ' -c fsync=off')
		]);
	} catch (error) {
		stop();
		throw error;
	}
	return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, bin: found.bin, stop };
}
