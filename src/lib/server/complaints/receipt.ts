/**
 * The protocol and token a rider gets for a complaint, and its receipt as the key's row keeps it.
 */
import * as v from 'valibot';
import { PENALTIES, type Offense } from '$lib/domain/offenses';
import { profile } from '$lib/profile';
import { sealToken } from '$lib/server/db';

/** The profile's (`protocolPrefix` in municipality.json): `RM` in Rolim de Moura, `PV` in Porto Velho. */
export const PROTOCOL_PREFIX = profile.protocolPrefix;
/** `RM-2026-000123`; a seventh digit would only appear after a million complaints in a year. */
export const PROTOCOL = new RegExp(`^${PROTOCOL_PREFIX}-(\\d{4})-(\\d{6,9})$`);
/** 18 random bytes in base64url: 24 characters, 144 bits. */
export const TOKEN = /^[A-Za-z0-9_-]{24}$/;

export interface ComplaintReceipt {
	protocol: string;
	/** Private: shown once to the rider, who follows the complaint with it. */
	token: string;
	status: 'recebida';
	offenses: { article: string; cite: string; penalty: Offense['penalty'] }[];
	/** `/reclamacoes/<protocol>?token=<token>`. */
	statusUrl: string;
}

export type CreateResult =
	| { kind: 'created' | 'replayed'; response: ComplaintReceipt }
	/** Same key, another body: 422. */
	| { kind: 'conflict' }
	/** Same key, the first request still running: 409, retry later. */
	| { kind: 'in_progress' };

/** A receipt as the key's row keeps it: without the token in the clear (db/receipt-seal.ts). */
export type StoredReceipt = Omit<ComplaintReceipt, 'token' | 'statusUrl'> & { tokenSealed: string };

export function storedReceipt(
	receipt: ComplaintReceipt,
	key: string,
	requestHash: string
): StoredReceipt {
	const { protocol, status, offenses } = receipt;
	return { protocol, status, offenses, tokenSealed: sealToken(receipt.token, key, requestHash) };
}

export function receiptOf(stored: StoredReceipt, token: string): ComplaintReceipt {
	const { protocol, status, offenses } = stored;
	return { protocol, token, status, offenses, statusUrl: statusUrlOf(protocol, token) };
}

export const statusUrlOf = (protocol: string, token: string) =>
	`/reclamacoes/${protocol}?token=${token}`;

export const PenaltySchema = v.nullable(v.picklist(PENALTIES));

export const StoredReceiptSchema = v.object({
	protocol: v.string(),
	tokenSealed: v.string(),
	status: v.literal('recebida'),
	offenses: v.array(v.object({ article: v.string(), cite: v.string(), penalty: PenaltySchema }))
});
