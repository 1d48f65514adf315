/**
 * A complaint the server refused, back in the form ("Corrigir e enviar"): its fields, its choices,
 * its photos and recording, and the server's words beside the fields they concern. Loaded only when the rider
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
	const audio = entry.fields.find(
		(f): f is [string, Blob] => f[0] === 'audio' && typeof f[1] !== 'string'
	)?.[1];
	return {
		form: {
			errors: entry.problem?.errors ?? { form: refusalWords(entry.problem, office).text },
			values: Object.fromEntries(SHOWN.map((n) => [n, text(n)])),
			naoSei: text('nao_sei') === 'on',
			situacoes: entry.fields.filter(([n]) => n === 'situacoes').map(([, v]) => String(v))
		},
		photos,
		/** The recording that went with it (none: an empty field was kept as an empty file). */
		audio: audio?.size
			? audio instanceof File
				? audio
				: new File([audio], 'gravacao.webm', { type: audio.type })
			: null
	};
}

/**
 * The photos and the recording (kept as files on the phone) back in their file fields, for the
 * rider to keep or change; the recorder, if open, plays the recording back from there.
 */
export function putFilesBack(back: { photos: File[]; audio: File | null }) {
	const fill = (id: string, files: File[]) => {
		const input = document.getElementById(id) as HTMLInputElement | null;
		if (!input || !files.length) return;
		const list = new DataTransfer();
		for (const file of files) list.items.add(file);
		input.files = list.files;
	};
	fill('fotos', back.photos);
	fill('audio', back.audio ? [back.audio] : []);
}
