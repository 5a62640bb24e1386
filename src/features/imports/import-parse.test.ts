import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiError } from '../../errors.js';
import {
  checkRow,
  defaultMapping,
  formatOf,
  looksLikeFormula,
  readImportFile,
  resolveMapping,
} from './import-parse.js';

describe('reading a target list', () => {
  it('refuses formula-looking cells but keeps phone numbers and negative numbers', () => {
    for (const value of ['=1+1', '=HYPERLINK("http://x","y")', '@SUM(A1)', '+cmd|x', '-2+3*A1', '\tx'])
      assert.equal(looksLikeFormula(value), true, value);
    for (const value of ['+14155550100', '-5', '+1 (415) 555-0100', 'Ada', 'a=b'])
      assert.equal(looksLikeFormula(value), false, value);
  });

  it('proposes a mapping from headers; other columns become traits', () => {
    assert.deepEqual(
      defaultMapping(['E-mail', 'First Name', 'Last_Name', 'Company Website', 'Lead Source', '2nd']),
      {
        'E-mail': 'email',
        'First Name': 'firstName',
        Last_Name: 'lastName',
        'Company Website': 'domain',
        'Lead Source': 'trait:lead_source',
        '2nd': 'trait:c_2nd',
      },
    );
  });

  it('reads JSON lines; a line that is not an object is a reject, not a failed file', () => {
    const file = readImportFile(
      Buffer.from('{"email":"a@b.example","name":"A"}\n[1]\n{"domain":"c.example","employees":1200}\n'),
      'jsonl',
    );
    const mapping = resolveMapping(file.columns, undefined);
    const seen = new Map<string, number>();
    const results = file.rows.map((row) => checkRow(row, mapping, seen));
    assert.ok('target' in results[0]!);
    assert.deepEqual('rejects' in results[1]! && results[1].rejects[0]!.line, 2);
    const account = 'target' in results[2]! ? results[2].target.account : null;
    assert.deepEqual(account, { domain: 'c.example', name: null, traits: { employees: 1200 } });
  });

  it('names the field of a refused file', () => {
    const pointer = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as ApiError).errors?.[0]?.pointer;
      }
      return 'accepted';
    };
    assert.equal(
      pointer(() => formatOf('application/pdf', 'x.pdf')),
      '/file',
    );
    assert.equal(
      pointer(() => readImportFile(Buffer.from(''), 'csv')),
      '/file',
    );
    assert.equal(
      pointer(() => readImportFile(Buffer.from('a,"b\n1,2'), 'csv')),
      '/file',
    );
    assert.equal(
      pointer(() => resolveMapping(['name', 'company'], undefined)),
      '/mapping',
    );
    assert.equal(
      pointer(() => resolveMapping(['email'], { nope: 'email' })),
      '/mapping/nope',
    );
    assert.equal(
      pointer(() => resolveMapping(['email', 'mail'], { mail: 'email' })),
      '/mapping',
    );
  });

  it('a row with a different number of cells than the header is refused whole', () => {
    const file = readImportFile(Buffer.from('email,name\na@b.example,A,extra\n'), 'csv');
    const result = checkRow(file.rows[0]!, resolveMapping(file.columns, undefined), new Map());
    assert.ok('rejects' in result && /3 cells; the header has 2/.test(result.rejects[0]!.reason));
  });
});
