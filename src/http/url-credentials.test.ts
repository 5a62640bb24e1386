import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { personRouteKey } from '../domain/public-paths.js';
import { redactUrl } from './url-credentials.js';

describe('redactUrl: what a request log line may show of a URL', () => {
  it("hides a preview link's signature and credentials in the query", () => {
    assert.equal(
      redactUrl('/p/acme/_preview/version_1?expires=1790000000&signature=abc123'),
      '/p/acme/_preview/version_1?expires=1790000000&signature=[redacted]',
    );
    assert.equal(redactUrl('/v0/pages?api_key=sk_live&limit=5'), '/v0/pages?api_key=[redacted]&limit=5');
  });

  it("hides a person page's secret route key, keeping its readable slug, on /p/ and mapped hosts", () => {
    const key = personRouteKey('grace-hopper');
    assert.equal(redactUrl(`/p/acme/pricing/${key}`), '/p/acme/pricing/grace-hopper-[key]');
    assert.equal(
      redactUrl(`/p/acme/pricing/${key}/go/book-demo`),
      '/p/acme/pricing/grace-hopper-[key]/go/book-demo',
    );
    assert.equal(redactUrl(`/p/acme/pricing/${key}/view`), '/p/acme/pricing/grace-hopper-[key]/view');
    assert.equal(redactUrl(`/pricing/${key}?utm_source=x`), '/pricing/grace-hopper-[key]?utm_source=x');
    assert.ok(!redactUrl(`/p/acme/pricing/${key}`).includes(key.slice(-13)));
    // A mistyped key is a 404 whose log line must not carry the secret either.
    for (const typo of [`${key}x`, key.toUpperCase(), `${key}%20`, `${key}.html`, key.slice(0, -2)])
      assert.doesNotMatch(
        redactUrl(`/p/acme/pricing/${typo}/view`),
        new RegExp(key.slice(-11, -2), 'i'),
        typo,
      );
    // Readable paths are left alone.
    assert.equal(redactUrl('/p/acme/pricing/enterprise-buyers'), '/p/acme/pricing/enterprise-buyers');
    assert.equal(
      redactUrl('/v0/persons/person_01jabcdefghjkmnpqrstv'),
      '/v0/persons/person_01jabcdefghjkmnpqrstv',
    );
  });
});
