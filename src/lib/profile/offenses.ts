/**
 * The offense catalog of Lei 2.059/2011 (Rolim de Moura), as data: what a rider can report, the
 * provisions each situation breaches, the penalty of each article (Art. 19–25), the escalation
 * rules and the incisos of Art. 20 and 21 no rider can observe. A new law is a new catalog here,
 * dated by `validFrom`; the logic is src/lib/domain/offenses.ts. Provisions are /lei anchor ids.
 */
import type { Localized, OffenseCatalog } from '$lib/domain/offenses';

const SEMAM_FINDS: Localized = {
	'pt-BR': 'Só a fiscalização da SEMAM constata; o passageiro não tem como ver.',
	es: 'Solo la fiscalización de la SEMAM lo constata; el pasajero no puede verlo.',
	en: 'Only SEMAM’s inspectors can establish it; a passenger cannot see it.'
};

const EQUIPMENT_NOTE: Localized = {
	'pt-BR':
		'Colete (Art. 5º, III), capacetes com viseira (IV) e luvas (V) são equipamentos exigidos ' +
		'pela lei. Trafegar sem eles é a conduta do Art. 21, VI ("trafegar sem utilizar os ' +
		'equipamentos exigidos nesta Lei"), punida com multa.',
	es:
		'El chaleco (Art. 5º, III), los cascos con visera (IV) y los guantes (V) son equipos ' +
		'exigidos por la ley. Circular sin ellos es la conducta del Art. 21, VI ("circular sin ' +
		'utilizar los equipos exigidos en esta Ley"), sancionada con multa.',
	en:
		'The vest (Art. 5º, III), helmets with visors (IV) and gloves (V) are equipment the law ' +
		'requires. Riding without them is the conduct of Art. 21, VI ("riding without the equipment ' +
		'this Law requires"), punished with a fine.'
};

const PREFIX_NOTE: Localized = {
	'pt-BR':
		'O número do prefixo pintado no tanque e nas carenagens (Art. 6º, V, h) é equipamento ' +
		'exigido pela lei. Trafegar sem ele é a conduta do Art. 21, VI, punida com multa.',
	es:
		'El número de prefijo pintado en el tanque y los carenados (Art. 6º, V, h) es equipo ' +
		'exigido por la ley. Circular sin él es la conducta del Art. 21, VI, sancionada con multa.',
	en:
		'The prefix number painted on the tank and side fairings (Art. 6º, V, h) is equipment the ' +
		'law requires. Riding without it is the conduct of Art. 21, VI, punished with a fine.'
};

/** Lei 2.059/2011, in force from 24/10/2011 (Art. 32; see src/lib/profile/rolim-de-moura.ts). */
export const lei2059Offenses: OffenseCatalog = {
	validFrom: '2011-10-24',
	law: 'Lei 2.059/2011',
	lawId: 'lei-2059-2011',
	// Rider-facing order: the most frequent and the dangerous first; "outro" last.
	situations: [
		{
			code: 'cobrou-mais',
			wording: {
				'pt-BR': 'Cobrou mais do que a tabela',
				es: 'Me cobró más que la tarifa oficial',
				en: 'Charged more than the official fare'
			},
			articles: ['art21-XVII']
		},
		{
			code: 'direcao-perigosa',
			wording: {
				'pt-BR': 'Dirigia de forma perigosa',
				es: 'Conducía de forma peligrosa',
				en: 'Rode dangerously'
			},
			articles: ['art21-XII'],
			danger: true
		},
		{
			code: 'embriagado',
			wording: {
				'pt-BR': 'Parecia embriagado ou drogado',
				es: 'Parecía borracho o drogado',
				en: 'Seemed drunk or on drugs'
			},
			articles: ['art21-XIII'],
			danger: true
		},
		{
			code: 'moto-defeituosa',
			wording: {
				'pt-BR': 'Moto com defeito, perigosa',
				es: 'Moto con fallas, peligrosa',
				en: 'Faulty, dangerous motorcycle'
			},
			articles: ['art22-V'],
			danger: true
		},
		{
			code: 'armado',
			wording: { 'pt-BR': 'Estava armado', es: 'Estaba armado', en: 'Was carrying a weapon' },
			articles: ['art24-II'],
			danger: true
		},
		{
			code: 'agressao',
			wording: {
				// Art. 24, V: "agredir fisicamente qualquer fiscal, passageiro ou colega de trabalho".
				'pt-BR': 'Agrediu fisicamente o passageiro, um fiscal ou colega',
				es: 'Agredió físicamente al pasajero, a un fiscal o a un colega',
				en: 'Physically attacked the passenger, an inspector or a colleague'
			},
			articles: ['art24-V'],
			danger: true
		},
		{
			code: 'desrespeito',
			wording: {
				'pt-BR': 'Me tratou com falta de respeito',
				es: 'Me trató con falta de respeto',
				en: 'Treated me disrespectfully'
			},
			articles: ['art20-VI']
		},
		{
			code: 'fumando',
			wording: {
				// Art. 20, VII: "fumar ou admitir que alguém fume durante o percurso da viagem".
				'pt-BR': 'Fumou ou deixou alguém fumar durante a corrida',
				es: 'Fumó o dejó que alguien fumara durante el viaje',
				en: 'Smoked or let someone smoke during the ride'
			},
			articles: ['art20-VII']
		},
		{
			code: 'fone-de-ouvido',
			wording: {
				'pt-BR': 'Estava usando fone de ouvido',
				es: 'Usaba auriculares mientras conducía',
				en: 'Was wearing earphones while riding'
			},
			articles: ['art21-X']
		},
		{
			code: 'sem-capacete',
			wording: {
				'pt-BR': 'Não tinha capacete com viseira para mim, ou ele estava sem capacete',
				es: 'No tenía casco con visera para mí, o él iba sin casco',
				en: 'Had no helmet with a visor for me, or rode without one'
			},
			// Art. 5º, IV requires two helmets with visors; Art. 21, XX punishes riding without one.
			articles: ['art21-XX', 'art5-IV']
		},
		{
			code: 'capacete-no-guidao',
			wording: {
				'pt-BR': 'Levava o capacete no guidão ou no braço',
				es: 'Llevaba el casco en el manillar o en el brazo',
				en: 'Carried the helmet on the handlebar or on the arm'
			},
			articles: ['art21-XIX']
		},
		{
			code: 'sem-touca',
			wording: {
				'pt-BR': 'Não me ofereceu a touca descartável',
				es: 'No me ofreció el gorro desechable para el casco',
				en: 'Did not offer me a disposable helmet liner'
			},
			// Art. 20, VIII: "deixar de fornecer touca higiênica descartável" (the duty is Art. 5º, II).
			articles: ['art20-VIII']
		},
		{
			code: 'cobrou-touca',
			wording: {
				'pt-BR': 'Cobrou pela touca descartável',
				es: 'Me cobró el gorro desechable',
				en: 'Charged me for the helmet liner'
			},
			articles: ['art20-VIII']
		},
		{
			code: 'moto-suja',
			wording: {
				'pt-BR': 'Moto suja ou capacete sem higiene',
				es: 'Moto sucia o casco sin higiene',
				en: 'Dirty motorcycle or unhygienic helmet'
			},
			articles: ['art20-I']
		},
		{
			code: 'interrompeu-sem-outra',
			wording: {
				'pt-BR': 'Interrompeu a corrida e não arrumou outra moto',
				es: 'Interrumpió el viaje y no consiguió otra moto',
				en: 'Stopped the ride and did not arrange another motorcycle'
			},
			articles: ['art20-IV']
		},
		{
			code: 'nao-devolveu',
			wording: {
				'pt-BR': 'Interrompeu a corrida e não devolveu o dinheiro',
				es: 'Interrumpió el viaje y no devolvió el dinero',
				en: 'Stopped the ride and did not give my money back'
			},
			articles: ['art21-IV']
		},
		{
			code: 'fora-do-assento',
			wording: {
				'pt-BR': 'Fui levado fora do assento traseiro',
				es: 'Me llevó fuera del asiento trasero',
				en: 'I was not carried on the rear seat'
			},
			articles: ['art21-IX']
		},
		{
			code: 'mais-de-um-passageiro',
			wording: {
				'pt-BR': 'Levou mais de um passageiro',
				es: 'Llevó a más de un pasajero',
				en: 'Carried more than one passenger'
			},
			// Art. 5º, I: an infraction by Art. 18, with no penalty fixed (see `penalties`).
			articles: ['art5-I']
		},
		{
			code: 'carga-na-garupa',
			wording: {
				'pt-BR': 'Levava mercadoria ou animal na garupa',
				es: 'Llevaba mercancía o un animal en el asiento trasero',
				en: 'Carried goods or an animal on the pillion'
			},
			articles: ['art21-XV']
		},
		{
			code: 'sem-colete',
			wording: {
				'pt-BR': 'Estava sem colete refletivo ou sem os equipamentos obrigatórios',
				es: 'Iba sin chaleco reflectante o sin el equipo obligatorio',
				en: 'Had no reflective vest or other required equipment'
			},
			articles: ['art21-VI', 'art5-III']
		},
		{
			code: 'sem-luvas',
			wording: {
				'pt-BR': 'Dirigia sem luvas',
				es: 'Conducía sin guantes',
				en: 'Rode without gloves'
			},
			articles: ['art5-V']
		},
		{
			code: 'aliciou-no-ponto',
			wording: {
				'pt-BR': 'Me abordou no ponto de ônibus ou de táxi',
				es: 'Me buscó como pasajero en una parada de autobús o de taxi',
				en: 'Approached me for a ride at a bus or taxi stop'
			},
			// Art. 21, XIV; Art. 14 allows picking up there only when called.
			articles: ['art21-XIV']
		},
		{
			code: 'fura-fila',
			wording: {
				'pt-BR': 'Furou a fila no ponto',
				es: 'No respetó la fila en la parada',
				en: 'Jumped the queue at the stand'
			},
			articles: ['art21-V']
		},
		{
			code: 'abandonou-moto',
			wording: {
				'pt-BR': 'Abandonou a moto no ponto',
				es: 'Dejó la moto abandonada en la parada',
				en: 'Left the motorcycle unattended at the stand'
			},
			articles: ['art21-VIII']
		},
		{
			code: 'ponto-outros-servicos',
			wording: {
				'pt-BR': 'Usava o ponto para outros serviços',
				es: 'Usaba la parada para otros servicios',
				en: 'Used the stand for other business'
			},
			// Printed "VIII" between XVII and XIX; numbered XVIII (src/lib/law errata).
			articles: ['art21-XVIII']
		},
		{
			code: 'propaganda',
			wording: {
				'pt-BR': 'Propaganda não autorizada na moto',
				es: 'Publicidad no autorizada en la moto',
				en: 'Unauthorized advertising on the motorcycle'
			},
			articles: ['art20-III']
		},
		{
			code: 'sem-documentos',
			wording: {
				'pt-BR': 'Não tinha os documentos ou a tabela de tarifa',
				es: 'No llevaba los documentos o la tabla de tarifas',
				en: 'Did not carry the documents or the fare table'
			},
			articles: ['art21-XXII']
		},
		{
			code: 'moto-nao-autorizada',
			wording: {
				'pt-BR': 'Moto não autorizada pela Prefeitura',
				es: 'Moto no autorizada por la Municipalidad',
				en: 'Motorcycle not authorized by the city'
			},
			// The same conduct is in both: apreensão (Art. 22, II) and suspensão (Art. 24, III).
			articles: ['art22-II', 'art24-III']
		},
		{
			code: 'sem-prefixo',
			wording: {
				'pt-BR': 'Sem o número do prefixo visível',
				es: 'Sin el número de prefijo visible',
				en: 'No visible prefix number'
			},
			// Another conduct than riding unauthorized: the prefix number is equipment the vehicle
			// must carry (Art. 6º, V, h); riding without it is Art. 21, VI.
			articles: ['art6-V', 'art21-VI']
		},
		{
			code: 'condutor-nao-credenciado',
			wording: {
				'pt-BR': 'Quem dirigia não é o titular nem o condutor auxiliar',
				es: 'Quien conducía no es el titular ni el conductor auxiliar',
				en: 'The rider was neither the holder nor the auxiliary driver'
			},
			// Art. 25, IV: "permitir a prestação dos serviços por pessoas não credenciadas junto à
			// SEMAM"; the verdict page shows both names to compare.
			articles: ['art25-IV']
		},
		{
			code: 'ponto-irregular',
			wording: {
				'pt-BR': 'Ponto fora do lugar oficial',
				es: 'Parada fuera del lugar oficial',
				en: 'A stand outside the official places'
			},
			// Art. 22, VII: "fazer ponto de mototáxi fora dos locais definidos em regulamento".
			articles: ['art22-VII']
		},
		{
			code: 'reboque-sem-maos',
			wording: {
				'pt-BR': 'Rebocava outro veículo sem as duas mãos no guidão',
				es: 'Remolcaba otro vehículo sin las dos manos en el manillar',
				en: 'Towed another vehicle without both hands on the handlebar'
			},
			// Art. 21, XXI: "rebocar outro veículo sem segurar o guidão com ambas as mãos" — a rider
			// on the pillion sees it.
			articles: ['art21-XXI']
		},
		{
			code: 'outro',
			wording: { 'pt-BR': 'Outro problema', es: 'Otro problema', en: 'Another problem' },
			// Described in the rider's words; SEMAM finds the provision, if any.
			articles: []
		}
	],
	penalties: [
		{
			provision: 'art5-I',
			penalty: null,
			// Art. 18 makes any breach of the law an infraction; Art. 19 lists penalties, and Arts.
			// 20–25 say which conduct takes which — none of them describes a second passenger.
			basis: 'art18',
			note: {
				'pt-BR':
					'Levar mais de um passageiro descumpre o Art. 5º, I e por isso é infração (Art. 18), ' +
					'mas nenhum dos Arts. 20 a 25 fixa a penalidade: cabe ao regulamento defini-la (Art. 31). ' +
					'A legislação federal de trânsito continua valendo (Art. 18, parágrafo único).',
				es:
					'Llevar a más de un pasajero incumple el Art. 5º, I y por eso es infracción (Art. 18), ' +
					'pero ninguno de los Arts. 20 a 25 fija la sanción: corresponde al reglamento definirla ' +
					'(Art. 31). La legislación federal de tránsito sigue vigente (Art. 18, párrafo único).',
				en:
					'Carrying more than one passenger breaches Art. 5º, I and so is an infraction (Art. 18), ' +
					'but none of Arts. 20 to 25 sets its penalty: the regulation must define it (Art. 31). ' +
					'Federal traffic law still applies (Art. 18, sole paragraph).'
			}
		},
		{
			provision: 'art5-II',
			penalty: 'advertencia',
			// The same conduct, in the law's own words: "deixar de fornecer touca".
			basis: 'art20-VIII',
			note: {
				'pt-BR':
					'A touca do Art. 5º, II tem penalidade própria: o Art. 20, VIII pune com advertência ' +
					'quem deixa de fornecê-la ou a cobra.',
				es:
					'El gorro del Art. 5º, II tiene sanción propia: el Art. 20, VIII sanciona con ' +
					'amonestación a quien no lo ofrece o lo cobra.',
				en:
					'The liner of Art. 5º, II has its own penalty: Art. 20, VIII punishes not providing it, ' +
					'or charging for it, with a warning.'
			}
		},
		{ provision: 'art5-III', penalty: 'multa', basis: 'art21-VI', note: EQUIPMENT_NOTE },
		{ provision: 'art5-IV', penalty: 'multa', basis: 'art21-VI', note: EQUIPMENT_NOTE },
		{ provision: 'art5-V', penalty: 'multa', basis: 'art21-VI', note: EQUIPMENT_NOTE },
		{ provision: 'art6-V', penalty: 'multa', basis: 'art21-VI', note: PREFIX_NOTE },
		// Art. 20 caput: "A advertência será aplicada quando…".
		{ provision: 'art20', penalty: 'advertencia', basis: 'art20' },
		// Art. 21 caput: "A multa será aplicada quando…"; amounts by regulation (parágrafo único).
		{ provision: 'art21', penalty: 'multa', basis: 'art21' },
		// Art. 22 caput: "A apreensão do veículo ocorrerá quando…" (suspensão follows, Art. 23).
		{ provision: 'art22', penalty: 'apreensao', basis: 'art22' },
		// Art. 24 caput: "Também implicará na suspensão dos serviços…".
		{ provision: 'art24', penalty: 'suspensao', basis: 'art24' },
		// Art. 25 caput: "A pena de cassação será imposta quando…".
		{ provision: 'art25', penalty: 'cassacao', basis: 'art25' }
	],
	escalation: [
		// Art. 21, I: "reincidir nas condutas infracionais descritas no art. 20" → multa.
		{ kind: 'reincidence', of: 'art20', penalty: 'multa', basis: 'art21-I' },
		// Art. 22, I: "reincidir nas condutas infracionais descritas no art. 21" → apreensão.
		{ kind: 'reincidence', of: 'art21', penalty: 'apreensao', basis: 'art22-I' },
		// Art. 25, I: "reincidir na prática infracional descrita no art. 24" → cassação.
		{ kind: 'reincidence', of: 'art24', penalty: 'cassacao', basis: 'art25-I' },
		// Art. 23: suspension "automaticamente sempre que o infrator incidir nas condutas passíveis
		// de apreensão", until the irregularity of Art. 22 is cured.
		{ kind: 'automatic', with: 'apreensao', penalty: 'suspensao', basis: 'art23' }
	],
	notObservable: [
		{
			article: 'art20-II',
			reason: {
				'pt-BR':
					'Trata dos trajes e do asseio de quem é transportado: é sobre o próprio passageiro, ' +
					'não algo que ele sofre.',
				es:
					'Trata de la ropa y el aseo de quien es transportado: es sobre el propio pasajero, ' +
					'no algo que él sufre.',
				en:
					'It is about the attire and cleanliness of the person carried: the passenger ' +
					'themself, not something done to them.'
			}
		},
		{
			article: 'art20-V',
			reason: {
				'pt-BR':
					'Submeter a moto à vistoria é assunto entre o mototaxista e a SEMAM. A vistoria ' +
					'vencida aparece na consulta do veículo (Art. 8º).',
				es:
					'Someter la moto a inspección es asunto entre el mototaxista y la SEMAM. La ' +
					'inspección vencida aparece en la consulta del vehículo (Art. 8º).',
				en:
					'Taking the motorcycle to inspection is between the driver and SEMAM. An overdue ' +
					'inspection shows in the vehicle check (Art. 8º).'
			}
		},
		{
			article: 'art21-I',
			reason: {
				'pt-BR':
					'Reincidência não é um fato da corrida: a SEMAM a apura pelo histórico de infrações ' +
					'confirmadas (regras de agravamento).',
				es:
					'La reincidencia no es un hecho del viaje: la SEMAM la determina por el historial de ' +
					'infracciones confirmadas (reglas de agravamiento).',
				en:
					'Reincidence is not something that happens on a ride: SEMAM establishes it from the ' +
					'history of confirmed offenses (escalation rules).'
			}
		},
		{
			article: 'art21-II',
			reason: {
				'pt-BR': 'Dados cadastrais desatualizados só aparecem no cadastro da SEMAM.',
				es: 'Los datos de registro desactualizados solo aparecen en el registro de la SEMAM.',
				en: 'Outdated registration data only shows in SEMAM’s records.'
			}
		},
		{
			article: 'art21-III',
			reason: {
				'pt-BR':
					'A comunicação de acidentes à SEMAM (em até 2 dias) acontece depois, fora da vista do ' +
					'passageiro. Quem sofreu um acidente pode relatá-lo em "Outro problema".',
				es:
					'La comunicación de accidentes a la SEMAM (en hasta 2 días) ocurre después, fuera de ' +
					'la vista del pasajero. Quien sufrió un accidente puede relatarlo en "Otro problema".',
				en:
					'Reporting accidents to SEMAM (within 2 days) happens later, out of the passenger’s ' +
					'sight. A rider who was in an accident can describe it under "Another problem".'
			}
		},
		{ article: 'art21-VII', reason: SEMAM_FINDS },
		{
			article: 'art21-XI',
			reason: {
				'pt-BR':
					'Alterações estruturais no ponto são constatadas pela SEMAM no local, comparando com ' +
					'o ponto aprovado (Art. 13).',
				es:
					'Las alteraciones estructurales en la parada las constata la SEMAM en el lugar, frente ' +
					'a la parada aprobada (Art. 13).',
				en:
					'Structural changes to a stand are established by SEMAM on site, against the ' +
					'approved stand (Art. 13).'
			}
		},
		{
			article: 'art21-XVI',
			reason: {
				'pt-BR':
					'As especificações da SEMAM são técnicas e a vistoria as verifica. O passageiro pode ' +
					'relatar "Moto com defeito" ou "Moto não autorizada pela Prefeitura" ou "Sem o número do prefixo visível".',
				es:
					'Las especificaciones de la SEMAM son técnicas y la inspección las verifica. El ' +
					'pasajero puede relatar "Moto con fallas" o "Moto no autorizada por la Municipalidad" o "Sin el número de prefijo visible".',
				en:
					'SEMAM’s specifications are technical and the inspection checks them. A rider can ' +
					'report "Faulty motorcycle" or "Motorcycle not authorized by the city" or "No visible prefix number".'
			}
		}
	],
	// The law does not say how long a confirmed offense counts for reincidence (Art. 21 I, 22 I,
	// 25 I). Twelve months is the window the federal traffic code uses for reincidence (CTB, Lei
	// 9.503/1997, art. 263, II), kept until a regulation (Art. 31) sets one; SEMAM may pass another
	// window to `escalate`.
	reincidenceWindowMonths: 12,
	groups: [
		{
			id: 'danger',
			codes: ['direcao-perigosa', 'embriagado', 'moto-defeituosa', 'armado', 'agressao']
		},
		{ id: 'money', codes: ['cobrou-mais', 'nao-devolveu', 'cobrou-touca'] },
		{
			id: 'ride',
			codes: [
				'desrespeito',
				'fumando',
				'fone-de-ouvido',
				'interrompeu-sem-outra',
				'fora-do-assento',
				'mais-de-um-passageiro',
				'carga-na-garupa',
				'capacete-no-guidao',
				'reboque-sem-maos',
				'condutor-nao-credenciado'
			]
		},
		{
			id: 'equipment',
			codes: [
				'sem-capacete',
				'sem-touca',
				'sem-colete',
				'sem-luvas',
				'moto-suja',
				'propaganda',
				'sem-documentos',
				'moto-nao-autorizada',
				'sem-prefixo'
			]
		},
		{
			id: 'stand',
			codes: [
				'aliciou-no-ponto',
				'fura-fila',
				'abandonou-moto',
				'ponto-outros-servicos',
				'ponto-irregular'
			]
		},
		{ id: 'other', codes: ['outro'] }
	],
	// The tiles of /reclamar: what riders report most (issue 10), big enough for a thumb.
	common: [
		'cobrou-mais',
		'direcao-perigosa',
		'sem-capacete',
		'desrespeito',
		'agressao',
		'embriagado',
		'interrompeu-sem-outra',
		'moto-nao-autorizada'
	],
	emergency: [
		{
			number: '190',
			name: { 'pt-BR': 'Polícia Militar', es: 'Policía Militar', en: 'Military Police' }
		},
		{
			number: '192',
			name: {
				'pt-BR': 'SAMU (ambulância)',
				es: 'SAMU (ambulancia)',
				en: 'SAMU (ambulance)'
			}
		}
	]
};

/** Every catalog, by the date it comes into force. */
export const offenseCatalogs: readonly OffenseCatalog[] = [lei2059Offenses];

/** The catalog the app uses by default: the only law so far. */
export const offenseCatalog: OffenseCatalog = lei2059Offenses;
