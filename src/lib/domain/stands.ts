/**
 * Official mototáxi stands (pontos): the places SEMAM designates (Lei 2.059/2011, Art. 13) — any
 * other stand is forbidden (Art. 12) — published as GeoJSON (RFC 7946).
 *
 * SEMAM's file is checked whole before it replaces the published stands: every error with the
 * number of the feature (1-based, as a GIS shows them) and a pt-BR message for the staff who fix it.
 */
import { isObject, type Area } from './geo';
import { formatPrefix } from './plate';
import { MAX_VAGAS, readPoint, readPrefixes, readText, readVagas, show } from './stand-fields';

export { MAX_VAGAS };

export interface Stand {
	/** Slug, stable across imports: `'praca-central'`. */
	id: string;
	name: string;
	/** Address or a reference a rider recognizes ("em frente ao hospital"). */
	address: string;
	lat: number;
	lng: number;
	/** Parking places for mototáxis. */
	vagas: number;
	/** Opening hours and the like; null when there is nothing to say. */
	note: string | null;
	/** Canonical prefixos authorized there (`'7'`, painted `007`), ascending as numbers. */
	prefixes: string[];
}

export interface Issue {
	/** 1-based feature of the file; 0 for the file as a whole. */
	feature: number;
	/** The property at fault, when one is. */
	field?: string;
	code: string;
	/** pt-BR. */
	message: string;
}

export interface StandsResult {
	/** Meaningful only when `errors` is empty. */
	stands: Stand[];
	errors: Issue[];
	/** The file's `"sample": true` foreign member: fictional example data. */
	sample: boolean;
}

export interface StandsContext {
	/** The municipality: a stand outside it is not SEMAM's to designate. */
	boundary: Area;
	/**
	 * Canonical prefixes of the published registry; `null` skips the check (the fictional sample,
	 * whose prefixes the caller matches against whatever registry is published).
	 */
	knownPrefixes: ReadonlySet<string> | null;
}
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_ID = 64;

/**
 * Checks a whole GeoJSON FeatureCollection of stands and returns them with every error found.
 * @example validateStandsGeoJson(JSON.parse(text), { boundary, knownPrefixes }).errors //=> []
 */
export function validateStandsGeoJson(json: unknown, context: StandsContext): StandsResult {
	const errors: Issue[] = [];
	const stands: Stand[] = [];
	const sample = isObject(json) && json['sample'] === true;
	const features: unknown =
		isObject(json) && json['type'] === 'FeatureCollection' ? json['features'] : undefined;
	if (!Array.isArray(features)) {
		errors.push({
			feature: 0,
			code: 'not_feature_collection',
			message:
				'O arquivo não é uma FeatureCollection GeoJSON: esperado {"type": "FeatureCollection", ' +
				'"features": [...]}, com um ponto (Point) por feição.'
		});
		return { stands, errors, sample };
	}
	if (features.length === 0) {
		errors.push({
			feature: 0,
			code: 'no_features',
			message:
				'O arquivo não tem nenhum ponto: os pontos publicados não seriam substituídos por nada.'
		});
		return { stands, errors, sample };
	}

	const seenIds = new Map<string, number>();
	features.forEach((feature, i) => {
		const stand = readFeature(feature, i + 1, { ...context, seenIds, errors });
		if (stand) stands.push(stand);
	});
	return { stands, errors, sample };
}

interface ReadContext extends StandsContext {
	seenIds: Map<string, number>;
	errors: Issue[];
}

function readFeature(feature: unknown, n: number, ctx: ReadContext): Stand | null {
	const before = ctx.errors.length;
	const fail = (code: string, message: string, field?: string) =>
		ctx.errors.push(field ? { feature: n, field, code, message } : { feature: n, code, message });

	if (!isObject(feature) || feature['type'] !== 'Feature') {
		fail('not_feature', 'Não é uma feição GeoJSON ({"type": "Feature", …}).');
		return null;
	}
	const point = readPoint(feature['geometry'], fail, ctx.boundary);
	const props = isObject(feature['properties']) ? feature['properties'] : {};

	// The feature's own "id" member (RFC 7946 §3.2) is the fallback: some GIS tools put it there.
	const idValue = props['id'] ?? feature['id'];
	const id = readText(idValue);
	if (id === null || !SLUG.test(id) || id.length > MAX_ID) {
		if (id === null && (idValue === undefined || idValue === null || typeof idValue === 'string'))
			fail('id_required', 'Falta o identificador (propriedade "id").', 'id');
		else
			fail(
				'id_slug',
				`Identificador inválido: ${show(id ?? idValue)}. Use letras minúsculas sem acento, ` +
					`números e hífens (ex.: praca-central), até ${MAX_ID} caracteres.`,
				'id'
			);
	} else {
		const first = ctx.seenIds.get(id);
		if (first === undefined) ctx.seenIds.set(id, n);
		else fail('duplicate_id', `O identificador "${id}" já é o do ponto ${first}.`, 'id');
	}

	const name = readText(props['name']);
	if (name === null) fail('name_required', 'Falta o nome do ponto (propriedade "name").', 'name');

	const address = readText(props['address']);
	if (address === null)
		fail(
			'address_required',
			'Falta o endereço ou uma referência (propriedade "address").',
			'address'
		);

	const vagas = readVagas(props['vagas']);
	if (vagas === null)
		fail(
			'vagas',
			`Número de vagas inválido: ${show(props['vagas'])} (um número inteiro de 1 a ${MAX_VAGAS}).`,
			'vagas'
		);

	const noteValue = props['note'];
	const note = readText(noteValue);
	if (noteValue !== undefined && noteValue !== null && typeof noteValue !== 'string')
		fail('note', `Observação inválida: ${show(noteValue)} (um texto, ou nada).`, 'note');

	const prefixes = readPrefixes(props['prefixes'], fail, ctx.knownPrefixes);

	if (
		ctx.errors.length > before ||
		point === null ||
		id === null ||
		name === null ||
		address === null ||
		vagas === null ||
		prefixes === null
	)
		return null;
	return { id, name, address, lat: point.lat, lng: point.lng, vagas, note, prefixes };
}

/** An RFC 7946 Point feature of a stand; prefixes as painted (`'007'`). */
export interface StandFeature {
	type: 'Feature';
	id: string;
	geometry: { type: 'Point'; coordinates: [lng: number, lat: number] };
	properties: {
		id: string;
		name: string;
		address: string;
		vagas: number;
		note: string | null;
		prefixes: string[];
	};
}

export interface StandCollection {
	type: 'FeatureCollection';
	/** Foreign member (RFC 7946 §6.1): true while the stands are fictional example data. */
	sample?: boolean;
	features: StandFeature[];
}

/**
 * The stands as a GeoJSON FeatureCollection, `[longitude, latitude]`, every field in
 * `properties`, so that `validateStandsGeoJson(toFeatureCollection(stands), …).stands` equals
 * `stands`.
 * @example toFeatureCollection([praca]).features[0].geometry.coordinates //=> [-61.7714, -11.7271]
 */
export function toFeatureCollection(
	stands: readonly Stand[],
	options: { sample?: boolean } = {}
): StandCollection {
	const features = stands.map((s): StandFeature => ({
		type: 'Feature',
		id: s.id,
		geometry: { type: 'Point', coordinates: [s.lng, s.lat] },
		properties: {
			id: s.id,
			name: s.name,
			address: s.address,
			vagas: s.vagas,
			note: s.note,
			prefixes: s.prefixes.map(formatPrefix)
		}
	}));
	return options.sample === undefined
		? { type: 'FeatureCollection', features }
		: { type: 'FeatureCollection', sample: options.sample, features };
}
