/**
 * The complaint's way out of the phone, apart from the form: which key it travels with, what a
 * failed post means, what the card lists, and the service worker's Background Sync.
 */
import type { SubmitResult } from '$lib/islands/submit';
import { parseAmount } from '$lib/domain/rider-input';
import { formatBRL } from '$lib/domain/tariff';

/**
 * One key, one content: the same complaint sent again keeps its key (the server answers with the
 * first receipt); different content gets a key of its own. `used` (keys already sent or kept,
 * with what they carried) learns the answer.
 */
export function keyFor(
	used: Record<string, string>,
	key: string,
	content: string,
	fresh: () => string
): string {
	const next = Object.hasOwn(used, key) && used[key] !== content ? fresh() : key;
	used[next] = content;
	return next;
}

/**
 * The request or its reply was lost on the way, or the server could not take it now: kept, with
 * the same key, and retried (if the server had stored it, the retry gets the same protocol back).
 */
export const lostOrBusy = (result: SubmitResult): boolean =>
	result.type === 'error' &&
	(result.status === undefined || result.status >= 500 || result.status === 429);

/** What the card lists of a complaint kept on the phone. */
export type SavedWords = { vehicle: string; situations: string[]; paid: string; audio?: boolean };

export function wordsOf(
	formData: FormData,
	say: {
		/** "Não sei o veículo". */
		none: string;
		vehicle: (vehicle: string) => string;
		/** The catalog's situations, in words (a code not there is said as is). */
		situations: readonly { code: string; wording: Record<'pt-BR' | 'es' | 'en', string> }[];
	},
	locale: 'pt-BR' | 'es' | 'en'
): SavedWords {
	const codes = formData.getAll('situacoes').map(String);
	const cents = parseAmount(String(formData.get('valor_pago') ?? ''));
	return {
		vehicle:
			formData.get('nao_sei') === 'on' || !String(formData.get('veiculo') ?? '').trim()
				? say.none
				: say.vehicle(String(formData.get('veiculo')).trim()),
		situations: codes.map((c) => say.situations.find((s) => s.code === c)?.wording[locale] ?? c),
		paid: cents !== null ? formatBRL(cents, locale) : '',
		audio: !!(formData.get('audio') as File | null)?.size
	};
}

/** Asks the service worker to send the outbox when the connection returns (where it can). */
export async function registerSync(tag: string): Promise<void> {
	const registration = await navigator.serviceWorker?.getRegistration();
	const sync = (
		registration as
			(ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
	)?.sync;
	await sync?.register(tag).catch(() => undefined);
}
