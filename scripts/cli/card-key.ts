/**
 * Creates the card-signing key (ES256: ECDSA P-256) in a new file readable by its owner only, and
 * prints the public key's entry for the profile's `cardKeys` (municipality.json). The private key
 * is never printed: point GARUPA_CARD_KEY_FILE at the file.
 *
 *   npm run card:key -- --out /etc/garupa/cartao.pem --kid 2 --from 2027-01-01 --until 2031-12-31
 */
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { runCli, UsageError } from './cli';

const USAGE =
	'Uso: npm run card:key -- --out <arquivo.pem> --kid <1–255> --from AAAA-MM-DD --until AAAA-MM-DD';

function parseArgs(argv: readonly string[]) {
	const out: Record<string, string> = {};
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i]!;
		const match = /^--(out|kid|from|until)(?:=(.*))?$/.exec(flag);
		if (!match) throw new UsageError(`Opção desconhecida: ${flag}`);
		const value = match[2] ?? argv[++i];
		if (value === undefined || value.startsWith('--'))
			throw new UsageError(`Falta o valor de --${match[1]}.`);
		out[match[1]!] = value;
	}
	const kid = Number(out['kid']);
	if (!out['out']) throw new UsageError('Falta --out.');
	if (!Number.isInteger(kid) || kid < 1 || kid > 255)
		throw new UsageError('--kid deve ser um número de 1 a 255.');
	const date = /^\d{4}-\d{2}-\d{2}$/;
	if (!date.test(out['from'] ?? '') || !date.test(out['until'] ?? ''))
		throw new UsageError('--from e --until devem ser datas AAAA-MM-DD.');
	return { out: out['out'], kid, from: out['from']!, until: out['until']! };
}

async function run(argv: string[]): Promise<number> {
	const args = parseArgs(argv);
	const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
	const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
	// `wx`: never overwrite a key (cards signed with it would no longer match a file); 0600: the
	// owner only.
	writeFileSync(args.out, pem, { flag: 'wx', mode: 0o600 });
	const jwk = publicKey.export({ format: 'jwk' });
	const entry = { kid: args.kid, x: jwk.x, y: jwk.y, validFrom: args.from, validUntil: args.until };
	process.stdout.write(
		`Chave criada em ${args.out} (só o dono lê). Acrescente ao cardKeys de municipality.json:\n` +
			`${JSON.stringify(entry, null, '\t')}\n`
	);
	return 0;
}

await runCli(run, USAGE, 'Nenhuma chave foi criada.');
