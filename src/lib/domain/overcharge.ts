/**
 * Was the rider overcharged? Charging more than the table is an offence in the laws we know (the
 * catalog's `cobrou-mais` situation says which provision). The table is the fare decree in force
 * and the bandeira of the moment, both judged by the municipality's clock.
 */
import { bandeiraAt, type BandeiraContext, type Flag } from './bandeira';
import { decreeAt, quoteFare, type FareOptions, type FareQuote, type TariffDecree } from './tariff';

export interface Overcharge {
	/** The fare the table sets for that instant; null when no table was in force (before 2016). */
	legal: FareQuote | null;
	bandeira: Flag;
	/** Paid minus the legal fare: positive is an overcharge. Null with no table to compare to. */
	differenceCentavos: number | null;
	/**
	 * Bandeira II charged at a bandeira I time: paid exactly the bandeira II fare. More than that is
	 * an overcharge of its own, not the wrong bandeira, and is never called one.
	 */
	chargedBandeiraII: boolean;
	/**
	 * The decree sets a rate per km and the rider gave no distance: `legal` is the departure fare
	 * alone, so a positive difference may be the distance (say so; never call it an overcharge).
	 */
	distanceMissing: boolean;
	/** The table holds sample values (no decree published): say so next to every figure. */
	sample: boolean;
	/** A decree is in force but sets no value for this bandeira: there is nothing to compare. */
	unpublished: boolean;
	/**
	 * The table may not be the one in force (a later decree reported): state the difference and
	 * the table's date, never "you were overcharged".
	 */
	unconfirmed: boolean;
}

/**
 * The fare the table sets at `at` against what the rider paid. Null before Lei 2.059/2011 was in
 * force (no bandeira rule). `options` names the decree's surcharges that applied to the ride and,
 * where the decree sets a rate per km, the distance the rider gives (without it only the departure
 * fare is compared, and `distanceMissing` says so).
 * @example overcharge(new Date('2026-12-02T10:00:00-04:00'), 900, ctx, decrees)
 * //=> { legal: { centavos: 700, … }, bandeira: 1, differenceCentavos: 200, chargedBandeiraII: true, sample: true }
 */
export function overcharge(
	at: Date,
	paidCentavos: number,
	ctx: BandeiraContext,
	decrees: readonly TariffDecree[],
	options: FareOptions = {}
): Overcharge | null {
	if (!Number.isSafeInteger(paidCentavos) || paidCentavos < 0) {
		throw new RangeError(`Not an amount in centavos: ${paidCentavos}`);
	}
	const bandeira = bandeiraAt(at, ctx);
	if (!bandeira) return null;
	const decree = decreeAt(at, decrees, ctx.timeZone);
	const legal = decree ? quoteFare(decree, bandeira.flag, options) : null;
	const bandeiraII = decree ? (quoteFare(decree, 2, options)?.centavos ?? null) : null;
	return {
		legal,
		bandeira: bandeira.flag,
		differenceCentavos: legal ? paidCentavos - legal.centavos : null,
		distanceMissing: legal !== null && legal.perKmCentavos !== null && options.km === undefined,
		// Only meaningful where the table makes bandeira II dearer than bandeira I.
		chargedBandeiraII:
			bandeira.flag === 1 &&
			!(legal?.perKmCentavos != null && options.km === undefined) &&
			legal !== null &&
			bandeiraII !== null &&
			bandeiraII > legal.centavos &&
			paidCentavos === bandeiraII,
		sample: decree?.sample ?? false,
		unpublished: decree !== null && legal === null,
		unconfirmed: decree?.unconfirmed !== undefined
	};
}
