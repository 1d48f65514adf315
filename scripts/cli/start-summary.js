/**
 * What `npm start` (./start.js) says once the server listens, apart so it can be tested: the
 * address, the database, the profile, the sample data, and the way to the staff's area — named
 * after the office of the city served (the profile's `office.acronym`), with the command that
 * creates the first account while there is none.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The acronym of the office that runs the service in the profile `municipio` (its
 * municipality.json), or a generic word when the profile cannot be read (the server then refuses
 * to start and says why).
 * @param {string} municipio
 * @param {string} [root] the profiles folder
 * @example officeOf('feira-de-santana') //=> 'SMTT'
 */
export function officeOf(municipio, root = 'profiles') {
	const file = join(root, municipio, 'municipality.json');
	try {
		if (existsSync(file)) {
			const acronym = JSON.parse(readFileSync(file, 'utf8'))?.office?.acronym;
			if (typeof acronym === 'string' && acronym.trim()) return acronym.trim();
		}
	} catch {
		// An unreadable profile: the server says what is wrong with it.
	}
	return 'prefeitura';
}

/**
 * Whether a line of the server's log says that no staff account exists yet
 * (src/lib/server/app/startup.ts), whatever the office is called.
 * @param {string} line
 */
export function saysNoStaff(line) {
	return /Nenhuma conta d[aoe] .+ ainda/.test(line);
}

/** The command that creates the first account (the password comes from standard input). */
export const FIRST_ACCOUNT = 'npm run staff:create -- --email <e-mail> --role gestor --name "Nome"';

/**
 * The summary's lines.
 * @param {{ local: string; address: string; database: string; municipio: string; sample: string;
 *   office: string; noStaff: boolean; terminal: boolean }} s
 * @returns {string[]}
 */
export function summaryLines(s) {
	return [
		'',
		`  Garupa em ${s.local}${s.address}`,
		`  Banco de dados: ${s.database}`,
		`  Perfil: profiles/${s.municipio}/ (GARUPA_MUNICIPIO)`,
		`  Dados de exemplo: ${s.sample}`,
		`  Área da ${s.office}: ${s.local}/admin`,
		...(s.noStaff ? [`  Primeira conta da ${s.office}: ${FIRST_ACCOUNT}`] : []),
		...(s.terminal
			? [
					'  Registro: aqui só avisos e erros; em arquivo ou no journald, uma linha JSON por pedido.'
				]
			: []),
		'  Ctrl+C encerra.',
		''
	];
}
