export interface Row {
  scenario: string;
  database: string;
  /** Connections wrk held open; null for rows that are not a load run (peak RSS). */
  connections: number | null;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** CPU the measured server spent per request (µs, read from /proc). */
  serverCpuUs: number;
  /** CPU wrk spent per request against the measured server (µs). */
  generatorCpuUs: number;
  /** CPU PostgreSQL's backends spent per request (µs); blank on SQLite, where it is the server's own. */
  databaseCpuUs?: number;
  /** "0.62 of bare (...)" or "p99 1.3x of small" */
  ratio: string;
  goal: string;
  met: boolean | null;
  note?: string;
}

/** A figure a row does not have (the RSS rows have no throughput) is left blank. */
const cell = (value: number, digits = 0) => (Number.isNaN(value) ? '' : value.toFixed(digits));

export function renderMarkdown(rows: Row[], meta: Record<string, string>): string {
  const lines = [
    '| Scenario | DB | conns | req/s | p50 ms | p99 ms | server µs/req | PostgreSQL µs/req | wrk µs/req | Ratio | Goal | Met |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.database} | ${r.connections ?? ''} | ${cell(r.requestsPerSecond)} | ${cell(r.p50, 1)} | ${cell(r.p99, 1)} | ${cell(r.serverCpuUs)} | ${cell(r.databaseCpuUs ?? Number.NaN)} | ${cell(r.generatorCpuUs, 1)} | ${r.ratio} | ${r.goal} | ${
          r.met === null ? '-' : r.met ? 'yes' : '**no**'
        } |`,
    ),
  ];
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.scenario} (${r.database}): ${r.note}`);
  const metaLines = Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`);
  return [...metaLines, '', ...lines, ...(notes.length ? ['', ...notes] : []), ''].join('\n');
}
