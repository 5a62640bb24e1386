// PostgreSQL's share of a request: the CPU time of the server processes (backends) connected to the
// benchmark's database, read from /proc like the service's own. Only this database's backends count,
// so other databases on the same server (a test run beside the benchmark) do not inflate it.
import pg from 'pg';
import { processCpuUs } from './load.js';

/** A reader of the CPU (µs) the backends of `url`'s database have used so far; close() when done. */
export function databaseCpuReader(url: string): { read: () => Promise<number>; close: () => Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    async read() {
      await connected;
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      // A backend that exits between the query and the read has no /proc entry: it counts 0.
      return rows.reduce((sum, { pid }) => sum + (processCpuUs(pid) || 0), 0);
    },
    close: () => client.end(),
  };
}
