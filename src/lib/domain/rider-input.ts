/**
 * What a rider types, read the same way in the browser and on the server: an amount of money
 * ("Quanto você pagou?") and a local date and time on the municipality's clock. The complaint form
 * shows the difference from these as the rider types, and the server stores what these return —
 * one reading, so "12.5" can never be R$ 125 on one side and an error on the other.
 */
import { zonedInstant } from './clock';

/** "12", "12,5", "12,50", "12.50", "1.012,50", "1,012.50", "1012.5" (with or without "R$"). */
const PLAIN = /^(\d+)(?:[.,](\d{1,2}))?$/;
const BR_GROUPED = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;
/** Comma-grouped thousands only with a decimal dot: a lone "12,505" is a mistyped decimal. */
const EN_GROUPED = /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/;

/**
 * An amount of money in centavos, or null when the text is not one. A comma or a dot followed by
 * one or two digits is the decimal mark; followed by three, it groups thousands.
 * @example parseAmount('12,50') //=> 1250
 * @example parseAmount('12.5') //=> 1250
 * @example parseAmount('R$ 1.012,50') //=> 101250
 * @example parseAmount('12,505') //=> null
 */
export function parseAmount(text: string): number | null {
	const cleaned = text.replace(/R\$|\s|\u00a0/gi, '');
	const m = PLAIN.exec(cleaned) ?? BR_GROUPED.exec(cleaned) ?? EN_GROUPED.exec(cleaned);
	if (!m) return null;
	const reais = Number((m[1] ?? '').replace(/[.,]/g, ''));
	const centavos = reais * 100 + Number((m[2] ?? '').padEnd(2, '0'));
	return Number.isSafeInteger(centavos) ? centavos : null;
}

/**
 * `2026-12-02T21:10` (an `<input type="datetime-local">`) on the municipality's clock → the
 * instant, or null when it is not such a date and time.
 * @example parseLocalDateTime('2026-12-02T21:10', 'America/Porto_Velho')?.toISOString() //=> '2026-12-03T01:10:00.000Z'
 */
export function parseLocalDateTime(local: string, timeZone: string): Date | null {
	const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(local.trim());
	if (!m) return null;
	const hours = Number(m[2]);
	const minutes = Number(m[3]);
	if (hours > 23 || minutes > 59) return null;
	try {
		const at = zonedInstant(m[1] ?? '', hours * 60 + minutes, timeZone);
		return Number.isNaN(at.getTime()) ? null : at;
	} catch {
		return null;
	}
}
