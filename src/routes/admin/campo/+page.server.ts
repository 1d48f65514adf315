/**
 * The fiscal's field mode: what the phone needs to draw up an auto with no signal — the public
 * registry (with each vehicle's open autos), the whole catalogue of the law in force today, the
 * device's number blocks and the server's clock. Only a signed-in fiscal or gestor on an enrolled
 * device (the trusted-device cookie of the sign-in) may use it.
 *
 * With `?casca=1` (FIELD_SHELL_PARAM) the same page comes as its *shell*: every field empty, no one's
 * data — what the phone keeps to open the mode again with no signal (src/lib/field/shell.ts); the
 * page then fills itself from IndexedDB (src/lib/field/context.ts).
 */
import { citeOf, penaltyRuleOf } from '$lib/domain/offenses';
import { fieldConducts } from '$lib/domain/field';
import { PENALTY_PT } from '$lib/domain/penalty-label';
import { citeFor } from '$lib/domain/regime';
import { inForceOn, registryRulesOn } from '$lib/domain/profile';
import { copyLabels } from '$lib/domain/copies';
import type { StaffMember } from '$lib/domain/staff';
import { FIELD_SHELL_PARAM } from '$lib/field/shell';
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
import { actsOn, listNotices, noticeByNumber, openBlocks, whyNotDecide } from '$lib/server/field';
import {
	activeSuspensions,
	currentRegistry,
	revokedSerials,
	TOWN_CENTRE
} from '$lib/server/registry';
import { config } from '$lib/server/runtime';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ cookies, setHeaders, url }) => {
	const me = requireStaff('fiscal');
	// Staff data is never kept by a browser (the field records live in IndexedDB, not the cache).
	setHeaders({ 'cache-control': 'no-store' });
	if (!url.searchParams.has(FIELD_SHELL_PARAM))
		return fieldData(me, cookies.get(DEVICE_COOKIE), url.searchParams.get('notificacao'));
	// The shell: the same shape, nothing in it (the admin layout drops the member too). It is kept
	// only on an enrolled device, so it draws the empty form until the phone's copy fills it.
	const shell: Awaited<ReturnType<typeof fieldData>> = {
		shell: true,
		// Public: the scanner's keys and address, the map's tiles and centre (the phone's copy adds the
		// revoked serials and the law's texts).
		cardBase: config.publicBaseUrl ?? '',
		cardKeys: profile.cardKeys,
		revoked: [],
		unlicensed: null,
		infractionCite: null,
		tiles: config.tiles,
		centre: TOWN_CENTRE,
		fieldActs: { notice: false, impound: false },
		openNotices: [],
		fromNotice: null,
		fromNoticeRefused: null,
		fieldLaw: { cautelar: null, personal: null },
		agent: { name: '', matricula: null },
		matriculaCite: null,
		device: 'enrolled',
		serverNow: '',
		law: null,
		noCatalog: null,
		refusalCite: null,
		copies: [],
		conducts: [],
		registry: [],
		openAutos: [],
		blocks: [],
		issued: [],
		timeZone: profile.timeZone
	};
	return shell;
};

async function fieldData(me: StaffMember, deviceCookie: string | undefined, asked: string | null) {
	const now = new Date();
	const today = localDate(now);
	const [device, member, snapshot] = await Promise.all([
		fieldDevice(db(), deviceCookie, now),
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
	const suspended = new Map((await activeSuspensions(db())).map((s) => [s.prefixo, s]));
	// The law's other field acts: the links, each vehicle's open notices, and the auto opened from a
	// notice (its vehicle and provision proposed; the agent confirms them).
	const { acts } = actsOn(today);
	const notices = acts.preliminaryNotice ? await listNotices(db(), { open: true }) : [];
	const from = asked ? await noticeByNumber(db(), asked) : null;
	const fromNotice =
		from && !whyNotDecide(from, today)
			? {
					number: from.number,
					prefixo: from.prefixo,
					provision: from.provision,
					search: from.provision.replace(/^art(\d+)-?/, '$1 ')
				}
			: null;
	return {
		shell: false as boolean,
		fieldActs: { notice: !!acts.preliminaryNotice, impound: !!acts.impound },
		openNotices: notices.map((n) => ({
			number: n.number,
			prefixo: n.prefixo,
			cite: n.cite,
			deadline: n.deadline
		})),
		fromNotice,
		fromNoticeRefused: asked && !fromNotice ? asked : null,
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
		// The driver's copy prints in the law's number of copies (its regime's procedure).
		copies: copyLabels(inForceOn(today, profile.procedures)?.auto.copies ?? 1),
		conducts,
		// What the law in force does at once for some offences (./FieldLawNotes.svelte).
		fieldLaw: {
			cautelar: rules?.cautelar
				? {
						cite: rules.cautelar.cite,
						provisions: rules.cautelar.provisions,
						until: rules.cautelar.until['pt-BR']
					}
				: null,
			personal:
				usable?.personal && citeFor(regime, 'auxiliaryRecord')
					? {
							cite: citeFor(regime, 'auxiliaryRecord') ?? '',
							provisions: usable.personal.provisions
						}
					: null
		},
		// The riders' verdict with every check, as /verificar judges it today (a cautelar suspension too).
		registry: (snapshot?.entries ?? []).map((e) => ({
			verdict: verifyOn(e, today, rules, suspended.get(e.prefixo) ?? null),
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
}
