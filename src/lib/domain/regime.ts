/**
 * The law by role. Code and messages name what a provision *does* — the bandeira rule, the fare
 * decree, the insurance check, the defence step, a checklist item — and the legal regime in force
 * (profiles/<municipio>/regimes/<lei>.json, `cites`) says which article of which law that is. A
 * role the regime lacks has no citation: the page shows nothing, never another law's article.
 */
import type { LocalDate } from './clock';

/** Every role a regime may cite. A profile's `cites` is checked against this list. */
export const CITE_ROLES = [
	// fares
	'bandeiraRule',
	'fareDecree',
	'fareReadjust',
	// the registry and its checks
	'registry',
	'authorization',
	'suspension',
	'revocation',
	'insurance',
	'insuranceLapse',
	'inspection',
	'certidao',
	'certidaoSanction',
	'age',
	'ageSanction',
	'cc',
	'ccSanction',
	'cap',
	'onePerPerson',
	'auxiliaryDriver',
	// A personal offence of the auxiliary driver goes on the auxiliary's own record (absent: on
	// the holder's, who answers for the auxiliary).
	'auxiliaryRecord',
	// The auxiliary driver holds an authorization of its own, with its own validity.
	'auxiliaryValidity',
	'whoDrives',
	'unauthorized',
	// stands
	'stands',
	'standsOnly',
	'standsHail',
	// complaints, autos and the procedure
	'riderCooperation',
	'infraction',
	'penalties',
	'unfixedPenalty',
	'auto',
	'autoVehicle',
	'autoProvision',
	'autoSanction',
	'autoCopies',
	'autoRefusal',
	'autoAgent',
	'autoDefenceTo',
	// the agent's registration number printed on the auto (the field mode)
	'agentRegistration',
	'notice',
	'defence',
	'decision',
	'review',
	'finalDecision'
] as const;

export type CiteRole = (typeof CITE_ROLES)[number];

/** Which provision plays each role in one regime; a role absent has no provision in that law. */
export type Cites = Readonly<Partial<Record<CiteRole, string>>>;

/** A text in the rider's three languages. */
export interface Localized {
	'pt-BR': string;
	es: string;
	en: string;
}

/** A text of the profile: one Portuguese string, or the three languages. */
export type LocalText = string | Localized;

/**
 * A profile's words (a decree's note, a surcharge's name, a source's title), written in Portuguese,
 * in the rider's language: the Spanish or English the profile gives beside them, else the
 * Portuguese. Here, beside the law's texts, rather than with the fare: the vehicle check needs it
 * and not the fare's code.
 * @example inLanguage('Destino em loteamento afastado', { en: 'Destination in an outlying loteamento' }, 'en') //=> 'Destination in an outlying loteamento'
 * @example inLanguage('Nota do decreto', undefined, 'en') //=> 'Nota do decreto'
 */
export function inLanguage(pt: string, others: OtherLanguages | undefined, locale: string): string {
	return (locale === 'es' || locale === 'en' ? others?.[locale] : undefined) ?? pt;
}

/** The translations a profile text may carry beside its Portuguese. */
export type OtherLanguages = Partial<Record<'es' | 'en', string>>;

/**
 * A profile's text in the rider's language: the translation where the profile has one, else the
 * Portuguese text.
 * @example localText({ 'pt-BR': 'Domingo', es: 'Domingo', en: 'Sunday' }, 'en') //=> 'Sunday'
 * @example localText('Só em português', 'es') //=> 'Só em português'
 */
export function localText(text: LocalText, locale: string): string {
	return typeof text === 'string' ? text : inLanguage(text['pt-BR'], text, locale);
}

/** What a regime cites for `role`, or null when its law has no such provision. */
export function citeFor(
	regime: { cites: Cites } | null | undefined,
	role: CiteRole
): string | null {
	return regime?.cites[role] ?? null;
}

/** The items of the rider's checklist: each names a message (`checklist_<item>`). */
export const CHECKLIST_ITEMS = [
	'onePassenger',
	'touca',
	'vest',
	'shirt',
	'helmets',
	'gloves',
	'rentalPlate',
	'paint',
	'light',
	'bars',
	'mataCachorro',
	'antena',
	'fareMeter',
	'speedometer',
	'speedControl',
	'exhaust',
	'mudguard'
] as const;

export type ChecklistItemId = (typeof CHECKLIST_ITEMS)[number];

export interface ChecklistItem {
	item: ChecklistItemId;
	cite: string;
	/** The law's own wording where it says more than the generic item (a colour, a size). */
	text?: LocalText;
}

/** What a rider can check on the driver and on the motorcycle, as one law requires it. */
export interface Checklist {
	driver: readonly ChecklistItem[];
	vehicle: readonly ChecklistItem[];
}

/**
 * Texts whose content is the law's own: what the stands rule allows a rider, who may drive, how
 * the fare decree is set and how often it is readjusted.
 */
export type TextRole = 'standsHail' | 'whoDrives' | 'fareReadjust';

/** The regime in force on a date, from a dated list (a law and everything it decides). */
export interface Dated {
	validFrom: LocalDate;
	validTo?: LocalDate;
}
