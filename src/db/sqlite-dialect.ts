import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Kysely's SQLite dialect, but transactions start with BEGIN IMMEDIATE: the write lock is taken
 * up front, so two processes on one file (the server and the CLI) wait for each other through
 * busy_timeout instead of failing with SQLITE_BUSY when a reader upgrades to a writer.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #driverConfig: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#driverConfig = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#driverConfig);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * After some failures (a disk I/O error during COMMIT, a full disk) SQLite has already rolled the
   * transaction back. Kysely's own ROLLBACK then fails with "no transaction is active", and that
   * error would replace the real one (which answers 503, where this one would answer 500).
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      if (!/no transaction is active/.test((error as Error).message)) throw error;
    }
  }
}
