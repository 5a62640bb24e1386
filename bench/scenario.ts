import type { Dialect } from '../src/db/database.js';
import type { BenchContext } from './compare.js';
import type { Row } from './report.js';

/** One benchmark scenario (scenarios.ts lists them; scenarios-throughput.ts holds the throughput ones). */
export interface Scenario {
  id: string;
  title: string;
  dialects: Dialect[];
  /** Loads the scenario's data straight into the database, before the service starts. */
  load?(ctx: BenchContext): Promise<void>;
  run(ctx: BenchContext): Promise<Row[]>;
}
