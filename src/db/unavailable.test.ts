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
      'ECONNREFUSED',
    ]) {
      assert.equal(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), true, code);
    }
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', '23505', '42601', undefined]) {
      assert.equal(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), false, String(code));
    }
  });

  it('answers them with 503 service_unavailable and Retry-After, not 500', () => {
    const error = toApiError(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_FSYNC' }));
    assert.equal(error.status, 503);
    assert.equal(error.code, 'service_unavailable');
    assert.equal(error.headers?.['Retry-After'], '1');
    assert.equal(toApiError(new Error('boom')).status, 500);
  });
});
