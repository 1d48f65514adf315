/**
 * When a rider's contact is erased (LGPD, Lei 13.709/2018, art. 16 and art. 18 VI), the copies of
 * it that people typed elsewhere go too: a staff note quoting the phone, the rider's own words
 * giving a name. Pure: the caller reads the texts and writes back what changed.
 */

/** What an erased piece of contact becomes in a text. */
export const REDACTED = '[apagado]';

/** The contact as it was, before its fields are nulled. */
export interface ContactToRedact {
	name: string | null;
	phone: string | null;
	email: string | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The patterns that find the contact in free text: the whole name (any case, any spacing), the
 * e-mail (any case), and the phone's last 8 digits written with any separators (`9988-7766`,
 * `(69) 99988 7766`, `+5569999887766`). A name shorter than 3 letters or a phone shorter than 8
 * digits finds nothing: it would erase ordinary words.
 */
function patterns(contact: ContactToRedact): RegExp[] {
	const out: RegExp[] = [];
	const name = contact.name?.trim().split(/\s+/).filter(Boolean) ?? [];
	if (name.join('').length >= 3)
		out.push(
			new RegExp(`(?<![\\p{L}\\p{N}])${name.map(escape).join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu')
		);
	const email = contact.email?.trim();
	if (email) out.push(new RegExp(escape(email), 'gi'));
	const digits = (contact.phone ?? '').replace(/\D/g, '');
	if (digits.length >= 8) {
		const sep = '[\\s().+-]*';
		// Any end of the digits before the last 8 (country code, area code, the mobile's 9) goes
		// with them when written.
		let lead = '';
		for (const d of digits.slice(0, -8)) lead = `(?:${lead}${d}${sep})?`;
		const tail = digits.slice(-8).split('').join(sep);
		out.push(new RegExp(`(?<![\\d+(])\\+?\\(?${lead}${tail}(?!\\d)`, 'g'));
	}
	return out;
}

/**
 * `text` with every copy of the contact replaced by `REDACTED`; the same string when it holds none.
 * @example redactContact('Ligar para Maria: 9988-7766', { name: 'Maria', phone: '+5569999887766', email: null })
 * //=> 'Ligar para [apagado]: [apagado]'
 */
export function redactContact(text: string, contact: ContactToRedact): string {
	let out = text;
	for (const p of patterns(contact)) out = out.replace(p, REDACTED);
	return out;
}

/** `redactContact` on every string inside a JSON value (an audit row's before/after). */
export function redactContactJson(value: unknown, contact: ContactToRedact): unknown {
	if (typeof value === 'string') return redactContact(value, contact);
	if (Array.isArray(value)) return value.map((v) => redactContactJson(v, contact));
	if (value !== null && typeof value === 'object')
		return Object.fromEntries(
			Object.entries(value).map(([k, v]) => [k, redactContactJson(v, contact)])
		);
	return value;
}
