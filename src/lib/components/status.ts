import { m } from '$lib/paraglide/messages';

/** A complaint's status in the rider's words (the receipt and "Minhas reclamações" say the same). */
export const statusWord: Record<string, () => string> = {
	recebida: m.status_recebida,
	em_analise: m.status_em_analise,
	procedente: m.status_procedente,
	improcedente: m.status_improcedente,
	duplicada: m.status_duplicada,
	arquivada: m.status_arquivada
};
