import { wallClock } from '$lib/domain/clock';
import { formatPlate, formatPrefix, normalizePrefix, plateKey } from '$lib/domain/plate';
import { registryRulesOn } from '$lib/domain/profile';
import { verifyOn } from '$lib/domain/registry';
import { profile } from '$lib/profile';
import { changeKinds } from '$lib/domain/registry-diff';
import { auxiliaryProblems } from '$lib/domain/registry-auxiliary';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { workingRegistry } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

/** Case and accents do not matter when searching a name. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');

/**
 * The registry being edited (the draft, or the published one when nothing is being edited), with
 * what is new or changed against the published snapshot and each vehicle's verdict today (the
 * checks a rider's verification runs: REGULAR, PENDENTE or IRREGULAR, with what fails); `?q=`
 * searches prefixo, plate or names.
 */
export const load: PageServerLoad = async ({ url }) => {
	requireStaff('gestor');
	const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
	const working = await workingRegistry(db());
	const kinds = changeKinds(working.diff);
	const prefixo = normalizePrefix(q.replace(/^MT-?/i, ''));
	const plate = plateKey(q.replace(/[^a-z0-9]/gi, '').toUpperCase());
	const text = fold(q);
	const today = wallClock(new Date(), profile.timeZone).date;
	const rules = registryRulesOn(today, profile.registryRules);
	const matches = working.entries.filter(
		(e) =>
			q === '' ||
			e.prefixo === prefixo ||
			(plate.length >= 3 && plateKey(e.placa).includes(plate)) ||
			fold(e.titular).includes(text) ||
			fold(e.condutorAuxiliar ?? '').includes(text)
	);
	return {
		q,
		saved: url.searchParams.get('salvo'),
		removed: url.searchParams.get('removido'),
		draft: working.draft,
		latest: working.latest && {
			version: working.latest.version,
			publishedAt: working.latest.publishedAt,
			sample: working.latest.sample
		},
		total: working.entries.length,
		changes: {
			added: working.diff.added.length,
			removed: working.diff.removed.map((e) => formatPrefix(e.prefixo)),
			changed: working.diff.changed.length
		},
		today,
		entries: matches.map((e) => {
			const { verdict, checks } = verifyOn(e, today, rules);
			return {
				prefixo: formatPrefix(e.prefixo),
				placa: formatPlate(e.placa),
				titular: e.titular,
				marcaModelo: e.marcaModelo,
				cor: e.cor,
				situacao: e.situacao,
				sample: e.sample === true,
				change: kinds.get(e.prefixo) ?? null,
				verdict,
				/**
				 * What fails today, in the checks' own words (with their citations), and the auxiliary
				 * driver's own authorization where the law gives one (staff only).
				 */
				problems: [
					...checks.filter((c) => !c.ok).map((c) => c.detail),
					...auxiliaryProblems(e, today, rules?.cites ?? {})
				]
			};
		}),
		/** Entries of the fictitious sample still in the registry: riders see "exemplo" until none. */
		samples: working.entries.filter((e) => e.sample).length
	};
};
