/**
 * Whose record an offence goes on when the auxiliary driver committed it: a law may keep an
 * offence "de caráter pessoal" on the auxiliary's own record while the holder answers for the
 * others (the regime's `auxiliaryRecord` role). Where the law does not list them, the regime's
 * catalog does (`personal`, with the reading that sorts them).
 */
import type { OffenseCatalog } from './offense-types';

/**
 * Whether `provision` is of a personal character under `catalog` (false where the catalog lists
 * none: every offence then goes on the holder's record).
 * @example personalOffence(feira, 'art44-XLII') //=> true
 * @example personalOffence(feira, 'art44-XLIX') //=> false
 */
export function personalOffence(
	catalog: Pick<OffenseCatalog, 'personal'> | null | undefined,
	provision: string
): boolean {
	return catalog?.personal?.provisions.includes(provision) ?? false;
}
