/**
 * Creates a SEMAM staff account. The password comes from standard input (a pipe, or typed with no
 * echo at a terminal), never from the command line, where `ps` and the shell history would keep it.
 *
 *   printf '%s' "$SENHA" | npm run staff:create -- --email ana@rolimdemoura.ro.gov.br --role gestor --name "Ana Lima" --matricula 1234
 *
 * `--matricula`: the agent's registration number, printed on the autos they issue; required where
 * the law in force puts it on the auto (the regime's `agentRegistration`).
 */
import { isRole } from '$lib/domain/staff';
import { runCli, UsageError, withDatabase } from './cli';

const USAGE =
	'Uso: npm run staff:create -- --email <e-mail> --role fiscal|gestor [--name "Nome"] ' +
	'[--matricula <matrícula>] ' +
	'(a senha vem da entrada padrão)';

function parseArgs(argv: readonly string[]) {
	const out: Record<string, string> = {};
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i]!;
		const match = /^--(email|role|name|matricula)(?:=(.*))?$/.exec(flag);
		if (!match) throw new UsageError(`Opção desconhecida: ${flag}`);
		const value = match[2] ?? argv[++i];
		if (value === undefined || value.startsWith('--'))
			throw new UsageError(`Falta o valor de --${match[1]}.`);
		out[match[1]!] = value;
	}
	if (!out['email']) throw new UsageError('Falta --email.');
	if (!out['role'] || !isRole(out['role']))
		throw new UsageError('--role deve ser fiscal ou gestor.');
	return {
		email: out['email'],
		role: out['role'],
		name: out['name'],
		matricula: out['matricula']
	};
}

/** The first line of standard input, without echo when it is a terminal. */
async function readPassword(): Promise<string> {
	const stdin = process.stdin;
	if (stdin.isTTY) {
		process.stderr.write('Senha (não aparece ao digitar): ');
		stdin.setRawMode(true);
		stdin.resume();
		stdin.setEncoding('utf8');
		return new Promise((resolve) => {
			let text = '';
			const onData = (chunk: string) => {
				for (const char of chunk) {
					if (char === '\r' || char === '\n' || char === '\u0004') {
						stdin.setRawMode(false);
						stdin.pause();
						stdin.off('data', onData);
						process.stderr.write('\n');
						return resolve(text);
					}
					if (char === '\u0003') process.exit(130);
					text = char === '\u007f' ? text.slice(0, -1) : text + char;
				}
			};
			stdin.on('data', onData);
		});
	}
	const chunks: Buffer[] = [];
	for await (const chunk of stdin) chunks.push(chunk as Buffer);
	// One line: a trailing newline from `echo` is not part of the password.
	return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function run(argv: readonly string[]): Promise<number> {
	const args = parseArgs(argv);
	const password = await readPassword();
	// tsx runs this outside Vite: auth's index also carries the route guard, which needs
	// SvelteKit's $app/server, so the accounts' file is loaded alone.
	// Validate before touching the database, so a weak password never creates a file.
	const { validateNewStaff } = await import('$lib/server/auth/staff');
	validateNewStaff({ ...args, password });
	const { createStaff } = await import('$lib/server/auth/staff');
	const { audit } = await import('$lib/server/db');
	const staff = await withDatabase(async (db) => {
		const staff = await createStaff(db, { ...args, password });
		await audit(db, {
			staff: null,
			action: 'staff.create',
			entity: 'staff',
			entityId: staff.id,
			after: { email: staff.email, name: staff.name, role: staff.role },
			note: 'Criada pela linha de comando (npm run staff:create)'
		});
		return staff;
	});
	console.log(`Conta criada: ${staff.email} (${staff.role}).`);
	return 0;
}

// A bad DATABASE_URL (ConfigError) or a refused account (StaffError) is a usage problem.
await runCli(run, USAGE, 'Nenhuma conta foi criada.', ['ConfigError', 'StaffError']);
