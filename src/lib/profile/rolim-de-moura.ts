/**
 * Rolim de Moura (RO), IBGE 1100288, as data. Sources: ../shared/data/README.md and the law text
 * in src/lib/law/. Every entry names the act it comes from.
 */
import type { Profile } from '$lib/domain/profile';

/** Lei 662/1949 (national holidays), as amended by Lei 10.607/2002. */
const LEI_662 = 'Lei federal nº 662/1949 (red. Lei nº 10.607/2002)';
const ELEICAO = 'Lei federal nº 4.737/1965 (Código Eleitoral), art. 380';
const PONTO_FACULTATIVO = 'Portaria anual do Governo Federal sobre pontos facultativos';

export const rolimDeMoura: Profile = {
	id: 'rolim-de-moura',
	name: 'Rolim de Moura',
	state: 'RO',
	ibge: '1100288',
	// No daylight saving in Rondônia since 1988.
	timeZone: 'America/Porto_Velho',
	utcLabel: 'UTC−4',
	laws: [
		{
			id: 'lei-2059-2011',
			title: 'Lei municipal nº 2.059/2011',
			published: '2011-07-26',
			// Art. 32: in force 90 days after publication; counted with the day of publication
			// (LC 95/1998, art. 8º §1º): day 90 is 23/10/2011, in force on 24/10/2011.
			validFrom: '2011-10-24',
			source: 'Diário Oficial dos Municípios do Estado de Rondônia, 26/07/2011, edição 0491'
		}
	],
	bandeiraRules: [
		{
			validFrom: '2011-10-24',
			law: 'Lei 2.059/2011',
			lawId: 'lei-2059-2011',
			cite: 'Art. 16',
			// Art. 16 §2º: "entre as 20 (vinte) horas de um dia e 05 (cinco) horas do dia seguinte".
			night: { start: '20:00', end: '05:00', cite: 'Art. 16 §2º' },
			// Art. 16 §1º: bandeira II "aos domingos ou feriados".
			sundays: { cite: 'Art. 16 §1º' },
			holidays: { cite: 'Art. 16 §1º' }
		}
	],
	holidays: {
		// Keys are date-holidays' rule strings (country BR, state RO); only type "public" entries
		// are matched here. A public entry with no key fails the golden-calendar test.
		legal: {
			'01-01': {
				scope: 'national',
				source: LEI_662,
				name: 'Confraternização Universal (Ano Novo)'
			},
			'04-21': { scope: 'national', source: LEI_662, name: 'Tiradentes' },
			'05-01': { scope: 'national', source: LEI_662, name: 'Dia do Trabalho' },
			'09-07': { scope: 'national', source: LEI_662, name: 'Independência do Brasil' },
			'11-02': { scope: 'national', source: LEI_662, name: 'Finados' },
			'11-15': { scope: 'national', source: LEI_662, name: 'Proclamação da República' },
			'12-25': { scope: 'national', source: LEI_662, name: 'Natal' },
			'10-12': {
				scope: 'national',
				source: 'Lei federal nº 6.802/1980',
				name: 'Nossa Senhora Aparecida'
			},
			// National only from 22/12/2023: date-holidays carries the validity, 2023 has no entry.
			'11-20': {
				scope: 'national',
				source: 'Lei federal nº 14.759/2023',
				name: 'Dia Nacional de Zumbi e da Consciência Negra'
			},
			'easter -2': {
				scope: 'national',
				source: 'Lei federal nº 9.093/1995, art. 2º (feriado religioso)',
				name: 'Sexta-feira Santa'
			},
			'1st sunday in October in even years': {
				scope: 'national',
				source: ELEICAO,
				name: 'Eleições (1º turno)'
			},
			'1st sunday before 11-01 in even years': {
				scope: 'national',
				source: ELEICAO,
				name: 'Eleições (2º turno)'
			},
			'01-04': {
				scope: 'state',
				source: 'Lei estadual nº 2.291/2010',
				name: 'Criação do Estado de Rondônia',
				names: { es: 'Creación del Estado de Rondônia', en: 'Rondônia Statehood Day' }
			},
			'06-18': {
				scope: 'state',
				source: 'Lei estadual nº 1.026/2001',
				name: 'Dia do Evangélico',
				names: { es: 'Día del Evangélico', en: 'Evangelical Day' }
			}
		},
		// Days off for public offices that are NOT holidays: bandeira I by day (Art. 16 §1º).
		facultativos: {
			'easter -48': { name: 'Carnaval (segunda-feira)', source: PONTO_FACULTATIVO },
			'easter -47': { name: 'Carnaval (terça-feira)', source: PONTO_FACULTATIVO },
			'easter -46 PT14H': {
				name: 'Quarta-feira de Cinzas (até as 14h)',
				source: PONTO_FACULTATIVO
			},
			'easter 60': { name: 'Corpus Christi', source: PONTO_FACULTATIVO },
			'12-24 14:00': { name: 'Véspera de Natal (à tarde)', source: PONTO_FACULTATIVO },
			'12-31 14:00': { name: 'Véspera de Ano Novo (à tarde)', source: PONTO_FACULTATIVO }
		},
		municipal: [
			{
				date: '08-05',
				name: 'Aniversário de Rolim de Moura',
				names: { es: 'Aniversario de Rolim de Moura', en: 'Rolim de Moura Anniversary' },
				// The municipality was created on 05/08/1983; the state's yearly calendar decree
				// treats each municipality's creation date as its municipal holiday.
				source: 'Decreto-Lei estadual nº 071, de 05/08/1983 (criação do município)'
			}
		],
		// Dates a municipal decree adds or removes for bandeira II. None is known yet.
		decreedDays: []
	},
	stateTransfers: {
		followForBandeira: false,
		reason:
			'Os decretos estaduais de transferência regem o expediente das repartições do Estado; ' +
			'a Lei 2.059/2011 fala em "feriados", e o feriado legal (Lei estadual nº 2.291/2010) ' +
			'continua em 4 de janeiro. Um decreto municipal pode mudar isso como "dia decretado".',
		decrees: [
			{
				year: 2018,
				from: '2018-01-04',
				to: '2018-01-02',
				reference: 'Decreto estadual nº 22.484/2017'
			},
			{
				year: 2022,
				from: '2022-01-04',
				to: '2022-01-03',
				reference: 'Decreto estadual nº 26.739/2021'
			},
			{
				year: 2024,
				from: '2024-01-04',
				to: '2024-01-02',
				reference: 'Decreto estadual nº 28.680/2023'
			}
		]
	},
	tariffDecrees: [
		{
			id: 'cooperativa-2016',
			reference: 'Tabela da cooperativa local de mototáxi (2016) — não é decreto',
			validFrom: '2016-01-01',
			sample: true,
			note:
				'Tabela praticada em 2016 pela cooperativa local, usada só como referência: R$ 5 de dia, ' +
				'R$ 6 à noite, domingos e feriados. Ela cobrava R$ 7 depois da meia-noite, mas o Art. 16 ' +
				'prevê só duas tarifas; aqui vale a bandeira II.',
			notes: {
				es:
					'Tabla usada en 2016 por la cooperativa local, solo como referencia: R$ 5 de día, ' +
					'R$ 6 de noche, domingos y feriados. Cobraba R$ 7 después de la medianoche, pero el ' +
					'Art. 16 prevé solo dos tarifas; aquí vale la bandera II.',
				en:
					'The table the local cooperative used in 2016, shown only as a reference: R$ 5 by day, ' +
					'R$ 6 at night, on Sundays and holidays. It charged R$ 7 after midnight, but Art. 16 ' +
					'allows only two fares; here fare flag II applies.'
			},
			bandeiras: { 1: { flagfall: 500 }, 2: { flagfall: 600 } },
			surcharges: [
				{
					id: 'loteamento-afastado',
					label: 'Destino em loteamento afastado',
					labels: {
						es: 'Destino en un loteamento alejado',
						en: 'Destination in an outlying loteamento'
					},
					centavos: 100,
					// The 2016 table names six outlying loteamentos; their names are not in our sources.
					places: []
				}
			]
		},
		{
			id: 'exemplo-2026',
			reference: 'Valores de exemplo — nenhum decreto tarifário municipal foi publicado',
			validFrom: '2026-01-01',
			sample: true,
			note:
				'Nenhum decreto tarifário (Art. 15 e 17) está publicado. Estes valores são de exemplo ' +
				'e servem para mostrar o cálculo; confirme o preço com o mototaxista antes de embarcar.',
			notes: {
				es:
					'No hay ningún decreto tarifario (Art. 15 y 17) publicado. Estos valores son de ejemplo ' +
					'y sirven para mostrar el cálculo; confirma el precio con el mototaxista antes de subir.',
				en:
					'No fare decree (Art. 15 and 17) has been published. These are sample values that show ' +
					'how the fare is worked out; agree the price with the driver before you ride.'
			},
			bandeiras: { 1: { flagfall: 700 }, 2: { flagfall: 900 } },
			surcharges: [
				{
					id: 'loteamento-afastado',
					label: 'Destino em loteamento afastado',
					labels: {
						es: 'Destino en un loteamento alejado',
						en: 'Destination in an outlying loteamento'
					},
					centavos: 100,
					places: []
				}
			]
		}
	],
	registryRules: [
		{
			validFrom: '2011-10-24',
			law: 'Lei 2.059/2011',
			// Art. 6 I: "no máximo, 05 (cinco) anos de fabricação".
			maxAgeYears: 5,
			// Art. 6 II: "mínima de 125 (cento e vinte cinco) e máxima de 250 (duzentas e cinqüenta)
			// cilindradas".
			minCc: 125,
			maxCc: 250,
			// Art. 8: "vistoria técnica inicial e periódica a cada ano".
			inspectionMonths: 12,
			// Art. 10: "1 (um) veículo para cada 886 (Oitocentos e oitenta e seis) habitantes ou fração".
			inhabitantsPerAuthorization: 886,
			// Art. 10 counts by the IBGE's official figure; the latest in our sources is 2021's.
			population: { count: 55748, year: 2021, source: 'IBGE, estimativa da população 2021' }
		}
	]
};
