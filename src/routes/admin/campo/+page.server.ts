/**
 * The fiscal's field mode: what the phone needs to draw up an auto with no signal — the public
 * registry (with each vehicle's open autos), the whole catalogue of the law in force today, the
 * device's number blocks and the server's clock. Only a signed-in fiscal or gestor on an enrolled
 * device (the trusted-device cookie of the sign-in) may use it.
 */
import { citeOf, penaltyRuleOf } from '$lib/domain/offenses';
import { fieldConducts } from '$lib/domain/field';
import { PENALTY_PT } from '$lib/domain/penalty-label';
import { citeFor } from '$lib/domain/regime';
import { registryRulesOn } from '$lib/domain/profile';
import { verifyOn } from '$lib/domain/registry';
import { findProvision } from '$lib/law';
import { offenseCatalogs } from '$lib/profile/offenses';
import { profile } from '$lib/profile';
import {
	DEVICE_COOKIE,
	fieldDevice,
	getStaff,
	matriculaCite,
	requireStaff
} from '$lib/server/auth';
import { catalogFor, localDate, regimeOf } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { openBlocks } from '$lib/server/field';
import { currentRegistry, revokedSerials, TOWN_CENTRE } from '$lib/server/registry';
import { config } from '$lib/server/runtime';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ cookies, setHeaders }) => {
	const me = requireStaff('fiscal');
	// Staff data is never kept by a browser (the field records live in IndexedDB, not the cache).
	setHeaders({ 'cache-control': 'no-store' });
	const now = new Date();
	const today = localDate(now);
	const [device, member, snapshot] = await Promise.all([
		fieldDevice(db(), cookies.get(DEVICE_COOKIE), now),
		getStaff(db(), me.id),
		currentRegistry(db())
	]);
	const regime = regimeOf(today);
	const rules = registryRulesOn(today, profile.registryRules);
	const catalog = offenseCatalogs.length > 0 ? catalogFor(today) : null;
	const usable = catalog && !catalog.unclassified ? catalog : null;
	const conducts = usable
		? fieldConducts(usable, (a) => {
				const p = findProvision(a, usable.lawId);
				return p?.inciso?.text ?? p?.paragraph?.text ?? null;
			}).map((c) => ({
				...c,
				provisions: c.provisions.map((p) => {
					const rule = penaltyRuleOf(p.article, usable);
					const penalties = rule?.penalties ?? (rule?.penalty ? [rule.penalty] : []);
					return {
						...p,
						penalty: penalties.length
							? `${penalties.map((x) => PENALTY_PT[x]).join(' + ')} (${citeOf(rule?.basis ?? p.article)})`
							: 'sem penalidade fixada na lei'
					};
				})
			}))
		: [];
	const open = await db()
		.selectFrom('auto_infracao')
		.select(['number', 'prefixo', 'provision', 'decision'])
		.where('decision', 'in', ['pendente', 'imposta'])
		.execute();
	const blocks = device?.status === 'enrolled' ? await openBlocks(db(), device.deviceId) : [];
	const issued = blocks.length
		? (
				await db()
					.selectFrom('auto_infracao')
					.select('number')
					.where(
						'block_id',
						'in',
						blocks.map((b) => b.id)
					)
					.execute()
			).map((r) => r.number)
		: [];
	return {
		agent: { name: me.name, matricula: member?.matricula ?? null },
		matriculaCite: matriculaCite(now),
		device: device?.status ?? 'none',
		serverNow: now.toISOString(),
		law: regime ? { name: regime.short, id: regime.id } : null,
		// Where the law in force has no catalogue (its text is not available), the mode says why.
		noCatalog: usable
			? null
			: (regime?.offensesReason ??
				catalog?.unclassified ??
				regime?.textReason ??
				'a lei em vigor não tem catálogo de infrações no aplicativo.'),
		refusalCite: citeFor(regime, 'autoRefusal'),
		conducts,
		// The riders' verdict with every check, as /verificar judges it today.
		registry: (snapshot?.entries ?? []).map((e) => ({
			verdict: verifyOn(e, today, rules),
			prefixo: e.prefixo,
			placa: e.placa,
			titular: e.titular,
			auxiliar: e.condutorAuxiliar,
			modelo: e.marcaModelo,
			cor: e.cor,
			situacao: e.situacao,
			autorizacaoValidade: e.autorizacaoValidade,
			...(e.sample ? { sample: true } : {})
		})),
		// The riders' scanner: the cards' address and keys, and the serials the City revoked.
		cardBase: config.publicBaseUrl ?? '',
		cardKeys: profile.cardKeys,
		revoked: await revokedSerials(db()),
		// A vehicle outside the registry: the law's offence for it, or the forward.
		unlicensed: regime?.unlicensed ?? null,
		infractionCite: citeFor(regime, 'infraction'),
		// The place's map (loaded when the agent opens it).
		tiles: config.tiles,
		centre: TOWN_CENTRE,
		openAutos: open.map((o) => ({ ...o, cite: citeOf(o.provision) })),
		blocks: blocks.map((b) => ({ year: b.year, first: b.first, last: b.last })),
		issued,
		timeZone: profile.timeZone
	};
};
