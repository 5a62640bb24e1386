import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of a test's own beside the run's shared one (QUIRE_TEST_PG_URL), on the same server,
 * until `drop`: for a describe (describeEachDatabase's ownDatabase) or a process (isolatedEnvFor)
 * whose worker must neither act for other files' tenants nor have other files' workers act for its own.
 */
export class OwnPostgresDatabase {
  private constructor(
    private readonly serverUrl: string,
    readonly name: string,
  ) {}

  get url(): string {
    const url = new URL(this.serverUrl);
    url.pathname = `/${this.name}`;
    return url.toString();
  }

  static async create(sharedUrl: string): Promise<OwnPostgresDatabase> {
    const shared = new URL(sharedUrl).pathname.slice(1);
    const database = new OwnPostgresDatabase(
      sharedUrl,
      // Within PostgreSQL's 63 bytes for a name: quire_test_<ms>_<pid>_own_<pid>_<6 hex>.
      `${shared}_own_${process.pid}_${randomBytes(3).toString('hex')}`,
    );
    await database.#run(`create database "${database.name}"`);
    return database;
  }

  drop(): Promise<void> {
    return this.#run(`drop database if exists "${this.name}" with (force)`);
  }

  async #run(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
}
