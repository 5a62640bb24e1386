import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl from Debian's packages) in a temporary
 * directory, on a free port, with its unix socket in that directory: a test may restart or stop
 * it at will without touching the shared server on 5432.
 */
const run = promisify(execFile);

/** Debian's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin), newest first, or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? null : path.join(root, versions[0]!, 'bin');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
    /** PostgreSQL refuses to run as root: then every command runs as the `postgres` user. */
    private readonly asUser: string | null,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  static async start(bin: string): Promise<PrivatePostgres> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-private-pg-'));
    const asUser = process.getuid?.() === 0 ? 'postgres' : null;
    if (asUser !== null) await run('chown', [asUser, dir]);
    const cluster = new PrivatePostgres(bin, dir, await freePort(), asUser);
    await cluster.tool('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await cluster.ctl('start');
    return cluster;
  }

  /** pg_ctl start, or restart with the given mode (`immediate` is a crash: no checkpoint). */
  async ctl(action: 'start' | 'restart' | 'stop', mode?: 'fast' | 'immediate'): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
    await this.tool('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-w',
      '-t',
      '30',
      ...(mode ? ['-m', mode] : []),
      ...(action === 'stop' ? [] : ['-o', options]),
      action,
    ]);
  }

  private async tool(name: string, args: string[]): Promise<void> {
    const command = path.join(this.bin, name);
    if (this.asUser === null) await run(command, args, { cwd: this.dir });
    else await run('runuser', ['-u', this.asUser, '--', command, ...args], { cwd: this.dir });
  }

  /** Stops the cluster at once and deletes its directory. */
  async destroy(): Promise<void> {
    try {
      await this.ctl('stop', 'immediate');
    } finally {
      fs.rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
