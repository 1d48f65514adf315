/**
 * The database: the shared connection and its migrations, the schema's tables, the audit log, the
 * group commit for writes, numbering, the instance lock, copies between databases, the private
 * files beside SQLite, and how the idempotency table seals a receipt. Every other folder builds on
 * it; it imports only runtime/.
 */
export { audit, auditLog } from './audit';
export { closeDb, createDb, db, migrate } from './connection';
export type { Db } from './connection';
export { copyDatabase, countRows } from './copy';
export { isPostgres, writeTransaction } from './group-commit';
export { RESTORE_RUNNING, holdInstanceLock, takeExclusiveLock } from './instance-lock';
export { migrations } from './migrations';
export {
	continueNumbers,
	continueNumbersSql,
	issuedNumbers,
	nextNumber,
	numberSql,
	prepareNumber,
	sequenceName
} from './numbering';
export type { Issued } from './numbering';
export { canPipeline, pipeline } from './pipeline';
export type { Row, Statement } from './pipeline';
export { SQLITE_SIDE_FILES, privateDir, privateFile } from './private-files';
export { keyId, openToken, sealToken } from './receipt-seal';
export type { RegistryDraftEntryTable, RegistryEntryTable } from './schema-registry';
export type { DecreedDayTable, TariffDecreeTable } from './schema-rules';
export type { AutoBlockTable, AutoInfracaoTable } from './schema-triage';
export type { CautelarSuspensionTable, Database, StandTable } from './schema';
export { databaseUnavailable } from './unavailable';
