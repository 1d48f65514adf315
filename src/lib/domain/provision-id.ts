/** Provision ids (`'art21-XVII'`, the /lei anchors): their citation, article and inciso value. */
const ID = /^art(\d+)(?:-(pu|p\d+|[IVXLC]+))?$/;

const ROMAN: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

/** The inciso's value of a provision id, 0 when it names none: `romanOf('art44-XLII')` is 42. */
export function romanOf(id: string): number {
	const part = parseId(id).part;
	return part && /^[IVXLC]+$/.test(part) ? romanValue(part) : 0;
}

function romanValue(numeral: string): number {
	let total = 0;
	for (let i = 0; i < numeral.length; i++) {
		const value = ROMAN[numeral.charAt(i)] ?? 0;
		const next = ROMAN[numeral.charAt(i + 1)] ?? 0;
		total += value < next ? -value : value;
	}
	return total;
}

function parseId(id: string): { article: number; part: string | undefined } {
	const m = ID.exec(id);
	if (!m) throw new RangeError(`Not a provision id: ${id}`);
	return { article: Number(m[1]), part: m[2] };
}

/**
 * The citation of a /lei anchor id, as the app writes it (and `citationId` reads it back).
 * @example citeOf('art21-XVII') //=> 'Art. 21, XVII'
 * @example citeOf('art23') //=> 'Art. 23'
 * @example citeOf('art18-pu') //=> 'Art. 18 parágrafo único'
 */
export function citeOf(id: string): string {
	const { article, part } = parseId(id);
	const label = article <= 9 ? `Art. ${article}º` : `Art. ${article}`;
	if (part === undefined) return label;
	if (part === 'pu') return `${label} parágrafo único`;
	if (part.startsWith('p')) return `${label} §${part.slice(1)}º`;
	return `${label}, ${part}`;
}

/**
 * The article an id belongs to.
 * @example articleOf('art21-XVII') //=> 'art21'
 */
export function articleOf(id: string): string {
	return `art${parseId(id).article}`;
}

/** Article number, then inciso value: 'art5-V' < 'art20-I' < 'art21-IX' < 'art21-XVII'. */
export function byProvision(a: string, b: string): number {
	const x = parseId(a);
	const y = parseId(b);
	if (x.article !== y.article) return x.article - y.article;
	const vx = x.part && /^[IVXLC]+$/.test(x.part) ? romanValue(x.part) : 0;
	const vy = y.part && /^[IVXLC]+$/.test(y.part) ? romanValue(y.part) : 0;
	return vx - vy || (x.part ?? '').localeCompare(y.part ?? '');
}
