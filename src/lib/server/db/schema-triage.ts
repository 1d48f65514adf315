/** Tables added by the issue-6 work that owns this file (add interfaces here). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by its owner
export interface TriageTables {}
