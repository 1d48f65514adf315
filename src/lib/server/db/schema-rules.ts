/** Tariff decrees and decreed days entered by a gestor (migration 007). */
import type { Generated } from 'kysely';

/** A fare decree (Art. 15–17); money in centavos. */
export interface TariffDecreeTable {
	id: Generated<number>;
	reference: string;
	/** `YYYY-MM-DD`, unique. */
	valid_from: string;
	flagfall_1: number;
	flagfall_2: number;
	per_km_1: number | null;
	per_km_2: number | null;
	/** JSON array of `Surcharge`. */
	surcharges: string;
	note: string | null;
	entered_by: number | null;
	entered_by_email: string | null;
	/** ISO 8601 instant. */
	entered_at: string;
}

/** A date a decree adds to, or removes from, the days of bandeira II (Art. 16 §1º). */
export interface DecreedDayTable {
	id: Generated<number>;
	/** `YYYY-MM-DD`, unique. */
	date: string;
	/** `add` | `remove`. */
	action: string;
	name: string;
	reference: string;
	entered_by: number | null;
	entered_by_email: string | null;
	entered_at: string;
}

/** One row (id 1): bumped by every change, read by each instance at most once per second. */
export interface RulesVersionTable {
	id: number;
	version: number;
}

export interface RulesTables {
	tariff_decree: TariffDecreeTable;
	decreed_day: DecreedDayTable;
	rules_version: RulesVersionTable;
}
