import { describe, expect, test } from 'vitest';
import { rolimDeMouraFiles } from '$lib/profile/rolim-de-moura';
import { distanceMeters, parseBoundary, pointInPolygon } from './geo';
import { normalizePrefix } from './plate';
import {
	MAX_VAGAS,
	toFeatureCollection,
	validateStandsGeoJson,
	type Issue,
	type Stand
} from './stands';
const boundaryText = rolimDeMouraFiles.boundary;
const sampleText = rolimDeMouraFiles.standsSample;
const registrySample = rolimDeMouraFiles.registrySample;

const boundary = parseBoundary(JSON.parse(boundaryText));
const knownPrefixes = new Set(['1', '2', '3', '7', '12', '44']);
const validate = (json: unknown) => validateStandsGeoJson(json, { boundary, knownPrefixes });

const CENTRE = { lat: -11.7271, lng: -61.7714 };

type Props = Record<string, unknown>;
const feature = (props: Props = {}, coordinates: unknown = [CENTRE.lng, CENTRE.lat]) => ({
	type: 'Feature',
	geometry: { type: 'Point', coordinates },
	properties: {
		id: 'praca-central',
		name: 'Ponto da Praça Central',
		address: 'Praça central',
		vagas: 6,
		note: 'Das 6h às 22h',
		prefixes: ['001', 'MT-007'],
		...props
	}
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

const praca: Stand = {
	id: 'praca-central',
	name: 'Ponto da Praça Central',
	address: 'Praça central',
	lat: CENTRE.lat,
	lng: CENTRE.lng,
	vagas: 6,
	note: 'Das 6h às 22h',
	prefixes: ['1', '7']
};

describe('a valid file', () => {
	test('yields its stands: lon/lat read in RFC 7946 order, prefixes canonical', () => {
		const result = validate(collection(feature()));
		expect(result.errors).toEqual([]);
		expect(result.sample).toBe(false);
		expect(result.stands).toEqual([praca]);
	});

	test('prefixes as 007, MT-007 or 7 are the same prefix, listed once, ascending as numbers', () => {
		const result = validate(
			collection(feature({ prefixes: [12, '007', 'MT-7', 7, '2', ' 044 '] }))
		);
		expect(result.errors).toEqual([]);
		expect(result.stands[0]?.prefixes).toEqual(['2', '7', '12', '44']);
	});

	test('optional and lenient bits: no note, blank note, vagas as text, altitude, no prefixes', () => {
		const noNote: Props = { ...feature().properties };
		delete noNote['note'];
		const features = [
			{ ...feature(), properties: noNote },
			feature({ id: 'b', note: '  ' }),
			feature({ id: 'c', vagas: '4', prefixes: [] }, [CENTRE.lng, CENTRE.lat, 261])
		];
		const result = validate(collection(...features));
		expect(result.errors).toEqual([]);
		expect(result.stands.map((s) => [s.id, s.note, s.vagas, s.prefixes])).toEqual([
			['praca-central', null, 6, ['1', '7']],
			['b', null, 6, ['1', '7']],
			['c', 'Das 6h às 22h', 4, []]
		]);
	});

	test('the same prefix at two stands is allowed (a rider works where called)', () => {
		const result = validate(collection(feature(), feature({ id: 'hospital', prefixes: ['7'] })));
		expect(result.errors).toEqual([]);
		expect(result.stands).toHaveLength(2);
	});

	test('knownPrefixes null: any well-formed prefix passes', () => {
		const json = collection(feature({ prefixes: ['999', '7'] }));
		const result = validateStandsGeoJson(json, { boundary, knownPrefixes: null });
		expect(result.errors).toEqual([]);
		expect(result.stands[0]?.prefixes).toEqual(['7', '999']);
	});

	test('the "sample": true foreign member is reported', () => {
		expect(validate({ ...collection(feature()), sample: true }).sample).toBe(true);
	});

	test('the id may be the feature’s own "id" member (RFC 7946 §3.2)', () => {
		const props: Props = { ...feature().properties };
		delete props['id'];
		const result = validate(collection({ ...feature(), id: 'praca-central', properties: props }));
		expect(result.errors).toEqual([]);
		expect(result.stands).toEqual([praca]);
	});

	test('text is trimmed', () => {
		const result = validate(collection(feature({ name: '  Ponto  ', id: ' a-1 ' })));
		expect(result.stands[0]).toMatchObject({ id: 'a-1', name: 'Ponto' });
	});
});

describe('every error, with its feature number and code', () => {
	const ok = feature();
	const second = (props: Props, coordinates?: unknown) =>
		collection(ok, feature({ id: 'segundo', ...props }, coordinates));
	const cases: [name: string, json: unknown, issues: Partial<Issue>[]][] = [
		['not JSON data at all', 'texto', [{ feature: 0, code: 'not_feature_collection' }]],
		['a single Feature, not a collection', ok, [{ feature: 0, code: 'not_feature_collection' }]],
		[
			'a FeatureCollection without features',
			{ type: 'FeatureCollection' },
			[{ feature: 0, code: 'not_feature_collection' }]
		],
		['an empty collection', collection(), [{ feature: 0, code: 'no_features' }]],
		[
			'an element that is no Feature',
			collection(ok, { id: 'x' }),
			[{ feature: 2, code: 'not_feature' }]
		],
		[
			'a LineString',
			collection(ok, {
				...feature({ id: 'rua' }),
				geometry: {
					type: 'LineString',
					coordinates: [
						[-61.77, -11.72],
						[-61.78, -11.73]
					]
				}
			}),
			[{ feature: 2, code: 'not_point', field: 'geometry' }]
		],
		[
			'no geometry',
			collection({ ...ok, geometry: null }),
			[{ feature: 1, code: 'not_point', field: 'geometry' }]
		],
		[
			'coordinates that are not numbers',
			second({}, ['-61.77', '-11.72']),
			[{ feature: 2, code: 'coordinates' }]
		],
		['one coordinate only', second({}, [-61.77]), [{ feature: 2, code: 'coordinates' }]],
		[
			'latitude and longitude swapped',
			second({}, [CENTRE.lat, CENTRE.lng]),
			[{ feature: 2, code: 'swapped', field: 'geometry' }]
		],
		[
			'latitude beyond 90°',
			second({}, [CENTRE.lng, -111.7]),
			[{ feature: 2, code: 'out_of_range' }]
		],
		[
			'longitude beyond 180°',
			second({}, [-261.77, CENTRE.lat]),
			[{ feature: 2, code: 'out_of_range' }]
		],
		[
			'in Cacoal, the neighbouring municipality',
			second({}, [-61.4472, -11.4386]),
			[{ feature: 2, code: 'outside_boundary', field: 'geometry' }]
		],
		['no id', second({ id: undefined }), [{ feature: 2, code: 'id_required', field: 'id' }]],
		['an empty id', second({ id: '   ' }), [{ feature: 2, code: 'id_required' }]],
		[
			'an id with capitals and spaces',
			second({ id: 'Praça Central' }),
			[{ feature: 2, code: 'id_slug' }]
		],
		['an id with a trailing hyphen', second({ id: 'praca-' }), [{ feature: 2, code: 'id_slug' }]],
		['an id that is a number', second({ id: 7 }), [{ feature: 2, code: 'id_slug' }]],
		[
			'a duplicate id',
			collection(ok, feature({ id: 'hospital' }), feature()),
			[
				{
					feature: 3,
					code: 'duplicate_id',
					message: 'O identificador "praca-central" já é o do ponto 1.'
				}
			]
		],
		[
			'no name',
			second({ name: undefined }),
			[{ feature: 2, code: 'name_required', field: 'name' }]
		],
		['an empty name', second({ name: '' }), [{ feature: 2, code: 'name_required' }]],
		['no address', second({ address: null }), [{ feature: 2, code: 'address_required' }]],
		['no vagas', second({ vagas: undefined }), [{ feature: 2, code: 'vagas', field: 'vagas' }]],
		['zero vagas', second({ vagas: 0 }), [{ feature: 2, code: 'vagas' }]],
		['negative vagas', second({ vagas: -3 }), [{ feature: 2, code: 'vagas' }]],
		['fractional vagas', second({ vagas: 2.5 }), [{ feature: 2, code: 'vagas' }]],
		[
			`more than ${MAX_VAGAS} vagas`,
			second({ vagas: MAX_VAGAS + 1 }),
			[{ feature: 2, code: 'vagas' }]
		],
		['a note that is not text', second({ note: 22 }), [{ feature: 2, code: 'note' }]],
		['no prefixes', second({ prefixes: undefined }), [{ feature: 2, code: 'prefixes' }]],
		[
			'prefixes as one string',
			second({ prefixes: '001, 002' }),
			[{ feature: 2, code: 'prefixes' }]
		],
		[
			'a prefix that is no prefix',
			second({ prefixes: ['001', 'ABC-1234', '000', 7.5] }),
			[
				{ feature: 2, code: 'prefix' },
				{ feature: 2, code: 'prefix' },
				{ feature: 2, code: 'prefix' }
			]
		],
		[
			'a prefix not in the published registry',
			second({ prefixes: ['001', 'MT-099'] }),
			[
				{
					feature: 2,
					code: 'unknown_prefix',
					field: 'prefixes',
					message: 'O prefixo 099 não está no cadastro publicado.'
				}
			]
		],
		[
			'every error of every feature, in order',
			collection(
				feature({ id: 'A', vagas: 0 }),
				ok,
				feature({ id: 'b', name: '', prefixes: ['5'] }, [0, 0])
			),
			[
				{ feature: 1, code: 'id_slug' },
				{ feature: 1, code: 'vagas' },
				{ feature: 3, code: 'outside_boundary' },
				{ feature: 3, code: 'name_required' },
				{ feature: 3, code: 'unknown_prefix' }
			]
		]
	];
	for (const [name, json, issues] of cases)
		test(name, () => {
			const result = validate(json);
			expect(result.errors).toEqual(issues.map((i) => expect.objectContaining(i)));
			for (const error of result.errors) expect(error.message).toMatch(/\S/);
		});

	test('the swap message says what to do', () => {
		const [error] = validate(second({}, [CENTRE.lat, CENTRE.lng])).errors;
		expect(error?.message).toMatch(/Latitude e longitude trocadas.*\[longitude, latitude\]/);
	});
});

describe('toFeatureCollection', () => {
	const hospital: Stand = {
		id: 'hospital',
		name: 'Ponto do "Hospital" — d’Ávila',
		address: 'Rua Exemplo, 1\nfundos',
		lat: -11.7205,
		lng: -61.781,
		vagas: 100,
		note: null,
		prefixes: []
	};

	test('is RFC 7946: Point features in [longitude, latitude], prefixes as painted', () => {
		expect(toFeatureCollection([praca], { sample: true })).toEqual({
			type: 'FeatureCollection',
			sample: true,
			features: [
				{
					type: 'Feature',
					id: 'praca-central',
					geometry: { type: 'Point', coordinates: [-61.7714, -11.7271] },
					properties: {
						id: 'praca-central',
						name: 'Ponto da Praça Central',
						address: 'Praça central',
						vagas: 6,
						note: 'Das 6h às 22h',
						prefixes: ['001', '007']
					}
				}
			]
		});
	});

	test('round trip: validate(toFeatureCollection(stands)) gives back the same stands', () => {
		const stands = [praca, hospital, { ...praca, id: 'b', prefixes: ['2', '12', '44'] }];
		const json: unknown = JSON.parse(JSON.stringify(toFeatureCollection(stands, { sample: true })));
		const result = validate(json);
		expect(result.errors).toEqual([]);
		expect(result.sample).toBe(true);
		expect(result.stands).toEqual(stands);
	});
});

describe('the sample stands (src/lib/profile/stands-sample.geojson)', () => {
	const registryPrefixes = new Set(
		registrySample
			.trim()
			.split(/\r?\n/)
			.slice(1)
			.map((line) => normalizePrefix(line.split(',')[0] ?? ''))
			.filter((p) => p !== null)
	);
	const json: unknown = JSON.parse(sampleText);
	const result = validateStandsGeoJson(json, { boundary, knownPrefixes: registryPrefixes });

	test('validates against the boundary and the sample registry’s prefixes', () => {
		expect(registryPrefixes.size).toBe(60);
		expect(result.errors).toEqual([]);
		expect(result.stands).toHaveLength(8);
	});

	test('is marked as sample data, in the file and in every name', () => {
		expect(result.sample).toBe(true);
		for (const stand of result.stands) expect(stand.name).toMatch(/\(exemplo\)$/);
	});

	test('in the urban area: within 3 km of the centre, inside the municipality', () => {
		for (const stand of result.stands) {
			expect(pointInPolygon(stand, boundary)).toBe(true);
			expect(distanceMeters(CENTRE, stand)).toBeLessThan(3000);
		}
	});

	test('3 to 8 vagas each; some prefixes at two stands', () => {
		for (const stand of result.stands) {
			expect(stand.vagas).toBeGreaterThanOrEqual(3);
			expect(stand.vagas).toBeLessThanOrEqual(8);
		}
		const all = result.stands.flatMap((s) => s.prefixes);
		expect(new Set(all).size).toBeLessThan(all.length);
	});
});
