import { formOrError } from '$lib/server/http';
import { fail } from '@sveltejs/kit';
import { isRole, ROLE_LABEL, type StaffMember } from '$lib/domain/staff';
import { audit, db, type Db } from '$lib/server/db';
import {
	requireStaff,
	createStaff,
	getStaff,
	listStaff,
	setPassword,
	StaffError,
	updateStaff
} from '$lib/server/auth';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => {
	const me = requireStaff('gestor');
	return { me: me.id, staff: await listStaff(db()) };
};

const text = (form: FormData, name: string) => String(form.get(name) ?? '').slice(0, 2000);

/** The account a form names, or a 400/404 the page can show. */
async function target(form: FormData) {
	const id = Number(form.get('id'));
	if (!Number.isSafeInteger(id) || id < 1)
		return { error: fail(400, { message: 'Conta inválida.' }) };
	const row = await getStaff(db(), id);
	if (!row) return { error: fail(404, { message: 'Conta não encontrada.' }) };
	return { row };
}

/**
 * Changes the account `id` (`change`, on the transaction) and writes it in the audit log in the
 * same transaction: both happen, or neither.
 */
async function changeAccount(
	me: StaffMember,
	id: number,
	record: Omit<Parameters<typeof audit>[1], 'staff' | 'entity' | 'entityId'>,
	change: (trx: Db) => Promise<unknown>
) {
	await db()
		.transaction()
		.execute(async (trx) => {
			await change(trx);
			await audit(trx, { staff: me, entity: 'staff', entityId: id, ...record });
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
			role: text(form, 'papel')
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
						after: { email: staff.email, name: staff.name, role: staff.role }
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
		await changeAccount(
			me,
			found.row.id,
			{ action: 'staff.role', before: { role: found.row.role }, after: { role } },
			(trx) => updateStaff(trx, found.row.id, { role })
		);
		return { done: `${found.row.email} agora é ${ROLE_LABEL[role]}.` };
	},

	ativar: async ({ request }) => {
		const me = requireStaff('gestor');
		const form = await formOrError(request);
		const found = await target(form);
		if (found.error) return found.error;
		const active = form.get('ativa') === '1';
		if (found.row.id === me.id && !active)
			return fail(400, { message: 'Você não pode desativar a sua própria conta.' });
		await changeAccount(
			me,
			found.row.id,
			{
				action: active ? 'staff.activate' : 'staff.deactivate',
				before: { active: found.row.active },
				after: { active }
			},
			(trx) => updateStaff(trx, found.row.id, { active })
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
			// The audit log says that a password changed, never the password.
			await changeAccount(me, found.row.id, { action: 'staff.password' }, (trx) =>
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
	}
} satisfies Actions;
