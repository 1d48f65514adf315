/**
 * `npm run db:copy -- --to <DATABASE_URL de destino>`: copies every row of the database of
 * DATABASE_URL (SQLite by default) into another, empty one — moving a municipality from SQLite to
 * PostgreSQL (docs/deploy.md). Stop the app first, or copy from a backup:
 * `DATABASE_URL=file:/var/backups/garupa/ontem.db npm run db:copy -- --to postgres://…`.
 * One transaction on the target: all the rows or none. Exit: 0 copied; 1 failed; 2 usage.
 */
import { loadConfig } from '../../src/lib/server/runtime';
import { createDb, copyDatabase } from '../../src/lib/server/db';
import { runCli, UsageError } from './cli';

const USAGE = 'Uso: npm run db:copy -- --to postgres://usuário:senha@host:5432/banco';

async function run(args: string[]): Promise<string> {
	const rest = args.filter((a) => a !== '--');
	if (rest[0] === '-h' || rest[0] === '--help') return USAGE;
	if (rest.length !== 2 || rest[0] !== '--to') throw new UsageError('Informe o destino com --to.');
	const from = loadConfig(process.env).database;
	const to = loadConfig({ ...process.env, DATABASE_URL: rest[1] }).database;
	if (JSON.stringify(from) === JSON.stringify(to))
		throw new UsageError('A origem (DATABASE_URL) e o destino são o mesmo banco.');
	const source = createDb(from);
	const target = createDb(to);
	try {
		const counts = await copyDatabase(source, target);
		const total = Object.values(counts).reduce((a, b) => a + b, 0);
		return `Copiadas ${total} linhas de ${Object.keys(counts).length} tabelas (${
			from.kind
		} → ${to.kind}). Agora aponte DATABASE_URL para o destino e inicie o app.`;
	} finally {
		await source.destroy();
		await target.destroy();
	}
}

await runCli(async (args) => console.log(await run(args)), USAGE, 'Nada foi copiado.');
