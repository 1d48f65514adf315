import { describe, expect, it } from 'vitest';
import { formOrError, readBytes, readForm, readJson, text } from './body';

const post = (body: BodyInit | null, type?: string, headers: Record<string, string> = {}) =>
	new Request('http://x/', {
		method: 'POST',
		body,
		headers: type ? { 'content-type': type, ...headers } : headers,
		...(body instanceof ReadableStream ? { duplex: 'half' } : {})
	} as RequestInit);

/** A body with no Content-Length (chunked), `n` chunks of `size` bytes. */
function chunked(n: number, size: number): ReadableStream<Uint8Array> {
	let i = 0;
	return new ReadableStream({
		pull(controller) {
			if (i++ < n) controller.enqueue(new Uint8Array(size).fill(97));
			else controller.close();
		}
	});
}

describe('readForm', () => {
	it('reads urlencoded and multipart bodies', async () => {
		const a = await readForm(post('email=a%40b.c&x=1', 'application/x-www-form-urlencoded'));
		expect(a.ok && text(a.value, 'email')).toBe('a@b.c');
		const fd = new FormData();
		fd.set('nome', 'Zé');
		fd.set('arquivo', new File(['1;2'], 'c.csv', { type: 'text/csv' }));
		const b = await readForm(new Request('http://x/', { method: 'POST', body: fd }));
		expect(b.ok).toBe(true);
		if (b.ok) {
			expect(text(b.value, 'nome')).toBe('Zé');
			expect(text(b.value, 'arquivo')).toBe('');
			expect(b.value.get('arquivo')).toBeInstanceOf(File);
		}
	});

	it('refuses a wrong content type with a 415 in pt-BR', async () => {
		for (const type of ['text/plain', 'application/json', undefined]) {
			const r = await readForm(post('a=1', type));
			expect(r).toMatchObject({ ok: false, status: 415, code: 'media_type' });
			if (!r.ok) expect(r.message).toMatch(/formulário/);
		}
	});

	it('refuses a broken multipart body with a 400', async () => {
		for (const body of ['garbage', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx']) {
			const r = await readForm(post(body, 'multipart/form-data; boundary=b'));
			expect(r).toMatchObject({ ok: false, status: 400, code: 'malformed' });
		}
		const noBoundary = await readForm(post('x', 'multipart/form-data'));
		expect(noBoundary).toMatchObject({ ok: false, status: 400 });
	});

	it('refuses an oversized body with a 413, declared or chunked', async () => {
		const big = 'a='.concat('x'.repeat(70_000));
		expect(await readForm(post(big, 'application/x-www-form-urlencoded'))).toMatchObject({
			ok: false,
			status: 413
		});
		const r = await readForm(post(chunked(20, 8192), 'application/x-www-form-urlencoded'), {
			maxBytes: 32_000,
			tooLarge: 'Grande.'
		});
		expect(r).toMatchObject({ ok: false, status: 413, message: 'Grande.' });
	});

	it('maps a body the adapter cut off (413 error in the stream) to a 413', async () => {
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(new Uint8Array(10));
				controller.error(Object.assign(new Error('Payload Too Large'), { status: 413 }));
			}
		});
		expect(await readBytes(post(stream, 'multipart/form-data; boundary=b'), 1000)).toMatchObject({
			ok: false,
			status: 413
		});
	});

	it('formOrError throws the SvelteKit error with the status and message', async () => {
		await expect(formOrError(post('a', 'text/plain'))).rejects.toMatchObject({
			status: 415,
			body: { code: 'media_type' }
		});
	});
});

describe('readJson', () => {
	it('reads JSON and refuses broken JSON, bad UTF-8 and wrong types', async () => {
		expect(await readJson(post('{"a":1}', 'application/json; charset=utf-8'))).toEqual({
			ok: true,
			value: { a: 1 }
		});
		expect(await readJson(post('{"a":', 'application/json'))).toMatchObject({ status: 400 });
		expect(
			await readJson(post(new Uint8Array([0x22, 0xff, 0x22]), 'application/json'))
		).toMatchObject({ status: 400 });
		expect(await readJson(post('{}', 'text/plain'))).toMatchObject({ status: 415 });
	});
});
