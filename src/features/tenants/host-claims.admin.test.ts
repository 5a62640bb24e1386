import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { signInAs } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { type HostProver, networkHostProver } from './host-proof.js';

/** DNS and HTTP as the test publishes them. */
const txt = new Map<string, string[]>();
const pages = new Map<string, string>();
const prover: HostProver = {
  txt: async (name) => txt.get(name) ?? [],
  http: async (url) => pages.get(url) ?? null,
};

/**
 * A tenant admin's custom host is served only once the tenant proves it controls the host (issue
 * 29, item 5): a claim first, then a DNS TXT record or an HTTP token with the tenant's own token.
 * An unproven claim is not served and does not stop another tenant that proves the host.
 */
describeEachDatabase(
  'custom hosts are proven before they are served',
  (ctx) => {
    const onHost = (host: string) => ctx.request({ method: 'GET', url: '/no-such-page', headers: { host } });
    /** A mapped host answers its HTML 404 for an unknown page; an unmapped one the API's JSON 404. */
    const served = async (host: string) => !/json/.test(String((await onHost(host)).headers['content-type']));

    it('a claim is not served; the TXT record with the tenant token proves it; another tenant cannot reuse it', async () => {
      const a = await makeTenant(ctx);
      const b = await makeTenant(ctx);
      const adminA = await signInAs(ctx, a.tenantId, 'admin');
      const adminB = await signInAs(ctx, b.tenantId, 'admin');
      const host = `pages-${a.tenantId.slice(-10)}.example.com`;

      const claimA = await adminA.request('POST', `/admin/v0/tenants/${a.tenantId}/hosts`, { host });
      assert.equal(claimA.status, 201, claimA.raw);
      assert.deepEqual(claimA.body.hosts, []);
      const challengeA = claimA.body.pending[0];
      assert.equal(challengeA.host, host);
      assert.equal(challengeA.txtName, `_quire-challenge.${host}`);
      assert.match(
        challengeA.httpUrl,
        new RegExp(`^http://${host.replaceAll('.', '\\.')}/\\.well-known/quire-challenge/`),
      );
      const unproven = await adminA.request('POST', `/admin/v0/tenants/${a.tenantId}/hosts/${host}/verify`);
      assert.equal(unproven.status, 409, unproven.raw);
      assert.ok(unproven.body.detail.includes(challengeA.txtValue), 'the 409 says what to publish');
      // (Checked on another claimed host: a host's lookup is remembered for 30 s, misses too.)
      const other = `other-${host}`;
      assert.equal(
        (await adminA.request('POST', `/admin/v0/tenants/${a.tenantId}/hosts`, { host: other })).status,
        201,
      );
      assert.equal(await served(other), false, 'a claim is not served');

      // Tenant B claims the same host: answered the same way, with a token of its own.
      const claimB = await adminB.request('POST', `/admin/v0/tenants/${b.tenantId}/hosts`, { host });
      assert.equal(claimB.status, 201, claimB.raw);
      const challengeB = claimB.body.pending[0];
      assert.notEqual(challengeB.txtValue, challengeA.txtValue);
      // A's record does not prove B's claim.
      txt.set(challengeA.txtName, [challengeA.txtValue]);
      const wrongToken = await adminB.request('POST', `/admin/v0/tenants/${b.tenantId}/hosts/${host}/verify`);
      assert.equal(wrongToken.status, 409);
      // A proves it: served, A's pages.
      const proven = await adminA.request('POST', `/admin/v0/tenants/${a.tenantId}/hosts/${host}/verify`);
      assert.equal(proven.status, 200, proven.raw);
      assert.deepEqual(proven.body.hosts, [host]);
      assert.deepEqual(
        proven.body.pending.map((p: { host: string }) => p.host),
        [other],
      );
      assert.equal(await served(host), true);

      // The domain changes hands: B publishes its token and proves it; A no longer serves the host.
      txt.set(challengeA.txtName, ['v=spf1 -all', challengeB.txtValue]);
      const takeover = await adminB.request('POST', `/admin/v0/tenants/${b.tenantId}/hosts/${host}/verify`);
      assert.equal(takeover.status, 200, takeover.raw);
      assert.deepEqual(takeover.body.hosts, [host]);
      const listA = await ctx.request({
        method: 'GET',
        url: `/admin/v0/tenants/${a.tenantId}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.deepEqual(listA.body.hosts, []);
    });

    it('an unproven claim does not block a tenant that proves the host by HTTP; a host nobody claimed is 404', async () => {
      const squatter = await makeTenant(ctx);
      const owner = await makeTenant(ctx);
      const host = `shop-${owner.tenantId.slice(-10)}.example.com`;
      const adminS = await signInAs(ctx, squatter.tenantId, 'admin');
      const adminO = await signInAs(ctx, owner.tenantId, 'admin');
      assert.equal(
        (await adminS.request('POST', `/admin/v0/tenants/${squatter.tenantId}/hosts`, { host })).status,
        201,
      );
      const claim = await adminO.request('POST', `/admin/v0/tenants/${owner.tenantId}/hosts`, { host });
      const challenge = claim.body.pending[0];
      pages.set(challenge.httpUrl, `${challenge.txtValue}\n`);
      const proven = await adminO.request('POST', `/admin/v0/tenants/${owner.tenantId}/hosts/${host}/verify`);
      assert.equal(proven.status, 200, proven.raw);
      assert.equal(await served(host), true);
      // The squatter's claim stays a claim: it cannot prove what it does not control.
      const squat = await adminS.request(
        'POST',
        `/admin/v0/tenants/${squatter.tenantId}/hosts/${host}/verify`,
      );
      assert.equal(squat.status, 409);
      assert.equal(
        (await adminO.request('POST', `/admin/v0/tenants/${owner.tenantId}/hosts/other.example.com/verify`))
          .status,
        404,
      );
      // Removing a claim.
      const removed = await adminS.request('DELETE', `/admin/v0/tenants/${squatter.tenantId}/hosts/${host}`);
      assert.deepEqual(removed.body, { hosts: [], pending: [] });
    });

    it("the instance's own admins still map a host at once (the existing path)", async () => {
      const tenant = await makeTenant(ctx);
      const host = `direct-${tenant.tenantId.slice(-10)}.example.com`;
      const mapped = await ctx.request({
        method: 'POST',
        url: `/admin/v0/tenants/${tenant.tenantId}/hosts`,
        body: { host },
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(mapped.status, 201, mapped.raw);
      assert.deepEqual(mapped.body, { hosts: [host], pending: [] });
      assert.equal(await served(host), true);
    });
  },
  { hostProver: prover },
);

describe('the network prover', () => {
  it('reads the HTTP token through the webhook address guard', async () => {
    const server = http.createServer((_req, res) => res.end('token-123')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const url = `http://localhost:${port}/.well-known/quire-challenge/token-123`;
    try {
      const strict = networkHostProver({ allowPrivateNetworks: false, allowHttpLocalhost: false });
      assert.equal(await strict.http(url), null, 'loopback is refused');
      const local = networkHostProver({ allowPrivateNetworks: false, allowHttpLocalhost: true });
      assert.equal(await local.http(url), 'token-123');
      assert.deepEqual(await strict.txt('_quire-challenge.nothing.invalid'), []);
    } finally {
      server.close();
    }
  });
});
