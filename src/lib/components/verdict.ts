import type { Check } from '$lib/domain/registry';
import { localText } from '$lib/domain/regime';
import { formatDate } from '$lib/format';
import { m } from '$lib/paraglide/messages';

const date = (value: unknown, locale: string) =>
	typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
		? formatDate(value, locale)
		: String(value ?? '');

/**
 * A check in the rider's language, from its id, result and parameters — every value of the law (a
 * cc range, an inspection period, an insurance's scope, an age limit) from the regime in force,
 * which the check carries (the API keeps pt-BR).
 */
export function checkText(check: Check, locale: string): string {
	const p = check.params;
	switch (check.id) {
		case 'cautelar':
			return m.check_cautelar({
				date: date(p.desde, locale),
				until: check.until ? localText(check.until, locale) : ''
			});
		case 'autorizacao':
			return check.ok
				? m.check_autorizacao_ok({ date: date(p.validade, locale) })
				: p.situacao === 'suspensa'
					? m.check_autorizacao_suspensa()
					: p.situacao === 'cassada'
						? m.check_autorizacao_cassada()
						: m.check_autorizacao_expired({ date: date(p.validade, locale) });
		case 'seguro':
			return (check.ok ? m.check_seguro_ok : m.check_seguro_fail)({
				date: date(p.validade, locale),
				scope: check.scope ? localText(check.scope, locale) : ''
			});
		case 'vistoria':
			return (check.ok ? m.check_vistoria_ok : m.check_vistoria_fail)({
				date: date(p.ultima, locale),
				months: String(p.meses ?? '')
			});
		case 'certidao_estadual':
			return (check.ok ? m.check_certidao_estadual_ok : m.check_certidao_estadual_fail)({
				date: date(p.validade, locale)
			});
		case 'certidao_federal':
			return (check.ok ? m.check_certidao_federal_ok : m.check_certidao_federal_fail)({
				date: date(p.validade, locale)
			});
		case 'idade':
			return (check.ok ? m.check_idade_ok : m.check_idade_fail)({
				year: String(p.ano ?? ''),
				max: String(p.maximo ?? '')
			});
		case 'cilindradas':
			return (check.ok ? m.check_cc_ok : m.check_cc_fail)({
				cc: String(p.cilindradas ?? ''),
				min: String(p.minimo ?? ''),
				max: String(p.maximo ?? '')
			});
	}
}
