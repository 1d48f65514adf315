/** The checks of one registry entry on a date: authorization, insurance, inspection, age, cc… */
import type { LocalDate } from './clock';
import type { Cites } from './regime';
import type { Penalty } from './offense-types';
import type { Check, RegistryEntry, RegistryRules } from './registry-types';
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

export function autorizacao(entry: RegistryEntry, date: LocalDate, cites: Cites): Check {
	const params = { situacao: entry.situacao, validade: entry.autorizacaoValidade };
	if (entry.situacao === 'cassada') {
		return {
			id: 'autorizacao',
			article: cites.revocation ?? '',
			ok: false,
			detail: `Autorização cassada${paren(cites.revocation)}.`,
			params
		};
	}
	if (entry.situacao === 'suspensa') {
		return {
			id: 'autorizacao',
			article: cites.suspension ?? '',
			ok: false,
			detail:
				`Autorização suspensa até que a irregularidade seja sanada${paren(cites.suspension)}: ` +
				'o serviço não pode ser prestado.',
			params
		};
	}
	const ok = entry.autorizacaoValidade >= date;
	return {
		id: 'autorizacao',
		article: cites.authorization ?? '',
		ok,
		detail: ok
			? `Autorização ativa, válida até ${br(entry.autorizacaoValidade)}${paren(cites.authorization)}.`
			: `Autorização vencida em ${br(entry.autorizacaoValidade)}${paren(cites.authorization)}.`,
		params
	};
}

/** What a lapse leads to, in words, by the penalty the law gives it. */
const LAPSE: Partial<Record<Penalty, string>> = {
	apreensao: 'a moto pode ser apreendida',
	suspensao: 'o serviço fica suspenso',
	cassacao: 'a autorização pode ser cassada'
};

export function seguro(entry: RegistryEntry, date: LocalDate, rules: RegistryRules): Check {
	const { cites } = rules;
	const ok = entry.seguroValidade >= date;
	const lapse = cites.insuranceLapse;
	const seguro = rules.insurance ? `Seguro ${rules.insurance}` : 'Seguro';
	const effect =
		(rules.sanctions?.insurance && LAPSE[rules.sanctions.insurance]) ??
		'o serviço não pode ser prestado';
	return {
		id: 'seguro',
		article: cites.insurance ?? '',
		ok,
		detail: ok
			? `${seguro} válido até ${br(entry.seguroValidade)}${paren(cites.insurance)}.`
			: `${seguro} vencido em ${br(entry.seguroValidade)}${paren(cites.insurance)}` +
				(lapse ? `: sem ele, ${effect} (${lapse}).` : '.'),
		// The lapse itself stops the service, whatever the registry's situação says.
		params: { validade: entry.seguroValidade, ...(ok || !lapse ? {} : { sancao: lapse }) }
	};
}

export function vistoria(entry: RegistryEntry, date: LocalDate, rules: RegistryRules): Check {
	const proxima = addMonths(entry.ultimaVistoria, rules.inspectionMonths);
	const ok = proxima >= date;
	const cite = paren(rules.cites.inspection);
	return {
		id: 'vistoria',
		article: rules.cites.inspection ?? '',
		ok,
		detail: ok
			? `Vistoria em dia: a última foi em ${br(entry.ultimaVistoria)}, a próxima vence em ${br(proxima)}${cite}.`
			: `Vistoria vencida em ${br(proxima)}: a última foi em ${br(entry.ultimaVistoria)}${cite}.`,
		params: { ultima: entry.ultimaVistoria, proxima, meses: rules.inspectionMonths }
	};
}

/**
 * The law asks for criminal records of both the Justiça Estadual and the Justiça Federal: each is
 * its own check, so the rider and staff see which one lapsed.
 */
export function certidao(
	id: 'certidao_estadual' | 'certidao_federal',
	validade: LocalDate,
	date: LocalDate,
	cites: Cites
): Check {
	const ok = validade >= date;
	const justica = id === 'certidao_estadual' ? 'Justiça Estadual' : 'Justiça Federal';
	const cite = paren(cites.certidao);
	return {
		id,
		article: cites.certidao ?? '',
		ok,
		detail: ok
			? `Certidão negativa criminal da ${justica} válida até ${br(validade)}${cite}.`
			: `Certidão negativa criminal da ${justica} vencida em ${br(validade)}${cite}.`,
		params: { validade }
	};
}

export function idade(entry: RegistryEntry, date: LocalDate, rules: RegistryRules): Check {
	const anos = partsOf(date).year - entry.anoFabricacao;
	const ok = anos <= rules.maxAgeYears;
	const cite = paren(rules.cites.age);
	return {
		id: 'idade',
		article: rules.cites.age ?? '',
		ok,
		detail: ok
			? `Motocicleta fabricada em ${entry.anoFabricacao}: ${anos} ano(s) de fabricação, ` +
				`dentro do máximo de ${rules.maxAgeYears}${cite}.`
			: `Motocicleta fabricada em ${entry.anoFabricacao}: ${anos} anos de fabricação, ` +
				`acima do máximo de ${rules.maxAgeYears}${cite}.`,
		params: { ano: entry.anoFabricacao, anos, maximo: rules.maxAgeYears }
	};
}

export function cilindradas(entry: RegistryEntry, rules: RegistryRules): Check {
	const cc = entry.cilindradas;
	const ok = cc >= rules.minCc && cc <= rules.maxCc;
	return {
		id: 'cilindradas',
		article: rules.cites.cc ?? '',
		ok,
		detail:
			`${cc} cilindradas, ${ok ? 'dentro' : 'fora'} do limite de ` +
			`${rules.minCc} a ${rules.maxCc}${paren(rules.cites.cc)}.`,
		params: { cilindradas: cc, minimo: rules.minCc, maximo: rules.maxCc }
	};
}
