/**
 * What staff must know about a complaint beyond its provisions, from the law in force: a fare
 * complaint at an hour the law defines two ways (its conflict note, as /tarifa shows it), and a
 * vehicle reported by a plate the registry does not hold (the municipal penalties fall on
 * authorized drivers; the case goes to the traffic authority).
 */
import { minutesOf, wallClock } from './clock';
import { parseVehicleCode } from './plate';
import type { LawRef } from './profile';
import { localText, type LocalText } from './regime';

/**
 * The law's conflict note when the complaint's fare turns on the flag (one of the situations the
 * regime names) at an hour its two definitions disagree on; else null.
 * @example bandeiraConflictNote(new Date('2026-12-08T05:30-03:00'), ['bandeira-ii-indevida'], 'America/Bahia', feira) //=> the note
 */
export function bandeiraConflictNote(
	at: Date,
	situations: readonly string[],
	timeZone: string,
	law: Pick<LawRef, 'bandeiraNote' | 'bandeiraConflict'> | null
): LocalText | null {
	const conflict = law?.bandeiraConflict;
	if (!conflict || !law.bandeiraNote) return null;
	if (!situations.some((s) => conflict.situations.includes(s))) return null;
	const { minutes } = wallClock(at, timeZone);
	const inside = conflict.windows.some(({ start, end }) => {
		const a = minutesOf(start);
		const b = minutesOf(end);
		return a <= b ? minutes >= a && minutes < b : minutes >= a || minutes < b;
	});
	return inside ? law.bandeiraNote : null;
}

/** A vehicle reported by its plate and not found in the registry: where its case goes. */
export interface UnlicensedCase {
	placa: string;
	/** The federal rule (the regime's `unlicensed.cite`), or null where the regime names none. */
	cite: string | null;
	authority: LocalText | null;
}

/**
 * The case of an unregistered vehicle the rider identified by plate; null when the registry
 * identified it, or the rider gave a prefix, a description or nothing (no plate known).
 */
export function unlicensedCase(
	vehicle: string | null,
	identified: boolean,
	law: Pick<LawRef, 'unlicensed'> | null
): UnlicensedCase | null {
	if (identified || !vehicle) return null;
	const code = parseVehicleCode(vehicle);
	if (code?.kind !== 'placa') return null;
	return {
		placa: code.placa,
		cite: law?.unlicensed?.cite ?? null,
		authority: law?.unlicensed?.authority ?? null
	};
}

/**
 * The case in staff's words (pt-BR): no auto against an unauthorized vehicle under the municipal
 * law, and a forward to the traffic authority, with what goes along (`attached`: the printed
 * complaint, or the field mode's own forward).
 */
export function unlicensedText(
	c: UnlicensedCase,
	infractionCite: string | null,
	attached = 'com a reclamação impressa'
): string {
	const authority = c.authority ? localText(c.authority, 'pt-BR') : 'a autoridade de trânsito';
	return (
		`A placa ${c.placa} não está no cadastro: as penalidades da lei municipal recaem sobre ` +
		`condutores autorizados${infractionCite ? ` (${infractionCite})` : ''}, e este veículo não tem ` +
		`autorização a autuar. Transporte remunerado de passageiros sem licença é infração de trânsito` +
		`${c.cite ? ` (${c.cite})` : ''}: encaminhe o caso a ${authority}, ${attached}.`
	);
}
