/**
 * "Minhas reclamações": every complaint sent from this phone — online, or later from the outbox —
 * kept in IndexedDB (store `mine`, ./db.ts) with only what the list shows: protocol, token (its
 * "Ver comprovante" link), date, vehicle, situations and the last status seen. No contact, no
 * description, no photo: those leave the phone with the complaint (LGPD: the minimum). Only on this
 * phone; "remover deste celular" removes it from the list, the outbox and the kept pages. The token
 * never goes into a page URL the page cache keeps: the list asks the API for each status with
 * `cache: 'no-store'`, and the service worker keeps no token URL.
 */
import { MINE, readAll, result, transact } from './db';

export interface MineEntry {
	/** `RM-2026-000123`. */
	protocol: string;
	/** The private tracking token. */
	token: string;
	/** When it was sent (or saved, for one sent from the outbox), ISO. */
	createdAt: string;
	vehicle: string | null;
	/** Situation codes. */
	situations: string[];
	/** Last status seen (`recebida`, `em_analise`…) and when. */
	status?: string;
	statusAt?: string;
	/**
	 * The outbox record it was sent from (its key, a random id made on the phone): the /reclamar
	 * page that kept it finds its protocol here when the service worker sent it.
	 */
	key?: string;
}

// Any profile's prefix (`RM`, `PV`: municipality.json's `protocolPrefix`, 2–4 capitals).
const RECEIPT = /\/reclamacoes\/([A-Z]{2,4}-\d{4}-\d{6,9})\?token=([A-Za-z0-9_-]{24})/;

/** A receipt URL (`/reclamacoes/<protocolo>?token=…`) as protocol and token. */
export function receiptOf(url: string): { protocol: string; token: string } | null {
	const m = RECEIPT.exec(url);
	return m ? { protocol: m[1] ?? '', token: m[2] ?? '' } : null;
}

/** The receipt's address, built from what the list keeps. */
export const receiptUrl = (entry: Pick<MineEntry, 'protocol' | 'token'>) =>
	`/reclamacoes/${entry.protocol}?token=${entry.token}`;

/** The entry for a complaint sent from this phone: its receipt URL and the fields it was sent with. */
export function mineOf(
	statusUrl: string,
	fields: readonly [string, string | Blob][],
	createdAt: string
): MineEntry | null {
	const receipt = receiptOf(statusUrl);
	if (!receipt) return null;
	const text = (name: string) => {
		const v = fields.find(([n]) => n === name)?.[1];
		return typeof v === 'string' ? v.trim() : '';
	};
	return {
		...receipt,
		createdAt,
		vehicle: fields.some(([n, v]) => n === 'nao_sei' && v === 'on')
			? null
			: text('veiculo') || null,
		situations: fields
			.filter(([n, v]) => n === 'situacoes' && typeof v === 'string')
			.map(([, v]) => String(v)),
		status: 'recebida',
		statusAt: new Date().toISOString()
	};
}

/**
 * Only the list's fields, as plain data: IndexedDB clones what it stores, and a page's reactive
 * state (a Svelte `$state` proxy, an array inside it) cannot be cloned (DataCloneError). Anything
 * else an entry carries (a receipt's other props) is not kept.
 * @example plainMine({ protocol: 'RM-2026-000001', token: 't', createdAt: 'x', vehicle: null, situations: ['a'], photos: 2 }).photos //=> undefined
 */
export function plainMine(entry: MineEntry): MineEntry {
	const plain: MineEntry = {
		protocol: String(entry.protocol),
		token: String(entry.token),
		createdAt: String(entry.createdAt),
		vehicle: entry.vehicle === null || entry.vehicle === undefined ? null : String(entry.vehicle),
		situations: Array.from(entry.situations ?? [], String)
	};
	if (entry.status) plain.status = String(entry.status);
	if (entry.statusAt) plain.statusAt = String(entry.statusAt);
	if (entry.key) plain.key = String(entry.key);
	return plain;
}

/** An update keeps what the new entry leaves out, and the first date it was kept. */
export const mergeMine = (old: MineEntry | undefined, entry: MineEntry): MineEntry =>
	plainMine({ ...old, ...plainMine(entry), createdAt: old?.createdAt ?? entry.createdAt });

/** Keep (or update) a complaint. */
export const remember = (entry: MineEntry) => keep(entry, true);

/**
 * A newer status for a complaint still in the list: one the rider removed while its status was on
 * the way stays removed.
 */
export const rememberStatus = (entry: MineEntry) => keep(entry, false);

function keep(entry: MineEntry, add: boolean): Promise<void> {
	return transact(MINE, 'readwrite', async (tx) => {
		const store = tx.objectStore(MINE);
		const old = await result(store.get(entry.protocol) as IDBRequest<MineEntry | undefined>);
		if (old || add) await result(store.put(mergeMine(old, entry)));
	});
}

export const listMine = () => readAll<MineEntry>(MINE);

/** The complaint sent from the outbox record `key`, if it is in the list. */
export const mineByKey = async (key: string) => (await listMine()).find((e) => e.key === key);
