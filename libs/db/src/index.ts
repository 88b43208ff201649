export { createDatabase, SCHEMA_NAME, type Database, type DatabaseOptions } from './database.js';
export { runMigrations } from './migrate.js';
export { ensureDatabaseExists } from './ensure-database.js';
export { createMigratedDatabase, type SchemaMigrations } from './migrated-copy.js';
export {
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
  type EmbeddedPostgresOptions,
} from './embedded-postgres.js';
