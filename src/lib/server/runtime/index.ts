/**
 * What the process runs with: the configuration read from the environment once, and the log.
 * Every other folder may read it; it imports none of them.
 */
export { config, loadConfig } from './config';
export type { DatabaseConfig, RateLimitConfig } from './config';
export { handleLog, log, logError } from './log';
