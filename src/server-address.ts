import fs from 'node:fs';
import path from 'node:path';

/**
 * A running `quire serve` records where it listens in `DATA_DIR/server.json`, so the CLI (the same
 * environment, another process) can print public URLs that work when PUBLIC_BASE_URL is unset and
 * the server runs on another port than the CLI's PORT. Removed when the server stops; a record
 * whose process is gone (a SIGKILL) is ignored.
 */
export interface ServerRecord {
  /** The address the server listens on, as a browser on this machine reaches it. */
  url: string;
  /** The base of the hosted pages' URLs the server gives: PUBLIC_BASE_URL, else `url`. */
  publicBaseUrl: string;
  pid: number;
  startedAt: string;
}

export function serverRecordPath(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

/** Writes the record (whole, through a rename) and returns what removes it again, if still ours. */
export function recordServerAddress(
  dataDir: string,
  record: Omit<ServerRecord, 'pid' | 'startedAt'>,
): () => void {
  const file = serverRecordPath(dataDir);
  const full: ServerRecord = { ...record, pid: process.pid, startedAt: new Date().toISOString() };
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(full)}\n`);
  fs.renameSync(temporary, file);
  return () => {
    // Another server of this DATA_DIR may have started since: its record stays.
    if (readRecord(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The record of a server that runs now, or null (none recorded, unreadable, or its process gone). */
export function runningServer(dataDir: string): ServerRecord | null {
  const record = readRecord(serverRecordPath(dataDir));
  if (record === null) return null;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return record;
}

function readRecord(file: string): ServerRecord | null {
  try {
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerRecord>;
    if (
      typeof record.url !== 'string' ||
      typeof record.publicBaseUrl !== 'string' ||
      !Number.isInteger(record.pid)
    )
      return null;
    return record as ServerRecord;
  } catch {
    return null;
  }
}

/** The address a browser on this machine uses for a listener on `host` (any-address means loopback). */
export function reachableUrl(host: string, port: number): string {
  const own = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${own.includes(':') ? `[${own}]` : own}:${port}`;
}
