/**
 * A random key the server keeps in its database under a name (table `server_secret`): made by the
 * first instance that needs it, then read by every instance, so a value signed by one is checked
 * by all and survives a restart. Kept beside the data it protects — it signs what only widens a
 * privilege already earned (device.ts), never what opens a session.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '$lib/server/db';

const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/** The key named `name` (32 bytes), made on first use. */
export function serverSecret(db: Db, name: string): Promise<Buffer> {
	let byName = cache.get(db);
	if (!byName) cache.set(db, (byName = new Map()));
	let secret = byName.get(name);
	if (!secret) {
		secret = load(db, name).catch((error: unknown) => {
			byName.delete(name);
			throw error;
		});
		byName.set(name, secret);
	}
	return secret;
}

async function load(db: Db, name: string): Promise<Buffer> {
	// Two instances making it at once: the first insert wins, both read the same row.
	await db
		.insertInto('server_secret')
		.values({
			name,
			value: randomBytes(32).toString('base64url'),
			created_at: new Date().toISOString()
		})
		.onConflict((oc) => oc.column('name').doNothing())
		.execute();
	const row = await db
		.selectFrom('server_secret')
		.select('value')
		.where('name', '=', name)
		.executeTakeFirstOrThrow();
	return Buffer.from(row.value, 'base64url');
}
