/**
 * Number blocks: an enrolled device reserves BLOCK_SIZE numbers of the yearly auto sequence at
 * once, so its agent numbers autos with no signal. The reservation moves `auto_sequence.last` past
 * the block in one statement (an upsert that locks the year's row on PostgreSQL, the single writer
 * on SQLite): two devices, two instances, or a complaint-born auto drawn up at the same moment
 * never get the same number — each number belongs to exactly one block or one office auto.
 *
 * A block closes when its device signs out, is revoked, or asks again in a new year: every number
 * never used is then returned to the sequence (the block was still its top: the counter goes back)
 * or voided one by one (`auto_number_void`), and the audit lists them. No number disappears unsaid.
 */
import type { Selectable } from 'kysely';
import type { StaffMember } from '$lib/domain/staff';
import { autoNumber, type NumberBlock } from '$lib/domain/field';
import { audit, type AutoBlockTable, type Db, writeTransaction } from '$lib/server/db';

/** Numbers a device holds at once: a day's work for a busy agent. */
export const BLOCK_SIZE = 25;
/** Open blocks a device may hold per year (one in use, one reserved before the first runs out). */
export const MAX_OPEN_BLOCKS = 2;
/** A device with this many free numbers or fewer gets its next block. */
export const LOW_WATER = 5;

export type CloseReason = 'saida' | 'revogado' | 'ano';

export interface BlockRow extends NumberBlock {
	id: number;
	staffId: number;
	deviceId: string;
	reservedAt: string;
	closedAt: string | null;
	closedReason: CloseReason | null;
	returnedFrom: number | null;
}

const toBlock = (r: Selectable<AutoBlockTable>): BlockRow => ({
	id: r.id,
	staffId: r.staff_id,
	deviceId: r.device_id,
	year: r.year,
	first: r.first_seq,
	last: r.last_seq,
	reservedAt: r.reserved_at,
	closedAt: r.closed_at,
	closedReason: r.closed_reason as CloseReason | null,
	returnedFrom: r.returned_from
});

/** The device's open blocks, oldest first. */
export async function openBlocks(db: Db, deviceId: string): Promise<BlockRow[]> {
	const rows = await db
		.selectFrom('auto_block')
		.selectAll()
		.where('device_id', '=', deviceId)
		.where('closed_at', 'is', null)
		.orderBy('year')
		.orderBy('first_seq')
		.execute();
	return rows.map(toBlock);
}

/** Every block, newest first (the audit page). */
export async function listBlocks(db: Db, limit = 200): Promise<BlockRow[]> {
	const rows = await db
		.selectFrom('auto_block')
		.selectAll()
		.orderBy('id', 'desc')
		.limit(limit)
		.execute();
	return rows.map(toBlock);
}

/**
 * Reserves a new block for `deviceId` in `year` when it holds none, or fewer than MAX_OPEN_BLOCKS
 * with LOW_WATER free numbers or fewer (`phoneLeft`: what the phone says it has free, its unsent
 * autos counted; else the numbers no auto holds yet). Open blocks of an earlier year are closed
 * first (their unused numbers voided). Audited with the range. The device's open blocks.
 */
export async function reserveBlock(
	db: Db,
	staff: Pick<StaffMember, 'id' | 'email'>,
	deviceId: string,
	year: number,
	now: Date = new Date(),
	size: number = BLOCK_SIZE,
	phoneLeft?: number
): Promise<BlockRow[]> {
	await closeBlocks(db, staff, deviceId, 'ano', now, (b) => b.year < year);
	return writeTransaction(db, async (trx) => {
		const open = await trx
			.selectFrom('auto_block')
			.select(['id', 'first_seq', 'last_seq'])
			.where('device_id', '=', deviceId)
			.where('year', '=', year)
			.where('closed_at', 'is', null)
			.execute();
		let left = phoneLeft;
		if (left === undefined && open.length > 0) {
			const { n } = await trx
				.selectFrom('auto_infracao')
				.select((eb) => eb.fn.countAll<number | string>().as('n'))
				.where(
					'block_id',
					'in',
					open.map((o) => o.id)
				)
				.executeTakeFirstOrThrow();
			left = open.reduce((sum, o) => sum + o.last_seq - o.first_seq + 1, 0) - Number(n);
		}
		if (open.length === 0 || (open.length < MAX_OPEN_BLOCKS && (left ?? 0) <= LOW_WATER)) {
			const { last } = await trx
				.insertInto('auto_sequence')
				.values({ year, last: size })
				.onConflict((oc) =>
					oc.column('year').doUpdateSet({ last: (eb) => eb('auto_sequence.last', '+', size) })
				)
				.returning('last')
				.executeTakeFirstOrThrow();
			const first = last - size + 1;
			// A block returned whole (it issued no number, so nothing refers to it) left its first
			// number to the sequence: the new block takes that place. Its audit entries stay.
			await trx
				.deleteFrom('auto_block')
				.where('year', '=', year)
				.where('first_seq', '=', first)
				.where('returned_from', '=', first)
				.where('closed_at', 'is not', null)
				.execute();
			await trx
				.insertInto('auto_block')
				.values({
					staff_id: staff.id,
					device_id: deviceId,
					year,
					first_seq: first,
					last_seq: last,
					reserved_at: now.toISOString(),
					closed_at: null,
					closed_reason: null,
					returned_from: null
				})
				.execute();
			await audit(
				trx,
				{
					staff,
					action: 'campo.bloco.reserva',
					entity: 'auto_block',
					entityId: `${autoNumber(year, first)}–${autoNumber(year, last)}`,
					after: { device: deviceLabel(deviceId), year, first, last }
				},
				now
			);
		}
		return openBlocks(trx, deviceId);
	});
}

/** A device named in the audit without its secret id: its first characters. */
export const deviceLabel = (deviceId: string) => `aparelho ${deviceId.slice(0, 6)}…`;

/**
 * Closes the device's open blocks (those `which` selects): the numbers an auto used stay issued;
 * the unused top of a block that is still the sequence's top goes back to it (returned); every
 * other unused number is voided. One audit entry per block lists issued, returned and voided.
 * A revoked device's numbers are never returned: its phone may still hold autos with them.
 */
export async function closeBlocks(
	db: Db,
	staff: Pick<StaffMember, 'id' | 'email'> | null,
	deviceId: string,
	reason: CloseReason,
	now: Date = new Date(),
	which: (b: BlockRow) => boolean = () => true
): Promise<BlockRow[]> {
	const candidates = (await openBlocks(db, deviceId)).filter(which);
	if (candidates.length === 0) return [];
	return writeTransaction(db, async (trx) => {
		const closed: BlockRow[] = [];
		// Newest first: a device's two blocks may both be at the top of the sequence.
		for (const block of [...candidates].reverse()) {
			const still = await trx
				.selectFrom('auto_block')
				.select('closed_at')
				.where('id', '=', block.id)
				.executeTakeFirst();
			if (!still || still.closed_at) continue;
			const used = new Set(
				(
					await trx
						.selectFrom('auto_infracao')
						.select('seq')
						.where('year', '=', block.year)
						.where('seq', '>=', block.first)
						.where('seq', '<=', block.last)
						.execute()
				).map((r) => r.seq)
			);
			const highestUsed = Math.max(block.first - 1, ...used);
			let returnedFrom: number | null = null;
			if (reason !== 'revogado' && highestUsed < block.last) {
				// Back to the sequence only when nothing was reserved after this block.
				const lowered = await trx
					.updateTable('auto_sequence')
					.set({ last: highestUsed })
					.where('year', '=', block.year)
					.where('last', '=', block.last)
					.executeTakeFirst();
				if (Number(lowered.numUpdatedRows) === 1) returnedFrom = highestUsed + 1;
			}
			const voidUpTo = returnedFrom === null ? block.last : returnedFrom - 1;
			const voided: number[] = [];
			for (let seq = block.first; seq <= voidUpTo; seq++) if (!used.has(seq)) voided.push(seq);
			if (voided.length > 0)
				await trx
					.insertInto('auto_number_void')
					.values(
						voided.map((seq) => ({
							year: block.year,
							seq,
							block_id: block.id,
							reason,
							voided_at: now.toISOString()
						}))
					)
					.execute();
			await trx
				.updateTable('auto_block')
				.set({ closed_at: now.toISOString(), closed_reason: reason, returned_from: returnedFrom })
				.where('id', '=', block.id)
				.execute();
			await audit(
				trx,
				{
					staff,
					action: 'campo.bloco.fecha',
					entity: 'auto_block',
					entityId: `${autoNumber(block.year, block.first)}–${autoNumber(block.year, block.last)}`,
					after: {
						device: deviceLabel(deviceId),
						reason,
						issued: [...used].sort((a, b) => a - b).map((s) => autoNumber(block.year, s)),
						voided: voided.map((s) => autoNumber(block.year, s)),
						returned:
							returnedFrom === null
								? null
								: `${autoNumber(block.year, returnedFrom)}–${autoNumber(block.year, block.last)}`
					}
				},
				now
			);
			closed.push({
				...block,
				closedAt: now.toISOString(),
				closedReason: reason,
				returnedFrom
			});
		}
		return closed;
	});
}

/** A block as the audit page shows it: its numbers issued, voided and returned. */
export interface BlockSummary extends BlockRow {
	staffEmail: string | null;
	device: string;
	issued: string[];
	voided: string[];
	returned: string | null;
}

/** Every block (newest first) with what became of each of its numbers. */
export async function blockSummaries(db: Db, limit = 100): Promise<BlockSummary[]> {
	const blocks = await listBlocks(db, limit);
	if (blocks.length === 0) return [];
	const ids = blocks.map((b) => b.id);
	const [issued, voided, staff] = await Promise.all([
		db
			.selectFrom('auto_infracao')
			.select(['block_id', 'number'])
			.where('block_id', 'in', ids)
			.orderBy('seq')
			.execute(),
		db
			.selectFrom('auto_number_void')
			.select(['block_id', 'year', 'seq'])
			.where('block_id', 'in', ids)
			.orderBy('seq')
			.execute(),
		db.selectFrom('staff').select(['id', 'email']).execute()
	]);
	return blocks.map((b) => ({
		...b,
		staffEmail: staff.find((s) => s.id === b.staffId)?.email ?? null,
		device: deviceLabel(b.deviceId),
		issued: issued.filter((i) => i.block_id === b.id).map((i) => i.number),
		voided: voided.filter((v) => v.block_id === b.id).map((v) => autoNumber(v.year, v.seq)),
		returned:
			b.returnedFrom === null
				? null
				: `${autoNumber(b.year, b.returnedFrom)}–${autoNumber(b.year, b.last)}`
	}));
}
