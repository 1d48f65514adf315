/**
 * The complaint outbox: a complaint made with no signal waits on the phone (IndexedDB) with its
 * Idempotency-Key, created once, and is sent when the connection returns — by Background Sync in
 * the service worker where the browser has it, otherwise on the `online` event or the next visit.
 * The server stores a key once: a retry after a lost reply returns the first answer, so a complaint
 * is never lost and never duplicated. Runs in pages and in the service worker.
 */
import { remember, mineOf } from './mine';

const DB = 'garupa-outbox';
const STORE = 'complaints';
/** Every complaint sent from this phone ("Minhas reclamações"), by protocol: see mine.ts. */
export const MINE = 'mine';
export const SYNC_TAG = 'garupa-complaints';

export interface OutboxEntry {
	/** The Idempotency-Key, made once on the phone. */
	key: string;
	createdAt: string;
	/** The form's fields, as the rider filled them (photos as Blobs). */
	fields: [string, string | Blob][];
	state: 'pending' | 'sent' | 'rejected';
	/** Where the rider follows it, once sent: /reclamacoes/<protocolo>?token=… */
	statusUrl?: string;
	/** Why the server refused it (a validation error the rider must fix). */
	problem?: string;
}

function open(): Promise<IDBDatabase> {
	return new Promise((resolve, reject) => {
		const request = indexedDB.open(DB, 2);
		request.onupgradeneeded = () => {
			const db = request.result;
			if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'key' });
			if (!db.objectStoreNames.contains(MINE)) db.createObjectStore(MINE, { keyPath: 'protocol' });
		};
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});
}

async function run<T>(
	mode: IDBTransactionMode,
	fn: (store: IDBObjectStore) => IDBRequest<T>,
	store: string = STORE
): Promise<T> {
	const db = await open();
	try {
		return await new Promise<T>((resolve, reject) => {
			const tx = db.transaction(store, mode);
			const request = fn(tx.objectStore(store));
			tx.oncomplete = () => resolve(request.result);
			tx.onerror = () => reject(tx.error);
			tx.onabort = () => reject(tx.error);
		});
	} finally {
		db.close();
	}
}

/** The same database, another store (mine.ts). */
export const runIn = <T>(
	store: string,
	mode: IDBTransactionMode,
	fn: (store: IDBObjectStore) => IDBRequest<T>
) => run(mode, fn, store);

export const listOutbox = () =>
	run<OutboxEntry[]>('readonly', (s) => s.getAll() as IDBRequest<OutboxEntry[]>);
export const putOutbox = (entry: OutboxEntry) => run('readwrite', (s) => s.put(entry));
export const deleteOutbox = (key: string) => run('readwrite', (s) => s.delete(key));

/** Keep a complaint for later; the key is the one already in the form. */
export async function enqueue(form: FormData): Promise<OutboxEntry> {
	const key = String(form.get('chave') ?? '') || crypto.randomUUID();
	form.set('chave', key);
	const entry: OutboxEntry = {
		key,
		createdAt: new Date().toISOString(),
		fields: [...form.entries()].filter(([, v]) => typeof v === 'string' || v.size > 0),
		state: 'pending'
	};
	await putOutbox(entry);
	return entry;
}

let flushing: Promise<OutboxEntry[]> | null = null;

/** What the form action answered to a replayed complaint (SvelteKit's JSON action result). */
type ActionResult =
	| { type: 'redirect'; location: string }
	| { type: 'failure'; status: number; data: string }
	| { type: string };

/**
 * What to do with an outbox entry after one try: `sent` (a receipt), `later` (a server fault,
 * rate limited, the same key still being stored elsewhere, or not the action's answer), or
 * `rejected` — refused for good: an invalid complaint, or a body the server refused before the
 * action ran (413 over the body limit, 415), which is plain text, not the action's JSON. Retrying a rejected one forever would only spend the
 * rider's data.
 */
export function sendOutcome(
	status: number,
	result: ActionResult | null
): { kind: 'sent'; location: string } | { kind: 'later' } | { kind: 'rejected'; problem: string } {
	if (result?.type === 'redirect' && 'location' in result)
		return { kind: 'sent', location: result.location };
	if (result?.type === 'failure' && 'status' in result) {
		const failed = result.status;
		if (failed >= 500 || failed === 429 || failed === 409) return { kind: 'later' };
		return { kind: 'rejected', problem: String(failed) };
	}
	// Not the action's answer (no JSON): only the server's own body checks are final; anything
	// else (a proxy, a captive portal's page, a server fault) may pass, so try again later.
	if (result === null && (status === 413 || status === 415))
		return { kind: 'rejected', problem: String(status) };
	return { kind: 'later' };
}

/**
 * Send every pending complaint through the form action (the same path as a form without
 * JavaScript), with its key. One flush at a time per context; safe to call often.
 */
export function flushOutbox(origin = location.origin): Promise<OutboxEntry[]> {
	flushing ??= (async () => {
		const sent: OutboxEntry[] = [];
		for (const entry of await listOutbox()) {
			if (entry.state !== 'pending') continue;
			const body = new FormData();
			for (const [name, value] of entry.fields) body.append(name, value);
			let response: Response;
			try {
				response = await fetch(`${origin}/reclamar`, {
					method: 'POST',
					body,
					headers: { accept: 'application/json', 'x-sveltekit-action': 'true' }
				});
			} catch {
				break; // still offline: try again later
			}
			const result = (await response.json().catch(() => null)) as ActionResult | null;
			const outcome = sendOutcome(response.status, result);
			if (outcome.kind === 'sent') {
				const done: OutboxEntry = { ...entry, state: 'sent', statusUrl: outcome.location };
				await putOutbox(done);
				// Kept in "Minhas reclamações" like one sent online.
				const mine = mineOf(outcome.location, entry.fields, entry.createdAt);
				if (mine) await remember(mine).catch(() => undefined);
				sent.push(done);
			} else if (outcome.kind === 'later') {
				break;
			} else {
				await putOutbox({ ...entry, state: 'rejected', problem: outcome.problem });
			}
		}
		return sent;
	})().finally(() => (flushing = null));
	return flushing;
}
