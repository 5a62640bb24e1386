import Table from 'cli-table3';
import type { Page } from '../lists/pagination.js';

/** A column of a list table: its heading and how a row shows in it. */
export type Column<T> = [heading: string, cell: (item: T) => unknown];

const CELL_WIDTH = 60;
/** Colours only for a terminal: piped output stays plain text. */
const style = () => (process.stdout.isTTY ? {} : { style: { head: [], border: [] } });

function cell(value: unknown, width = CELL_WIDTH): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * Prints one page of a list: with --json the whole envelope as one JSON document, else a table and
 * a line saying how many there are and how to get the next page.
 */
export function printPage<T>(
  page: Page<T> | (Omit<Page<T>, 'totalCount'> & { totalCount: null }),
  columns: Column<T>[],
  json: boolean,
): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(page)}\n`);
    return;
  }
  const table = new Table({ head: columns.map(([heading]) => heading), ...style() });
  for (const item of page.items) table.push(columns.map(([, read]) => cell(read(item))));
  process.stdout.write(`${table.toString()}\n`);
  const more = page.nextCursor === null ? '' : `; next page: --cursor ${page.nextCursor}`;
  const total = page.totalCount === null ? '' : ` of ${page.totalCount}`;
  process.stdout.write(`${page.items.length} shown${total}${more}\n`);
}

/** Prints one record: with --json as one JSON document, else a two-column table of its members. */
export function printRecord(record: object, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(record)}\n`);
    return;
  }
  const table = new Table(style());
  for (const [key, value] of Object.entries(record)) {
    table.push({ [key]: cell(value, 200) });
  }
  process.stdout.write(`${table.toString()}\n`);
}
