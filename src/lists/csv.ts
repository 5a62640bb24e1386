/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: text starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return would be read as a formula (CSV injection), so it gets a leading
 * apostrophe; then a cell holding a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
