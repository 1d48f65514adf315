import { formOrError } from '$lib/server/http';
import { fail, redirect } from '@sveltejs/kit';
import { formatPlate, formatPrefix } from '$lib/domain/plate';
import { capStatus, type RegistryEntry } from '$lib/domain/registry';
import { isEmptyDiff } from '$lib/domain/registry-diff';
import { wallClock } from '$lib/domain/clock';
import { registryRulesOn } from '$lib/domain/profile';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import {
	REFUSAL,
	discardDraft,
	publishDraft,
	publishSource,
	workingRegistry
} from '$lib/server/registry';
import type { Actions, PageServerLoad } from './$types';

const brief = (e: RegistryEntry) => ({
	prefixo: formatPrefix(e.prefixo),
	placa: formatPlate(e.placa),
	titular: e.titular,
	situacao: e.situacao,
	sample: e.sample === true
});

/** The preview: what publishing the draft would change against the latest snapshot. */
export const load: PageServerLoad = async ({ url }) => {
	const staff = requireStaff('gestor');
	const { draft, latest, entries, diff, digest } = await workingRegistry(db());
	const today = wallClock(new Date(), profile.timeZone).date;
	return {
		/** Places taken under the cap after publishing (null: the law gives no cap to check). */
		cap: capStatus(
			entries,
			latest?.entries ?? null,
			today,
			registryRulesOn(today, profile.registryRules)
		),
		imported: url.searchParams.get('importado'),
		published: url.searchParams.get('publicado'),
		draft,
		/** What this preview shows: the publish form carries it back (a confirmation covers it only). */
		digest,
		latest: latest && {
			version: latest.version,
			publishedAt: latest.publishedAt,
			sample: latest.sample,
			count: latest.entries.length
		},
		/** Another publish since the draft was started: the preview is against the newer one. */
		moved: draft !== null && draft.baseVersion !== (latest?.version ?? null),
		count: entries.length,
		empty: isEmptyDiff(diff),
		added: diff.added.map(brief),
		removed: diff.removed.map(brief),
		changed: diff.changed.map((c) => ({ prefixo: formatPrefix(c.prefixo), fields: c.fields })),
		unchanged: diff.unchanged,
		source: draft ? publishSource(staff, draft.importedFile) : null
	};
};

/** Refusals that a new look at the preview settles. */
const CONFLICT = new Set(['stale', 'draft_changed', 'over_cap']);

export const actions = {
	/** Publishes the draft as the next snapshot, if the preview is still the one seen. */
	publicar: async ({ request }) => {
		const staff = requireStaff('gestor');
		const data = await formOrError(request);
		const seen = String(data.get('versao') ?? '');
		const previewedVersion = seen === '' ? null : Number(seen);
		if (previewedVersion !== null && !Number.isSafeInteger(previewedVersion))
			return fail(400, { message: 'Prévia inválida: recarregue a página.' });
		const previewedDraft = String(data.get('rascunho') ?? '');
		if (!/^[0-9a-f]{64}$/.test(previewedDraft))
			return fail(400, { message: 'Prévia inválida: recarregue a página.' });
		const today = wallClock(new Date(), profile.timeZone).date;
		const result = await publishDraft(db(), staff, {
			previewedVersion,
			previewedDraft,
			today,
			rules: registryRulesOn(today, profile.registryRules),
			overCapConfirmed: data.get('acima_do_limite') === 'sim'
		});
		if (!result.ok)
			return fail(CONFLICT.has(result.reason) ? 409 : 400, {
				message: REFUSAL[result.reason]
			});
		redirect(303, `/admin/cadastro/historico?publicado=${result.version}`);
	},
	/** Throws the draft away (audited): the registry being edited is the published one again. */
	descartar: async () => {
		const staff = requireStaff('gestor');
		await discardDraft(db(), staff);
		redirect(303, '/admin/cadastro');
	}
} satisfies Actions;
