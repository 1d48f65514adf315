/**
 * What a link to /reclamar carries (`?veiculo=007` from "Reclamar deste veículo",
 * `&situacao=moto-nao-autorizada` from "Denunciar mototáxi não autorizado"), read the same way by
 * the server's render and by the island, which reads it from the address when the page came from
 * the phone's copy (offline, the service worker serves the kept /reclamar whatever the query).
 */

/**
 * The vehicle as the form shows it: at most 20 characters, without any that no prefix or plate
 * has (a prefix or plate passes as typed). The server checks it again when the complaint arrives.
 * @example vehicleOf('MT-007') //=> 'MT-007'
 * @example vehicleOf('<b>7</b>') //=> 'b7b'
 */
export function vehicleOf(raw: string | null | undefined): string {
	return (raw ?? '').slice(0, 20).replace(/[^A-Za-z0-9 -]/g, '');
}

/** The link's vehicle and situation (null when it names none, or a situation not in `codes`). */
export function prefillOf(
	search: string,
	codes: ReadonlySet<string>
): { veiculo: string; situacao: string | null } {
	const query = new URLSearchParams(search);
	const situacao = query.get('situacao') ?? '';
	return {
		veiculo: vehicleOf(query.get('veiculo')),
		situacao: codes.has(situacao) ? situacao : null
	};
}

/**
 * The page kept for offline use came without the link's query: where the address's link says
 * other than the page did, the situations chosen with the link's added (null: nothing changes).
 */
export function chosenWithLink(
	page: { veiculo: string; situacao: string | null },
	link: { veiculo: string; situacao: string | null },
	chosen: string[]
): string[] | null {
	if (link.veiculo === page.veiculo && link.situacao === page.situacao) return null;
	return link.situacao && !chosen.includes(link.situacao) ? [...chosen, link.situacao] : chosen;
}
