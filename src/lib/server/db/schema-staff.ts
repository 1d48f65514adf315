/** Tables of the staff side (migration 004). */
import type { Generated } from 'kysely';

export interface StaffTable {
	id: Generated<number>;
	email: string;
	name: string;
	/** A `Role` (src/lib/domain/staff.ts). */
	role: string;
	password_hash: string;
	active: Generated<number>;
	created_at: string;
	/** The agent's registration number (021), printed on the autos they issue. */
	matricula: Generated<string | null>;
}

export interface StaffSessionTable {
	token_hash: string;
	staff_id: number;
	created_at: string;
	last_seen_at: string;
}

export interface LoginFailureTable {
	email: string;
	address: string;
	at: string;
}

export interface StaffKnownAddressTable {
	staff_id: number;
	address: string;
	last_at: string;
}

/** A browser a member signed in from: its device cookie counts while this row does (017). */
export interface StaffDeviceTable {
	id: Generated<number>;
	staff_id: number;
	/** The random id in the signed cookie. */
	device_id: string;
	created_at: string;
	last_used_at: string;
	/** "Chrome · Android": what the gestor sees to tell devices apart. */
	agent: string | null;
	revoked_at: string | null;
}

export interface AuditLogTable {
	id: Generated<number>;
	at: string;
	staff_id: number | null;
	staff_email: string | null;
	action: string;
	entity: string;
	entity_id: string | null;
	before: string | null;
	after: string | null;
	note: string | null;
}

/** A key the server made for itself (migration 011): the device cookies' signing key. */
export interface ServerSecretTable {
	name: string;
	value: string;
	created_at: string;
}

export interface StaffTables {
	staff: StaffTable;
	staff_session: StaffSessionTable;
	login_failure: LoginFailureTable;
	staff_known_address: StaffKnownAddressTable;
	staff_device: StaffDeviceTable;
	audit_log: AuditLogTable;
	server_secret: ServerSecretTable;
}
