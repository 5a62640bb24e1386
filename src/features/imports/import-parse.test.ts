import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { ApiError } from '../../errors.js';
import { Turns } from '../../turns.js';
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

  it('reads JSON lines; a line that is not an object is a reject, not a failed file', async () => {
    const file = await readImportFile(
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

  it('names the field of a refused file', async () => {
    const pointer = async (run: () => unknown) => {
      try {
        await run();
      } catch (error) {
        return (error as ApiError).errors?.[0]?.pointer;
      }
      return 'accepted';
    };
    assert.equal(await pointer(() => formatOf('application/pdf', 'x.pdf')), '/file');
    assert.equal(await pointer(() => readImportFile(Buffer.from(''), 'csv')), '/file');
    assert.equal(await pointer(() => readImportFile(Buffer.from('a,"b\n1,2'), 'csv')), '/file');
    assert.equal(await pointer(() => resolveMapping(['name', 'company'], undefined)), '/mapping');
    assert.equal(await pointer(() => resolveMapping(['email'], { nope: 'email' })), '/mapping/nope');
    assert.equal(await pointer(() => resolveMapping(['email', 'mail'], { mail: 'email' })), '/mapping');
  });

  it('a row with a different number of cells than the header is refused whole', async () => {
    const file = await readImportFile(Buffer.from('email,name\na@b.example,A,extra\n'), 'csv');
    const result = checkRow(file.rows[0]!, resolveMapping(file.columns, undefined), new Map());
    assert.ok('rejects' in result && /3 cells; the header has 2/.test(result.rejects[0]!.reason));
  });

  it('reads a large file in pieces, as one parse would, with turns of the event loop between steps', async () => {
    // Quoted cells with commas, quotes and line breaks, over many of the parser's pieces.
    const lines = ['email,name,note'];
    for (let i = 0; i < 3000; i++) lines.push(`p${i}@x.example,"Person, ${i}","said ""hi""\non line ${i}"`);
    const csv = `${lines.join('\r\n')}\r\n`;
    let turnsSeen = 0;
    let spinning = true;
    const spin = () => {
      turnsSeen++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const file = await readImportFile(Buffer.from(csv), 'csv', new Turns(0)).finally(() => {
      spinning = false;
    });
    const whole = parse(csv, { info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    assert.equal(file.rows.length, 3000);
    assert.deepEqual(
      file.rows.map((r) => [r.line, r.values.email, r.values.name, r.values.note]),
      whole.slice(1).map((r) => [r.info.lines, ...r.record]),
    );
    assert.equal(file.rows[2999]!.values.note, 'said "hi"\non line 2999');
    // A budget of 0 gives a turn at every record and row: other work ran all along the read.
    assert.ok(turnsSeen >= 3000, `${turnsSeen} turns of the event loop during the read`);
  });
});
