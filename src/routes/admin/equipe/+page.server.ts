import { formOrError, rowId } from '$lib/server/http';
import { fail } from '@sveltejs/kit';
import { isRole, ROLE_LABEL, type StaffMember } from '$lib/domain/staff';
import { audit, db, type Db } from '$lib/server/db';
import { closeBlocks } from '$lib/server/field';
import {
	requireStaff,
	createStaff,
	DEVICE_DAYS,
	deviceIdOf,
	MAX_DEVICES,
	getStaff,
	listDevices,
	listStaff,
	matriculaCite,
	revokeDevice,
	setMatricula,
	setPassword,
	StaffError,
	updateStaff
} from '$lib/server/auth';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => {
	const me = requireStaff('gestor');
	const [staff, devices] = await Promise.all([listStaff(db()), listDevices(db())]);
	return {
		me: me.id,
		staff,
		devices,
		deviceDays: DEVICE_DAYS,
		maxDevices: MAX_DEVICES,
		// Where the law puts the agent's matrícula on the auto, it is required.
		matriculaCite: matriculaCite()
	};
};

const text = (form: FormData, name: string) => String(form.get(name) ?? '').slice(0, 2000);

/** The account a form names, or a 400/404 the page can show. */
async function target(form: FormData) {
	// Range-checked: an id past a 32-bit integer is a 500 on PostgreSQL, not a 404.
	const id = rowId(form.get('id'));
	if (id === null) return { error: fail(400, { message: 'Conta inválida.' }) };
	const row = await getStaff(db(), id);
	if (!row) return { error: fail(404, { message: 'Conta não encontrada.' }) };
	return { row };
}

/** Changes the member `id` (`change`) and audits it as `me` did it, in one transaction. */
function changeMember(
	me: StaffMember,
	id: number,
	entry: { action: string; before?: unknown; after?: unknown },
	change: (trx: Db) => Promise<void>
): Promise<void> {
	return db()
		.transaction()
		.execute(async (trx) => {
			await change(trx);
			await audit(trx, { staff: me, entity: 'staff', entityId: id, ...entry });
		});
}

export const actions = {
	/** A new account; the gestor passes the first password on in person (it can be changed here). */
	criar: async ({ request }) => {
		const me = requireStaff('gestor');
		const form = await formOrError(request);
		const values = {
			email: text(form, 'email'),
			name: text(form, 'nome'),
			role: text(form, 'papel'),
			matricula: text(form, 'matricula')
		};
		try {
			if (!isRole(values.role)) throw new StaffError('Escolha o papel: fiscal ou gestor.', 'role');
			const created = await db()
				.transaction()
				.execute(async (trx) => {
					const staff = await createStaff(trx, {
						...values,
						role: values.role as 'fiscal' | 'gestor',
						password: text(form, 'senha')
					});
					await audit(trx, {
						staff: me,
						action: 'staff.create',
						entity: 'staff',
						entityId: staff.id,
						after: {
							email: staff.email,
							name: staff.name,
							role: staff.role,
							matricula: values.matricula.trim() || null
						}
					});
					return staff;
				});
			return { created: `Conta criada: ${created.email} (${ROLE_LABEL[created.role]}).` };
		} catch (error) {
			if (error instanceof StaffError)
				return fail(400, { create: { values, field: error.field, message: error.message } });
			throw error;
		}
	},

	papel: async ({ request }) => {
		const me = requireStaff('gestor');
		const form = await formOrError(request);
		const found = await target(form);
		if (found.error) return found.error;
		const role = text(form, 'papel');
		if (!isRole(role)) return fail(400, { message: 'Escolha o papel: fiscal ou gestor.' });
		if (found.row.id === me.id)
			return fail(400, {
				message: 'Você não pode mudar o seu próprio papel: peça a outro(a) gestor(a).'
			});
		const entry = { action: 'staff.role', before: { role: found.row.role }, after: { role } };
		await changeMember(me, found.row.id, entry, (trx) => updateStaff(trx, found.row.id, { role }));
		return { done: `${found.row.email} agora é ${ROLE_LABEL[role]}.` };
	},

	/** The agent's matrícula, printed on every auto and notice they issue from now on. */
	matricula: async ({ request }) => {
		const me = requireStaff('gestor');
		const form = await formOrError(request);
		const found = await target(form);
		if (found.error) return found.error;
		try {
			let saved: string | null = null;
			await changeMember(
				me,
				found.row.id,
				{
					action: 'staff.matricula',
					before: { matricula: found.row.matricula },
					after: { matricula: text(form, 'matricula').trim() || null }
				},
				async (trx) => {
					saved = await setMatricula(trx, found.row.id, text(form, 'matricula'));
				}
			);
			return {
				done: saved
					? `Matrícula de ${found.row.email}: ${saved}.`
					: `Matrícula de ${found.row.email} removida.`
			};
		} catch (error) {
			if (error instanceof StaffError)
				return fail(400, { message: `${found.row.email}: ${error.message}` });
			throw error;
		}
	},

	ativar: async ({ request }) => {
		const me = requireStaff('gestor');
		const form = await formOrError(request);
		const found = await target(form);
		if (found.error) return found.error;
		const active = form.get('ativa') === '1';
		if (found.row.id === me.id && !active)
			return fail(400, { message: 'Você não pode desativar a sua própria conta.' });
		const entry = {
			action: active ? 'staff.activate' : 'staff.deactivate',
			before: { active: found.row.active },
			after: { active }
		};
		await changeMember(me, found.row.id, entry, (trx) =>
			updateStaff(trx, found.row.id, { active })
		);
		return {
			done: `${found.row.email}: conta ${active ? 'reativada' : 'desativada (sessões encerradas)'}.`
		};
	},

	senha: async ({ request }) => {
		const me = requireStaff('gestor');
		const form = await formOrError(request);
		const found = await target(form);
		if (found.error) return found.error;
		try {
			// That a password changed, never the password.
			await changeMember(me, found.row.id, { action: 'staff.password' }, (trx) =>
				setPassword(trx, found.row.id, text(form, 'senha'))
			);
		} catch (error) {
			if (error instanceof StaffError)
				return fail(400, { message: `${found.row.email}: ${error.message}` });
			throw error;
		}
		return {
			done: `Senha de ${found.row.email} trocada; as sessões abertas dessa conta foram encerradas.`
		};
	},

	/**
	 * Revokes one of a member's recognised devices (a lost phone, a shared computer): its cookie
	 * no longer puts that browser's sign-ins ahead of a flood. It signs nobody out and locks
	 * nobody out: the member still signs in there with the password, as a new device.
	 */
	revogarAparelho: async ({ request }) => {
		const me = requireStaff('gestor');
		const form = await formOrError(request);
		const id = rowId(form.get('aparelho'));
		if (id === null) return fail(400, { message: 'Aparelho inválido.' });
		const revoked = await db()
			.transaction()
			.execute(async (trx) => {
				const device = await revokeDevice(trx, id);
				if (device)
					await audit(trx, {
						staff: me,
						action: 'staff.device.revoke',
						entity: 'staff',
						entityId: device.staffId,
						before: { device: device.id, agent: device.agent, createdAt: device.createdAt }
					});
				return device;
			});
		if (!revoked)
			return fail(404, {
				message: 'Esse aparelho não está mais na lista (já revogado ou substituído por outro).'
			});
		// A lost phone: its reserved auto numbers are voided (the audit lists them) and whatever it
		// still holds is refused when it tries to send it.
		const deviceId = await deviceIdOf(db(), revoked.id);
		const voided = deviceId ? await closeBlocks(db(), me, deviceId, 'revogado') : [];
		const owner = await getStaff(db(), revoked.staffId);
		return {
			done:
				`Aparelho revogado${owner ? ` (${owner.email})` : ''}: deixa de ter prioridade na ` +
				'entrada; se a pessoa entrar por ele de novo, com a senha, ele volta como aparelho novo.' +
				(voided.length > 0
					? ` Os números de auto reservados por ele foram anulados (${voided.length} bloco${voided.length > 1 ? 's' : ''}, na auditoria) e autos que ele ainda tente enviar serão recusados.`
					: '')
		};
	}
} satisfies Actions;
