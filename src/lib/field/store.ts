/**
 * The field mode's records on the phone (IndexedDB `garupa-campo`): each auto the agent drew up,
 * kept from the moment it is saved until the server acknowledges it (then it leaves the phone), or
 * kept as refused with the server's reason (shown to the agent: never dropped silently); and the
 * device's number blocks with the numbers already used, so a number is never given twice — also
 * after a reload, the app killed or the phone restarted. Signing out deletes the whole database.
 */
import { nextFieldNumber, type NumberBlock } from '$lib/domain/field';

const NAME = 'garupa-campo';
const AUTOS = 'autos';
const META = 'meta';

/** An auto as the phone keeps it. Photos as bytes with their SHA-256 (hex). */
export interface KeptAuto {
	key: string;
	number: string;
	copyToken: string;
	prefixo: string;
	conduct: string;
	provision: string;
	occurredAt: string;
	clockOffsetMs: number | null;
	place: { lat: number; lng: number; accuracy: number } | { address: string };
	driver: 'titular' | 'auxiliar';
	signature: 'assinou' | 'recusou';
	observations: string;
	photos: { sha256: string; bytes: ArrayBuffer }[];
	/** The preliminary notice the auto was opened from (closed by it when the server accepts it). */
	notice?: string;
	/** A vehicle outside the registry, as the agent typed it. */
	vehicle?: { placa: string; modelo: string; cor: string };
	savedAt: string;
	/** `waiting` until acknowledged; `refused` with the server's message (a 4xx). */
	state: 'waiting' | 'refused';
	message?: string;
}

export interface FieldMeta {
	blocks: NumberBlock[];
	/** Every number this phone gave (kept or sent), and those the server says were issued. */
	used: string[];
	/** Server − phone clock, ms, at the last contact. */
	clockOffsetMs: number | null;
}

function open(): Promise<IDBDatabase> {
	return new Promise((resolve, reject) => {
		const request = indexedDB.open(NAME, 1);
		request.onupgradeneeded = () => {
			const db = request.result;
			if (!db.objectStoreNames.contains(AUTOS)) db.createObjectStore(AUTOS, { keyPath: 'key' });
			if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
		};
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});
}

async function run<T>(
	stores: string[],
	mode: IDBTransactionMode,
	work: (tx: IDBTransaction) => IDBRequest<T> | void
): Promise<T | undefined> {
	const db = await open();
	try {
		return await new Promise<T | undefined>((resolve, reject) => {
			const tx = db.transaction(stores, mode);
			const request = work(tx);
			tx.oncomplete = () => resolve(request ? request.result : undefined);
			tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
			tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted'));
		});
	} finally {
		db.close();
	}
}

const EMPTY: FieldMeta = { blocks: [], used: [], clockOffsetMs: null };

export async function readMeta(): Promise<FieldMeta> {
	const meta = await run<FieldMeta>([META], 'readonly', (tx) => tx.objectStore(META).get('meta'));
	return meta ?? EMPTY;
}

/** Merges what the server says (blocks, issued numbers, clock) into the phone's meta. */
export async function mergeMeta(
	blocks: NumberBlock[],
	issued: string[],
	clockOffsetMs: number
): Promise<FieldMeta> {
	const meta = await readMeta();
	const next: FieldMeta = {
		blocks,
		used: [...new Set([...meta.used, ...issued])],
		clockOffsetMs
	};
	await run([META], 'readwrite', (tx) => tx.objectStore(META).put(next, 'meta'));
	return next;
}

/**
 * Takes the next free number of the blocks and marks it used, in one transaction (two tabs never
 * take the same one). Null when the blocks are spent.
 */
export async function takeNumber(): Promise<string | null> {
	const db = await open();
	try {
		return await new Promise<string | null>((resolve, reject) => {
			const tx = db.transaction([META], 'readwrite');
			const store = tx.objectStore(META);
			let taken: string | null = null;
			const get = store.get('meta');
			get.onsuccess = () => {
				const meta = (get.result as FieldMeta | undefined) ?? EMPTY;
				taken = nextFieldNumber(meta.blocks, meta.used);
				if (taken) store.put({ ...meta, used: [...meta.used, taken] }, 'meta');
			};
			tx.oncomplete = () => resolve(taken);
			tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
		});
	} finally {
		db.close();
	}
}

/** Another record of the meta store, by key (src/lib/field/context.ts keeps the page's there). */
export async function readRecord<T>(key: string): Promise<T | undefined> {
	return run<T>([META], 'readonly', (tx) => tx.objectStore(META).get(key));
}

export async function writeRecord(key: string, value: unknown): Promise<void> {
	await run([META], 'readwrite', (tx) => tx.objectStore(META).put(value, key));
}

export async function keepAuto(auto: KeptAuto): Promise<void> {
	await run([AUTOS], 'readwrite', (tx) => tx.objectStore(AUTOS).put(auto));
}

export async function keptAutos(): Promise<KeptAuto[]> {
	const all = await run<KeptAuto[]>([AUTOS], 'readonly', (tx) => tx.objectStore(AUTOS).getAll());
	return (all ?? []).sort((a, b) => (a.savedAt < b.savedAt ? -1 : 1));
}

export async function dropAuto(key: string): Promise<void> {
	await run([AUTOS], 'readwrite', (tx) => tx.objectStore(AUTOS).delete(key));
}

/** Sign-out: every field record leaves the phone. */
export function wipeField(): Promise<void> {
	return new Promise((resolve) => {
		const request = indexedDB.deleteDatabase(NAME);
		request.onsuccess = () => resolve();
		request.onerror = () => resolve();
		request.onblocked = () => resolve();
	});
}

/** Hex SHA-256 of bytes (Web Crypto). */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
	const digest = await crypto.subtle.digest('SHA-256', bytes);
	return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random base64url string of `n` bytes (keys and copy tokens). */
export function randomToken(n: number): string {
	const bytes = crypto.getRandomValues(new Uint8Array(n));
	let s = '';
	for (const b of bytes) s += String.fromCharCode(b);
	return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64(bytes: ArrayBuffer): string {
	let s = '';
	const view = new Uint8Array(bytes);
	for (let i = 0; i < view.length; i += 0x8000)
		s += String.fromCharCode(...view.subarray(i, i + 0x8000));
	return btoa(s);
}

export type SendOutcome =
	{ kind: 'sent'; number: string } | { kind: 'refused'; message: string } | { kind: 'offline' };

/** Sends one kept auto; acknowledged → it leaves the phone; refused (4xx) → kept as refused. */
export async function sendAuto(auto: KeptAuto): Promise<SendOutcome> {
	const { photos, key, number, copyToken, prefixo, conduct, provision, occurredAt } = auto;
	const { clockOffsetMs, place, driver, signature, observations } = auto;
	const rest = { key, number, copyToken, prefixo, conduct, provision, occurredAt, clockOffsetMs };
	Object.assign(rest, { place, driver, signature, observations });
	// The preliminary notice the auto was opened from, which the server closes with it.
	if (auto.notice) Object.assign(rest, { notice: auto.notice });
	if (auto.vehicle) Object.assign(rest, { vehicle: auto.vehicle });
	let response: Response;
	try {
		response = await fetch('/admin/campo/autos', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				...rest,
				photos: photos.map((p) => ({ sha256: p.sha256, data: base64(p.bytes) }))
			})
		});
	} catch {
		return { kind: 'offline' };
	}
	if (response.ok) {
		await dropAuto(auto.key);
		return { kind: 'sent', number: auto.number };
	}
	if (response.status >= 400 && response.status < 500 && response.status !== 401) {
		const body = (await response.json().catch(() => null)) as { message?: string } | null;
		const message = body?.message ?? `Recusado (${response.status}).`;
		await keepAuto({ ...auto, state: 'refused', message });
		return { kind: 'refused', message };
	}
	// 401 (session over), 5xx, a proxy's page: kept, tried again later.
	return { kind: 'offline' };
}

/** Sends every waiting auto, oldest first; what happened to each. */
export async function sendWaiting(): Promise<SendOutcome[]> {
	const out: SendOutcome[] = [];
	for (const auto of await keptAutos()) {
		if (auto.state !== 'waiting') continue;
		const outcome = await sendAuto(auto);
		out.push(outcome);
		if (outcome.kind === 'offline') break;
	}
	return out;
}
