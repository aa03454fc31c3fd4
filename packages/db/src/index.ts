export { migrationsApplied, openDb, schema } from "./open-db.ts";
export type { Database, Db, OpenDbOptions } from "./open-db.ts";
export { seedReferenceData, seedSandbox } from "./seed.ts";
export type { CompanyDetails } from "./seed.ts";

export { DataDirLockedError } from "./data-dir-lock.ts";
