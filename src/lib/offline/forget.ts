/**
 * "Remover deste celular", apart from ./mine.ts: the service worker imports mine.ts (the outbox
 * writes the list), and a module in the worker's graph may not load code later.
 */
import { MINE, OUTBOX, result, transact } from './db';
import { receiptOf } from './mine';

/**
 * "Remover deste celular": the complaint leaves the list, any copy an older version left in the
 * outbox (with its contact and photos), and any page kept with its protocol.
 */
export async function forget(protocol: string): Promise<void> {
	await transact([MINE, OUTBOX], 'readwrite', async (tx) => {
		tx.objectStore(MINE).delete(protocol);
		const outbox = tx.objectStore(OUTBOX);
		const all = await result(outbox.getAll() as IDBRequest<{ key: string; statusUrl?: string }[]>);
		for (const e of all)
			if (e.statusUrl && receiptOf(e.statusUrl)?.protocol === protocol) outbox.delete(e.key);
	});
	// (Loaded here: the pages that keep the list need none of it on their first visit.)
	const { forgetPagesOf } = await import('./pages');
	await forgetPagesOf(protocol).catch(() => 0);
}
