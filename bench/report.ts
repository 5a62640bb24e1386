export interface Row {
  scenario: string;
  database: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** "0.62 of bare" or "p99 1.3x of small" */
  ratio: string;
  goal: string;
  met: boolean | null;
  note?: string;
}

/** A figure a row does not have (the RSS rows have no throughput) is left blank. */
const cell = (value: number) => (Number.isNaN(value) ? '' : String(Math.round(value)));

export function renderMarkdown(rows: Row[], meta: Record<string, string>): string {
  const lines = [
    '| Scenario | DB | req/s | p50 ms | p99 ms | Ratio | Goal | Met |',
    '|---|---|---:|---:|---:|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.database} | ${cell(r.requestsPerSecond)} | ${cell(r.p50)} | ${cell(r.p99)} | ${r.ratio} | ${r.goal} | ${
          r.met === null ? '-' : r.met ? 'yes' : '**no**'
        } |`,
    ),
  ];
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.scenario} (${r.database}): ${r.note}`);
  const metaLines = Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`);
  return [...metaLines, '', ...lines, ...(notes.length ? ['', ...notes] : []), ''].join('\n');
}
