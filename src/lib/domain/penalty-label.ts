/**
 * The penalties in staff's words (pt-BR), for the triage sentences and the admin pages alike. A
 * module of its own, so a page that shows a penalty does not ship the escalation rules.
 */
import type { Penalty } from './offense-types';

export const PENALTY_PT: Readonly<Record<Penalty, string>> = {
	advertencia: 'advertência',
	multa: 'multa',
	apreensao: 'apreensão do veículo',
	suspensao: 'suspensão da autorização',
	cassacao: 'cassação da autorização'
};
