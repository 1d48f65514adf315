/** SEMAM's complaint triage: autos de infração (Art. 26–28) and their yearly numbering. */
import type { Generated } from 'kysely';

/** Art. 28: what became of an auto after the defense (Art. 27) and the reconsideration (§1º). */
export type AutoDecision = 'pendente' | 'imposta' | 'cancelada' | 'definitiva';

/** An auto de infração drafted from a `procedente` complaint (Art. 26). */
export interface AutoInfracaoTable {
	id: Generated<number>;
	/** `AI-2026-000001`. */
	number: string;
	year: number;
	seq: number;
	/** Null for an auto the office found itself (`origin` 'campo', 021). */
	complaint_id: number | null;
	/** Canonical prefixo (`'7'`). */
	prefixo: string;
	placa: string | null;
	/** /lei anchor id of the provision infringed (Art. 26, V): `'art20-VII'`. */
	provision: string;
	/** A `Penalty`, null when the law fixes none (Art. 18). */
	penalty: string | null;
	/** `'Art. 21, I'`. */
	penalty_cite: string;
	/** pt-BR sentence from `escalate()`: why this penalty. */
	penalty_detail: string;
	agent_staff_id: number;
	agent_name: string;
	/** ISO 8601 instant. */
	issued_at: string;
	/** `YYYY-MM-DD`: the infractor was notified (Art. 27 counts from here). */
	notified_on: string | null;
	decision: Generated<AutoDecision>;
	/** `YYYY-MM-DD`: the infractor learned of the decision (Art. 28 §1º counts from here). */
	decided_on: string | null;
	/** `YYYY-MM-DD`: the decision became final (Art. 28 §2º). */
	confirmed_on: string | null;
	/** The days of the suspension imposed, as the office fixed them (015_suspension_days). */
	suspension_days: number | null;
	/** Who drove: the holder or the auxiliary driver (019_auto_records); null on earlier autos. */
	driver: 'titular' | 'auxiliar' | null;
	/**
	 * The person whose record the auto goes on, by the registry's name at issue: the holder's, or
	 * the auxiliary's for a personal offence where the law says so; null on earlier autos.
	 */
	record_of: string | null;
	/** The agent's matrícula as printed on the auto, where the staff record has one (020_procedure). */
	agent_matricula: string | null;
	/** The review's days the notice of the penalty stated, where the law leaves them to it (020). */
	appeal_days: number | null;
	/** 'campo' for an auto the office found (/admin/campo); null for a complaint's (021). */
	origin: string | null;
	/** ISO 8601 instant of the conduct, for an office-found auto (a complaint's is on the complaint). */
	occurred_at: string | null;
	/** The device block the number came from (021). */
	block_id: number | null;
	/** The key the phone fixed when the agent started the auto: a resend is the same auto. */
	idempotency_key: string | null;
	/** JSON `FieldEvidence` (src/lib/server/field/autos.ts). */
	evidence: string | null;
	/** SHA-256 (base64url) of the driver's copy token. */
	copy_token_hash: string | null;
}

/** A run of auto numbers one device reserved (021). */
export interface AutoBlockTable {
	id: Generated<number>;
	staff_id: number;
	device_id: string;
	year: number;
	first_seq: number;
	last_seq: number;
	reserved_at: string;
	closed_at: string | null;
	/** 'saida' (signed out), 'revogado' (device revoked), 'ano' (the year ended). */
	closed_reason: string | null;
	returned_from: number | null;
}

/** A number of a block never used, voided when its block closed (021). */
export interface AutoNumberVoidTable {
	year: number;
	seq: number;
	block_id: number;
	reason: string;
	voided_at: string;
}

/** A photo of an office-found auto (021). */
export interface FieldPhotoTable {
	id: Generated<number>;
	auto_number: string;
	position: number;
	/** Hex SHA-256 of `data`, as the phone computed it. */
	sha256: string;
	mime: string;
	data: Uint8Array;
}

export interface AutoSequenceTable {
	year: number;
	last: number;
}

export interface TriageTables {
	auto_infracao: AutoInfracaoTable;
	auto_sequence: AutoSequenceTable;
	auto_block: AutoBlockTable;
	auto_number_void: AutoNumberVoidTable;
	field_photo: FieldPhotoTable;
}
