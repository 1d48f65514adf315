/**
 * The phone's complaint database (IndexedDB `garupa-outbox`), shared by the pages and the service
 * worker: `complaints`, the outbox (what waits to be sent, by its key: ./outbox.ts), and `mine`,
 * what was sent ("Minhas reclamações", by protocol: ./mine.ts). One module opens it, so a change
 * that spans both stores (a complaint leaving the outbox for the list) is one transaction.
 */
const NAME = 'garupa-outbox';
/** The outbox's store; its records are keyed by `key`. */
export const OUTBOX = 'complaints';
/** "Minhas reclamações"; keyed by `protocol`. */
export const MINE = 'mine';

function open(): Promise<IDBDatabase> {
	return new Promise((resolve, reject) => {
		const request = indexedDB.open(NAME, 2);
		request.onupgradeneeded = () => {
			const db = request.result;
			if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: 'key' });
			if (!db.objectStoreNames.contains(MINE)) db.createObjectStore(MINE, { keyPath: 'protocol' });
		};
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});
}

/** One request's result, as a promise (awaited inside a transaction, it keeps it alive). */
export const result = <T>(request: IDBRequest<T>): Promise<T> =>
	new Promise((resolve, reject) => {
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});

/**
 * Runs `work` in one transaction over `stores` and resolves with its value once the transaction
 * has committed (a read-modify-write is then atomic against the other pages and the worker).
 * `work` may await only requests of this transaction: anything else lets it commit early.
 */
export async function transact<T>(
	stores: string | string[],
	mode: IDBTransactionMode,
	work: (tx: IDBTransaction) => Promise<T>
): Promise<T> {
	const db = await open();
	try {
		return await new Promise<T>((resolve, reject) => {
			const tx = db.transaction(stores, mode);
			let value: T;
			work(tx).then(
				(v) => (value = v),
				(error: unknown) => {
					try {
						tx.abort();
					} catch {
						// already finished
					}
					reject(error instanceof Error ? error : new Error(String(error)));
				}
			);
			tx.oncomplete = () => resolve(value);
			tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
			tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
		});
	} finally {
		db.close();
	}
}

/** Every record of one store. */
export const readAll = <T>(store: string) =>
	transact(store, 'readonly', (tx) => result(tx.objectStore(store).getAll() as IDBRequest<T[]>));
