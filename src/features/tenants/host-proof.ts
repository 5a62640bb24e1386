import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import { guardedLookup, type NetworkPolicy } from '../webhooks/address-guard.js';

/**
 * How a tenant proves it controls a custom host before Quire serves its pages there
 * (docs/hosted-pages.md, "Custom hosts"): either a DNS TXT record `_quire-challenge.<host>` holding
 * the tenant's token for that host, or the token served at
 * `http://<host>/.well-known/quire-challenge/<token>` (before the host points at Quire, or by a
 * proxy in front of it: Quire itself never answers that path).
 */
export interface HostProver {
  /** The TXT records of `name` (each record's strings joined); [] when there are none. */
  txt(name: string): Promise<string[]>;
  /** The body of `url` when it answers 200, else null. */
  http(url: string): Promise<string | null>;
}

/** The token of a tenant for a host: an HMAC of both under the instance's secret, never stored. */
export function hostToken(secret: string, tenantId: string, host: string): string {
  return createHmac('sha256', secret)
    .update(`quire-host-challenge\n${tenantId}\n${host}`)
    .digest('base64url');
}

export interface HostChallenge {
  host: string;
  txtName: string;
  txtValue: string;
  httpUrl: string;
}

export function hostChallenge(secret: string, tenantId: string, host: string): HostChallenge {
  const token = hostToken(secret, tenantId, host);
  return {
    host,
    txtName: `_quire-challenge.${host}`,
    txtValue: token,
    httpUrl: `http://${host}/.well-known/quire-challenge/${token}`,
  };
}

/** Whether the host shows the tenant's token by either method. */
export async function hostProven(prover: HostProver, challenge: HostChallenge): Promise<boolean> {
  const records = await prover.txt(challenge.txtName).catch(() => [] as string[]);
  if (records.some((r) => r.trim() === challenge.txtValue)) return true;
  const body = await prover.http(challenge.httpUrl).catch(() => null);
  return body !== null && body.trim() === challenge.txtValue;
}

const HTTP_TIMEOUT_MS = 5_000;
const MAX_BODY = 1024;

/**
 * The real DNS and HTTP. The HTTP request goes through the webhooks' address guard (no private,
 * loopback or link-local address unless configured), follows no redirect and reads 1 KiB at most.
 */
export function networkHostProver(policy: NetworkPolicy): HostProver {
  return {
    async txt(name) {
      try {
        return (await dns.promises.resolveTxt(name)).map((parts) => parts.join(''));
      } catch {
        return [];
      }
    },
    http(url) {
      return new Promise((resolve) => {
        const request = http.get(
          url,
          { lookup: guardedLookup(policy), timeout: HTTP_TIMEOUT_MS },
          (response) => {
            if (response.statusCode !== 200) {
              response.resume();
              return resolve(null);
            }
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
              if (body.length > MAX_BODY) request.destroy();
            });
            response.on('end', () => resolve(body.slice(0, MAX_BODY)));
            response.on('error', () => resolve(null));
          },
        );
        request.on('timeout', () => request.destroy());
        request.on('error', () => resolve(null));
      });
    },
  };
}
