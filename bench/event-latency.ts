// Event latency on PostgreSQL: from sending a write (POST /v0/persons) to receiving its event
// (person.created) on an open GET /v0/events stream, with LISTEN/NOTIFY on (EVENTS_LISTEN=true,
// the default) and off (polling every EVENTS_POLL_MS only). Run by hand after `npm run build`:
//
//   node --import tsx bench/event-latency.ts [--writes 200] [--rounds 2] [--postgres URL]
//
// The writer and the stream use two server processes on one database (as two API nodes would),
// so the event crosses processes through the database either way. Rounds alternate the two modes;
// writes are spaced by a random 50-250 ms so they fall at every phase of the poll.
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { makeBenchTenant } from './load-data.js';
import { type Running, serviceEnv, startQuire } from './processes.js';

const { values: args } = parseArgs({
  options: {
    writes: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '2' },
    postgres: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const WRITES = Number(args.writes);
const ROUNDS = Number(args.rounds);

/** A fresh database on the server of `url`, dropped at the end. */
async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `quire_bench_latency_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** An open event stream: `waitFor(name)` resolves with the time the person's event arrived. */
async function openStream(base: string, key: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/v0/events?types=person.created`, {
    headers: { 'x-api-key': key, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || response.body === null)
    throw new Error(`stream: ${response.status} ${await response.text()}`);
  const arrived = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const at = performance.now();
      buffer += value;
      let end = buffer.indexOf('\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf('\n');
        if (!line.startsWith('data: ')) continue;
        const name = JSON.parse(line.slice(6)).data?.person?.name as string | undefined;
        if (name === undefined) continue;
        arrived.set(name, at);
        waiters.get(name)?.(at);
      }
    }
  })();
  return {
    waitFor: (name: string) =>
      new Promise<number>((resolve) => {
        const at = arrived.get(name);
        if (at !== undefined) resolve(at);
        else waiters.set(name, resolve);
      }),
    close: () => controller.abort(),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(url: string, key: string, listen: boolean, logDir: string, round: number) {
  const env = { ...serviceEnv(), DATABASE_URL: url, EVENTS_LISTEN: String(listen), EVENTS_POLL_MS: '250' };
  const mode = listen ? 'listen' : 'poll';
  const servers: Running[] = [];
  try {
    servers.push(await startQuire(env, path.join(logDir, `writer-${mode}-${round}.log`)));
    servers.push(await startQuire(env, path.join(logDir, `stream-${mode}-${round}.log`)));
    const [writer, streamer] = servers as [Running, Running];
    const stream = await openStream(streamer.base, key);
    const latencies: number[] = [];
    const writes: number[] = [];
    /** From the write's answer to the event: what the stream adds (negative: the event came first). */
    const afterAnswer: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      await new Promise((resolve) => setTimeout(resolve, randomInt(50, 250)));
      const name = `latency-${mode}-${round}-${i}`;
      const sent = performance.now();
      const response = await fetch(`${writer.base}/v0/persons`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      if (response.status !== 201) throw new Error(`POST /v0/persons: ${response.status}`);
      const answered = performance.now();
      writes.push(answered - sent);
      const received = await stream.waitFor(name);
      latencies.push(received - sent);
      afterAnswer.push(received - answered);
    }
    stream.close();
    const sorted = latencies.sort((a, b) => a - b);
    const sortedWrites = writes.sort((a, b) => a - b);
    return {
      mode,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1)!,
      writeP50: percentile(sortedWrites, 50),
      writeP99: percentile(sortedWrites, 99),
      afterAnswerP50: percentile(
        afterAnswer.sort((a, b) => a - b),
        50,
      ),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const scratch = await scratchDatabase(args.postgres);
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-latency-'));
try {
  const database = openPostgres(scratch.url, 2);
  await migrateToLatest(database.db);
  const tenant = await makeBenchTenant(database.db, 'latency');
  await database.close();
  const rows: Awaited<ReturnType<typeof measure>>[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const listen of round % 2 === 0 ? [false, true] : [true, false]) {
      const row = await measure(scratch.url, tenant.apiKey, listen, logDir, round);
      rows.push(row);
      process.stdout.write(
        `${row.mode.padEnd(6)} round ${round}: write -> SSE event p50 ${row.p50.toFixed(1)} ms, ` +
          `p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(1)} ms ` +
          `(the write's own answer: p50 ${row.writeP50.toFixed(1)} ms, p99 ${row.writeP99.toFixed(1)} ms; ` +
          `event after the answer p50 ${row.afterAnswerP50.toFixed(1)} ms)\n`,
      );
    }
  process.stdout.write(`\n${WRITES} writes per round; service logs in ${logDir}\n`);
} finally {
  await scratch.drop();
}
