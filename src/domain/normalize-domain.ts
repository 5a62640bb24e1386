import { domainToASCII } from 'node:url';

/**
 * The normal form of a company domain (lowercase, trimmed, without scheme, path, port,
 * trailing dot or a leading `www.`), or null when what remains is not a hostname.
 * `https://WWW.Acme.com:443/about` -> `acme.com`. Internationalised names become punycode.
 */
export function normalizeDomain(input: string): string | null {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, ''); // scheme
  host = host.replace(/^[^@/?#]*@/, ''); // user info
  host = host.split(/[/?#]/, 1)[0] ?? ''; // path, query, fragment
  host = host.replace(/:\d*$/, ''); // port
  host = host.replace(/\.$/, ''); // trailing dot
  host = host.replace(/^www\./, '');
  if (host.length === 0 || host.length > 253) return null;
  const ascii = domainToASCII(host);
  if (ascii === '' || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
  if (!labels.every((l) => label.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null; // an IP address is not a company domain
  return ascii;
}
