/**
 * "Minhas reclamações": every complaint sent from this phone — online, or later from the outbox —
 * kept in IndexedDB (the outbox's database, store `mine`): protocol, token, date, vehicle,
 * situations and the last status seen. Only on this phone; the rider removes one with "remover
 * deste celular". The token never goes into a page URL the page cache keeps: the list asks the API
 * for each status with `cache: 'no-store'`, and the service worker keeps no token URL.
 */
import { MINE, runIn } from './outbox';

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
}

// Any profile's prefix (`RM`, `PV`: municipality.json's `protocolPrefix`, 2–4 capitals).
const RECEIPT = /\/reclamacoes\/([A-Z]{2,4}-\d{4}-\d{6,9})\?token=([A-Za-z0-9_-]{24})/;

/** A receipt URL (`/reclamacoes/<protocolo>?token=…`) as protocol and token. */
export function receiptOf(url: string): { protocol: string; token: string } | null {
	const m = RECEIPT.exec(url);
	return m ? { protocol: m[1] ?? '', token: m[2] ?? '' } : null;
}

/** The entry for a complaint the outbox sent: its receipt URL and the fields it was sent with. */
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

/** Keep (or update) a complaint; an update keeps what the new entry leaves out. */
export async function remember(entry: MineEntry): Promise<void> {
	const old = await runIn<MineEntry | undefined>(
		MINE,
		'readonly',
		(s) => s.get(entry.protocol) as IDBRequest<MineEntry | undefined>
	);
	await runIn(MINE, 'readwrite', (s) =>
		s.put({ ...old, ...entry, createdAt: old?.createdAt ?? entry.createdAt })
	);
}

export const listMine = () =>
	runIn<MineEntry[]>(MINE, 'readonly', (s) => s.getAll() as IDBRequest<MineEntry[]>);

export const forget = (protocol: string) => runIn(MINE, 'readwrite', (s) => s.delete(protocol));
