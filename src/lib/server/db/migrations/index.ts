/**
 * Every migration, imported statically: the Vite build bundles them, so nothing globs a folder
 * that no longer exists in `build/`. Names sort in the order they run; never rename or edit one
 * that has shipped — add the next.
 */
import type { Migration } from 'kysely';
import * as m001 from './001_registry';
import * as m002 from './002_stands';
import * as m003 from './003_complaints';
import * as m004 from './004_staff';
import * as m005 from './005_triage';
import * as m006 from './006_registry_admin';
import * as m007 from './007_rules';
import * as m008 from './008_rate_limit';
import * as m009 from './009_certidoes';
import * as m010 from './010_distance';
import * as m011 from './011_server_secret';
import * as m012 from './012_idempotency_sealed';
import * as m013 from './013_sample_entries';
import * as m014 from './014_office_closures';
import * as m015 from './015_suspension_days';
import * as m016 from './016_complaint_audio';
import * as m017 from './017_staff_devices';
import * as m018 from './018_erasures';
import * as m019 from './019_auto_records';
import * as m020 from './020_procedure';
import * as m021 from './021_field_mode';
import * as m022 from './022_revoked_cards';
import * as m024 from './024_auxiliary_person';
import * as m025 from './025_field_acts';
import * as m026 from './026_cautelar_suspension';

export const migrations: Readonly<Record<string, Migration>> = {
	'001_registry': m001,
	'002_stands': m002,
	'003_complaints': m003,
	'004_staff': m004,
	'005_triage': m005,
	'006_registry_admin': m006,
	'007_rules': m007,
	'008_rate_limit': m008,
	'009_certidoes': m009,
	'010_distance': m010,
	'011_server_secret': m011,
	'012_idempotency_sealed': m012,
	'013_sample_entries': m013,
	'014_office_closures': m014,
	'015_suspension_days': m015,
	'016_complaint_audio': m016,
	'017_staff_devices': m017,
	'018_erasures': m018,
	'019_auto_records': m019,
	'020_procedure': m020,
	'021_field_mode': m021,
	'022_revoked_cards': m022,
	'024_auxiliary_person': m024,
	'025_field_acts': m025,
	'026_cautelar_suspension': m026
};
