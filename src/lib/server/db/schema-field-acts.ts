/** The law's other field acts (025): the preliminary notice and the impound. */
import type { Generated } from 'kysely';

/** A preliminary notice (025). */
export interface PreliminaryNoticeTable {
	id: Generated<number>;
	/** `NP-2026-000001`. */
	number: string;
	year: number;
	seq: number;
	prefixo: string;
	placa: string;
	provision: string;
	/** The regime it was given under (`lei-3815-2018`). */
	law_id: string;
	issued_at: string;
	/** The municipality's day of the notice, and the last day to adapt. */
	issued_on: string;
	deadline: string;
	place: string;
	observations: string;
	agent_staff_id: number;
	agent_name: string;
	agent_matricula: string | null;
	/** 'aberta', 'adequada' (closed: adapted), 'autuada' (closed: the auto `auto_number`). */
	status: string;
	closed_at: string | null;
	closed_by: number | null;
	auto_number: string | null;
}

/** An impounded vehicle (025). */
export interface ImpoundTable {
	id: Generated<number>;
	/** `AP-2026-000001`. */
	number: string;
	year: number;
	seq: number;
	/** Null for a vehicle outside the registry (only its plate). */
	prefixo: string | null;
	placa: string;
	provision: string;
	law_id: string;
	impounded_at: string;
	impounded_on: string;
	place: string;
	deposit: string;
	observations: string;
	agent_staff_id: number;
	agent_name: string;
	agent_matricula: string | null;
	/** SHA-256 (base64url) of the driver's copy token. */
	copy_token_hash: string;
}

export interface FieldActTables {
	notice_sequence: { year: number; last: number };
	impound_sequence: { year: number; last: number };
	preliminary_notice: PreliminaryNoticeTable;
	impound: ImpoundTable;
}
