/**
 * The procedure as each law has it. `staff.matricula`: the agent's registration number, which a
 * law may ask the auto to print (the field mode's staff page sets it; null where none is known).
 * `auto_infracao.agent_matricula`: the matrícula printed on the auto, kept as issued, like the
 * agent's name. `auto_infracao.appeal_days`: where the law leaves the review's period to the notice
 * of the penalty, the days that notice stated, recorded at imposition (null elsewhere).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('staff').addColumn('matricula', 'text').execute();
	await db.schema.alterTable('auto_infracao').addColumn('agent_matricula', 'text').execute();
	await db.schema
		.alterTable('auto_infracao')
		.addColumn('appeal_days', 'integer', (c) =>
			c.check(sql`appeal_days is null or appeal_days > 0`)
		)
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('auto_infracao').dropColumn('appeal_days').execute();
	await db.schema.alterTable('auto_infracao').dropColumn('agent_matricula').execute();
	await db.schema.alterTable('staff').dropColumn('matricula').execute();
}
