import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { describe, expect, test } from 'vitest';
import Field, { type FieldControl } from './Field.svelte';

/** An input carrying what Field hands it, as `<input {...a} />` would in markup. */
const input = createRawSnippet((a: () => FieldControl) => ({
	render: () => {
		const { id, 'aria-invalid': invalid, 'aria-describedby': describedBy } = a();
		const named = describedBy ? ` aria-describedby="${describedBy}"` : '';
		return `<input id="${id}" aria-invalid="${invalid}"${named} />`;
	}
}));

const html = (props: Omit<Parameters<typeof Field>[1], 'control'>) =>
	render(Field, { props: { ...props, control: input } }).body.replace(/<!--[^>]*-->/g, '');

// Screen readers read the hint and the server's error with the field: the ids must line up.
describe('Field', () => {
	test('without an error: the label points at the control, nothing described, not invalid', () => {
		const out = html({ id: 'apagar-motivo', label: 'Motivo' });
		expect(out).toContain('<label for="apagar-motivo">Motivo</label>');
		expect(out).toContain('<input id="apagar-motivo" aria-invalid="false" />');
		expect(out).not.toContain('role="alert"');
	});

	test('with an error: invalid, described by the error, which is an alert', () => {
		const out = html({
			id: 'apagar-motivo',
			label: 'Motivo',
			error: 'Diga o motivo.',
			errorId: 'apagar-erro'
		});
		expect(out).toContain('aria-invalid="true" aria-describedby="apagar-erro"');
		expect(out).toContain('<p id="apagar-erro" class="error" role="alert">Diga o motivo.</p>');
	});

	test('a hint is named first, then the error; ids default from the control', () => {
		expect(html({ id: 't', label: 'T', hint: 'Dica.' })).toContain('aria-describedby="t-ajuda"');
		const out = html({ id: 't', label: 'T', hint: 'Dica.', error: 'Erro.' });
		expect(out).toContain('aria-describedby="t-ajuda t-erro"');
		expect(out).toContain('<p id="t-ajuda" class="hint">Dica.</p>');
		expect(out).toContain('<p id="t-erro" class="error" role="alert">Erro.</p>');
	});

	test('alert: false, for a form whose summary is the alert: the error is a plain paragraph', () => {
		const out = html({ id: 't', label: 'T', error: 'Erro.', alert: false });
		expect(out).toContain('aria-invalid="true" aria-describedby="t-erro"');
		expect(out).toContain('<p id="t-erro" class="error">Erro.</p>');
	});

	test('without a control: a text input named as its id, with its value and attributes', () => {
		const plain = (props: Parameters<typeof Field>[1]) =>
			render(Field, { props })
				.body.replace(/<!--[^>]*-->/g, '')
				.trim();
		expect(
			plain({
				id: 'nome',
				label: 'Nome',
				value: 'Ana',
				input: { autocomplete: 'name', maxlength: 100 }
			})
		).toBe(
			'<label for="nome">Nome</label> <input id="nome" name="nome" value="Ana" autocomplete="name" maxlength="100"/>'
		);
		const out = plain({
			id: 'quando',
			label: 'Quando',
			hint: 'Dica.',
			error: 'Erro.',
			input: { type: 'datetime-local', required: true }
		});
		expect(out).toContain('type="datetime-local"');
		expect(out).toContain('required=""');
		expect(out).toContain('aria-invalid="true" aria-describedby="quando-ajuda quando-erro"');
	});

	test('without a control and without an error: nothing says invalid', () => {
		const out = render(Field, { props: { id: 'x', label: 'X' } }).body;
		expect(out).toContain('<input id="x" name="x" value=""');
		expect(out).not.toContain('aria-invalid');
		expect(out).not.toContain('aria-describedby');
	});
});
