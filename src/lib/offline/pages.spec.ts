import { describe, expect, it } from 'vitest';
import { mayKeep } from './pages';

describe('mayKeep: staff pages and token URLs never stay on the device', () => {
	it.each([
		'/admin',
		'/admin/',
		'/admin/reclamacoes/RM-2026-000001',
		'/admin/login?volta=/admin/equipe',
		'/es/admin/equipe',
		'/%61dmin/reclamacoes',
		'/ADMIN/equipe',
		'http://localhost:4173/admin/auditoria',
		'/reclamacoes/RM-2026-000001?token=abc',
		'/en/reclamacoes/RM-2026-000001?lang=en&token=abc',
		'/reclamacoes/RM-2026-000001#token=abc',
		'/%E0%A4%A'
	])('refuses %s', (url) => expect(mayKeep(url)).toBe(false));

	it.each([
		'/',
		'/tarifa',
		'/es/lei',
		'/verificar?q=007',
		'/pontos',
		'/administracao-publica',
		'http://localhost:4173/v/007'
	])('keeps %s', (url) => expect(mayKeep(url)).toBe(true));
});
