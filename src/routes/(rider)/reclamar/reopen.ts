/**
 * A complaint the server refused, back in the form ("Corrigir e enviar"): its fields, its choices,
 * its photos, and the server's words beside the fields they concern. Loaded only when the rider
 * opens one (`/reclamar#corrigir=<key>`).
 */
import type { OutboxEntry } from '$lib/offline/outbox';
import { refusalWords } from '$lib/offline/refusal';

/** The fields the form shows again (as the server echoes them after an error). */
const SHOWN = [
	'veiculo',
	'veiculo_descricao',
	'quando',
	'valor_pago',
	'distancia_km',
	'onde_texto',
	'onde_ponto',
	'relato',
	'nome',
	'telefone',
	'email'
] as const;

export function formOf(entry: OutboxEntry, office: string) {
	const text = (name: string) => {
		const v = entry.fields.find(([n]) => n === name)?.[1];
		return typeof v === 'string' ? v : '';
	};
	const photos = entry.fields
		.filter((f): f is [string, Blob] => f[0] === 'fotos' && typeof f[1] !== 'string')
		.map(([, blob], i) =>
			blob instanceof File ? blob : new File([blob], `foto-${i + 1}.jpg`, { type: blob.type })
		);
	return {
		form: {
			errors: entry.problem?.errors ?? { form: refusalWords(entry.problem, office).text },
			values: Object.fromEntries(SHOWN.map((n) => [n, text(n)])),
			naoSei: text('nao_sei') === 'on',
			situacoes: entry.fields.filter(([n]) => n === 'situacoes').map(([, v]) => String(v))
		},
		photos
	};
}
