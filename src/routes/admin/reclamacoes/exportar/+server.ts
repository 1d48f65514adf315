import { CSV_BOM, toCsv } from '$lib/domain/csv';
import { parseQueueFilter } from '$lib/domain/triage';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { EXPORT_HEADER, exportQueue, localDate } from '$lib/server/complaints';
import type { RequestHandler } from './$types';

/**
 * The queue under the current filter as CSV (staff only; no rider contact, LGPD). Cells a
 * spreadsheet would run as a formula are neutralized; `;`-separated with a UTF-8 BOM, as pt-BR
 * Excel and LibreOffice read it (src/lib/domain/csv.ts).
 */
export const GET: RequestHandler = async ({ url }) => {
	requireStaff('fiscal');
	const { filter } = parseQueueFilter(url.searchParams);
	const now = new Date();
	const rows = await exportQueue(db(), filter, now);
	return new Response(`${CSV_BOM}${toCsv(EXPORT_HEADER, rows)}`, {
		headers: {
			'content-type': 'text/csv; charset=utf-8',
			'content-disposition': `attachment; filename="reclamacoes-${localDate(now)}.csv"`,
			'cache-control': 'private, no-store'
		}
	});
};
