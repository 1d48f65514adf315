import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { OutboxEntry } from '$lib/offline/outbox';

const outbox = vi.hoisted(() => ({
	flushOutbox: vi.fn(),
	listOutbox: vi.fn(),
	enqueue: vi.fn(),
	discard: vi.fn()
}));
const mine = vi.hoisted(() => ({ mineByKey: vi.fn(), mineOf: vi.fn(), remember: vi.fn() }));
vi.mock('$lib/offline/outbox', () => ({ ...outbox, SYNC_TAG: 'tag' }));
vi.mock('$lib/offline/mine', () => ({
	...mine,
	receiptUrl: (m: { protocol: string }) => `/reclamacoes/${m.protocol}?token=t`
}));
vi.mock('$lib/offline/signal', () => ({ watchedFetch: vi.fn() }));

const { Kept } = await import('./kept.svelte');

const entry = (over: Partial<OutboxEntry> = {}) =>
	({ key: 'k1', state: 'pending', fields: [], ...over }) as unknown as OutboxEntry;

beforeEach(() => {
	vi.clearAllMocks();
	outbox.flushOutbox.mockResolvedValue({ sent: [] });
	outbox.listOutbox.mockResolvedValue([]);
	outbox.discard.mockResolvedValue(undefined);
	mine.mineByKey.mockResolvedValue(undefined);
	vi.stubGlobal('location', { pathname: '/reclamar' });
	vi.stubGlobal('navigator', {});
});

describe('Kept.send', () => {
	test('sent now: the card gets its receipt', async () => {
		const kept = new Kept();
		kept.saved = entry();
		outbox.flushOutbox.mockResolvedValue({ sent: [{ key: 'k1', statusUrl: '/r/1' }] });
		await kept.send(true);
		expect(outbox.flushOutbox).toHaveBeenCalledWith(expect.objectContaining({ force: true }));
		expect(kept.saved?.statusUrl).toBe('/r/1');
	});

	test('still in the outbox: the card shows it as it is now (refused, say)', async () => {
		const kept = new Kept();
		kept.saved = entry();
		outbox.listOutbox.mockResolvedValue([entry({ state: 'rejected' })]);
		await kept.send();
		expect(kept.saved?.state).toBe('rejected');
	});

	test('gone, sent elsewhere: the receipt comes from "Minhas reclamações"', async () => {
		const kept = new Kept();
		kept.saved = entry();
		mine.mineByKey.mockResolvedValue({ protocol: '2026-1' });
		await kept.send();
		expect(kept.saved?.statusUrl).toBe('/reclamacoes/2026-1?token=t');
	});

	test('no card: the outbox is sent all the same', async () => {
		const kept = new Kept();
		await kept.send();
		expect(outbox.flushOutbox).toHaveBeenCalled();
		expect(kept.saved).toBeNull();
	});
});

describe('Kept.sent', () => {
	test('posted and answered: remembered in "Minhas reclamações"; the corrected copy leaves', async () => {
		const kept = new Kept();
		kept.correcting = 'old';
		mine.mineOf.mockReturnValue({ protocol: '2026-1' });
		mine.remember.mockRejectedValue(new Error('no IndexedDB'));
		const formData = new FormData();
		formData.set('veiculo', '007');
		await kept.sent('/reclamacoes/2026-1?token=t', formData, '2026-12-06T05:40:00.000Z');
		expect(mine.mineOf).toHaveBeenCalledWith(
			'/reclamacoes/2026-1?token=t',
			[['veiculo', '007']],
			'2026-12-06T05:40:00.000Z'
		);
		expect(mine.remember).toHaveBeenCalledWith({ protocol: '2026-1' });
		expect(outbox.discard).toHaveBeenCalledWith('old');
	});
});

describe('Kept.keep', () => {
	test('kept with its words; the refused copy it corrects leaves the phone', async () => {
		const kept = new Kept();
		kept.correcting = 'old';
		outbox.enqueue.mockResolvedValue(entry({ key: 'k2' }));
		const words = { vehicle: 'Veículo 007', situations: ['Cobrou a mais'], paid: '' };
		await kept.keep(new FormData(), words);
		expect(outbox.enqueue).toHaveBeenCalledWith(expect.any(FormData), '/reclamar');
		expect(kept.saved?.key).toBe('k2');
		expect(kept.words).toEqual(words);
		expect(outbox.discard).toHaveBeenCalledWith('old');
		expect(kept.correcting).toBeNull();
	});
});
