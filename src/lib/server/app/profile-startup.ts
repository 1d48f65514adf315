/**
 * The start-up check of the municipality's profile: `GARUPA_MUNICIPIO` must name a folder under
 * profiles/, that folder must pass the schema (src/lib/profile/schema.ts), and it must be the
 * profile this build carries, unchanged (the pages have it compiled in). Any failure stops the
 * server with the errors, by file and path — never wrong answers for another municipality.
 */
import { built } from '$lib/profile/data/build';
import { profileHash } from '$lib/profile/hash';
import { profileFolder, profilesRoot, readProfile } from '$lib/profile/read';

/** What is wrong with the profile `municipio` names, as lines for the operator; empty when fine. */
export function profileStartupErrors(
	municipio: string,
	root: string = profilesRoot(),
	carried: { id: string; hash: string } = built
): string[] {
	const where = profileFolder(municipio, root);
	if (!where.ok) return where.errors;
	const result = readProfile(where.folder);
	if (!result.ok)
		return [`O perfil ${where.folder} tem erros:`, ...result.errors.map((e) => `  ${e}`)];
	if (carried.id !== municipio)
		return [
			`GARUPA_MUNICIPIO=${municipio}, mas esta compilação traz o perfil ${carried.id}. ` +
				`Compile de novo com GARUPA_MUNICIPIO=${municipio} (npm run build).`
		];
	if (profileHash(result.value) !== carried.hash)
		return [
			`O perfil ${where.folder} mudou depois da compilação. ` +
				'Confira com npm run profile:check e compile de novo (npm run build).'
		];
	return [];
}
