/**
 * A gestor edits, adds and removes official stands one at a time (Art. 13: SEMAM designates the
 * pontos). Each stand is checked by the same rules as the GeoJSON import (inside the municipal
 * boundary, prefixes in the published registry), written at once (riders see it on /pontos), and
 * audited before → after in the same transaction.
 */
import { parseBoundary, type Area } from '$lib/domain/geo';
import { profile } from '$lib/profile';
import { formatPrefix } from '$lib/domain/plate';
import { validateStandsGeoJson, type Stand } from '$lib/domain/stands';
import type { StaffMember } from '$lib/domain/staff';
import { audit, type Db } from '$lib/server/db';
import { boundaryGeojson } from '$lib/profile/boundary';
import { latestSnapshot } from './registry';
import { getStand, listStands } from './stands';

type Staff = Pick<StaffMember, 'id' | 'email'>;

/** The form's fields, as typed. */
export const STAND_FIELDS = [
	'id',
	'name',
	'address',
	'lat',
	'lng',
	'vagas',
	'note',
	'prefixes'
] as const;
export type StandField = (typeof STAND_FIELDS)[number];
export type StandForm = Readonly<Partial<Record<StandField, string>>>;
export type StandErrors = Partial<Record<StandField, string>>;

export type StandSaveResult = { ok: true; stand: Stand } | { ok: false; errors: StandErrors };

export interface StandRules {
	boundary: Area;
	/** Canonical prefixes of the published registry. */
	knownPrefixes: ReadonlySet<string>;
}

/** Where the map picker opens for a new stand: Rolim de Moura's centre. */
export const TOWN_CENTRE = { lat: profile.centre.lat, lng: profile.centre.lng };

let boundary: Area | undefined;

/** The municipal boundary and the prefixes of the latest snapshot, as the import checks them. */
export async function standRules(db: Db): Promise<StandRules> {
	boundary ??= parseBoundary(JSON.parse(boundaryGeojson));
	const snapshot = await latestSnapshot(db);
	return { boundary, knownPrefixes: new Set(snapshot?.entries.map((e) => e.prefixo) ?? []) };
}

/** Decimal degrees as typed in Brazil or in a GIS: `-11,7271` or `-11.7271`. */
function degrees(text: string | undefined): number | null {
	const t = (text ?? '').trim().replace(',', '.').replace('−', '-');
	if (!/^-?\d{1,3}(\.\d+)?$/.test(t)) return null;
	return Number(t);
}

/**
 * A slug from a stand's name, for a new stand without an identifier.
 * @example slugify('Praça São José') //=> 'praca-sao-jose'
 */
export function slugify(name: string): string {
	return name
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 64)
		.replace(/-+$/, '');
}

/** `007, 12 MT-3` → `['007', '12', 'MT-3']`: commas, semicolons or spaces between prefixes. */
function prefixList(text: string | undefined): string[] {
	return (text ?? '')
		.split(/[\s,;]+/)
		.map((p) => p.trim())
		.filter((p) => p !== '');
}

/**
 * The form as a stand, checked by `validateStandsGeoJson` (the import's rules), or the errors by
 * field. `editing` is the id in the URL: a stand's id is stable (links and QR cards point at it).
 */
export function checkStand(
	form: StandForm,
	rules: StandRules,
	{ editing, takenIds }: { editing: string | null; takenIds: ReadonlySet<string> }
): StandSaveResult {
	const errors: StandErrors = {};
	const lat = degrees(form.lat);
	const lng = degrees(form.lng);
	if (lat === null)
		errors.lat = `Latitude inválida: use graus decimais, ex.: ${profile.centre.lat}.`;
	if (lng === null)
		errors.lng = `Longitude inválida: use graus decimais, ex.: ${profile.centre.lng}.`;
	const name = (form.name ?? '').trim();
	const id = editing ?? ((form.id ?? '').trim() || slugify(name));
	const note = (form.note ?? '').trim();
	const feature = {
		type: 'Feature',
		geometry: { type: 'Point', coordinates: [lng ?? 0, lat ?? 0] },
		properties: {
			id,
			name,
			address: form.address ?? '',
			vagas: (form.vagas ?? '').trim(),
			note: note === '' ? null : note,
			prefixes: prefixList(form.prefixes)
		}
	};
	const result = validateStandsGeoJson(
		{ type: 'FeatureCollection', features: [feature] },
		{ boundary: rules.boundary, knownPrefixes: rules.knownPrefixes }
	);
	for (const issue of result.errors) {
		const field: StandField =
			issue.field === 'geometry' ? 'lat' : (STAND_FIELDS.find((f) => f === issue.field) ?? 'name');
		// Bad numbers already have their message; the point check only means something with both.
		if (issue.field === 'geometry' && (lat === null || lng === null)) continue;
		errors[field] ??= issue.message.replace(/\(propriedade "\w+"\)/, '').trim();
	}
	if (editing === null && takenIds.has(id))
		errors.id ??= `Já existe um ponto com o identificador "${id}": escolha outro.`;
	const stand = result.stands[0];
	if (Object.keys(errors).length > 0 || !stand) return { ok: false, errors };
	return { ok: true, stand };
}

/**
 * Adds a stand (`editing` null) or replaces the one with that id; it is real data from then on
 * (`sample` 0), while untouched sample stands stay marked as such.
 */
export async function saveStand(
	db: Db,
	staff: Staff,
	form: StandForm,
	rules: StandRules & { editing: string | null; at?: Date }
): Promise<StandSaveResult | { ok: false; notFound: true }> {
	const at = rules.at ?? new Date();
	return db.transaction().execute(async (trx) => {
		const before = rules.editing === null ? null : await getStand(trx, rules.editing);
		if (rules.editing !== null && !before) return { ok: false, notFound: true } as const;
		const takenIds = new Set((await listStands(trx)).map((s) => s.id));
		const checked = checkStand(form, rules, { editing: rules.editing, takenIds });
		if (!checked.ok) return checked;
		const { stand } = checked;
		const row = {
			name: stand.name,
			address: stand.address,
			lat: stand.lat,
			lng: stand.lng,
			vagas: stand.vagas,
			note: stand.note,
			sample: 0,
			updated_at: at.toISOString()
		};
		if (before) {
			await trx.updateTable('stand').set(row).where('id', '=', stand.id).execute();
			await trx.deleteFrom('stand_prefix').where('stand_id', '=', stand.id).execute();
		} else {
			await trx
				.insertInto('stand')
				.values({ id: stand.id, ...row })
				.execute();
		}
		if (stand.prefixes.length > 0)
			await trx
				.insertInto('stand_prefix')
				.values(stand.prefixes.map((prefixo) => ({ stand_id: stand.id, prefixo })))
				.execute();
		await audit(
			trx,
			{
				staff,
				action: before ? 'stand.update' : 'stand.create',
				entity: 'stand',
				entityId: stand.id,
				before,
				after: stand
			},
			at
		);
		return checked;
	});
}

export type RemoveStandResult = 'removed' | 'not_found' | 'last';

/**
 * Removes a stand. The last one stays: riders would have no stand at all, and the next start
 * would load the fictional sample again.
 */
export async function removeStand(
	db: Db,
	staff: Staff,
	id: string,
	at: Date = new Date()
): Promise<RemoveStandResult> {
	return db.transaction().execute(async (trx) => {
		const before = await getStand(trx, id);
		if (!before) return 'not_found';
		const others = await trx
			.selectFrom('stand')
			.select('id')
			.where('id', '!=', id)
			.limit(1)
			.executeTakeFirst();
		if (!others) return 'last';
		await trx.deleteFrom('stand_prefix').where('stand_id', '=', id).execute();
		await trx.deleteFrom('stand').where('id', '=', id).execute();
		await audit(
			trx,
			{ staff, action: 'stand.remove', entity: 'stand', entityId: id, before, after: null },
			at
		);
		return 'removed';
	});
}

/** The form's values of a stand (for editing), prefixes as painted. */
export function standForm(stand: Stand): Record<StandField, string> {
	return {
		id: stand.id,
		name: stand.name,
		address: stand.address,
		lat: String(stand.lat),
		lng: String(stand.lng),
		vagas: String(stand.vagas),
		note: stand.note ?? '',
		prefixes: stand.prefixes.map(formatPrefix).join(', ')
	};
}

/** Only the known fields of a posted form, as text (files and repeated names ignored). */
export function readStandForm(data: FormData): Record<StandField, string> {
	const form = {} as Record<StandField, string>;
	for (const field of STAND_FIELDS) {
		const value = data.get(field);
		form[field] = typeof value === 'string' ? value : '';
	}
	return form;
}
