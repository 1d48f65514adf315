/**
 * The complaint outbox: a complaint made with no signal (or whose request was lost on the way)
 * waits on the phone (IndexedDB, ./db.ts) and is sent when the connection returns — by Background
 * Sync in the service worker where the browser has it, otherwise on the `online` event or the next
 * visit. Runs in pages and in the service worker.
 *
 * Keys. Each complaint has its own Idempotency-Key, made on the phone (`newKey`) and never used for
 * other content: the server stores a key once, so a retry after a lost reply gets the first answer
 * back — never lost, never filed twice. A record is never overwritten by another complaint with the
 * same key (`enqueue` gives the newcomer a key of its own); and if the server holds the key for
 * another complaint (a conflict: a page of an older version reused it), this complaint was
 * provably not stored, so it travels again under a new key (`sendKey`).
 *
 * Outcomes. Only a request that never arrived is "no signal"; a server fault or a rate limit (5xx,
 * 429) waits too, with backoff; any other answer is a receipt (the complaint leaves the outbox for
 * "Minhas reclamações", keeping only what the list shows) or a refusal, kept with the server's
 * words for the rider to read, fix or remove — a refusal is never retried by itself.
 *
 * Attachments ride along as Blobs among the fields (the photos, the recording `audio`; any file
 * field the form gains).
 */
import { postAction } from '$lib/islands/submit';
import { MINE, OUTBOX, readAll, result, transact } from './db';
import { mergeMine, mineOf, type MineEntry } from './mine';
import { backoffSeconds, outcomeOf, type Refusal } from './outbox-outcome';

export const SYNC_TAG = 'garupa-complaints';

export interface OutboxEntry {
	/** Made on the phone for this complaint alone: the record's id and its Idempotency-Key. */
	key: string;
	/** The Idempotency-Key it travels with when not `key` (the server held `key` for another one). */
	sendKey?: string;
	createdAt: string;
	/** The form action it is posted to (`/reclamar`, `/es/reclamar`: the server answers in that language). */
	action?: string;
	/** The form's fields, as the rider filled them (files as Blobs). */
	fields: [string, string | Blob][];
	/** `sent` only in records an older version kept after sending (see `tidy`). */
	state: 'pending' | 'rejected' | 'sent';
	/** Tries in a row that found no signal or a busy server, and when the next one is due (ISO). */
	tries?: number;
	nextTryAt?: string;
	/** What the last try met: no connection, or a server that could not take it now. */
	waiting?: 'signal' | 'server';
	/** Why the server refused it (state `rejected`). */
	problem?: Refusal;
	/** Older versions: the receipt of a sent one. */
	statusUrl?: string;
}

const FORM_ACTION = /^\/(?:(?:es|en)\/)?reclamar$/;
const KEY = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * A new Idempotency-Key: 128 random bits, base64url. `crypto.getRandomValues` works on plain
 * http too (a phone on the office's network), where `crypto.randomUUID` does not exist.
 */
export function newKey(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	let text = '';
	for (const b of bytes) text += String.fromCharCode(b);
	return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * What a complaint says, as one string: every field but its key, files by name, type and size.
 * Two sends with the same fingerprint are the same complaint (one key); different ones are not.
 * @example fingerprint([['chave', 'k1'], ['veiculo', '007']]) === fingerprint([['chave', 'k2'], ['veiculo', '007']]) //=> true
 */
export function fingerprint(fields: Iterable<[string, string | Blob]>): string {
	const parts: [string, string][] = [];
	for (const [name, value] of fields) {
		if (name === 'chave') continue;
		parts.push([
			name,
			typeof value === 'string'
				? `s:${value}`
				: `f:${'name' in value ? String(value.name) : ''}:${value.type}:${value.size}`
		]);
	}
	return JSON.stringify(parts);
}

/** A form's fields as the outbox keeps them: empty file inputs left out. */
export const fieldsOf = (form: FormData): [string, string | Blob][] =>
	[...form.entries()].filter(([, v]) => typeof v === 'string' || v.size > 0);

/** Older records: a refusal kept as its bare status. */
function normal(entry: OutboxEntry): OutboxEntry {
	const problem: unknown = entry.problem;
	if (typeof problem === 'string') return { ...entry, problem: { status: Number(problem) || 0 } };
	return entry;
}

export const listOutbox = async () => (await readAll<OutboxEntry>(OUTBOX)).map(normal);

/**
 * Keep a complaint for later, with the key in its form (`chave`, made for it on the phone). The
 * same complaint kept twice (a double tap) is one record; another complaint that arrives with a
 * key already kept gets a new key rather than replacing it.
 */
export async function enqueue(form: FormData, action = '/reclamar'): Promise<OutboxEntry> {
	const given = String(form.get('chave') ?? '');
	const fields = fieldsOf(form);
	return transact(OUTBOX, 'readwrite', async (tx) => {
		const store = tx.objectStore(OUTBOX);
		let key = KEY.test(given) ? given : newKey();
		const held = await result(store.get(key) as IDBRequest<OutboxEntry | undefined>);
		if (held && held.state !== 'sent' && fingerprint(held.fields) === fingerprint(fields))
			return normal(held);
		if (held) key = newKey();
		form.set('chave', key);
		const entry: OutboxEntry = {
			key,
			createdAt: new Date().toISOString(),
			action: FORM_ACTION.test(action) ? action : '/reclamar',
			fields: fieldsOf(form),
			state: 'pending'
		};
		await result(store.put(entry));
		return entry;
	});
}

/** Changes a record only if it is still there (another page or the worker may have sent it). */
function update(key: string, change: (entry: OutboxEntry) => OutboxEntry | null) {
	return transact(OUTBOX, 'readwrite', async (tx) => {
		const store = tx.objectStore(OUTBOX);
		const held = await result(store.get(key) as IDBRequest<OutboxEntry | undefined>);
		if (!held) return null;
		const next = change(normal(held));
		if (next) await result(store.put(next));
		return next;
	});
}

/** "Tentar de novo": a refused complaint is sent again at the next flush. */
export const retry = (key: string) =>
	update(key, (entry) => ({ ...fresh(entry), problem: undefined, state: 'pending' }));

/** The entry with its count of failed tries cleared. */
const fresh = (entry: OutboxEntry): OutboxEntry => ({
	...entry,
	tries: undefined,
	nextTryAt: undefined,
	waiting: undefined
});

/** "Remover deste celular" for one not sent: it leaves the phone. */
export const discard = (key: string) =>
	transact(OUTBOX, 'readwrite', async (tx) => {
		await result(tx.objectStore(OUTBOX).delete(key));
	});

/**
 * Sent: the complaint leaves the outbox — its contact, description and photos with it — and its
 * receipt joins "Minhas reclamações", in one transaction (never in both, never in neither).
 */
async function settle(entry: OutboxEntry, statusUrl: string): Promise<MineEntry | null> {
	const made = mineOf(statusUrl, entry.fields, entry.createdAt);
	return transact([OUTBOX, MINE], 'readwrite', async (tx) => {
		let kept: MineEntry | null = null;
		if (made) {
			const mine = tx.objectStore(MINE);
			const old = await result(mine.get(made.protocol) as IDBRequest<MineEntry | undefined>);
			kept = mergeMine(old, { ...made, key: entry.key });
			await result(mine.put(kept));
		}
		await result(tx.objectStore(OUTBOX).delete(entry.key));
		return kept;
	});
}

/** Records an older version kept after sending them leave the outbox for the list now. */
async function tidy(entries: OutboxEntry[]): Promise<OutboxEntry[]> {
	const left: OutboxEntry[] = [];
	for (const entry of entries) {
		if (entry.state === 'sent') await settle(entry, entry.statusUrl ?? '').catch(() => null);
		else left.push(entry);
	}
	return left;
}

/** What an older version left behind after sending (contact, photos, the token URL) goes now. */
export const tidyOutbox = async () => {
	await tidy(await listOutbox());
};

/** One complaint as the form posts it, with the key it travels under. */
function bodyOf(entry: OutboxEntry): FormData {
	const body = new FormData();
	for (const [name, value] of entry.fields) if (name !== 'chave') body.append(name, value);
	body.append('chave', entry.sendKey ?? entry.key);
	return body;
}

export interface FlushReport {
	/** Sent now: record key → receipt. */
	sent: { key: string; statusUrl: string }[];
	/** Refused now. */
	refused: OutboxEntry[];
}

let flushing: Promise<FlushReport> | null = null;

/**
 * Send every pending complaint that is due through the form action (the same path as a form
 * without JavaScript). `force` ignores the backoff (the connection just came back, the rider
 * asked). One flush at a time per page or worker; safe to call often.
 */
export function flushOutbox(
	options: { origin?: string; force?: boolean; send?: typeof fetch } = {}
): Promise<FlushReport> {
	const { origin = location.origin, force = false, send = fetch } = options;
	flushing ??= (async () => {
		const report: FlushReport = { sent: [], refused: [] };
		for (let entry of await tidy(await listOutbox())) {
			if (entry.state !== 'pending') continue;
			if (!force && entry.nextTryAt && Date.parse(entry.nextTryAt) > Date.now()) continue;
			const post = (e: OutboxEntry) =>
				postAction(`${origin}${e.action ?? '/reclamar'}`, bodyOf(e), true, send);
			let outcome = outcomeOf(await post(entry));
			if (outcome.kind === 'conflict') {
				// Provably not stored under its key: a key of its own, once, unless a page or the
				// worker already gave it one (then that one sends it).
				const old = entry.sendKey ?? entry.key;
				const renamed = await update(entry.key, (e) =>
					(e.sendKey ?? e.key) === old && e.state === 'pending' ? { ...e, sendKey: newKey() } : null
				);
				if (!renamed) continue;
				entry = renamed;
				outcome = outcomeOf(await post(entry));
				if (outcome.kind === 'conflict') outcome = { kind: 'refused', problem: { status: 422 } };
			}
			if (outcome.kind === 'sent') {
				await settle(entry, outcome.location);
				report.sent.push({ key: entry.key, statusUrl: outcome.location });
			} else if (outcome.kind === 'refused') {
				const { problem } = outcome;
				const refused = await update(entry.key, (e) => ({
					...fresh(e),
					state: 'rejected',
					problem
				}));
				if (refused) report.refused.push(refused);
			} else if (outcome.kind === 'later') {
				const { why } = outcome;
				const tries = (entry.tries ?? 0) + 1;
				const wait = Math.max(backoffSeconds(tries), outcome.retryAfterSeconds ?? 0);
				await update(entry.key, (e) => ({
					...e,
					tries,
					waiting: why,
					nextTryAt: new Date(Date.now() + wait * 1000).toISOString()
				}));
				// No signal, or a server that cannot take one now: the others would fare no better.
				break;
			}
		}
		return report;
	})().finally(() => (flushing = null));
	return flushing;
}
