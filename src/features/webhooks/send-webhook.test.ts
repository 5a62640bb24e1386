import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { addressRefusal, type NetworkPolicy } from './address-guard.js';
import { checkEndpointUrl } from './endpoint-url.js';
import { sendWebhook } from './send-webhook.js';

const STRICT: NetworkPolicy = { allowPrivateNetworks: false, allowHttpLocalhost: false };
const LOCAL: NetworkPolicy = { allowPrivateNetworks: false, allowHttpLocalhost: true };

describe('where webhooks may connect (SSRF)', () => {
  it('refuses private, loopback, link-local and non-unicast addresses by default', () => {
    for (const address of [
      '10.0.0.7',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'fd12:3456::1',
      'fe80::1',
      '0.0.0.0',
      '224.0.0.1',
    ])
      assert.notEqual(addressRefusal(address, STRICT), null, address);
    for (const address of ['93.184.216.34', '2606:4700::6810:85e5', '8.8.8.8'])
      assert.equal(addressRefusal(address, STRICT), null, address);
  });

  it('checks the IPv4 address a NAT64 address embeds (64:ff9b::/96 and 64:ff9b:1::/48)', () => {
    for (const address of [
      '64:ff9b::7f00:1', // 127.0.0.1
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe', // 169.254.169.254
      '64:ff9b::10.0.0.1',
      '64:ff9b:1:7f00:1::', // 127.0.0.1 in the /48 embedding (RFC 6052)
      '64:ff9b:1::a00:1',
    ])
      assert.match(addressRefusal(address, STRICT) ?? '', /./, address);
    assert.match(addressRefusal('64:ff9b::7f00:1', STRICT) ?? '', /reaches 127\.0\.0\.1 through NAT64/);
    // A public IPv4 address behind the well-known prefix is a public address.
    assert.equal(addressRefusal('64:ff9b::5db8:d822', STRICT), null);
    assert.equal(addressRefusal('64:ff9b::8.8.8.8', STRICT), null);
  });

  it('checks the IPv4 address of every IPv6 form that embeds one, in every spelling', () => {
    const cases: [string, RegExp][] = [
      ['::ffff:127.0.0.1', /IPv4-mapped/],
      ['::FFFF:7f00:1', /IPv4-mapped/],
      ['0:0:0:0:0:ffff:7f00:1', /IPv4-mapped/],
      ['0000:0000:0000:0000:0000:FFFF:127.0.0.1', /IPv4-mapped/],
      ['::ffff:a9fe:a9fe', /reaches 169\.254\.169\.254 through IPv4-mapped/],
      ['::ffff:192.168.1.1', /IPv4-mapped/],
      ['::ffff:0:127.0.0.1', /IPv4-translated/],
      ['::ffff:0:a00:1', /IPv4-translated/],
      ['::127.0.0.1', /reaches 127\.0\.0\.1 through IPv4-compatible/],
      ['::7f00:1', /IPv4-compatible/],
      ['0:0:0:0:0:0:10.0.0.1', /IPv4-compatible/],
      ['::a9fe:a9fe', /IPv4-compatible/],
      ['2002:7f00:1::', /reaches 127\.0\.0\.1 through 6to4/],
      ['2002:a9fe:a9fe::1', /6to4/],
      ['2002:c0a8:101:1::1', /reaches 192\.168\.1\.1 through 6to4/],
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', /reaches 127\.0\.0\.1 through Teredo/],
    ];
    for (const [address, why] of cases) assert.match(addressRefusal(address, STRICT) ?? '', why, address);
    // The same forms around a public IPv4 address are public.
    for (const address of ['::ffff:8.8.8.8', '::ffff:5db8:d822', '::8.8.8.8', '2002:5db8:d822::1'])
      assert.equal(addressRefusal(address, STRICT), null, address);
    // Loopback for development stays allowed in its IPv6 spelling (not read as IPv4-compatible 0.0.0.1).
    assert.equal(addressRefusal('::1', LOCAL), null);
    assert.equal(addressRefusal('::ffff:127.0.0.1', LOCAL), null);
  });

  it('lets loopback through for localhost development, and private networks when configured', () => {
    assert.equal(addressRefusal('127.0.0.1', LOCAL), null);
    assert.notEqual(addressRefusal('10.0.0.1', LOCAL), null);
    const inside = { allowPrivateNetworks: true, allowHttpLocalhost: false };
    assert.equal(addressRefusal('10.0.0.1', inside), null);
    assert.equal(addressRefusal('169.254.169.254', inside), null);
    assert.notEqual(addressRefusal('0.0.0.0', inside), null, 'never "this network"');
  });

  it('accepts https URLs, and http only for localhost when allowed', () => {
    assert.equal(checkEndpointUrl('https://example.com/a#frag', STRICT), 'https://example.com/a');
    assert.throws(() => checkEndpointUrl('http://example.com/a', LOCAL), /must use https/);
    assert.throws(() => checkEndpointUrl('http://localhost:3000/a', STRICT), /WEBHOOK_ALLOW_HTTP_LOCALHOST/);
    assert.equal(checkEndpointUrl('http://localhost:3000/a', LOCAL), 'http://localhost:3000/a');
    assert.throws(() => checkEndpointUrl('ftp://example.com/a', LOCAL), /https/);
  });
});

describe('one delivery attempt', () => {
  let server: http.Server;
  let base = '';
  const hits: string[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      req.resume();
      if (req.url === '/redirect') res.writeHead(302, { location: '/elsewhere' }).end();
      else if (req.url === '/huge') res.writeHead(200).end('x'.repeat(1024 * 1024));
      else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end('late'), 2_000);
      else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  const send = (url: string, policy = LOCAL, timeoutMs = 1_000) =>
    sendWebhook({ url, body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs, policy });

  it('never connects to a refused address, by literal or by a name that resolves to it', async () => {
    const before = hits.length;
    const literal = await send(`http://${base}/a`, STRICT);
    assert.match(literal.error!, /refused to connect: 127\.0\.0\.1 is a loopback address/);
    const port = base.split(':')[1];
    const named = await send(`http://localhost:${port}/b`, STRICT);
    assert.equal(named.ok, false);
    assert.match(named.error!, /refused to connect to localhost: .* is a loopback address/);
    assert.equal(hits.length, before, 'the receiver saw no request');
    assert.equal((await send(`http://localhost:${port}/c`, LOCAL)).ok, true, 'allowed when configured');
  });

  it('does not follow redirects', async () => {
    const response = await send(`http://${base}/redirect`);
    assert.deepEqual([response.ok, response.status], [false, 302]);
    assert.match(response.error!, /redirect to \/elsewhere not followed/);
    assert.ok(!hits.includes('/elsewhere'));
  });

  it('reads a capped part of the answer and keeps its first 1024 bytes', async () => {
    const response = await send(`http://${base}/huge`);
    assert.equal(response.ok, true);
    assert.equal(response.body!.length, 1024);
  });

  it('gives up after the timeout', async () => {
    const response = await send(`http://${base}/slow`, LOCAL, 200);
    assert.equal(response.ok, false);
    assert.match(response.error!, /no answer within 200 ms/);
    assert.ok(response.durationMs < 1_500);
  });
});
