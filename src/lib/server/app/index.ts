/**
 * The server process: what runs once before the first request (the profile check, the schema
 * migrated, the sample data on a fresh install) and what GET /readyz answers. It sits above every
 * other folder here; none of them imports it.
 */
export { readiness } from './health';
export { profileStartupErrors } from './profile-startup';
export { initDatabase } from './startup';
