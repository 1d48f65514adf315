import { describe, expect, test } from 'vitest';
import {
	COMPLAINT_ERRORS as E,
	COMPLAINT_STATE_IDS,
	COMPLAINT_STATES,
	addBusinessDays,
	answerDeadline,
	canTransition,
	defenseDeadline,
	isBusinessDay,
	normalizePhone,
	parseComplaint,
	reviewDeadline,
	type ComplaintContext,
	type ComplaintState
} from './complaint';
import { calendarFromYears } from './holidays';
import { holidayService } from './holiday-source';
import { lei2059Offenses as offenseCatalog } from '$lib/profile/rolim-de-moura';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import ptBR from '../../../messages/pt-BR.json';
import { rolimDeMoura } from '$lib/profile/rolim-de-moura';

/** Lei 2.059/2011's procedure: 15 days of defence (Art. 27), 5 business days to reconsider (Art. 28 §1º). */
const procedure = rolimDeMoura.procedures[0]!;

const ctx: ComplaintContext = {
	now: new Date('2026-12-02T12:00:00-04:00'),
	timeZone: rolimDeMoura.timeZone,
	situations: new Set(offenseCatalog.situations.map((s) => s.code))
};
const valid = {
	vehicle: 'MT-007',
	occurredAt: '2026-12-02T10:30:00-04:00',
	situations: ['fumando']
};
const errorsOf = (input: unknown) => {
	const result = parseComplaint(input, ctx);
	return result.ok ? {} : result.errors;
};
const long = (n: number) => 'x'.repeat(n);
/** Situations that need no other field. */
const plain = [...ctx.situations].filter((c) => c !== 'cobrou-mais' && c !== 'outro');

describe('a valid complaint, normalized', () => {
	test('the minimum: a vehicle, when and what', () => {
		expect(parseComplaint(valid, ctx)).toEqual({
			ok: true,
			value: {
				vehicle: { kind: 'prefixo', prefixo: '7' },
				vehicleUnknown: false,
				vehicleDescription: null,
				occurredAt: new Date('2026-12-02T14:30:00Z'),
				situations: ['fumando'],
				paidCentavos: null,
				distanceKm: null,
				location: null,
				description: null,
				contact: null
			}
		});
	});
	test('every field, trimmed; the phone in E.164', () => {
		const result = parseComplaint(
			{
				vehicle: 'abc-1234',
				vehicleDescription: ' Honda azul ',
				occurredAt: '2026-12-02T14:30:00Z',
				situations: ['cobrou-mais', 'fumando'],
				paidCentavos: 900,
				location: { text: ' Av. 25 de Agosto ' },
				description: '  Cobrou R$ 9 de manhã.  ',
				contact: { name: ' Maria ', phone: '(69) 99988-7766', email: ' maria@example.com ' }
			},
			ctx
		);
		expect(result).toEqual({
			ok: true,
			value: {
				vehicle: { kind: 'placa', placa: 'ABC1234', key: 'ABC1C34' },
				vehicleUnknown: false,
				vehicleDescription: 'Honda azul',
				occurredAt: new Date('2026-12-02T14:30:00Z'),
				situations: ['cobrou-mais', 'fumando'],
				paidCentavos: 900,
				distanceKm: null,
				location: { text: 'Av. 25 de Agosto' },
				description: 'Cobrou R$ 9 de manhã.',
				contact: { name: 'Maria', phone: '+5569999887766', email: 'maria@example.com' }
			}
		});
	});
	test('vehicle unknown, described instead', () => {
		const result = parseComplaint(
			{ ...valid, vehicle: null, vehicleUnknown: true, vehicleDescription: 'Moto vermelha' },
			ctx
		);
		expect(result.ok && result.value).toMatchObject({
			vehicle: null,
			vehicleUnknown: true,
			vehicleDescription: 'Moto vermelha'
		});
	});
	test('empty form fields and nulls are absent', () => {
		const result = parseComplaint(
			{
				...valid,
				vehicleUnknown: null,
				description: '   ',
				paidCentavos: null,
				location: null,
				contact: { name: '', phone: '', email: '' }
			},
			ctx
		);
		expect(result.ok && result.value).toMatchObject({
			vehicleUnknown: false,
			description: null,
			paidCentavos: null,
			location: null,
			contact: null
		});
	});
	test('a location by coordinates', () => {
		const result = parseComplaint({ ...valid, location: { lat: -11.72, lng: -61.78 } }, ctx);
		expect(result.ok && result.value.location).toEqual({ lat: -11.72, lng: -61.78 });
	});
});

describe('the ride’s distance, for a per-km table', () => {
	const cases: [distanceKm: unknown, expected: string | null | 'invalid', why: string][] = [
		['2,345', '2.345', 'a comma, kept exact'],
		[' 3.50 ', '3.5', 'trimmed, trailing zero dropped'],
		['100', '100', 'the longest ride'],
		['', null, 'an empty field is no distance'],
		[null, null, 'null is no distance'],
		[undefined, null, 'absent is no distance'],
		['0', 'invalid', 'zero'],
		['100,01', 'invalid', 'over 100 km'],
		['1e2', 'invalid', 'an exponent'],
		['-2', 'invalid', 'negative'],
		['abc', 'invalid', 'not a number'],
		[2.5, 'invalid', 'a JSON number: the API takes the text, like the form']
	];
	for (const [distanceKm, expected, why] of cases)
		test(`${JSON.stringify(distanceKm)} → ${expected}: ${why}`, () => {
			const result = parseComplaint({ ...valid, distanceKm }, ctx);
			if (expected === 'invalid')
				expect(result.ok ? null : result.errors).toEqual({ distanceKm: E.kmInvalid });
			else expect(result.ok && result.value.distanceKm).toBe(expected);
		});
});

describe('errors are message keys by field', () => {
	const cases: [input: unknown, errors: Record<string, string>, why: string][] = [
		[5, { form: E.form }, 'not an object'],
		[null, { form: E.form }, 'null'],
		[{ ...valid, foo: 1 }, { foo: E.unknownField }, 'unknown top-level key (strict object)'],
		[
			{ ...valid, contact: { cpf: '123' } },
			{ 'contact.cpf': E.unknownField },
			'unknown contact key: no CPF (LGPD)'
		],
		[{ ...valid, vehicle: 'ABC' }, { vehicle: E.vehicleInvalid }, 'neither prefix nor plate'],
		[{ ...valid, vehicle: 7 }, { vehicle: E.value }, 'a number is not a code'],
		[{ ...valid, vehicle: undefined }, { vehicle: E.vehicleRequired }, 'no vehicle'],
		[{ ...valid, vehicle: '  ' }, { vehicle: E.vehicleRequired }, 'an empty form field'],
		[
			{ ...valid, vehicleUnknown: true, vehicleDescription: 'Azul' },
			{ vehicle: E.vehicleConflict },
			'a code and "I don’t know" at once'
		],
		[
			{ ...valid, vehicle: null, vehicleUnknown: true },
			{ vehicleDescription: E.vehicleDescriptionRequired },
			'unknown vehicle needs a description'
		],
		[
			{ ...valid, vehicle: null, vehicleUnknown: true, vehicleDescription: long(201) },
			{ vehicleDescription: E.vehicleDescriptionLong },
			'description of the vehicle over 200'
		],
		[{ ...valid, vehicleUnknown: 'sim' }, { vehicleUnknown: E.value }, 'not a boolean'],
		[{ ...valid, occurredAt: undefined }, { occurredAt: E.occurredRequired }, 'no instant'],
		[
			{ ...valid, occurredAt: '2026-12-02T10:30' },
			{ occurredAt: E.occurredOffset },
			'an instant without offset is ambiguous'
		],
		[{ ...valid, occurredAt: 'ontem' }, { occurredAt: E.occurredInvalid }, 'not ISO 8601'],
		[
			{ ...valid, occurredAt: '2026-02-30T10:00:00-04:00' },
			{ occurredAt: E.occurredInvalid },
			'a day that does not exist'
		],
		[
			{ ...valid, occurredAt: '2026-12-02T12:05:01-04:00' },
			{ occurredAt: E.occurredFuture },
			'more than 5 minutes ahead'
		],
		[
			{ ...valid, occurredAt: '2025-12-02T03:59:59Z' },
			{ occurredAt: E.occurredOld },
			'1 Dec 2025 23:59:59 in Rolim de Moura: more than a year'
		],
		[{ ...valid, situations: [] }, { situations: E.situationsRequired }, 'no situation'],
		[{ ...valid, situations: undefined }, { situations: E.situationsRequired }, 'missing'],
		[{ ...valid, situations: 'fumando' }, { situations: E.situationsRequired }, 'not a list'],
		[
			{ ...valid, situations: ['fumando', 'fumando'] },
			{ situations: E.situationsDuplicate },
			'repeated'
		],
		[{ ...valid, situations: ['voando'] }, { situations: E.situationsUnknown }, 'unknown code'],
		[{ ...valid, situations: [3] }, { situations: E.situationsUnknown }, 'not a code'],
		[
			{ ...valid, situations: plain.slice(0, 11) },
			{ situations: E.situationsTooMany },
			'more than 10'
		],
		[
			{ ...valid, situations: ['cobrou-mais'] },
			{ paidCentavos: E.paidRequired },
			'overcharge needs the amount paid (Art. 21, XVII)'
		],
		[{ ...valid, paidCentavos: 12.5 }, { paidCentavos: E.paidInvalid }, 'centavos are integers'],
		[{ ...valid, paidCentavos: '900' }, { paidCentavos: E.paidInvalid }, 'a string'],
		[{ ...valid, paidCentavos: 0 }, { paidCentavos: E.paidRange }, 'nothing paid'],
		[{ ...valid, paidCentavos: 100_001 }, { paidCentavos: E.paidRange }, 'over R$ 1.000,00'],
		[
			{ ...valid, location: { lat: -91, lng: 0 } },
			{ location: E.locationInvalid },
			'latitude out of range'
		],
		[{ ...valid, location: { lat: -11 } }, { location: E.locationInvalid }, 'no longitude'],
		[
			{ ...valid, location: { lat: -11, lng: -61, text: 'a' } },
			{ location: E.locationInvalid },
			'coordinates or text, not both'
		],
		[
			{ ...valid, location: { text: long(201) } },
			{ location: E.locationTextLong },
			'place over 200'
		],
		[{ ...valid, description: long(2001) }, { description: E.descriptionLong }, 'over 2000'],
		[
			{ ...valid, situations: ['outro'] },
			{ description: E.descriptionRequired },
			'"outro" needs the rider’s words'
		],
		[
			{ ...valid, contact: { name: long(101) } },
			{ 'contact.name': E.contactNameLong },
			'name over 100'
		],
		[
			{ ...valid, contact: { phone: '9998-7766' } },
			{ 'contact.phone': E.contactPhoneInvalid },
			'phone without DDD'
		],
		[
			{ ...valid, contact: { email: 'maria@' } },
			{ 'contact.email': E.contactEmailInvalid },
			'not an e-mail'
		],
		[
			{ ...valid, contact: { email: `${long(250)}@a.com` } },
			{ 'contact.email': E.contactEmailInvalid },
			'e-mail over 254'
		],
		[{ ...valid, contact: 'maria' }, { contact: E.value }, 'contact is an object'],
		[
			{ occurredAt: '2030-01-01T00:00:00Z', situations: [], extra: true },
			{
				vehicle: E.vehicleRequired,
				occurredAt: E.occurredFuture,
				situations: E.situationsRequired,
				extra: E.unknownField
			},
			'every field reports at once'
		]
	];
	for (const [input, errors, why] of cases) {
		test(`${Object.values(errors).join(', ')}: ${why}`, () => {
			expect(errorsOf(input)).toEqual(errors);
		});
	}

	const limits: [change: Record<string, unknown>, why: string][] = [
		[{ occurredAt: '2026-12-02T12:05:00-04:00' }, 'exactly 5 minutes ahead'],
		[{ occurredAt: '2025-12-02T00:00:00-04:00' }, 'a year ago, from midnight in Rolim de Moura'],
		[{ situations: plain.slice(0, 10) }, '10 situations'],
		[{ situations: ['cobrou-mais'], paidCentavos: 1 }, 'R$ 0,01'],
		[{ paidCentavos: 100_000 }, 'R$ 1.000,00'],
		[{ description: ` ${long(2000)} ` }, '2000 characters after trim'],
		[{ location: { lat: 90, lng: -180 } }, 'the edges of the globe'],
		[{ contact: { name: long(100) } }, 'name of 100']
	];
	for (const [change, why] of limits) {
		test(`accepted: ${why}`, () => expect(errorsOf({ ...valid, ...change })).toEqual({}));
	}

	// A recording in the rider's voice tells what happened: "outro" needs typed words OR it.
	const told: [change: Record<string, unknown>, recording: boolean, errors: object, why: string][] =
		[
			[{ situations: ['outro'] }, true, {}, 'a recording and no typed words'],
			[{ situations: ['outro'], description: '   ' }, true, {}, 'a recording and blank words'],
			[
				{ situations: ['outro'] },
				false,
				{ description: E.descriptionRequired },
				'neither words nor a recording'
			],
			[{ situations: ['outro'], description: 'Sem troco.' }, false, {}, 'words, no recording'],
			[{ description: long(2001) }, true, { description: E.descriptionLong }, 'still 2000 at most']
		];
	for (const [change, recording, errors, why] of told) {
		test(`recording ${recording ? 'sent' : 'absent'}: ${why}`, () => {
			const result = parseComplaint({ ...valid, ...change }, { ...ctx, recording });
			expect(result.ok ? {} : result.errors).toEqual(errors);
		});
	}
});

describe('error keys are Paraglide messages', () => {
	const locales: [string, Record<string, string>][] = [
		['pt-BR', ptBR],
		['es', es],
		['en', en]
	];
	for (const [locale, messages] of locales) {
		test(`every complaint_error_* key is worded in ${locale}`, () => {
			for (const key of Object.values(E)) expect(messages[key], key).toBeTruthy();
		});
	}
});

describe('Brazilian phone numbers', () => {
	const cases: [text: string, e164: string | null, why: string][] = [
		['(69) 99988-7766', '+5569999887766', 'mobile with DDD'],
		['69999887766', '+5569999887766', 'digits only'],
		['+55 69 99988-7766', '+5569999887766', 'with +55'],
		['55 69 99988 7766', '+5569999887766', 'with 55, no plus'],
		['0 69 99988-7766', '+5569999887766', 'with the trunk 0'],
		['(69) 3442-1234', '+556934421234', 'landline'],
		['+55 (11) 2345-6789', '+551123456789', 'landline with +55'],
		['99988-7766', null, 'no DDD'],
		['(69) 89988-7766', null, 'an 11-digit number starts with 9'],
		['(69) 1442-1234', null, 'a landline does not start with 1'],
		['(01) 99988-7766', null, 'DDDs have no zero'],
		['+1 415 555 0100', null, 'not Brazil'],
		['69 9998a-7766', null, 'letters']
	];
	for (const [text, e164, why] of cases) {
		test(`${text} → ${e164}: ${why}`, () => expect(normalizePhone(text)).toBe(e164));
	}
});

describe('complaint states', () => {
	test('six states, typed open or closed', () => {
		expect(COMPLAINT_STATE_IDS).toEqual([
			'recebida',
			'em_analise',
			'procedente',
			'improcedente',
			'duplicada',
			'arquivada'
		]);
		const open = COMPLAINT_STATE_IDS.filter((s) => COMPLAINT_STATES[s].type === 'open');
		expect(open).toEqual(['recebida', 'em_analise']);
	});
	test('duplicates and archived complaints are never public', () => {
		const hidden = COMPLAINT_STATE_IDS.filter((s) => !COMPLAINT_STATES[s].public);
		expect(hidden).toEqual(['duplicada', 'arquivada']);
	});
	const moves: [from: ComplaintState, to: ComplaintState, allowed: boolean, why: string][] = [
		['recebida', 'em_analise', true, 'triage'],
		['recebida', 'procedente', false, 'a decision needs analysis'],
		['recebida', 'duplicada', true, 'a repeat is seen at once'],
		['em_analise', 'procedente', true, 'founded'],
		['em_analise', 'improcedente', true, 'unfounded'],
		['procedente', 'em_analise', true, 'reconsideration (Art. 28 §1º)'],
		['procedente', 'improcedente', false, 'reopened first, with an audited note'],
		['arquivada', 'recebida', false, 'nothing goes back to received'],
		['em_analise', 'em_analise', false, 'not a move']
	];
	for (const [from, to, allowed, why] of moves) {
		test(`${from} → ${to}: ${allowed ? 'allowed' : 'refused'} (${why})`, () => {
			expect(canTransition(from, to)).toBe(allowed);
		});
	}
	test('every open state can be closed, every closed state reopened', () => {
		for (const id of COMPLAINT_STATE_IDS) {
			const next: readonly ComplaintState[] = COMPLAINT_STATES[id].next;
			const closes = next.some((s) => COMPLAINT_STATES[s].type === 'closed');
			if (COMPLAINT_STATES[id].type === 'open') expect(closes || id === 'recebida').toBe(true);
			else expect(next).toContain('em_analise');
		}
	});
});

describe('deadlines', () => {
	const calendar = holidayService(rolimDeMoura).calendar;

	test.each([
		['2026-12-02', false, '2027-01-01', '30 days (Lei 13.460/2017, art. 16)'],
		['2026-12-02', true, '2027-01-31', 'extended once by 30 (Lei 13.460/2017, art. 16)'],
		['2027-01-30', false, '2027-03-01', 'across a short February']
	])('answer: received %s, extended %s → %s: %s', (received, extended, deadline) => {
		expect(answerDeadline(received, extended)).toBe(deadline);
	});

	const defense: [notified: string, deadline: string, why: string][] = [
		['2026-12-02', '2026-12-17', '15 days, a Thursday (Art. 27)'],
		[
			'2026-12-04',
			'2026-12-21',
			'day 15 is a Saturday: next business day (Lei 9.784, art. 66 §1º)'
		],
		['2026-12-10', '2026-12-28', 'day 15 is Christmas, then a weekend'],
		['2026-07-21', '2026-08-06', 'day 15 is 5 Aug, the municipal anniversary']
	];
	for (const [notified, deadline, why] of defense) {
		test(`defense: notified ${notified} → ${deadline}: ${why}`, () => {
			expect(defenseDeadline(notified, calendar, procedure)).toBe(deadline);
		});
	}

	const reconsideration: [known: string, deadline: string, why: string][] = [
		['2026-12-02', '2026-12-09', '5 business days over a weekend (Art. 28 §1º)'],
		[
			'2026-12-22',
			'2026-12-30',
			'Christmas is not a business day; the 24th, ponto facultativo, is'
		],
		['2026-12-31', '2027-01-11', 'New Year, a weekend, 4 Jan (state holiday)'],
		['2026-12-05', '2026-12-11', 'known on a Saturday: counting starts Monday']
	];
	for (const [known, deadline, why] of reconsideration) {
		test(`reconsideration: known ${known} → ${deadline}: ${why}`, () => {
			expect(reviewDeadline(known, calendar, procedure)).toBe(deadline);
		});
	}

	test('business days: not Saturday, Sunday or a holiday', () => {
		expect(isBusinessDay('2026-12-04', calendar)).toBe(true);
		expect(isBusinessDay('2026-12-05', calendar)).toBe(false);
		expect(isBusinessDay('2026-12-06', calendar)).toBe(false);
		expect(isBusinessDay('2026-12-25', calendar)).toBe(false);
		expect(addBusinessDays('2026-12-23', 2, calendar)).toBe('2026-12-28');
		expect(addBusinessDays('2026-12-23', 0, calendar)).toBe('2026-12-23');
	});
	test('a calendar that does not know the year refuses to guess', () => {
		const only2026 = calendarFromYears([{ year: 2026, holidays: [] }]);
		expect(reviewDeadline('2026-12-02', only2026, procedure)).toBe('2026-12-09');
		expect(() => reviewDeadline('2026-12-30', only2026, procedure)).toThrow(RangeError);
	});
});
