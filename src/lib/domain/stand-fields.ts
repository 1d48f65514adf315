/** The fields of one stand in SEMAM's GeoJSON: the point, the texts, the places, the prefixes. */
import { isObject, pointInPolygon, type Area, type LatLng } from './geo';
import { formatPrefix, normalizePrefix } from './plate';

/** More places than any street corner holds: a larger number is a typo. */
export const MAX_VAGAS = 100;

export type Fail = (code: string, message: string, field?: string) => void;

export function readPoint(geometry: unknown, fail: Fail, boundary: Area): LatLng | null {
	if (!isObject(geometry) || geometry['type'] !== 'Point') {
		const what = isObject(geometry) ? `não ${show(geometry['type'])}` : 'e a feição não tem';
		fail(
			'not_point',
			`A geometria deve ser um ponto (Point), ${what}: um ponto de mototáxi é um lugar só, ` +
				'[longitude, latitude].',
			'geometry'
		);
		return null;
	}
	const coordinates = geometry['coordinates'];
	// RFC 7946 §3.1.1: [longitude, latitude], maybe an altitude.
	if (
		!Array.isArray(coordinates) ||
		coordinates.length < 2 ||
		coordinates.length > 3 ||
		!coordinates.every(isFiniteNumber)
	) {
		fail(
			'coordinates',
			`Coordenadas inválidas: ${show(coordinates)} (esperado [longitude, latitude] em graus).`,
			'geometry'
		);
		return null;
	}
	const [lng = NaN, lat = NaN] = coordinates;
	const point = { lat, lng };
	const swapped = { lat: lng, lng: lat };
	const inRange = Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
	if (inRange && pointInPolygon(point, boundary)) return point;

	const where = `[${lng}, ${lat}]`;
	if (Math.abs(swapped.lat) <= 90 && pointInPolygon(swapped, boundary)) {
		fail(
			'swapped',
			`Latitude e longitude trocadas: ${where} cai fora do município, mas [${lat}, ${lng}] cai ` +
				'dentro. O GeoJSON usa a ordem [longitude, latitude] (RFC 7946).',
			'geometry'
		);
	} else if (!inRange) {
		fail(
			'out_of_range',
			`Coordenadas fora do intervalo: ${where} (longitude de −180 a 180, latitude de −90 a 90, ` +
				'nessa ordem).',
			'geometry'
		);
	} else {
		fail(
			'outside_boundary',
			`O ponto ${where} fica fora do limite do município (malha do IBGE).`,
			'geometry'
		);
	}
	return null;
}

const isFiniteNumber = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value);

/** A non-empty trimmed string, or null. */
export function readText(value: unknown): string | null {
	if (typeof value !== 'string') return null;
	const text = value.trim();
	return text === '' ? null : text;
}

export function readVagas(value: unknown): number | null {
	// GIS exports sometimes write integer fields as strings: "5" is read as 5.
	const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
	return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_VAGAS ? n : null;
}

export function readPrefixes(
	value: unknown,
	fail: Fail,
	known: ReadonlySet<string> | null
): string[] | null {
	if (!Array.isArray(value)) {
		fail(
			'prefixes',
			`Faltam os prefixos autorizados no ponto (propriedade "prefixes", uma lista como ` +
				`["007", "012"]; vazia se nenhum): ${show(value)}.`,
			'prefixes'
		);
		return null;
	}
	const prefixes = new Set<string>();
	let ok = true;
	for (const item of value) {
		const prefixo =
			typeof item === 'string'
				? normalizePrefix(item)
				: typeof item === 'number' && Number.isInteger(item)
					? normalizePrefix(String(item))
					: null;
		if (prefixo === null) {
			ok = false;
			fail('prefix', `Prefixo inválido: ${show(item)} (ex.: 007 ou MT-007).`, 'prefixes');
		} else if (known && !known.has(prefixo)) {
			ok = false;
			fail(
				'unknown_prefix',
				`O prefixo ${formatPrefix(prefixo)} não está no cadastro publicado.`,
				'prefixes'
			);
		} else prefixes.add(prefixo); // 007 and MT-7 twice at one stand: listed once.
	}
	return ok ? [...prefixes].sort(byNumber) : null;
}

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/** A value as the staff typed it, for messages. */
export function show(value: unknown): string {
	if (value === undefined) return 'ausente';
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
