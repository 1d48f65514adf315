/** The shapes of an offense catalog (situations, penalties, escalation) and of what it yields. */
import type { LocalDate } from './clock';
import type { Cites, LocalText } from './regime';

/**
 * The structure of a law's penalties, each a named strategy: `ladder` (a penalty per article, a
 * repeat of the same article within the window takes the next rung, Lei 2.059/2011) or `points`
 * (gravities, fines as multiples of the fare, a points register with thresholds).
 */
export type PenaltySystem = { kind: 'ladder' } | PointsSystem;

/** Art. 19, in its order — which is also the order of gravity. */
export type Penalty = 'advertencia' | 'multa' | 'apreensao' | 'suspensao' | 'cassacao';

/** Art. 19 I–V: advertência, multa, apreensão, suspensão, cassação — mildest first. */
export const PENALTIES: readonly Penalty[] = [
	'advertencia',
	'multa',
	'apreensao',
	'suspensao',
	'cassacao'
];

export interface Localized {
	'pt-BR': string;
	es: string;
	en: string;
}

/** Something a rider can say happened, in plain words. */
export interface Situation {
	/** kebab-case, stable: complaints store it (`'fumando'`). */
	code: string;
	wording: Localized;
	/** Provisions breached, as /lei anchor ids (`'art20-VII'`); empty for "outro". */
	articles: readonly string[];
	/** A crime or a danger: the form shows 190/192 before anything else. */
	danger?: boolean;
}

/** The penalty of an article's incisos (`'art20'`) or of one provision (`'art5-III'`). */
export interface PenaltyRule {
	/** `'art20'` covers every inciso of Art. 20; a full id (`'art5-III'`) is more specific and wins. */
	provision: string;
	/** Null where the law makes the conduct an infraction (Art. 18) but fixes no penalty. */
	penalty: Penalty | null;
	/** The provision that sets the penalty (`'art20'`: the caput; `'art21-VI'`; `'art18'`). */
	basis: string;
	/** Why, when the penalty is not read from the caput of the article itself. */
	note?: Localized;
	/** Every penalty the provision carries, mildest first, where it is more than one. */
	penalties?: readonly Penalty[];
}

export type EscalationRule =
	/** A conduct of article `of` repeated within the window takes `penalty` (Art. 21 I, 22 I, 25 I). */
	| { kind: 'reincidence'; of: string; penalty: Penalty; basis: string }
	/** `penalty` follows `with` automatically (Art. 23: apreensão suspends the authorization). */
	| { kind: 'automatic'; with: Penalty; penalty: Penalty; basis: string };

/** An inciso no rider situation reaches, and why a rider cannot observe it. */
export interface NotObservable {
	article: string;
	reason: LocalText;
}

export interface OffenseCatalog {
	validFrom: LocalDate;
	/** Last day in force, when a later law replaced it. */
	validTo?: LocalDate;
	/** `Lei 2.059/2011`. */
	law: string;
	/** Law id for links to /lei (`lei-2059-2011`). */
	lawId: string;
	/**
	 * Set when the regime has no catalog (its law's text is not available): the reason. The
	 * situations then cite nothing, and complaints go to the office unclassified.
	 */
	unclassified?: string;
	situations: readonly Situation[];
	penalties: readonly PenaltyRule[];
	escalation: readonly EscalationRule[];
	notObservable: readonly NotObservable[];
	/** Default window for reincidence, in months: the law does not define one. */
	reincidenceWindowMonths: number;
	/**
	 * The offences of a personal character (provision ids), where the law keeps them on the
	 * auxiliary driver's own record without listing them, and the reading that sorts them.
	 */
	personal?: { provisions: readonly string[]; reading: LocalText };
	/**
	 * How the law's penalties add up (absent: `ladder`): a ladder of reincidence by article, or
	 * gravities with a points register (src/lib/domain/points.ts).
	 */
	system?: PenaltySystem;
	/** The regime's citations by role (the regulation that fixes unfixed penalties…). */
	cites?: Cites;
	/** The office that judges complaints under it (the profile's acronym). */
	office?: string;
	/** Numbers shown before anything else when a situation is a danger. */
	emergency: readonly { number: string; name: Localized }[];
	/**
	 * The situations riders report most, in the order the form shows them as big tiles (6–8);
	 * every other situation is under "Outra situação". Absent: the first six.
	 */
	common?: readonly string[];
	/** The full list under "Outra situação", grouped the way a rider thinks (every code once). */
	groups?: readonly { id: SituationGroup; codes: readonly string[] }[];
}

export type SituationGroup = 'danger' | 'money' | 'ride' | 'equipment' | 'stand' | 'other';

export interface Offense {
	/** The provision breached: `'art21-XVII'`. */
	article: string;
	/** `'Art. 21, XVII'`. */
	cite: string;
	/** Null when the law makes it an infraction (Art. 18) but fixes no penalty: see `note`. */
	penalty: Penalty | null;
	/** Where the penalty comes from: `'Art. 21'` (its caput), `'Art. 21, VI'`, `'Art. 18'`. */
	penaltyCite: string;
	/** Art. 23: every apreensão suspends the authorization until the irregularity is cured. */
	automatic?: { penalty: Penalty; cite: string };
	note?: Localized;
	/** Every penalty, mildest first, where the provision carries more than one. */
	penalties?: readonly Penalty[];
	/** Under a points system: the gravity, and the fine as a multiple of the fare (`50 × bandeira I`). */
	gravity?: string;
	fine?: string;
}

/** An offense SEMAM confirmed (decision final, Art. 28 §2º), on a local date. */
export interface ConfirmedOffense {
	article: string;
	/** When the decision became final (Art. 28 §2º). */
	confirmedAt: LocalDate;
	/**
	 * The day of the conduct itself (the complaint's date): a law that counts a repeat from the
	 * first commission reads it. Absent on old data: the confirmation's day stands in.
	 */
	committedOn?: LocalDate;
	/**
	 * The day the office imposed the penalty — the register's anotação; a law that sums the days of
	 * suspensions applied, or counts points before the last anotação, reads it. Absent: the
	 * confirmation's day.
	 */
	imposedOn?: LocalDate;
	/**
	 * The law it was confirmed under (`lei-2059-2011`): its article, gravity and penalty are that
	 * law's, never looked up in a later one's catalog. Absent: the catalog in force.
	 */
	lawId?: string;
	/**
	 * The provision whose penalty was applied, when it differs from the conduct's: a repeated
	 * Art. 20 conduct fined under Art. 21, I is `art21-I`, and counts as an Art. 21 conduct too.
	 */
	penaltyBasis?: string;
	/** The penalties applied (a points register counts each). */
	penalties?: readonly Penalty[];
	/** The days of a suspension applied, as the office fixed them (a law that sums them). */
	suspensionDays?: number;
}

export interface Escalation {
	/** The gravest penalty. */
	penalty: Penalty | null;
	/** Every penalty applied, mildest first (one under a ladder). */
	penalties: Penalty[];
	/** The fine as a multiple of a fare component, where the law prices it so. */
	fine?: { multiple: number; component: string; doubled: boolean; cite: string };
	/**
	 * The points register after this offence, where the law keeps one: `total` over the window
	 * before this anotação; `counted`, what the threshold reads (the points a suspension already
	 * answered for left out, where the law's reading spends them).
	 */
	points?: { added: number; total: number; windowMonths: number; counted: number };
	/** The provision that sets `penalty`: `'Art. 20'`, `'Art. 21, I'`, `'Art. 18'`… */
	cite: string;
	/**
	 * `first`: no prior offense of the same article in the window; `reincidence`: the law makes
	 * the repetition graver; `no-escalation`: a prior exists but the law sets no graver penalty
	 * for repeating this article (Art. 22, 25); `unfixed`: the law fixes no penalty at all.
	 */
	reason: 'first' | 'reincidence' | 'no-escalation' | 'unfixed';
	/** The latest prior that counts, when there is one. */
	previous: ConfirmedOffense | null;
	automatic?: { penalty: Penalty; cite: string };
	/** pt-BR sentence for SEMAM's triage screen. */
	detail: string;
}

/** The points system's gravities (src/lib/domain/points.ts is the strategy that reads them). */
export type GravityId = 'leve' | 'media' | 'grave' | 'gravissima';

export interface Gravity {
	id: GravityId;
	/** As the law names it: `leve`, `média`, `grave`, `gravíssima`. */
	name: string;
	/** The first and last provision of the gravity's range (`art44-I` … `art44-IX`). */
	from: string;
	to: string;
	/** The fine: this many times the fare component `fine.component`. */
	fineMultiple: number;
}

export interface PointsSystem {
	kind: 'points';
	gravities: readonly Gravity[];
	/** The fare component fines multiply (`bandeira I`: the bandeirada of bandeira I). */
	fine: { component: string; basis: string };
	/**
	 * A repeat of the same infraction within `windowMonths` multiplies the fine. `from`: where the
	 * window is counted — `commission`, from the day the first was committed (a conduct-to-conduct
	 * window), or `confirmation`, from the day the first became final.
	 */
	repeatFine: {
		factor: number;
		windowMonths: number;
		from: 'commission' | 'confirmation';
		basis: string;
	};
	/** A repeat leads to the next penalty, by the gravest penalty the offence carries. */
	repeat: readonly { of: Penalty; penalty: Penalty; basis: string; replaces?: boolean }[];
	/**
	 * Points per penalty, counted over `windowMonths` before the last anotação (the new entry,
	 * dated the day its penalty is imposed; on a record, the latest entry — not today).
	 */
	points: {
		values: Readonly<Partial<Record<Penalty, number>>>;
		basis: string;
		windowMonths: number;
		windowBasis: string;
	};
	/**
	 * More points than `above` leads to `penalty`. `once`: the reading that a penalty so applied
	 * answers for the points that led to it — they, and its own, no longer count for the threshold;
	 * only points entered after it do (`reading`: why, shown to staff).
	 */
	thresholds: readonly {
		above: number;
		penalty: Penalty;
		basis: string;
		once?: { reading: LocalText };
	}[];
	/** How long a suspension may last; the office fixes each one's days within it. */
	suspensionDays?: { min: number; max: number; basis: string };
	/**
	 * Suspensions summing more than `aboveDays` within `windowMonths` lead to `penalty`: decided
	 * when the office fixes a suspension's days (its imposition), over the days of the suspensions
	 * imposed in the window before it plus these (`reading`: why then, shown to staff).
	 */
	suspensionTotal?: {
		aboveDays: number;
		windowMonths: number;
		penalty: Penalty;
		basis: string;
		reading: LocalText;
	};
}
