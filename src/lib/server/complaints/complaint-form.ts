/**
 * The complaint form (/reclamar) as the shape the shared schema validates: the form speaks the
 * rider's words (a local date and time, "R$ 12,50"), the schema speaks the API's.
 */
import type { ComplaintRequest } from '$lib/domain/complaint';
import { parseAmount, parseLocalDateTime } from '$lib/domain/rider-input';
import type { Stand } from '$lib/domain/stands';

/**
 * "12", "12,50", "12.50", "R$ 1.012,50" → centavos by the parser the browser uses too
 * (`parseAmount`); NaN when it is not an amount (the schema says so).
 */
export function centavosOf(text: string): number {
	return parseAmount(text) ?? NaN;
}

/** `2026-12-02T21:10` on Rolim de Moura's clock → an ISO instant with its offset. */
export function instantOf(local: string, timeZone: string): string {
	// Not a date and time: passed on as typed, and the schema reports it.
	return parseLocalDateTime(local, timeZone)?.toISOString() ?? local;
}

const text = (form: FormData, name: string) => {
	const value = form.get(name);
	return typeof value === 'string' ? value.trim() : '';
};

/** The fields the form echoes back on an error, so nothing the rider typed is lost. */
export const ECHOED = [
	'veiculo',
	'veiculo_descricao',
	'quando',
	'valor_pago',
	'distancia_km',
	'onde_texto',
	'onde_ponto',
	'onde_lat',
	'onde_lng',
	'relato',
	'nome',
	'telefone',
	'email',
	'chave'
] as const;

export function echo(form: FormData) {
	const values: Record<string, string> = {};
	for (const name of ECHOED) values[name] = text(form, name).slice(0, 2100);
	return {
		values,
		naoSei: form.get('nao_sei') === 'on',
		situacoes: form
			.getAll('situacoes')
			.filter((s): s is string => typeof s === 'string')
			.slice(0, 30)
	};
}

/** The form's fields as a complaint request. */
export function requestOf(
	form: FormData,
	timeZone: string,
	stands: readonly Stand[]
): ComplaintRequest {
	const vehicleUnknown = form.get('nao_sei') === 'on';
	const paid = text(form, 'valor_pago');
	const lat = Number(text(form, 'onde_lat'));
	const lng = Number(text(form, 'onde_lng'));
	const stand = stands.find((s) => s.id === text(form, 'onde_ponto'));
	const where = text(form, 'onde_texto');
	const contact = {
		name: text(form, 'nome'),
		phone: text(form, 'telefone'),
		email: text(form, 'email')
	};
	return {
		vehicle: vehicleUnknown ? null : text(form, 'veiculo') || null,
		vehicleUnknown,
		vehicleDescription: text(form, 'veiculo_descricao') || null,
		occurredAt: instantOf(text(form, 'quando'), timeZone),
		situations: form.getAll('situacoes').filter((s): s is string => typeof s === 'string'),
		paidCentavos: paid ? centavosOf(paid) : null,
		distanceKm: text(form, 'distancia_km') || null,
		location:
			text(form, 'onde_lat') && Number.isFinite(lat) && Number.isFinite(lng)
				? { lat, lng }
				: stand
					? { lat: stand.lat, lng: stand.lng }
					: where
						? { text: where }
						: null,
		description: text(form, 'relato') || null,
		contact: contact.name || contact.phone || contact.email ? contact : null
	} as ComplaintRequest;
}
