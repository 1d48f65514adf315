import { describe, expect, test } from 'vitest';
import type { OutboxEntry } from '$lib/offline/outbox';
import { formOf } from './reopen';

const recording = new Blob([new Uint8Array(2048)], { type: 'audio/webm' });
const photo = new Blob([new Uint8Array(512)], { type: 'image/jpeg' });

function entry(fields: OutboxEntry['fields']): OutboxEntry {
	return {
		key: 'k1',
		createdAt: '2026-12-06T10:00:00.000Z',
		fields,
		state: 'rejected',
		problem: { status: 400, errors: { situations: 'Escolha ao menos uma situação.' } }
	};
}

describe('a refused complaint back in the form ("Corrigir e enviar") keeps what the rider gave', () => {
	const cases: [
		fields: OutboxEntry['fields'],
		audioBytes: number | null,
		photos: number,
		why: string
	][] = [
		[[['audio', recording]], 2048, 0, 'a recording made on the phone comes back'],
		[
			[['audio', new File([recording], 'minha-voz.ogg', { type: 'audio/ogg' })]],
			2048,
			0,
			'a chosen file keeps its own name and type'
		],
		[
			[['audio', new Blob([], { type: 'application/octet-stream' })]],
			null,
			0,
			'an empty file field is no recording'
		],
		[
			[
				['fotos', photo],
				['fotos', photo],
				['audio', recording]
			],
			2048,
			2,
			'photos and recording together'
		],
		[[['relato', 'só texto']], null, 0, 'no recording at all']
	];
	test.each(cases)('%#: %s', (fields, audioBytes, photos, why) => {
		const back = formOf(entry(fields), 'SEMAM');
		expect(back.audio?.size ?? null, why).toBe(audioBytes);
		expect(back.photos, why).toHaveLength(photos);
		if (back.audio) expect(back.audio.type.startsWith('audio/'), why).toBe(true);
	});

	test('the server’s words stay beside the field they concern', () => {
		const back = formOf(entry([['relato', 'x']]), 'SEMAM');
		expect(back.form.errors).toEqual({ situations: 'Escolha ao menos uma situação.' });
		expect(back.form.values.relato).toBe('x');
	});
});
