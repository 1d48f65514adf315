/**
 * The field mode's numbers and autos on SQLite (the PostgreSQL case with two instances is in
 * tests/integration/field-blocks.spec.ts): blocks never overlap each other nor complaint-born
 * autos, a resend is the same auto, bad input (a number outside the device's block, a revoked
 * device, a date in the future or before the law, an unknown conduct or provision, a photo whose
 * hash does not match) is refused and changes nothing, and closing a block returns or voids
 * every unused number in the audit.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, type Db } from '$lib/server/db';
import { recordAutoStep } from '$lib/server/complaints/auto-steps';
import { issueAuto } from '$lib/server/complaints/autos';
import { confirmedOffenses } from '$lib/server/complaints/auto-law';
import { transition } from '$lib/server/complaints/complaint-admin';
import { complaintsDb, file, member } from '$lib/server/complaints/triage.fixtures';
import { vehicleRecord } from '$lib/server/complaints/vehicle-record';
import { closeBlocks, openBlocks, reserveBlock } from './blocks';
import {
	fieldAutoByToken,
	fieldPhotoHashes,
	parseFieldAuto,
	submitFieldAuto,
	type FieldAutoInput
} from './autos';

let db: Db;
let agent: Awaited<ReturnType<typeof member>> & { matricula: string | null };
beforeEach(async () => {
	db = await complaintsDb();
	agent = { ...(await member(db)), matricula: '4471' };
});
afterEach(() => db.destroy());

const NOW = new Date('2026-11-20T15:00:00Z');
const PHONE_A = 'AAAAAAAAAAAAAAAA';
const PHONE_B = 'BBBBBBBBBBBBBBBB';
const enrolled = (deviceId: string) => ({ status: 'enrolled' as const, deviceId });
// A 1×1 JPEG's first bytes are enough for the type check; the hash is over exactly these bytes.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let keys = 0;
function auto(number: string, extra: Partial<FieldAutoInput> = {}): FieldAutoInput {
	keys++;
	return {
		key: `chave-do-auto-${String(keys).padStart(4, '0')}`,
		number,
		copyToken: `via-do-condutor-${String(keys).padStart(4, '0')}-xxxxxxxxxxxxxxxx`,
		prefixo: '7',
		conduct: 'fumando',
		provision: 'art20-VII',
		occurredAt: new Date(NOW.getTime() - 600_000).toISOString(),
		clockOffsetMs: 1200,
		place: { lat: -11.72, lng: -61.78, accuracy: 12 },
		driver: 'titular',
		signature: 'recusou',
		observations: 'Fumava no ponto.',
		photos: [{ sha256: sha(JPEG), data: JPEG.toString('base64') }],
		...extra
	};
}

const count = async () =>
	Number(
		(
			await db
				.selectFrom('auto_infracao')
				.select((eb) => eb.fn.countAll().as('n'))
				.executeTakeFirstOrThrow()
		).n
	);

describe('number blocks', () => {
	test('two devices and a complaint-born auto never share a number', async () => {
		const [a] = await reserveBlock(db, agent, PHONE_A, 2026, NOW, 5);
		const [b] = await reserveBlock(db, agent, PHONE_B, 2026, NOW, 5);
		const { protocol } = await file(db, { situations: ['fumando'] });
		for (const to of ['em_analise', 'procedente'] as const)
			await transition(db, agent, { protocol, to, note: 'Apurado.', public: true }, NOW);
		const office = await issueAuto(db, agent, { protocol, provision: 'art20-VII' }, NOW);
		expect([a?.first, a?.last, b?.first, b?.last]).toEqual([1, 5, 6, 10]);
		expect(office).toEqual({ ok: true, number: 'AI-2026-000011' });
		// A second block while the first still has numbers; a third is not given.
		const twice = await reserveBlock(db, agent, PHONE_A, 2026, NOW, 5);
		expect(twice.map((x) => [x.first, x.last])).toEqual([
			[1, 5],
			[12, 16]
		]);
		expect((await reserveBlock(db, agent, PHONE_A, 2026, NOW, 5)).length).toBe(2);
	});

	test('sign-out returns the unused top to the sequence; otherwise voids, and the audit lists each number', async () => {
		await reserveBlock(db, agent, PHONE_A, 2026, NOW, 5);
		expect(
			await submitFieldAuto(db, agent, enrolled(PHONE_A), auto('AI-2026-000001'), NOW)
		).toEqual({
			ok: true,
			number: 'AI-2026-000001',
			repeated: false
		});
		expect(
			await submitFieldAuto(db, agent, enrolled(PHONE_A), auto('AI-2026-000003'), NOW)
		).toMatchObject({ ok: true });
		const [closed] = await closeBlocks(db, agent, PHONE_A, 'saida', NOW);
		expect(closed?.returnedFrom).toBe(4);
		const voids = await db.selectFrom('auto_number_void').select('seq').execute();
		expect(voids.map((v) => v.seq)).toEqual([2]);
		const seq = await db.selectFrom('auto_sequence').selectAll().executeTakeFirstOrThrow();
		expect(seq.last).toBe(3);
		const [entry] = await auditLog(db, { action: 'campo.bloco.fecha' });
		expect(entry?.after).toMatchObject({
			issued: ['AI-2026-000001', 'AI-2026-000003'],
			voided: ['AI-2026-000002'],
			returned: 'AI-2026-000004–AI-2026-000005'
		});
		// The next block starts right after the last issued number: no gap left unexplained.
		const [next] = await reserveBlock(db, agent, PHONE_B, 2026, NOW, 5);
		expect(next?.first).toBe(4);
	});

	test('a block returned whole (signed in and out, no auto) gives its numbers again, once', async () => {
		const [first] = await reserveBlock(db, agent, PHONE_A, 2026, NOW, 5);
		const [closed] = await closeBlocks(db, agent, PHONE_A, 'saida', NOW);
		expect(closed?.returnedFrom).toBe(first?.first);
		// The same numbers again, to another phone: no conflict with the closed block.
		const [again] = await reserveBlock(db, agent, PHONE_B, 2026, NOW, 5);
		expect([again?.first, again?.last]).toEqual([1, 5]);
		const rows = await db.selectFrom('auto_block').select(['first_seq', 'device_id']).execute();
		expect(rows).toHaveLength(1);
		// Both the reservation and the return stay in the audit.
		expect(await auditLog(db, { action: 'campo.bloco.fecha' })).toHaveLength(1);
		expect(await auditLog(db, { action: 'campo.bloco.reserva' })).toHaveLength(2);
	});

	test('a block below another is voided, never returned', async () => {
		await reserveBlock(db, agent, PHONE_A, 2026, NOW, 3);
		await reserveBlock(db, agent, PHONE_B, 2026, NOW, 3);
		const [closed] = await closeBlocks(db, agent, PHONE_A, 'saida', NOW);
		expect(closed?.returnedFrom).toBeNull();
		expect(
			(await db.selectFrom('auto_number_void').select('seq').execute()).map((v) => v.seq)
		).toEqual([1, 2, 3]);
	});
});

describe('an auto found in the street', () => {
	beforeEach(async () => {
		await reserveBlock(db, agent, PHONE_A, 2026, NOW, 5);
		await reserveBlock(db, agent, PHONE_B, 2026, NOW, 5);
	});

	test('kept with its evidence, photo hashes and copy token; a resend is the same auto', async () => {
		const input = auto('AI-2026-000002');
		expect(await submitFieldAuto(db, agent, enrolled(PHONE_A), input, NOW)).toMatchObject({
			ok: true,
			repeated: false
		});
		expect(await submitFieldAuto(db, agent, enrolled(PHONE_A), input, NOW)).toEqual({
			ok: true,
			number: 'AI-2026-000002',
			repeated: true
		});
		expect(await count()).toBe(1);
		expect(await fieldPhotoHashes(db, 'AI-2026-000002')).toEqual([sha(JPEG)]);
		const copy = await fieldAutoByToken(db, input.copyToken);
		expect(copy).toMatchObject({
			number: 'AI-2026-000002',
			agent_matricula: '4471',
			decision: 'pendente'
		});
		expect(await fieldAutoByToken(db, 'x'.repeat(40))).toBeNull();
		// Listed with the vehicle's autos, without a complaint.
		const record = await vehicleRecord(db, '7', NOW);
		expect(record.autos.map((a) => [a.number, a.protocol])).toEqual([['AI-2026-000002', null]]);
	});

	const refusals: [string, (n: string) => FieldAutoInput, number, string][] = [
		['a number of another device’s block (forged)', () => auto('AI-2026-000007'), 422, 'number'],
		['a number outside every block', () => auto('AI-2026-000099'), 422, 'number'],
		[
			'a date in the future (beyond the clock tolerance)',
			(n) => auto(n, { occurredAt: new Date(NOW.getTime() + 3_600_000).toISOString() }),
			422,
			'date'
		],
		[
			'a date before the law (Lei 2.059/2011 in force from 2011-10-24)',
			(n) => auto(n, { occurredAt: '2010-05-01T12:00:00Z' }),
			422,
			'date'
		],
		['an unknown conduct', (n) => auto(n, { conduct: 'voou' }), 422, 'conduct'],
		[
			'a provision that is not the conduct’s (one conduct, one offence)',
			(n) => auto(n, { provision: 'art21-XVII' }),
			422,
			'provision'
		],
		['an unknown inciso', (n) => auto(n, { provision: 'art20-XCIX' }), 422, 'provision'],
		['a vehicle not in the registry', (n) => auto(n, { prefixo: '9999' }), 404, 'vehicle'],
		[
			'a photo that does not match its hash',
			(n) => auto(n, { photos: [{ sha256: 'a'.repeat(64), data: JPEG.toString('base64') }] }),
			422,
			'photo'
		]
	];
	test.each(refusals)(
		'%s is refused with a 4xx, nothing written',
		async (_, make, status, code) => {
			const result = await submitFieldAuto(
				db,
				agent,
				enrolled(PHONE_A),
				make('AI-2026-000001'),
				NOW
			);
			expect(result).toMatchObject({ ok: false, status, code });
			expect(await count()).toBe(0);
		}
	);

	test('a revoked device: refused, its numbers voided, the audit says so', async () => {
		await closeBlocks(db, agent, PHONE_A, 'revogado', NOW);
		expect(await openBlocks(db, PHONE_A)).toEqual([]);
		const voided = await db.selectFrom('auto_number_void').select(['seq', 'reason']).execute();
		expect(voided).toEqual([1, 2, 3, 4, 5].map((seq) => ({ seq, reason: 'revogado' })));
		// The phone signs in again (a new device id) and replays its kept auto: still refused.
		for (const device of [
			{ status: 'revoked' as const, deviceId: PHONE_A },
			enrolled('CCCCCCCCCCCCCCCC')
		]) {
			const result = await submitFieldAuto(db, agent, device, auto('AI-2026-000001'), NOW);
			expect(result).toMatchObject({ ok: false, status: 403, code: 'revoked' });
		}
		expect(await count()).toBe(0);
		expect((await auditLog(db, { action: 'campo.auto.recusado' })).length).toBe(2);
	});

	test('the same number from two keys: the second is refused', async () => {
		await submitFieldAuto(db, agent, enrolled(PHONE_A), auto('AI-2026-000001'), NOW);
		expect(
			await submitFieldAuto(db, agent, enrolled(PHONE_A), auto('AI-2026-000001'), NOW)
		).toMatchObject({ ok: false, status: 409, code: 'number' });
	});

	test('its procedure is a complaint-born auto’s, and once definitive it counts for repeats', async () => {
		await submitFieldAuto(db, agent, enrolled(PHONE_A), auto('AI-2026-000001'), NOW);
		for (const [step, on] of [
			['notificado', '2026-11-20'],
			['imposta', '2026-11-20'],
			['definitiva', '2026-11-21']
		] as const)
			expect(
				await recordAutoStep(
					db,
					agent,
					{
						number: 'AI-2026-000001',
						protocol: null,
						step,
						on,
						note: null,
						defense: 'improcedente',
						reconsideration: 'mantida'
					},
					new Date('2026-11-21T15:00:00Z')
				)
			).toEqual({ ok: true });
		expect((await confirmedOffenses(db, '7', 123)).map((o) => o.article)).toEqual(['art20-VII']);
	});
});

describe('parseFieldAuto', () => {
	test.each([
		[{ ...auto('AI-2026-000001'), key: 'curta' }, 'Chave do auto inválida.'],
		[{ ...auto('AI-2026-000001'), number: '12' }, 'Número do auto inválido.'],
		[{ ...auto('AI-2026-000001'), place: {} }, 'Informe o local: a posição do GPS ou o endereço.'],
		[
			{ ...auto('AI-2026-000001'), signature: 'talvez' },
			'Diga se o condutor assinou ou se recusou.'
		]
	])('%#: a clear 400', (value, message) => {
		expect(parseFieldAuto(value)).toEqual({ ok: false, status: 400, code: 'invalid', message });
	});

	test('a typed address stands for the GPS fix', () => {
		const parsed = parseFieldAuto({
			...auto('AI-2026-000001'),
			place: { address: 'Av. Norte, 100' }
		});
		expect(parsed).toMatchObject({ place: { address: 'Av. Norte, 100' } });
	});
});

describe('the agent’s matrícula', () => {
	test('set, normalized and listed; a malformed one refused; optional where the law does not name it (Lei 2.059/2011 Art. 26, II names the agent only)', async () => {
		const { setMatricula, getStaff, checkMatricula, StaffError } =
			await import('$lib/server/auth/staff');
		expect(await setMatricula(db, agent.id, '  12.345-6 ')).toBe('12.345-6');
		expect((await getStaff(db, agent.id))?.matricula).toBe('12.345-6');
		expect(() => checkMatricula('<script>')).toThrow(StaffError);
		expect(checkMatricula('')).toBeNull();
	});
});

describe('when a device gets its next block', () => {
	test('only when it holds none, or few numbers are left (the phone’s count when it says)', async () => {
		const blocks = async (left?: number) =>
			(await reserveBlock(db, agent, PHONE_A, 2026, NOW, 25, left)).map((b) => b.first);
		expect(await blocks()).toEqual([1]);
		// 25 free: opening the page again reserves nothing.
		expect(await blocks()).toEqual([1]);
		expect(await blocks(20)).toEqual([1]);
		// The phone has only 4 free (its unsent autos): the next block, and no third.
		expect(await blocks(4)).toEqual([1, 26]);
		expect(await blocks(0)).toEqual([1, 26]);
	});
});
