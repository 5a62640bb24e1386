import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyAllows, parseScopes, serializeScopes } from './scopes.js';

describe('keyAllows', () => {
  it('gives a key without scopes full access', () => {
    assert.equal(keyAllows(null, 'pages:write'), true);
  });
  it('lets a write scope read its own group only', () => {
    assert.equal(keyAllows(['persons:write'], 'persons:read'), true);
    assert.equal(keyAllows(['persons:write'], 'persons:write'), true);
    assert.equal(keyAllows(['persons:write'], 'pages:read'), false);
  });
  it('lets pages:publish read pages but not write, and pages:write not publish', () => {
    assert.equal(keyAllows(['pages:publish'], 'pages:read'), true);
    assert.equal(keyAllows(['pages:publish'], 'pages:write'), false);
    assert.equal(keyAllows(['pages:write'], 'pages:publish'), false);
    assert.equal(keyAllows(['pages:publish'], 'persons:read'), false);
    assert.equal(keyAllows(null, 'pages:publish'), true);
  });
  it('does not let a read scope write', () => {
    assert.equal(keyAllows(['pages:read'], 'pages:write'), false);
    assert.equal(keyAllows([], 'pages:read'), false);
  });
});

describe('stored scopes', () => {
  it('round-trip in their canonical order without duplicates', () => {
    const stored = serializeScopes(['pages:write', 'persons:read', 'pages:write']);
    assert.equal(stored, 'persons:read pages:write');
    assert.deepEqual(parseScopes(stored), ['persons:read', 'pages:write']);
    assert.equal(parseScopes(null), null);
    assert.equal(serializeScopes(null), null);
  });
});
