/**
 * An auto against a vehicle outside the registry (issue 34 item 1), on Rolim de Moura's law
 * (Lei 2.059/2011): the holder of prefix 7 found on a motorbike the office did not authorize is
 * the law's offence (Art. 22, II; Art. 24, III) against prefix 7, the auto carrying the typed
 * plate, make/model and colour. A bad plate, a plate the registry holds, or another conduct for
 * such a vehicle is refused with a 4xx in pt-BR and nothing is written.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '$lib/server/db';
import { complaintsDb, member } from '$lib/server/complaints/triage.fixtures';
import { reserveBlock } from './blocks';
import { parseFieldAuto, submitFieldAuto } from './autos';

let db: Db;
let agent: Awaited<ReturnType<typeof member>> & { matricula: string | null };
const NOW = new Date('2026-11-20T15:00:00Z');
const PHONE = 'AAAAAAAAAAAAAAAA';
beforeEach(async () => {
	db = await complaintsDb();
	agent = { ...(await member(db)), matricula: '4471' };
	await reserveBlock(db, agent, PHONE, 2026, NOW, 5);
});
afterEach(() => db.destroy());

const body = (extra: Record<string, unknown> = {}) => ({
	key: 'chave-do-auto-fora-0001',
	number: 'AI-2026-000001',
	copyToken: 'via-do-condutor-fora-0001-xxxxxxxxxxxxxxxx',
	prefixo: '7',
	conduct: 'moto-nao-autorizada',
	provision: 'art22-II',
	occurredAt: new Date(NOW.getTime() - 600_000).toISOString(),
	clockOffsetMs: 0,
	place: { address: 'Av. Norte Sul, 100' },
	driver: 'titular',
	signature: 'assinou',
	observations: '',
	photos: [],
	vehicle: { placa: 'qwe-1r23', modelo: 'Honda CG 160', cor: 'vermelha' },
	...extra
});

async function send(extra: Record<string, unknown> = {}) {
	const input = parseFieldAuto(body(extra));
	if ('ok' in input) return input;
	return submitFieldAuto(db, agent, { status: 'enrolled', deviceId: PHONE }, input, NOW);
}

const autos = () => db.selectFrom('auto_infracao').selectAll().execute();

describe('a vehicle outside the registry', () => {
	test('driven by the holder of prefix 7: the law’s offence, the auto carries the typed vehicle', async () => {
		expect(await send()).toEqual({ ok: true, number: 'AI-2026-000001', repeated: false });
		const [row] = await autos();
		expect(row).toMatchObject({ prefixo: '7', placa: 'QWE1R23', provision: 'art22-II' });
		expect(JSON.parse(String(row?.evidence)).vehicle).toEqual({
			placa: 'QWE1R23',
			modelo: 'Honda CG 160',
			cor: 'vermelha',
			typed: true
		});
	});

	test.each([
		[
			{ vehicle: { placa: 'QWE12', modelo: 'Honda', cor: 'azul' } },
			400,
			'invalid',
			/Placa inválida/
		],
		[
			{ vehicle: { placa: 'QWE1R23', modelo: '', cor: 'azul' } },
			400,
			'invalid',
			/marca e o modelo/
		],
		[{ vehicle: { placa: 'QWE1R23', modelo: 'Honda', cor: '' } }, 400, 'invalid', /cor do veículo/],
		[
			{ vehicle: { placa: 'NDJ8A41', modelo: 'Honda', cor: 'azul' } },
			422,
			'vehicle',
			/NDJ8A41 está no cadastro \(prefixo 7\)/
		],
		[
			{ conduct: 'fumando', provision: 'art20-VII' },
			422,
			'unlisted-conduct',
			/a conduta a autuar é: Moto não autorizada/
		]
	])('%o: refused (%i %s), nothing written', async (extra, status, code, message) => {
		const result = await send(extra);
		expect(result).toMatchObject({ ok: false, status, code });
		expect('message' in result && result.message).toMatch(message);
		expect(await autos()).toEqual([]);
	});

	test('without a typed vehicle the registry’s plate is the auto’s', async () => {
		expect(await send({ vehicle: undefined })).toMatchObject({ ok: true });
		const [row] = await autos();
		expect(row?.placa).toBe('NDJ8041');
		expect(JSON.parse(String(row?.evidence)).vehicle).toBeUndefined();
	});
});
