import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../factories.js';
import { describeEachDatabase } from '../harness.js';

// Bodies as raw JSON text: `1e309` and lone surrogates cannot be written with JSON.stringify.
const CASES: [string, string, string, string][] = [
  [
    'infinity',
    '{"source":"crm","domain":"n.example.com","payload":{"amount":1e309}}',
    '/payload/amount',
    'invalid_number',
  ],
  [
    'minus infinity',
    '{"source":"crm","domain":"n.example.com","payload":{"list":[1,-1e309]}}',
    '/payload/list/1',
    'invalid_number',
  ],
  [
    'NUL in a value',
    '{"source":"crm","domain":"n.example.com","payload":{"text":"a\\u0000b"}}',
    '/payload/text',
    'invalid_value',
  ],
  [
    'NUL in a member name',
    '{"source":"crm","domain":"n.example.com","payload":{"k\\u0000/x":1}}',
    '/payload/k\u0000~1x',
    'invalid_value',
  ],
  [
    'NUL in a top-level field',
    '{"source":"crm","domain":"n.example.com","payload":{},"idempotencyKey":"\\u0000"}',
    '/idempotencyKey',
    'invalid_value',
  ],
  [
    'lone high surrogate',
    '{"source":"crm","domain":"n.example.com","payload":{"t":"x\\ud800"}}',
    '/payload/t',
    'invalid_value',
  ],
  [
    'lone low surrogate',
    '{"source":"crm","domain":"n.example.com","payload":{"t":"\\udc00"}}',
    '/payload/t',
    'invalid_value',
  ],
];

describeEachDatabase('values no database stores faithfully', (ctx) => {
  it('are refused with 400 naming the member, the same on both databases, and nothing is written', async () => {
    const tenant = await makeTenant(ctx);
    for (const [name, body, pointer, code] of CASES) {
      const response = await ctx.request({ method: 'POST', url: '/v0/account_logs', key: tenant.key, body });
      assert.equal(response.status, 400, `${name}: ${response.raw}`);
      assert.equal(response.body.code, 'validation_failed', name);
      assert.deepEqual(
        response.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
        [[pointer, code]],
        name,
      );
    }
    const accounts = await ctx.request({ method: 'GET', url: '/v0/accounts', key: tenant.key });
    assert.equal(accounts.body.totalCount, 0, 'no refused request created an account');
    const person = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      body: '{"name":"Ada\\u0000"}',
    });
    assert.equal(person.status, 400, person.raw);
    assert.equal(person.body.errors[0].pointer, '/name');
  });

  it('still accepts the largest finite numbers, surrogate pairs and other control characters', async () => {
    const tenant = await makeTenant(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/v0/account_logs',
      key: tenant.key,
      body: '{"source":"crm","domain":"ok.example.com","payload":{"max":1.7976931348623157e308,"emoji":"\\ud83d\\ude00","bell":"\\u0007"}}',
    });
    assert.equal(response.status, 201, response.raw);
    const read = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${response.body.accountId}/logs/${response.body.accountLogId}`,
      key: tenant.key,
    });
    assert.deepEqual(read.body.payload, { max: Number.MAX_VALUE, emoji: '😀', bell: '\u0007' });
  });
});
