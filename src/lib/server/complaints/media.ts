/**
 * What came with a complaint, as staff and the rider both see it: how many photos, and the
 * recording's length (its bytes are read only to be played).
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '$lib/server/db';

export interface ComplaintMedia {
	photoCount: number;
	/** Null when none came or it was erased (LGPD). */
	recording: { durationMs: number } | null;
}

/** The photos and recording of the complaint `complaintId`. */
export async function mediaOf(db: Db, complaintId: number): Promise<ComplaintMedia> {
	const [photos, recording] = await Promise.all([
		db
			.selectFrom('complaint_photo')
			.select((eb) => eb.fn.countAll().as('n'))
			.where('complaint_id', '=', complaintId)
			.executeTakeFirst(),
		db
			.selectFrom('complaint_audio')
			.select('duration_ms')
			.where('complaint_id', '=', complaintId)
			.executeTakeFirst()
	]);
	return {
		// PostgreSQL counts in bigint, which pg returns as a string.
		photoCount: Number(photos?.n ?? 0),
		recording: recording ? { durationMs: recording.duration_ms } : null
	};
}

/** Whether the complaint a query reads has a recording: a condition, or a column with `.as`. */
export const recordingExists = (eb: ExpressionBuilder<Database, 'complaint'>) =>
	eb.exists(
		eb
			.selectFrom('complaint_audio')
			.select('complaint_audio.complaint_id')
			.whereRef('complaint_audio.complaint_id', '=', 'complaint.id')
	);
