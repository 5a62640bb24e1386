import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toApiError } from '../http/error-handler.js';
import { isDatabaseUnavailable } from './unavailable.js';

describe('database unavailability', () => {
  it('recognises I/O, full-disk, lock and connection failures of both databases', () => {
    for (const code of [
      'SQLITE_IOERR_FSYNC',
      'SQLITE_FULL',
      'SQLITE_BUSY',
      '08006',
      '57P01',
      '57P03',
      '53300',
      '55P03',
      '57014',
      '40P01',
      '40001',
      'ECONNREFUSED',
      'ECONNRESET',
    ]) {
      assert.equal(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), true, code);
    }
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', '23505', '42601', undefined]) {
      assert.equal(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), false, String(code));
    }
  });

  it('recognises the connection failures node-postgres reports by message only', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      assert.equal(isDatabaseUnavailable(new Error(message)), true, message);
    }
    assert.equal(isDatabaseUnavailable(new Error('syntax error at or near "selec"')), false);
    assert.equal(isDatabaseUnavailable(null), false);
  });

  it('judges a wrapped failure by its cause (a migration that could not connect)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('Migration (unknown) failed: connect ECONNREFUSED', { cause: refused });
    assert.equal(isDatabaseUnavailable(wrapped), true);
    const wrongSql = new Error('Migration 0001 failed: syntax error', { cause: new Error('syntax error') });
    assert.equal(isDatabaseUnavailable(wrongSql), false);
  });

  it('answers them with 503 service_unavailable and Retry-After, not 500', () => {
    const error = toApiError(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_FSYNC' }));
    assert.equal(error.status, 503);
    assert.equal(error.code, 'service_unavailable');
    assert.equal(error.headers?.['Retry-After'], '1');
    assert.equal(toApiError(new Error('boom')).status, 500);
  });
});
