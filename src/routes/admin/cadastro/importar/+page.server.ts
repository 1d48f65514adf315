import { fail, redirect } from '@sveltejs/kit';
import { readForm } from '$lib/server/http';
import { wallClock } from '$lib/domain/clock';
import { registryRulesOn } from '$lib/domain/profile';
import { REGISTRY_COLUMNS, type Issue } from '$lib/domain/registry-csv';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { importDraft } from '$lib/server/registry';
import type { Actions, PageServerLoad } from './$types';

/**
 * Largest CSV accepted: a registry line is about 150 bytes, so 512 KiB holds some 3,000 vehicles —
 * far beyond a municipality's — and stays within adapter-node's default BODY_SIZE_LIMIT.
 */
const MAX_CSV_BYTES = 512 * 1024;

/** Errors listed at most; the rest is counted (a wrong file can have one per line). */
const MAX_LISTED = 200;

/** A refusal the page shows: the message and, for a file with errors, each error by line. */
const refuse = (status: number, message: string, errors: Issue[] = [], more = 0) =>
	fail(status, { message, errors, more });

export const load: PageServerLoad = async () => {
	requireStaff('gestor');
	return { columns: [...REGISTRY_COLUMNS], maxKib: MAX_CSV_BYTES / 1024 };
};

export const actions = {
	/** The uploaded export replaces the draft, checked exactly as `npm run registry:import`. */
	default: async ({ request }) => {
		const staff = requireStaff('gestor');
		// The file and the multipart framing around it.
		const body = await readForm(request, {
			maxBytes: MAX_CSV_BYTES + 16 * 1024,
			tooLarge: `O arquivo passa do limite de ${MAX_CSV_BYTES / 1024} KiB.`
		});
		if (!body.ok)
			return refuse(
				body.status,
				body.code === 'too_large' ? body.message : 'Envie o arquivo pelo formulário desta página.'
			);
		const data = body.value;
		const file = data.get('arquivo');
		if (!(file instanceof File) || file.size === 0)
			return refuse(400, 'Escolha o arquivo CSV do cadastro.');
		if (file.size > MAX_CSV_BYTES)
			return refuse(
				413,
				`O arquivo tem ${Math.ceil(file.size / 1024)} KiB; o limite é ${MAX_CSV_BYTES / 1024} KiB.`
			);
		const fileName = file.name.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100) || 'cadastro.csv';
		let text: string;
		try {
			text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
		} catch {
			return refuse(
				400,
				'O arquivo não está em UTF-8 (talvez Latin-1, padrão de algumas planilhas). ' +
					'Exporte de novo como "CSV UTF-8".'
			);
		}
		const today = wallClock(new Date(), profile.timeZone).date;
		// Null where the regime has no registry rules (no law text): the format is still checked.
		const rules = registryRulesOn(today, profile.registryRules);
		const result = await importDraft(db(), staff, text, { fileName, today, rules });
		if (!result.ok)
			return refuse(
				400,
				`O arquivo ${fileName} tem ${result.errors.length} erro(s); nada foi alterado.`,
				result.errors.slice(0, MAX_LISTED),
				Math.max(0, result.errors.length - MAX_LISTED)
			);
		redirect(303, `/admin/cadastro/publicar?importado=${encodeURIComponent(fileName)}`);
	}
} satisfies Actions;
