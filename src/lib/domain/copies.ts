/**
 * The copies ("vias") a printed auto is drawn up in: as many as the regime's `procedure.auto.copies`
 * says (Rolim de Moura, Lei 2.059/2011 Art. 26: four; Feira de Santana, Lei 3.815/2018: two, the
 * law fixing none — its regime says why). Each copy is labelled by its place: "1ª via", "2ª via"…
 */

/** The labels of `copies` copies, in order; at least one (an auto is never printed in none). */
export function copyLabels(copies: number): string[] {
	const n = Number.isInteger(copies) && copies > 0 ? copies : 1;
	return Array.from({ length: n }, (_, i) => `${i + 1}ª via`);
}
