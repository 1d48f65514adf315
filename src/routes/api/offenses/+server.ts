import { catalogAt } from '$lib/profile/offenses';
import { citeOf, offensesOf } from '$lib/domain/offenses';
import { ok, preflight } from '$lib/server/http';
import type { RequestHandler } from './$types';

/**
 * GET /api/offenses — what a rider can report and what each report means under Lei 2.059/2011:
 * every situation (worded in pt-BR, es and en) with the provisions it breaches and their penalties
 * (Art. 19–25), the incisos of Art. 20 and 21 no rider can observe and why, and the escalation
 * rules SEMAM applies to repeated offenses (Art. 21 I, 22 I, 23, 25 I). Static data of the
 * deployed catalog: cacheable for an hour.
 */
export const GET: RequestHandler = () => {
	const catalog = catalogAt(new Date());
	return ok(
		{
			law: { id: catalog.lawId, title: catalog.law, validFrom: catalog.validFrom },
			situations: catalog.situations.map((s) => ({
				code: s.code,
				wording: s.wording,
				articles: s.articles,
				danger: s.danger ?? false,
				offenses: offensesOf([s.code], catalog)
			})),
			notObservable: catalog.notObservable,
			escalation: catalog.escalation.map((r) =>
				r.kind === 'reincidence'
					? {
							kind: r.kind,
							of: r.of,
							ofCite: citeOf(r.of),
							penalty: r.penalty,
							cite: citeOf(r.basis)
						}
					: { kind: r.kind, with: r.with, penalty: r.penalty, cite: citeOf(r.basis) }
			),
			reincidence: {
				windowMonths: catalog.reincidenceWindowMonths,
				note: 'A lei não define o prazo de reincidência: é um parâmetro do perfil (padrão 12 meses).'
			},
			emergency: catalog.emergency
		},
		{ 'cache-control': 'public, max-age=3600' }
	);
};

export const OPTIONS: RequestHandler = preflight;
