/**
 * The checks of one registry entry on a date: authorization, insurance, inspection, age, cc… Each
 * says, in pt-BR (`detail`, for staff and the API), what the law in force says: its values (a cc
 * range, an inspection period, an insurance's scope) and its consequences come from the regime
 * (`RegistryRules`), never from here.
 */
import type { LocalDate } from './clock';
import { localText, type Cites } from './regime';
import type { Penalty } from './offense-types';
import type {
	CautelarRule,
	CautelarSuspension,
	Check,
	CheckRule,
	CheckSanction,
	RegistryEntry,
	RegistryRules,
	VerdictRules
} from './registry-types';
import { addMonths, partsOf } from './months';

/** `YYYY-MM-DD` as a Brazilian reads it. */
function br(date: LocalDate): string {
	const [y, m, d] = date.split('-');
	return `${d}/${m}/${y}`;
}

/** ` (Art. 11)`: the regime's citation for a role, in parentheses, or nothing. */
export function paren(cite: string | undefined): string {
	return cite ? ` (${cite})` : '';
}

/** What a sanction does, in words (the law in force says which applies). */
const LAPSE: Record<Penalty, string> = {
	advertencia: 'o mototaxista pode ser advertido',
	multa: 'o mototaxista pode ser multado',
	apreensao: 'a moto pode ser apreendida',
	suspensao: 'o serviço fica suspenso',
	cassacao: 'a autorização pode ser cassada'
};

/**
 * What failing a check leads to under the law in force, as a clause: the days it gives to put it
 * right, then its sanctions — or, for a check that blocks boarding and has no sanction of its own,
 * that no passenger may be carried.
 * @example consequence({ effect: 'warns', cite: 'Art. 24 §3º', graceDays: 30, sanctions: [{ penalty: 'cassacao', cite: 'Art. 51, V' }] })
 * //=> ': a lei dá 30 dias para regularizar (Art. 24 §3º); depois, a autorização pode ser cassada (Art. 51, V)'
 * @example consequence({ effect: 'blocks', cite: 'Art. 29 §6º' }) //=> ': não pode transportar passageiros (Art. 29 §6º)'
 */
export function consequence(rule: CheckRule | null): string {
	if (!rule) return '';
	const said = (list: readonly CheckSanction[], cite = true) =>
		list.map((s) => `${LAPSE[s.penalty]}${cite ? paren(s.cite) : ''}`).join(' e ');
	const sanctions = rule.sanctions ?? [];
	if (rule.graceDays) {
		return (
			`: a lei dá ${rule.graceDays} dias para regularizar${paren(rule.cite)}` +
			(sanctions.length ? `; depois, ${said(sanctions)}` : '')
		);
	}
	if (rule.effect !== 'blocks') return sanctions.length ? `: sem isso, ${said(sanctions)}` : '';
	// Blocking: the provision that stops the ride, in its own words where it names a sanction.
	const same = sanctions.filter((s) => s.cite === rule.cite);
	const other = sanctions.filter((s) => s.cite !== rule.cite);
	const head = same.length
		? `sem isso, ${said(same, false)}${paren(rule.cite)}`
		: `não pode transportar passageiros${paren(rule.cite)}`;
	return `: ${head}${other.length ? `; ${said(other)}` : ''}`;
}

/** The check's effect and the law's consequences, as a `Check` carries them. */
function ruled(rule: CheckRule | null) {
	if (!rule) return { effect: 'blocks' as const, effectArticle: '' };
	return {
		effect: rule.effect,
		effectArticle: rule.cite,
		...(rule.sanctions?.length ? { sanctions: rule.sanctions } : {}),
		...(rule.graceDays ? { graceDays: rule.graceDays } : {})
	};
}

/**
 * The authorization: its situation and validity. With no registry rules (a law whose text is not
 * available) it is the one check, and it blocks boarding: the registry itself says so.
 */
export function autorizacao(
	entry: RegistryEntry,
	date: LocalDate,
	cites: Cites,
	rule: CheckRule | null = null,
	suspension?: RegistryRules['suspension']
): Check {
	const params = { situacao: entry.situacao, validade: entry.autorizacaoValidade };
	const effect = ruled(rule);
	if (entry.situacao === 'cassada') {
		return {
			id: 'autorizacao',
			article: cites.revocation ?? '',
			ok: false,
			...effect,
			detail: `Autorização cassada${paren(cites.revocation)}.`,
			params
		};
	}
	if (entry.situacao === 'suspensa') {
		const until = suspension ? ` ${localText(suspension, 'pt-BR')}` : '';
		return {
			id: 'autorizacao',
			article: cites.suspension ?? '',
			ok: false,
			...effect,
			detail:
				`Autorização suspensa${until}${paren(cites.suspension)}: ` +
				'o serviço não pode ser prestado.',
			params
		};
	}
	const ok = entry.autorizacaoValidade >= date;
	return {
		id: 'autorizacao',
		article: cites.authorization ?? '',
		ok,
		...effect,
		detail: ok
			? `Autorização ativa, válida até ${br(entry.autorizacaoValidade)}${paren(cites.authorization)}.`
			: `Autorização vencida em ${br(entry.autorizacaoValidade)}${paren(cites.authorization)}` +
				`${consequence(rule)}.`,
		params
	};
}

/**
 * A cautelar suspension in force (the agent's, in flagrante, while the auto's procedure lasts):
 * it blocks boarding under the provision that gives it, and says what ends it.
 * @example cautelar({ prefixo: '7', since: '2026-12-08' }, rule).detail
 * //=> 'Autorização suspensa em caráter cautelar desde 08/12/2026, por auto de infração lavrado em flagrante (Art. 51 §1º), pelo período …'
 */
export function cautelar(suspension: CautelarSuspension, rule: CautelarRule): Check {
	return {
		id: 'cautelar',
		article: rule.cite,
		ok: false,
		effect: 'blocks',
		effectArticle: rule.cite,
		until: rule.until,
		detail:
			`Autorização suspensa em caráter cautelar desde ${br(suspension.since)}, por auto de ` +
			`infração lavrado em flagrante${paren(rule.cite)}, ${rule.until['pt-BR']}.`,
		params: { desde: suspension.since }
	};
}

export function seguro(
	entry: RegistryEntry,
	date: LocalDate,
	rules: VerdictRules,
	rule: CheckRule
): Check {
	const { cites } = rules;
	const ok = entry.seguroValidade >= date;
	const seguro = `Seguro ${rules.insurance['pt-BR']}`;
	return {
		id: 'seguro',
		article: cites.insurance ?? '',
		ok,
		...ruled(rule),
		scope: rules.insurance,
		detail: ok
			? `${seguro} válido até ${br(entry.seguroValidade)}${paren(cites.insurance)}.`
			: `${seguro} vencido em ${br(entry.seguroValidade)}${paren(cites.insurance)}` +
				`${consequence(rule)}.`,
		params: { validade: entry.seguroValidade }
	};
}

export function vistoria(
	entry: RegistryEntry,
	date: LocalDate,
	rules: VerdictRules,
	rule: CheckRule
): Check {
	const meses = rules.inspectionMonths;
	const proxima = addMonths(entry.ultimaVistoria, meses);
	const ok = proxima >= date;
	const cite = paren(rules.cites.inspection);
	const period = `, a lei pede uma a cada ${meses} meses${cite}`;
	return {
		id: 'vistoria',
		article: rules.cites.inspection ?? '',
		ok,
		...ruled(rule),
		detail: ok
			? `Vistoria em dia: a última foi em ${br(entry.ultimaVistoria)}, a próxima vence em ${br(proxima)}${period}.`
			: `Vistoria vencida em ${br(proxima)}: a última foi em ${br(entry.ultimaVistoria)}${period}` +
				`${consequence(rule)}.`,
		params: { ultima: entry.ultimaVistoria, proxima, meses }
	};
}

/**
 * Where the law asks for criminal records of both the Justiça Estadual and the Justiça Federal
 * with a validity of their own: each is its own check, so the rider and staff see which lapsed.
 */
export function certidao(
	id: 'certidao_estadual' | 'certidao_federal',
	validade: LocalDate,
	date: LocalDate,
	cites: Cites,
	rule: CheckRule
): Check {
	const ok = validade >= date;
	const justica = id === 'certidao_estadual' ? 'Justiça Estadual' : 'Justiça Federal';
	const cite = paren(cites.certidao);
	return {
		id,
		article: cites.certidao ?? '',
		ok,
		...ruled(rule),
		detail: ok
			? `Certidão negativa criminal da ${justica} válida até ${br(validade)}${cite}.`
			: `Certidão negativa criminal da ${justica} vencida em ${br(validade)}${cite}${consequence(rule)}.`,
		params: { validade }
	};
}

export function idade(
	entry: RegistryEntry,
	date: LocalDate,
	rules: VerdictRules,
	rule: CheckRule
): Check {
	const anos = partsOf(date).year - entry.anoFabricacao;
	const ok = anos <= rules.maxAgeYears;
	const cite = paren(rules.cites.age);
	return {
		id: 'idade',
		article: rules.cites.age ?? '',
		ok,
		...ruled(rule),
		detail: ok
			? `Motocicleta fabricada em ${entry.anoFabricacao}: ${anos} ano(s) de fabricação, ` +
				`dentro do máximo de ${rules.maxAgeYears}${cite}.`
			: `Motocicleta fabricada em ${entry.anoFabricacao}: ${anos} anos de fabricação, ` +
				`acima do máximo de ${rules.maxAgeYears}${cite}${consequence(rule)}.`,
		params: { ano: entry.anoFabricacao, anos, maximo: rules.maxAgeYears }
	};
}

export function cilindradas(entry: RegistryEntry, rules: VerdictRules, rule: CheckRule): Check {
	const cc = entry.cilindradas;
	const ok = cc >= rules.minCc && cc <= rules.maxCc;
	return {
		id: 'cilindradas',
		article: rules.cites.cc ?? '',
		ok,
		...ruled(rule),
		detail:
			`${cc} cilindradas, ${ok ? 'dentro' : 'fora'} do limite de ` +
			`${rules.minCc} a ${rules.maxCc}${paren(rules.cites.cc)}${ok ? '' : consequence(rule)}.`,
		params: { cilindradas: cc, minimo: rules.minCc, maximo: rules.maxCc }
	};
}
