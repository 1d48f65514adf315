/**
 * After an online load of /admin/campo on an enrolled device: what the mode needs with no signal is
 * kept on the phone — its context in IndexedDB (context.ts), then, once the service worker is ready,
 * the shell (shell.ts). The worker is registered here too: a staff member may never have opened a
 * rider's page on this phone (where the worker is otherwise registered).
 */
import { keepContext, type KEPT_FIELDS } from './context';
import { keepFieldShell, loadedFiles } from './shell';

type KeptField = (typeof KEPT_FIELDS)[number];

/**
 * Keeps the context and the shell; `loading` are the modules the page loads on mount (they must be
 * among the shell's files). True when the mode will open offline.
 */
export async function keepFieldOffline<T extends Record<KeptField, unknown>>(
	data: T,
	loading: readonly Promise<unknown>[]
): Promise<boolean> {
	await keepContext(data);
	if (!('serviceWorker' in navigator)) return false;
	await Promise.allSettled(loading);
	await navigator.serviceWorker.register('/service-worker.js', { scope: '/' }).catch(() => null);
	await navigator.serviceWorker.ready;
	return (await keepFieldShell(loadedFiles())) > 0;
}
