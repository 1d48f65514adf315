/**
 * One set of pictograms in one style (UX.md, "Pictograms to draw"): a 24×24 grid, one colour
 * (`currentColor`), 2 px round strokes, readable at 24 px. Each is the `d` of one or more paths;
 * a path whose string starts with `F` (e.g. `FM9 5h2v5H9z`) is filled instead of stroked.
 * They never replace the word — Pictogram.svelte renders them `aria-hidden`.
 */
export const pictograms = {
	// Bandeira I / II: a flag with one / two stripes.
	bandeira1: ['M5 21V3', 'M5 4h13l-3 4 3 4H5', 'FM9.5 5.5h2v5h-2z'],
	bandeira2: ['M5 21V3', 'M5 4h13l-3 4 3 4H5', 'FM8 5.5h2v5H8z', 'FM12 5.5h2v5h-2z'],
	// Bandeira reasons (Art. 16): night, Sunday, holiday (and Saturday, where a profile says so).
	night: ['M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z'],
	sunday: ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4', 'M10 12.5v5h1.5a2.5 2.5 0 0 0 0-5z'],
	// Saturday (Porto Velho's decree: bandeira II all day): the calendar with an "S".
	saturday: [
		'M4 6h16v14H4z',
		'M4 10h16',
		'M8 3v4',
		'M16 3v4',
		'M13.5 12.5h-2.25a1.25 1.25 0 0 0 0 2.5h1.5a1.25 1.25 0 0 1 0 2.5H10.5'
	],
	holiday: [
		'M4 6h16v14H4z',
		'M4 10h16',
		'M8 3v4',
		'M16 3v4',
		'M12 11.5l1.3 2.6 2.8.4-2 2 .5 2.8-2.6-1.4-2.6 1.4.5-2.8-2-2 2.8-.4z'
	],
	// Verdicts.
	regular: ['M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z', 'M8.5 12l2.5 2.5 4.5-5'],
	pendente: ['M12 3.5L22 20H2z', 'M12 10v4.5', 'M12 17.2v.3'],
	irregular: ['M8.3 3h7.4L21 8.3v7.4L15.7 21H8.3L3 15.7V8.3z', 'M9 9l6 6', 'M15 9l-6 6'],
	nao_encontrado: [
		'M10.5 3a7.5 7.5 0 1 1 0 15 7.5 7.5 0 0 1 0-15z',
		'M16 16l5.5 5.5',
		'M8.5 8.6a2 2 0 1 1 2.6 1.9c-.6.2-.6.7-.6 1.3',
		'M10.5 14v.3'
	],
	// A stand (ponto): a map pin.
	ponto: [
		'M12 22s7-6.6 7-12.5a7 7 0 0 0-14 0C5 15.4 12 22 12 22z',
		'FM12 7a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z'
	],
	// Complaint situations riders report most (issue 10, item 4).
	cobrou_a_mais: [
		'M3 17.5c0-1.4 2.7-2.5 6-2.5s6 1.1 6 2.5S12.3 20 9 20s-6-1.1-6-2.5z',
		'M3 13.5c0-1.4 2.7-2.5 6-2.5s6 1.1 6 2.5',
		'M3 13.5v4',
		'M15 13.5v4',
		'M18.5 3v7',
		'M15 6.5h7'
	],
	direcao_perigosa: ['M6 21l10-5-9-5 9-5', 'M12 4l4 2-2 4'],
	sem_capacete: ['M4 15a8 8 0 0 1 16 0v2H4z', 'M12 7v4', 'M4 13h6', 'M3 3l18 18'],
	agressao: [
		'M8 13V5.5a1.5 1.5 0 0 1 3 0V11',
		'M11 10V4a1.5 1.5 0 0 1 3 0v6',
		'M14 10V5a1.5 1.5 0 0 1 3 0v7',
		'M8 11.5L6.5 10a1.5 1.5 0 0 0-2.2 2l3.7 5c1.2 1.8 3 3 5.5 3 3.3 0 4.5-2.5 4.5-6V12',
		'M19 3l2-1',
		'M20 6h2'
	],
	embriagado: ['M10 2h4', 'M10.5 2v5L8 10v11h8V10l-2.5-3V2', 'M8 14h8'],
	recusou: [
		'M8 3h8l5 5v8l-5 5H8l-5-5V8z',
		'M9 16v-5a1 1 0 0 1 2 0v-1a1 1 0 0 1 2 0v1a1 1 0 0 1 2 0v3c0 1.7-1.3 3-3 3h-3z'
	],
	moto_nao_autorizada: [
		'M5.5 12a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7z',
		'M18.5 12a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7z',
		'M5.5 15.5L9 10h5l4.5 5.5',
		'M12.5 10l1-3h3',
		'M14 3l7 7',
		'M21 3l-7 7'
	],
	// Navigation and actions.
	agora: ['M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z', 'M12 7v5l3.5 2'],
	tarifa: ['M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z', 'M9 8h6', 'M9 12h6', 'M9 16h3'],
	verificar: ['M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z', 'M8.5 12l2.5 2.5 4.5-5'],
	reclamar: ['M3 10v4h3l7 5V5L6 10z', 'M17 8.5a5 5 0 0 1 0 7', 'M6 14l1.5 6h3L9.5 16'],
	lei: [
		'M4 4.5C6.5 3.5 9.5 3.5 12 5c2.5-1.5 5.5-1.5 8-.5V19c-2.5-1-5.5-1-8 .5-2.5-1.5-5.5-1.5-8-.5z',
		'M12 5v14.5'
	],
	ouvir: ['M4 9v6h4l5 4V5L8 9z', 'M16 9a4 4 0 0 1 0 6', 'M18.5 6.5a7.5 7.5 0 0 1 0 11']
} as const satisfies Record<string, readonly string[]>;

export type PictogramName = keyof typeof pictograms;

/**
 * Pictograms drawn only in the server's HTML (no script builds them): kept apart so that the
 * scripts, which import `pictograms`, do not carry them. Same grid and style.
 */
export const serverPictograms = {
	/** An open hand, raised: sign language (the "Libras" button). */
	libras: [
		'M8 13V5.5a1.5 1.5 0 0 1 3 0V11m0-6a1.5 1.5 0 0 1 3 0v6m0-4.5a1.5 1.5 0 0 1 3 0V12m0-2.5a1.5 1.5 0 0 1 3 0V15a7 7 0 0 1-7 7h-1a7 7 0 0 1-6-3.5L3.5 14a1.5 1.5 0 0 1 2.6-1.5L8 15'
	]
} as const satisfies Record<string, readonly string[]>;
