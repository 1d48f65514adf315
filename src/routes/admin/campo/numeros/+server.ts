/**
 * POST: the device's open number blocks, a new one reserved when it holds fewer than
 * MAX_OPEN_BLOCKS (src/lib/server/field/blocks.ts), the numbers already issued from them, and the
 * server's clock (the phone corrects its own by the offset).
 */
import { json } from '@sveltejs/kit';
import { DEVICE_COOKIE, fieldDevice, requireStaff } from '$lib/server/auth';
import { localDate } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { BLOCK_SIZE, reserveBlock } from '$lib/server/field';
import { mediaType, readJson } from '$lib/server/http';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ cookies, request }) => {
	const me = requireStaff('fiscal');
	const now = new Date();
	const device = await fieldDevice(db(), cookies.get(DEVICE_COOKIE), now);
	const noStore = { 'cache-control': 'no-store' };
	if (device?.status !== 'enrolled' || device.staffId !== me.id)
		return json(
			{
				message:
					device?.status === 'revoked'
						? 'Este aparelho foi revogado pela gestão: ele não recebe números de auto.'
						: 'Este aparelho não está cadastrado: saia e entre de novo com a sua senha nele.',
				serverNow: now.toISOString()
			},
			{ status: 403, headers: noStore }
		);
	const year = Number(localDate(now).slice(0, 4));
	// What the phone has free (its unsent autos counted), when it says: `{ "left": 3 }`.
	const body = mediaType(request) === 'application/json' ? await readJson(request) : null;
	const said =
		body?.ok && typeof body.value === 'object' && body.value !== null
			? (body.value as { left?: unknown }).left
			: undefined;
	const left =
		typeof said === 'number' && Number.isInteger(said) && said >= 0 && said < 10_000
			? said
			: undefined;
	const blocks = await reserveBlock(db(), me, device.deviceId, year, now, BLOCK_SIZE, left);
	const issued = (
		await db()
			.selectFrom('auto_infracao')
			.select('number')
			.where(
				'block_id',
				'in',
				blocks.map((b) => b.id)
			)
			.execute()
	).map((r) => r.number);
	return json(
		{
			blocks: blocks.map((b) => ({ year: b.year, first: b.first, last: b.last })),
			issued,
			serverNow: now.toISOString()
		},
		{ headers: noStore }
	);
};
