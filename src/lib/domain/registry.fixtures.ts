/** Registry entries for the specs, invented people and vehicles. Tests only. */
import type { RegistryEntry } from './registry';

/** Row 1 of the CSV specs (prefixo 001, plate NDJ-8941): every check passes on 2026-12-02. */
export const FULANO: RegistryEntry = {
	prefixo: '1',
	placa: 'NDJ8941',
	titular: 'Fulano de Tal Exemplo',
	condutorAuxiliar: null,
	marcaModelo: 'Honda CG 160 Fan',
	cor: 'Azul',
	anoFabricacao: 2024,
	cilindradas: 162,
	situacao: 'ativa',
	autorizacaoValidade: '2027-06-30',
	ultimaVistoria: '2026-03-10',
	certidaoEstadualValidade: '2027-01-31',
	certidaoFederalValidade: '2027-03-15',
	seguroValidade: '2027-05-01'
};

/** A vehicle with its plate and titular made from `prefixo`; `overrides` for what a spec looks at. */
export const entry = (prefixo: string, overrides: Partial<RegistryEntry> = {}): RegistryEntry => ({
	prefixo,
	placa: `ABC${prefixo.padStart(4, '0')}`,
	titular: `Titular ${prefixo}`,
	condutorAuxiliar: null,
	marcaModelo: 'Honda CG 160 Fan',
	cor: 'Azul',
	anoFabricacao: 2023,
	cilindradas: 160,
	situacao: 'ativa',
	autorizacaoValidade: '2027-12-31',
	ultimaVistoria: '2026-06-01',
	certidaoEstadualValidade: '2027-06-30',
	certidaoFederalValidade: '2027-06-30',
	seguroValidade: '2027-03-31',
	...overrides
});
