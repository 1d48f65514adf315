/**
 * POST (JSON): an auto the phone drew up (src/lib/server/field/autos.ts). 200 with its number when
 * recorded or already recorded under the same key; a 4xx with a pt-BR message the phone shows
 * next to the auto (kept on the phone as refused, never dropped silently) otherwise.
 */
import { json } from '@sveltejs/kit';
import { DEVICE_COOKIE, fieldDevice, getStaff, requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { FIELD_BODY_BYTES, parseFieldAuto, submitFieldAuto } from '$lib/server/field';
import { BODY_MESSAGES, readJson } from '$lib/server/http';
import type { RequestHandler } from './$types';

const noStore = { 'cache-control': 'no-store' };

export const POST: RequestHandler = async ({ request, cookies }) => {
	const me = requireStaff('fiscal');
	const now = new Date();
	const device = await fieldDevice(db(), cookies.get(DEVICE_COOKIE), now);
	if (!device || device.staffId !== me.id)
		return json(
			{
				code: 'device',
				message:
					'Este aparelho não está cadastrado para esta conta: saia e entre de novo com a sua senha nele. O auto continua guardado no aparelho.'
			},
			{ status: 403, headers: noStore }
		);
	const body = await readJson(request, { maxBytes: FIELD_BODY_BYTES });
	if (!body.ok)
		return json(
			{ code: body.code, message: BODY_MESSAGES[body.code] },
			{ status: body.status, headers: noStore }
		);
	const input = parseFieldAuto(body.value);
	if ('ok' in input)
		return json(
			{ code: input.code, message: input.message },
			{ status: input.status, headers: noStore }
		);
	const member = await getStaff(db(), me.id);
	const result = await submitFieldAuto(
		db(),
		{ id: me.id, email: me.email, name: me.name, matricula: member?.matricula ?? null },
		device,
		input,
		now
	);
	if (!result.ok)
		return json(
			{ code: result.code, message: result.message },
			{ status: result.status, headers: noStore }
		);
	return json(
		{ number: result.number, repeated: result.repeated, serverNow: now.toISOString() },
		{ headers: noStore }
	);
};
