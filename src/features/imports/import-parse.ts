import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { IMPORT_FIELDS, type ImportField } from '../../domain/import-fields.js';
import { normalizeDomain } from '../../domain/normalize-domain.js';
import type { Traits } from '../../domain/page-blocks.js';
import { ApiError } from '../../errors.js';
import { bodyChecker } from '../../http/validation.js';
import { Turns } from '../../turns.js';
import { MAX_TRAITS } from '../accounts/traits.js';
import { CreatePersonBody } from '../persons/persons.schemas.js';

/**
 * Reading a target list (issue 34, docs/imports.md): the file is checked whole before anything is
 * written (format, size, an email or domain column), then every data row is checked on its own
 * with the same field rules as POST /v0/persons. A bad row becomes rejects (line, column, reason)
 * and never stops the good ones.
 */

/** Largest file accepted (bytes) and most data rows. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

export { IMPORT_FIELDS, type ImportField };
/** What a column becomes: a known field, a custom trait (`trait:<key>`) or nothing (`ignore`). */
export type ColumnTarget = ImportField | `trait:${string}` | 'ignore';
export type ImportFormat = 'csv' | 'jsonl';

const SYNONYMS: Record<string, ImportField> = {
  email: 'email',
  'e mail': 'email',
  'email address': 'email',
  'work email': 'email',
  'work e mail': 'email',
  'e mail address': 'email',
  name: 'name',
  'full name': 'name',
  'contact name': 'name',
  'first name': 'firstName',
  firstname: 'firstName',
  'given name': 'firstName',
  'last name': 'lastName',
  lastname: 'lastName',
  surname: 'lastName',
  'family name': 'lastName',
  company: 'company',
  'company name': 'company',
  account: 'company',
  'account name': 'company',
  organization: 'company',
  organisation: 'company',
  domain: 'domain',
  'company domain': 'domain',
  website: 'domain',
  'company website': 'domain',
  title: 'title',
  'job title': 'title',
  role: 'title',
  linkedin: 'linkedin',
  'linkedin url': 'linkedin',
  'linkedin profile': 'linkedin',
  'linkedin profile url': 'linkedin',
  linkedinprofileurl: 'linkedin',
  phone: 'phone',
  'phone number': 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  industry: 'industry',
  employees: 'employees',
  'employee count': 'employees',
  headcount: 'employees',
  'company size': 'employees',
  region: 'region',
  tier: 'tier',
};

const TRAIT_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

function normalHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/** The trait key a column name gives: `Lead Source` → `lead_source`. */
export function traitKeyOf(header: string): string {
  let key = header
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  if (!/^[a-z]/.test(key)) key = `c_${key}`;
  return key.slice(0, 64);
}

/** The mapping Quire proposes for a file's columns (the console shows it for correction). */
export function defaultMapping(columns: string[]): Record<string, ColumnTarget> {
  const mapping: Record<string, ColumnTarget> = {};
  const taken = new Set<string>();
  for (const column of columns) {
    const field = SYNONYMS[normalHeader(column)];
    if (field !== undefined && !taken.has(field)) {
      mapping[column] = field;
      taken.add(field);
    } else if (column.trim() === '') {
      mapping[column] = 'ignore';
    } else {
      mapping[column] = `trait:${traitKeyOf(column)}`;
    }
  }
  return mapping;
}

/** A file read into its columns and raw rows, each with its line number in the file. */
export interface ReadFile {
  format: ImportFormat;
  columns: string[];
  rows: { line: number; values: Record<string, string> }[];
}

/** Which format a file is, from its content type or name; anything else is refused. */
export function formatOf(contentType: string | undefined, fileName: string | undefined): ImportFormat {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const name = (fileName ?? '').toLowerCase();
  if (type === 'text/csv' || name.endsWith('.csv')) return 'csv';
  if (
    type === 'application/x-ndjson' ||
    type === 'application/jsonl' ||
    type === 'application/x-jsonlines' ||
    name.endsWith('.jsonl') ||
    name.endsWith('.ndjson')
  )
    return 'jsonl';
  throw ApiError.invalidField(
    '/file',
    `a target list is a CSV file (text/csv, .csv) or JSON lines (application/x-ndjson, .jsonl); got ${type === '' ? 'no content type' : type.slice(0, 80)}`,
    'invalid_format',
  );
}

/**
 * Reads the file: refuses (4xx, nothing written) one that is too big, is not text, is not CSV /
 * JSON lines, or has more rows than allowed. Rows whose cell count differs from the header are
 * kept and rejected later by checkRow. It reads in steps (`turns`): a 10,000-row file took about
 * 300 ms in one piece, a stall of every request the process was serving.
 */
export async function readImportFile(
  bytes: Buffer,
  format: ImportFormat,
  turns = new Turns(),
): Promise<ReadFile> {
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw ApiError.invalidField(
      '/file',
      `the file is ${bytes.length} bytes; at most ${IMPORT_MAX_BYTES} bytes are accepted`,
      'invalid_length',
    );
  }
  if (bytes.length === 0) throw ApiError.invalidField('/file', 'the file is empty', 'required');
  if (bytes.includes(0)) {
    throw ApiError.invalidField('/file', 'the file is not text (it holds NUL bytes): send CSV or JSON lines');
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const file = format === 'csv' ? await readCsv(text, turns) : await readJsonLines(text, turns);
  if (file.rows.length > IMPORT_MAX_ROWS) {
    throw ApiError.invalidField(
      '/file',
      `the file has ${file.rows.length} rows; at most ${IMPORT_MAX_ROWS} are accepted per import`,
      'invalid_length',
    );
  }
  return file;
}

/** Pieces the CSV parser takes at once: each is parsed in one go, about a millisecond. */
const CSV_PIECE_CHARS = 16 * 1024;

function* piecesOf(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += CSV_PIECE_CHARS) yield text.slice(at, at + CSV_PIECE_CHARS);
}

type CsvRecord = { record: string[]; info: { lines: number } };

/** The file's records, parsed a piece at a time with a turn of the event loop between steps. */
async function csvRecords(text: string, turns: Turns): Promise<CsvRecord[]> {
  const parser = Readable.from(piecesOf(text)).pipe(
    parse({ info: true, relax_column_count: true, skip_empty_lines: true, bom: true }),
  );
  const records: CsvRecord[] = [];
  try {
    for await (const record of parser) {
      records.push(record as CsvRecord);
      await turns.take();
    }
  } catch (error) {
    throw ApiError.invalidField('/file', `the file is not valid CSV: ${(error as Error).message}`);
  }
  return records;
}

async function readCsv(text: string, turns: Turns): Promise<ReadFile> {
  const records = await csvRecords(text, turns);
  const header = records[0];
  if (header === undefined) throw ApiError.invalidField('/file', 'the file has no header row', 'required');
  const columns = header.record.map((c) => c.trim());
  if (columns.length < 2 && !/[,;\t]/.test(text.split('\n', 1)[0] ?? '')) {
    // One column is legal CSV, but a file without a single separator in its header is not a table.
    if (!columns.some((c) => SYNONYMS[normalHeader(c)] === 'email' || SYNONYMS[normalHeader(c)] === 'domain'))
      throw ApiError.invalidField(
        '/file',
        'the file is not CSV: its first line has no comma-separated columns',
      );
  }
  const seen = new Set<string>();
  for (const column of columns) {
    if (column !== '' && seen.has(column))
      throw ApiError.invalidField('/file', `the column "${column.slice(0, 80)}" appears twice in the header`);
    seen.add(column);
  }
  const rows: ReadFile['rows'] = [];
  for (const { record, info } of records.slice(1)) {
    const values: Record<string, string> = {};
    columns.forEach((column, i) => {
      values[column] = record[i] ?? '';
    });
    if (record.length !== columns.length) values['\u0000cells'] = String(record.length);
    rows.push({ line: info.lines, values });
    await turns.take();
  }
  return { format: 'csv', columns, rows };
}

async function readJsonLines(text: string, turns: Turns): Promise<ReadFile> {
  const columns: string[] = [];
  const known = new Set<string>();
  const rows: ReadFile['rows'] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    await turns.take();
    const source = lines[i]!.trim();
    if (source === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      if (rows.length === 0)
        throw ApiError.invalidField('/file', `line ${i + 1} is not JSON: the file is not JSON lines`);
      rows.push({ line: i + 1, values: { '\u0000json': 'invalid' } });
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      if (rows.length === 0) throw ApiError.invalidField('/file', `line ${i + 1} is not a JSON object`);
      rows.push({ line: i + 1, values: { '\u0000json': 'invalid' } });
      continue;
    }
    const values: Record<string, string> = {};
    for (const [key, member] of Object.entries(value)) {
      if (!known.has(key)) {
        known.add(key);
        columns.push(key);
      }
      values[key] =
        member === null || member === undefined
          ? ''
          : typeof member === 'object'
            ? JSON.stringify(member)
            : String(member);
    }
    rows.push({ line: i + 1, values });
  }
  if (rows.length === 0) throw ApiError.invalidField('/file', 'the file has no rows', 'required');
  return { format: 'jsonl', columns, rows };
}

/**
 * The mapping to use: the operator's (checked: every target a field, `trait:<key>` or `ignore`, a
 * field mapped at most once) over the proposed one. The file must give an email or a domain column.
 */
export function resolveMapping(
  columns: string[],
  given: Record<string, string> | undefined,
): Record<string, ColumnTarget> {
  const mapping = defaultMapping(columns);
  for (const [column, target] of Object.entries(given ?? {})) {
    if (!columns.includes(column))
      throw ApiError.invalidField(`/mapping/${column}`, `the file has no column "${column.slice(0, 80)}"`);
    const ok =
      target === 'ignore' ||
      (IMPORT_FIELDS as readonly string[]).includes(target) ||
      (target.startsWith('trait:') && TRAIT_KEY.test(target.slice(6)));
    if (!ok)
      throw ApiError.invalidField(
        `/mapping/${column}`,
        `"${target.slice(0, 80)}" is not a field (${IMPORT_FIELDS.join(', ')}), trait:<key> or ignore`,
      );
    mapping[column] = target as ColumnTarget;
  }
  const fields = Object.values(mapping).filter((t) => t !== 'ignore');
  const twice = fields.find((t, i) => fields.indexOf(t) !== i);
  if (twice !== undefined)
    throw ApiError.invalidField('/mapping', `two columns are mapped to ${twice}; map each field once`);
  if (!fields.includes('email') && !fields.includes('domain')) {
    throw ApiError.invalidField(
      '/mapping',
      'the file needs an email column or a domain column (persons are matched by email, accounts by domain)',
      'required',
    );
  }
  return mapping;
}

/** A good row: what the import writes. */
export interface TargetRow {
  line: number;
  person: {
    email: string;
    name: string;
    phoneNumber?: string;
    linkedinProfileUrl?: string;
    traits: Traits;
  } | null;
  account: { domain: string; name: string | null; traits: Traits } | null;
}

export interface RowReject {
  line: number;
  column: string;
  reason: string;
}

const checkPerson = bodyChecker(CreatePersonBody);
const NUMBER = /^[+-]?(\d+([.,]\d+)?|\d{1,3}([ ,]\d{3})+)$/;
const PERSON_TRAIT_FIELDS = new Set<ImportField>(['title']);
const ACCOUNT_TRAIT_FIELDS = new Set<ImportField>(['industry', 'employees', 'region', 'tier']);

/**
 * A cell a spreadsheet would run as a formula: it starts with `=` or `@` (or a tab or carriage
 * return), or with `+` / `-` followed by something other than a number or a phone number. Such a
 * value is refused, not stored: it is what CSV injection looks like, and no real name, company or
 * trait starts that way. (Exports still neutralise every cell: src/lists/csv.ts.)
 */
export function looksLikeFormula(value: string): boolean {
  if (/^[=@\t\r]/.test(value)) return true;
  if (/^[+-]/.test(value)) return !/^[+-][\d\s().-]*$/.test(value);
  return false;
}

/**
 * Checks one row against the mapping. `seenEmails` (lower-cased email → first line) finds an email
 * given twice in the file: the later row is refused.
 */
export function checkRow(
  row: ReadFile['rows'][number],
  mapping: Record<string, ColumnTarget>,
  seenEmails: Map<string, number>,
): { target: TargetRow } | { rejects: RowReject[] } {
  const { line, values } = row;
  const rejects: RowReject[] = [];
  const reject = (column: string, reason: string) => rejects.push({ line, column, reason });
  if (values['\u0000json'] !== undefined)
    return { rejects: [{ line, column: '', reason: 'the line is not a JSON object' }] };
  if (values['\u0000cells'] !== undefined) {
    const count = Object.keys(mapping).length;
    return {
      rejects: [
        { line, column: '', reason: `the row has ${values['\u0000cells']} cells; the header has ${count}` },
      ],
    };
  }
  const field: Partial<Record<ImportField, { column: string; value: string }>> = {};
  const custom: { column: string; key: string; value: string }[] = [];
  for (const [column, target] of Object.entries(mapping)) {
    if (target === 'ignore') continue;
    const value = (values[column] ?? '').trim();
    if (value === '') continue;
    if (looksLikeFormula(value)) {
      reject(
        column,
        `the value starts like a spreadsheet formula (${JSON.stringify(value.slice(0, 1))}); such cells are refused`,
      );
      continue;
    }
    if (target.startsWith('trait:')) custom.push({ column, key: target.slice(6), value });
    else field[target as ImportField] = { column, value };
  }
  const email = field.email?.value;
  const domainText = field.domain?.value;
  if (email === undefined && domainText === undefined && rejects.length === 0) {
    const column =
      Object.keys(mapping).find((c) => mapping[c] === 'email') ??
      Object.keys(mapping).find((c) => mapping[c] === 'domain') ??
      'email';
    reject(column, 'the row has neither an email nor a domain');
  }
  let domain: string | null = null;
  if (domainText !== undefined) {
    domain = normalizeDomain(domainText);
    if (domain === null) reject(field.domain!.column, 'domain must be a hostname such as example.com');
  }
  let person: TargetRow['person'] = null;
  if (email !== undefined) {
    const first = field.firstName?.value;
    const last = field.lastName?.value;
    const name = field.name?.value ?? [first, last].filter((p) => p !== undefined).join(' ');
    const nameColumn =
      field.name?.column ??
      field.firstName?.column ??
      field.lastName?.column ??
      Object.keys(mapping).find((c) => mapping[c] === 'name') ??
      'name';
    if (name === '') reject(nameColumn, 'a person needs a name');
    const body: Record<string, string> = { name: name === '' ? 'x' : name, email };
    if (field.phone !== undefined) body.phoneNumber = field.phone.value.replace(/[\s().-]/g, '');
    if (field.linkedin !== undefined) body.linkedinProfileUrl = field.linkedin.value;
    const columnOf: Record<string, string> = {
      '/name': nameColumn,
      '/email': field.email!.column,
      '/phoneNumber': field.phone?.column ?? 'phone',
      '/linkedinProfileUrl': field.linkedin?.column ?? 'linkedin',
    };
    for (const problem of checkPerson(body)) {
      const detail =
        problem.pointer === '/phoneNumber'
          ? 'phone must be in E.164 form, e.g. +14155550100'
          : problem.detail.replace(/^\/?(\w+)/, (m) => m.replace('/', ''));
      reject(columnOf[problem.pointer] ?? problem.pointer, detail);
    }
    const key = email.toLowerCase();
    const earlier = seenEmails.get(key);
    if (earlier !== undefined && earlier !== line)
      reject(field.email!.column, `the email is also on line ${earlier}`);
    else seenEmails.set(key, line);
    const traits: Traits = {};
    for (const f of PERSON_TRAIT_FIELDS) if (field[f] !== undefined) traits[f] = field[f]!.value;
    person = {
      email,
      name,
      ...(body.phoneNumber === undefined ? {} : { phoneNumber: body.phoneNumber }),
      ...(body.linkedinProfileUrl === undefined ? {} : { linkedinProfileUrl: body.linkedinProfileUrl }),
      traits,
    };
  }
  const accountTraits: Traits = {};
  for (const f of ACCOUNT_TRAIT_FIELDS) {
    const cell = field[f];
    if (cell === undefined) continue;
    if (f === 'employees') {
      if (!NUMBER.test(cell.value)) {
        reject(cell.column, 'employees must be a number');
        continue;
      }
      accountTraits.employees = Number(cell.value.replace(/[ ,]/g, ''));
    } else accountTraits[f] = cell.value;
  }
  // Custom traits go to the person when the row has one, else to the account.
  const customTraits: Traits = person?.traits ?? accountTraits;
  for (const { column, key, value } of custom) {
    if (value.length > 200) reject(column, 'a trait value has at most 200 characters');
    else customTraits[key] = value;
  }
  for (const [value, column] of [
    [field.title?.value, field.title?.column],
    [field.company?.value, field.company?.column],
  ] as const) {
    if (value !== undefined && value.length > 255) reject(column!, 'at most 255 characters');
  }
  for (const [f, cell] of Object.entries(field)) {
    if (ACCOUNT_TRAIT_FIELDS.has(f as ImportField) && cell.value.length > 200)
      reject(cell.column, 'a trait value has at most 200 characters');
  }
  if (Object.keys(customTraits).length > MAX_TRAITS) reject('', `a row gives at most ${MAX_TRAITS} traits`);
  if (rejects.length > 0) return { rejects: dedupe(rejects) };
  const company = field.company?.value ?? null;
  return {
    target: {
      line,
      person,
      account: domain === null ? null : { domain, name: company, traits: accountTraits },
    },
  };
}

function dedupe(rejects: RowReject[]): RowReject[] {
  const seen = new Set<string>();
  return rejects.filter((r) => {
    const key = r.column;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
