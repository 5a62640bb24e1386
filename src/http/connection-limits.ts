import fs from 'node:fs';
import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Limits on open connections, checked once per connection (nothing per request), so that one
 * address opening sockets it never uses cannot shut everyone else out.
 *
 * - Per address: a connection beyond MAX_CONNECTIONS_PER_IP from one address is closed at once.
 * - In total: at MAX_CONNECTIONS (or what the open-file limit allows, whichever is lower) a new
 *   connection is still taken if its address has fewer connections than the address holding the
 *   most: the oldest connection of that address is closed to make room. Otherwise the new one is
 *   closed. A new client therefore gets in while one address holds most of the connections.
 *
 * 0 turns a limit off. Behind a reverse proxy every connection comes from the proxy's address:
 * raise MAX_CONNECTIONS_PER_IP there (or set it to 0) and limit per client in the proxy.
 */
export interface ConnectionLimits {
  total: number;
  perAddress: number;
}

/** File descriptors kept for everything but client connections: database, logs, SQLite files. */
export const RESERVED_FILES = 128;

/** The soft limit on open files of this process (Linux), or null where it cannot be read. */
export function openFileLimit(): number | null {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

/**
 * The total limit that holds: MAX_CONNECTIONS, lowered to fit the open-file limit. (Node raises
 * its soft limit to the hard limit at start, so the soft limit read here is the most it can have.)
 */
export function effectiveTotal(total: number, fileLimit: number | null): number {
  if (fileLimit === null) return total === 0 ? Number.POSITIVE_INFINITY : total;
  const fits = Math.max(1, fileLimit - RESERVED_FILES);
  return total === 0 ? fits : Math.min(total, fits);
}

export function limitConnections(server: net.Server, limits: ConnectionLimits, log: FastifyBaseLogger): void {
  const fileLimit = openFileLimit();
  const total = effectiveTotal(limits.total, fileLimit);
  const report = { maxConnections: total, maxConnectionsPerIp: limits.perAddress, openFileLimit: fileLimit };
  if (fileLimit !== null && (limits.total === 0 || total < limits.total)) {
    log.warn(
      report,
      'MAX_CONNECTIONS lowered to fit the open-file limit (raise it with ulimit -n or LimitNOFILE)',
    );
  } else {
    log.info(report, 'connection limits');
  }

  const byAddress = new Map<string, Set<net.Socket>>();
  let open = 0;
  let refused = 0;
  let lastReport = 0;

  const refuse = (socket: net.Socket, address: string, why: string) => {
    refused++;
    socket.destroy();
    // At most one line every 10 s: a flood of connections must not become a flood of logs.
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      log.warn({ refused, open, address, why }, 'connections refused');
    }
  };

  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = byAddress.get(address);
    if (limits.perAddress > 0 && (mine?.size ?? 0) >= limits.perAddress) {
      return refuse(socket, address, 'MAX_CONNECTIONS_PER_IP');
    }
    if (open >= total) {
      const [heavyAddress, heaviest] = addressWithMost(byAddress);
      if (heaviest === undefined || heaviest.size <= (mine?.size ?? 0) + 1) {
        return refuse(socket, address, 'MAX_CONNECTIONS');
      }
      // Make room: the oldest connection of the address that holds the most (Sets keep order).
      const oldest = heaviest.values().next().value!;
      forget(oldest, heavyAddress);
      refuse(oldest, heavyAddress, 'MAX_CONNECTIONS (closed to make room for another address)');
    }
    const sockets = mine ?? new Set<net.Socket>();
    if (mine === undefined) byAddress.set(address, sockets);
    sockets.add(socket);
    open++;
    socket.once('close', () => forget(socket, address));
  });

  function forget(socket: net.Socket, address: string): void {
    const sockets = byAddress.get(address);
    if (sockets?.delete(socket) !== true) return;
    open--;
    if (sockets.size === 0) byAddress.delete(address);
  }
}

function addressWithMost(byAddress: Map<string, Set<net.Socket>>): [string, Set<net.Socket> | undefined] {
  let most: [string, Set<net.Socket> | undefined] = ['', undefined];
  for (const entry of byAddress) if (most[1] === undefined || entry[1].size > most[1].size) most = entry;
  return most;
}
