/**
 * The idempotency table stops keeping receipt tokens readable (src/lib/server/db/receipt-seal.ts):
 * each existing row is renamed by the sha256 of its key and its stored receipt keeps the token
 * sealed under that key, without the token or the status URL in the clear. A replay with the same
 * key and body gets the same receipt as before.
 */
import { sql, type Kysely } from 'kysely';
import { keyId, sealToken } from '../receipt-seal';

interface Row {
	key: string;
	request_hash: string;
	response: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
	const { rows } = await sql<Row>`select key, request_hash, response from idempotency`.execute(db);
	for (const row of rows) {
		let response = row.response;
		if (response !== null) {
			const receipt = JSON.parse(response) as Record<string, unknown>;
			if (typeof receipt.token === 'string')
				response = JSON.stringify({
					protocol: receipt.protocol,
					status: receipt.status,
					offenses: receipt.offenses,
					tokenSealed: sealToken(receipt.token, row.key, row.request_hash)
				});
		}
		await sql`update idempotency set key = ${keyId(row.key)}, response = ${response} where key = ${row.key}`.execute(
			db
		);
	}
}

export async function down(): Promise<void> {
	// One way: the keys were only ever kept hashed from here on.
}
