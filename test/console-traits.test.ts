import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { traitsChange, valuesOf } from '../console/src/components/traits-change.js';
import { ACCOUNT_TRAITS } from '../console/src/people/traits.js';

// The console's traits form sends only what changed (PATCH .../traits: a value, or null to remove).
describe("the console's traits form (issue 31)", () => {
  const before = { industry: 'manufacturing', employees: 850, segment: 'enterprise', beta: true };

  it('sends nothing when nothing changed, and keeps a custom value its type while its text stays', () => {
    assert.deepEqual(traitsChange(before, valuesOf(before, ACCOUNT_TRAITS), ACCOUNT_TRAITS), {});
  });

  it('sets a changed field (employees as a number), removes an emptied one and a deleted row', () => {
    const values = valuesOf(before, ACCOUNT_TRAITS);
    values.known.industry = ' retail ';
    values.known.employees = '1200';
    values.known.region = 'EMEA';
    values.custom = values.custom.filter((row) => row.key !== 'segment');
    assert.deepEqual(traitsChange(before, values, ACCOUNT_TRAITS), {
      industry: 'retail',
      employees: 1200,
      region: 'EMEA',
      segment: null,
    });
    const emptied = valuesOf(before, ACCOUNT_TRAITS);
    emptied.known.industry = '';
    assert.deepEqual(traitsChange(before, emptied, ACCOUNT_TRAITS), { industry: null });
  });

  it('renames a custom key as a removal and a new key; a blank row is ignored', () => {
    const values = valuesOf(before, ACCOUNT_TRAITS);
    values.custom = [
      { key: 'plan', value: 'enterprise' },
      { key: 'beta', value: 'true' },
      { key: '', value: '' },
    ];
    assert.deepEqual(traitsChange(before, values, ACCOUNT_TRAITS), { segment: null, plan: 'enterprise' });
  });
});
