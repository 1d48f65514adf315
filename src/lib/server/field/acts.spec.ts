/**
 * The law's other field acts on the server (SQLite; the server's profile is Rolim de Moura's):
 * - the preliminary notice under Feira de Santana's rule (Lei 3.815/2018 Art. 41: 10 days, only the
 *   incisos of its parágrafo único), given to the server as the regime in force: numbered in
 *   sequence, the deadline 10 days on, the agent's matrícula on it; "adapted" refused before the
 *   deadline and recorded on it; an auto opened from it (the field mode) closes it and links it;
 * - under Rolim de Moura's own law (Lei 2.059/2011, no notice) a notice is refused;
 * - the impound under Rolim de Moura, Lei 2.059/2011 Art. 22 (grounds I–XII; §1º the deposit): a
 *   registry vehicle or a plate outside it, the driver's copy opened by its token only;
 * - bad input gets a clear 4xx and writes nothing; every act is audited without personal data.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { profileFixture } from '$lib/profile/fixtures';
import { auditLog, type Db } from '$lib/server/db';
import { complaintsDb, member } from '$lib/server/complaints/triage.fixtures';
import {
	actsOn,
	closeNoticeAdapted,
	impoundByNumber,
	impoundByToken,
	listImpounds,
	listNotices,
	noticeByNumber,
	parseImpound,
	parseNotice,
	recordImpound,
	recordNotice
} from './acts';
import { submitFieldAuto, type FieldAutoInput } from './autos';
import { reserveBlock } from './blocks';

let db: Db;
let agent: Awaited<ReturnType<typeof member>> & { matricula: string | null };
beforeEach(async () => {
	db = await complaintsDb();
	agent = { ...(await member(db)), matricula: '4471' };
});
afterEach(() => db.destroy());

const NOW = new Date('2026-12-08T15:00:00Z');
const DAY = 86_400_000;
const feiraActs = profileFixture('feira-de-santana').profile.laws.at(-1)!.fieldActs!;
/** Feira de Santana's notice (Art. 41) as the law in force. */
const FEIRA = { acts: feiraActs, lawId: 'lei-3815-2018' };
/** The same rule, for a provision of the server's own catalogue (an auto can be opened from it). */
const FEIRA_RULE_ON_ROLIM_CATALOGUE = {
	acts: { preliminaryNotice: { ...feiraActs.preliminaryNotice!, provisions: ['art20-VII'] } },
	lawId: 'lei-2059-2011'
};

const form = (fields: Record<string, string>) => {
	const f = new FormData();
	for (const [k, v] of Object.entries(fields)) f.set(k, v);
	return f;
};
const noticeForm = (extra: Record<string, string> = {}) =>
	form({
		veiculo: '7',
		dispositivo: 'art44-II',
		local: 'Praça do Centro',
		observacoes: '',
		...extra
	});
const rows = async (table: 'preliminary_notice' | 'impound') =>
	Number(
		(
			await db
				.selectFrom(table)
				.select((eb) => eb.fn.countAll().as('n'))
				.executeTakeFirstOrThrow()
		).n
	);

describe('preliminary notice (Feira Art. 41)', () => {
	test('numbered in sequence, 10 days to adapt, the agent and matrícula on it, audited without personal data', async () => {
		const input = parseNotice(noticeForm({ observacoes: 'Capacete sujo; condutor João.' }));
		if ('ok' in input) throw new Error(input.message);
		const first = await recordNotice(db, agent, input, NOW, FEIRA);
		const second = await recordNotice(db, agent, input, NOW, FEIRA);
		expect(first).toEqual({ ok: true, number: 'NP-2026-000001' });
		expect(second).toEqual({ ok: true, number: 'NP-2026-000002' });
		const n = await noticeByNumber(db, 'NP-2026-000001');
		expect(n).toMatchObject({
			prefixo: '7',
			provision: 'art44-II',
			cite: 'Art. 44, II',
			issuedOn: '2026-12-08',
			deadline: '2026-12-18',
			agentName: 'Fernanda Fiscal',
			agentMatricula: '4471',
			status: 'aberta'
		});
		const log = await auditLog(db, { entity: 'preliminary_notice' });
		expect(log.map((l) => l.action)).toEqual([
			'campo.notificacao.emitida',
			'campo.notificacao.emitida'
		]);
		const text = JSON.stringify(log);
		for (const personal of ['João', 'Capacete', 'Praça', n?.placa ?? 'x'])
			expect(text).not.toContain(personal);
		expect((await listNotices(db, { prefixo: '7' })).length).toBe(2);
	});

	test.each([
		[{ dispositivo: 'art44-I' }, 422, /só admite notificação preliminar nos casos do Art\. 41/],
		[{ dispositivo: 'art44-XLII' }, 422, /Art\. 41 parágrafo único/],
		[{ veiculo: '999' }, 404, /não encontrado no cadastro/],
		[{ veiculo: 'xx' }, 400, /prefixo ou a placa/],
		[{ local: 'a' }, 400, /local/],
		[{ dispositivo: '' }, 400, /dispositivo/],
		[{ observacoes: 'x'.repeat(2001) }, 400, /Observações longas/]
	])('bad input %o: %i, nothing written', async (extra, status, message) => {
		const input = parseNotice(noticeForm(extra));
		const result = 'ok' in input ? input : await recordNotice(db, agent, input, NOW, FEIRA);
		expect(result).toMatchObject({ ok: false, status });
		if (!result.ok) expect(result.message).toMatch(message);
		expect(await rows('preliminary_notice')).toBe(0);
	});

	test('observations are optional: a form without the field is read as none', async () => {
		const f = noticeForm();
		f.delete('observacoes');
		expect(parseNotice(f)).toMatchObject({ observations: '', provision: 'art44-II' });
		const g = form({ veiculo: '7', dispositivo: 'art22-V', local: 'Centro' });
		expect(parseImpound(g)).toMatchObject({ observations: '', provision: 'art22-V' });
	});

	test('Rolim de Moura’s law (Lei 2.059/2011) has no notice: refused, nothing written', async () => {
		expect(actsOn('2026-12-08').acts.preliminaryNotice).toBeUndefined();
		const input = parseNotice(noticeForm({ dispositivo: 'art20-VII' }));
		if ('ok' in input) throw new Error(input.message);
		expect(await recordNotice(db, agent, input, NOW)).toMatchObject({ ok: false, status: 404 });
		expect(await rows('preliminary_notice')).toBe(0);
	});

	test('"adapted": refused within the period, recorded on the deadline, then closed for good', async () => {
		const input = parseNotice(noticeForm());
		if ('ok' in input) throw new Error(input.message);
		await recordNotice(db, agent, input, NOW, FEIRA);
		const early = await closeNoticeAdapted(
			db,
			agent,
			'NP-2026-000001',
			new Date(NOW.getTime() + 9 * DAY)
		);
		expect(early).toMatchObject({ ok: false, status: 409 });
		if (!early.ok) expect(early.message).toMatch(/vai até 18\/12\/2026/);
		expect((await noticeByNumber(db, 'NP-2026-000001'))?.status).toBe('aberta');
		const onTime = await closeNoticeAdapted(
			db,
			agent,
			'NP-2026-000001',
			new Date(NOW.getTime() + 10 * DAY)
		);
		expect(onTime).toEqual({ ok: true });
		expect((await noticeByNumber(db, 'NP-2026-000001'))?.status).toBe('adequada');
		const again = await closeNoticeAdapted(
			db,
			agent,
			'NP-2026-000001',
			new Date(NOW.getTime() + 11 * DAY)
		);
		expect(again).toMatchObject({ ok: false, status: 409 });
		expect(await closeNoticeAdapted(db, agent, 'NP-2026-999999', NOW)).toMatchObject({
			status: 404
		});
		expect((await auditLog(db, { action: 'campo.notificacao.adequada' })).length).toBe(1);
	});

	test('the auto opened from the notice closes it and is linked; a second auto from it is refused', async () => {
		const input = parseNotice(noticeForm({ dispositivo: 'art20-VII' }));
		if ('ok' in input) throw new Error(input.message);
		await recordNotice(db, agent, input, NOW, FEIRA_RULE_ON_ROLIM_CATALOGUE);
		const later = new Date(NOW.getTime() + 10 * DAY);
		await reserveBlock(db, agent, 'AAAAAAAAAAAAAAAA', 2026, later, 5);
		const auto = (
			number: string,
			key: string,
			extra: Partial<FieldAutoInput> = {}
		): FieldAutoInput => ({
			key,
			number,
			copyToken: `via-do-condutor-${key}-xxxxxxxxxxxxxxxx`,
			prefixo: '7',
			conduct: 'fumando',
			provision: 'art20-VII',
			occurredAt: new Date(later.getTime() - 60_000).toISOString(),
			clockOffsetMs: 0,
			place: { address: 'Praça do Centro' },
			driver: 'titular',
			signature: 'assinou',
			observations: '',
			photos: [],
			notice: 'NP-2026-000001',
			...extra
		});
		const device = { status: 'enrolled' as const, deviceId: 'AAAAAAAAAAAAAAAA' };
		// Another provision than the notice's: refused, nothing written, the notice still open.
		const wrong = await submitFieldAuto(
			db,
			agent,
			device,
			auto('AI-2026-000001', 'chave-errada-000001', {
				conduct: 'inciso:art20-II',
				provision: 'art20-II'
			}),
			later
		);
		expect(wrong).toMatchObject({ ok: false, code: 'notice' });
		expect((await noticeByNumber(db, 'NP-2026-000001'))?.status).toBe('aberta');
		const ok = await submitFieldAuto(
			db,
			agent,
			device,
			auto('AI-2026-000002', 'chave-certa-0000001'),
			later
		);
		expect(ok).toEqual({ ok: true, number: 'AI-2026-000002', repeated: false });
		expect(await noticeByNumber(db, 'NP-2026-000001')).toMatchObject({
			status: 'autuada',
			autoNumber: 'AI-2026-000002'
		});
		const evidence = await db
			.selectFrom('auto_infracao')
			.select('evidence')
			.where('number', '=', 'AI-2026-000002')
			.executeTakeFirstOrThrow();
		expect(JSON.parse(evidence.evidence ?? '{}')).toMatchObject({ notice: 'NP-2026-000001' });
		const twice = await submitFieldAuto(
			db,
			agent,
			device,
			auto('AI-2026-000003', 'chave-outra-0000001'),
			later
		);
		expect(twice).toMatchObject({ ok: false, status: 409, code: 'notice' });
		const autos = await db.selectFrom('auto_infracao').select('number').execute();
		expect(autos.map((a) => a.number)).toEqual(['AI-2026-000002']);
	});

	test('an auto from a notice still in its period is refused', async () => {
		const input = parseNotice(noticeForm({ dispositivo: 'art20-VII' }));
		if ('ok' in input) throw new Error(input.message);
		await recordNotice(db, agent, input, NOW, FEIRA_RULE_ON_ROLIM_CATALOGUE);
		await reserveBlock(db, agent, 'AAAAAAAAAAAAAAAA', 2026, NOW, 5);
		const result = await submitFieldAuto(
			db,
			agent,
			{ status: 'enrolled', deviceId: 'AAAAAAAAAAAAAAAA' },
			{
				key: 'chave-cedo-00000001',
				number: 'AI-2026-000001',
				copyToken: 'via-do-condutor-cedo-xxxxxxxxxxxxxxxxxxxx',
				prefixo: '7',
				conduct: 'fumando',
				provision: 'art20-VII',
				occurredAt: new Date(NOW.getTime() - 60_000).toISOString(),
				clockOffsetMs: 0,
				place: { address: 'Praça do Centro' },
				driver: 'titular',
				signature: 'assinou',
				observations: '',
				photos: [],
				notice: 'NP-2026-000001'
			},
			NOW
		);
		expect(result).toMatchObject({ ok: false, status: 409, code: 'notice' });
		expect(await db.selectFrom('auto_infracao').select('number').execute()).toEqual([]);
	});
});

describe('impound (Rolim de Moura, Lei 2.059/2011 Art. 22)', () => {
	const impoundForm = (extra: Record<string, string> = {}) =>
		form({
			veiculo: '7',
			dispositivo: 'art22-V',
			local: 'Av. Norte Sul, 100',
			observacoes: 'Pneu careca.',
			...extra
		});

	test('a registry vehicle: numbered, the law’s deposit, the copy opened by its token only, audited', async () => {
		const input = parseImpound(impoundForm());
		if ('ok' in input) throw new Error(input.message);
		const result = await recordImpound(db, agent, input, NOW);
		if (!result.ok) throw new Error(result.message);
		expect(result.number).toBe('AP-2026-000001');
		const row = await impoundByNumber(db, result.number);
		expect(row).toMatchObject({
			prefixo: '7',
			provision: 'art22-V',
			cite: 'Art. 22, V',
			deposit: 'o depósito da Prefeitura',
			impoundedOn: '2026-12-08',
			place: 'Av. Norte Sul, 100',
			agentMatricula: '4471'
		});
		expect(await impoundByToken(db, result.number, result.token)).toMatchObject({
			number: result.number
		});
		expect(await impoundByToken(db, result.number, 'x'.repeat(32))).toBeNull();
		expect(await impoundByToken(db, 'AP-2026-000002', result.token)).toBeNull();
		expect(await impoundByToken(db, result.number, '')).toBeNull();
		const stored = await db
			.selectFrom('impound')
			.select('copy_token_hash')
			.executeTakeFirstOrThrow();
		expect(stored.copy_token_hash).not.toContain(result.token);
		const log = await auditLog(db, { entity: 'impound' });
		expect(log.map((l) => [l.action, l.entityId])).toEqual([
			['campo.apreensao.registrada', 'AP-2026-000001']
		]);
		expect(JSON.stringify(log)).not.toMatch(/Pneu|Norte Sul|Fernanda/);
		expect((await listImpounds(db, { prefixo: '7' })).length).toBe(1);
	});

	test('a vehicle outside the registry (Art. 22, II): recorded by its plate', async () => {
		const input = parseImpound(impoundForm({ veiculo: 'ABC-1234', dispositivo: 'art22-II' }));
		if ('ok' in input) throw new Error(input.message);
		const result = await recordImpound(db, agent, input, NOW);
		expect(result.ok).toBe(true);
		expect(await impoundByNumber(db, 'AP-2026-000001')).toMatchObject({
			prefixo: null,
			placa: 'ABC1234'
		});
	});

	test.each([
		[{ dispositivo: 'art20-VII' }, 422, /não é caso de apreensão na lei \(Art\. 22\)/],
		[{ dispositivo: 'art22-XIII' }, 422, /Art\. 22/],
		[{ veiculo: '999' }, 404, /Prefixo não encontrado/],
		[{ veiculo: '' }, 400, /prefixo ou a placa/],
		[{ local: '' }, 400, /local da apreensão/],
		[{ dispositivo: '' }, 400, /motivo/]
	])('bad input %o: %i, nothing written', async (extra, status, message) => {
		const input = parseImpound(impoundForm(extra));
		const result = 'ok' in input ? input : await recordImpound(db, agent, input, NOW);
		expect(result).toMatchObject({ ok: false, status });
		if (!result.ok) expect(result.message).toMatch(message);
		expect(await rows('impound')).toBe(0);
		expect(await auditLog(db, { entity: 'impound' })).toEqual([]);
	});

	test('a law without impound (Porto Velho: no law text, no fieldActs) refuses it, nothing written', async () => {
		const input = parseImpound(impoundForm());
		if ('ok' in input) throw new Error(input.message);
		const pv = profileFixture('porto-velho').profile.laws.at(-1)!;
		expect(pv.fieldActs).toBeUndefined();
		const result = await recordImpound(db, agent, input, NOW, { acts: {}, lawId: pv.id });
		expect(result).toMatchObject({ ok: false, status: 404 });
		if (!result.ok) expect(result.message).toMatch(/não prevê a apreensão/);
		expect(await rows('impound')).toBe(0);
	});
});
