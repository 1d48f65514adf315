/**
 * A vehicle the agent finds in the street and the registry does not hold (/admin/campo): its plate
 * (either format), make/model and colour, typed by the agent; and what the law in force can do
 * about it. The municipal penalties fall on authorized drivers, so:
 * - driven by an authorized driver (the holder or auxiliary of a prefix the registry holds), the
 *   law's offence for a vehicle it did not authorize (the regime's `unlicensed.conducts`) is
 *   recorded against that prefix, the auto carrying the typed vehicle;
 * - otherwise (nobody authorized, or a law with no such offence), the municipal penalties do not
 *   reach it: the case is forwarded to the traffic authority under the federal rule the regime
 *   cites (`unlicensed.cite`), as a complaint about such a vehicle is (./complaint-notes.ts).
 */
import { parseVehicleCode, plateKey } from './plate';
import type { LawRef } from './profile';
import type { LocalText } from './regime';

/** The typed vehicle, normalized (plate without separators, upper case). */
export interface TypedVehicle {
	placa: string;
	modelo: string;
	cor: string;
}

export type TypedVehicleProblem = 'placa' | 'modelo' | 'cor';

/** The agent's words for each problem (the field mode is in pt-BR). */
export const TYPED_VEHICLE_MESSAGES: Record<TypedVehicleProblem, string> = {
	placa: 'Placa inválida: digite no formato antigo (ABC1234) ou Mercosul (ABC1C34).',
	modelo: 'Digite a marca e o modelo do veículo (de 2 a 60 caracteres).',
	cor: 'Digite a cor do veículo (de 2 a 30 caracteres).'
};

const MODELO = { min: 2, max: 60 };
const COR = { min: 2, max: 30 };

/** Letters (any script), digits, spaces and the punctuation of a make or model. */
const WORDS = /^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u;

function words(value: unknown, { min, max }: { min: number; max: number }): string | null {
	if (typeof value !== 'string') return null;
	const s = value.trim().replace(/\s+/g, ' ');
	return s.length >= min && s.length <= max && WORDS.test(s) ? s : null;
}

/**
 * The typed vehicle checked field by field, or the first problem.
 * @example readTypedVehicle({ placa: 'abc-1c34', modelo: 'Honda CG 160', cor: 'vermelha' })
 * //=> { ok: true, vehicle: { placa: 'ABC1C34', modelo: 'Honda CG 160', cor: 'vermelha' } }
 */
export function readTypedVehicle(
	value: unknown
): { ok: true; vehicle: TypedVehicle } | { ok: false; problem: TypedVehicleProblem } {
	const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
	const code = typeof v['placa'] === 'string' ? parseVehicleCode(v['placa']) : null;
	if (code?.kind !== 'placa') return { ok: false, problem: 'placa' };
	const modelo = words(v['modelo'], MODELO);
	if (!modelo) return { ok: false, problem: 'modelo' };
	const cor = words(v['cor'], COR);
	if (!cor) return { ok: false, problem: 'cor' };
	return { ok: true, vehicle: { placa: code.placa, modelo, cor } };
}

/** The registry's entry with this plate (either format), if any. */
export function registeredPlate<T extends { placa: string }>(
	entries: readonly T[],
	placa: string
): T | null {
	const key = plateKey(placa);
	return entries.find((e) => plateKey(e.placa) === key) ?? null;
}

/** What the law in force can do about a vehicle the registry does not hold. */
export type UnlistedReach =
	/** An auto against the authorized driver's prefix, for one of these conducts. */
	| { kind: 'auto'; conducts: string[] }
	/** No municipal penalty reaches it: the forward to the traffic authority. */
	| { kind: 'forward'; cite: string | null; authority: LocalText | null };

/**
 * The reach of the law for a vehicle outside the registry. `authorizedDriver`: the agent found it
 * driven by an authorized driver (the holder or auxiliary of a registry prefix); `catalog`: the
 * conduct codes of the catalogue in force (an offence the catalogue lacks cannot be recorded).
 * @example unlistedReach(rolim2059, true, ['moto-nao-autorizada']) //=> { kind: 'auto', conducts: ['moto-nao-autorizada'] }
 * @example unlistedReach(rolim2059, false, ['moto-nao-autorizada']) //=> { kind: 'forward', … }
 */
export function unlistedReach(
	law: Pick<LawRef, 'unlicensed'> | null,
	authorizedDriver: boolean,
	catalog: readonly string[]
): UnlistedReach {
	const conducts = (law?.unlicensed?.conducts ?? []).filter((c) => catalog.includes(c));
	if (authorizedDriver && conducts.length > 0) return { kind: 'auto', conducts };
	return {
		kind: 'forward',
		cite: law?.unlicensed?.cite ?? null,
		authority: law?.unlicensed?.authority ?? null
	};
}
