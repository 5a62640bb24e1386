import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a test receiver got: the headers and the body exactly as sent. */
export interface ReceivedWebhook {
  /** The path it was sent to (tests give each endpoint a path of its own). */
  path: string;
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read payloads freely
  payload: any;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  readonly received: ReceivedWebhook[];
  /** What to answer to the next requests, in turn; then 200. A function may hold the answer back. */
  answers: (number | ((request: ReceivedWebhook) => Promise<number>))[];
  /**
   * Asked before `answers`: a status for this request, or undefined to take the next answer. An
   * answer chosen by what was sent holds when a delivery is sent again (deliveries are at least
   * once), where a queue of answers would shift onto the next request.
   */
  answerFor: ((request: ReceivedWebhook) => number | undefined) | null;
  /** Resolves once `predicate` holds for what was received. */
  waitFor(
    predicate: (received: ReceivedWebhook[]) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedWebhook[]>;
  /** Verifies a request with the official library; throws WebhookVerificationError if it does not verify. */
  verify(request: ReceivedWebhook, secret: string): unknown;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 (deliveries reach it with WEBHOOK_ALLOW_HTTP_LOCALHOST=true). */
export async function startReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: '',
    received,
    answers: [],
    answerFor: null,
    waitFor(predicate, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(received)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver timed out; got ${received.map((r) => r.payload?.type).join(', ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    verify: (request, secret) => new Webhook(secret).verify(request.body, request.headers),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request: ReceivedWebhook = {
        path: req.url ?? '',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body,
        payload: JSON.parse(body),
        receivedAt: Date.now(),
      };
      received.push(request);
      for (const waiter of [...waiters]) waiter();
      const answer = receiver.answerFor?.(request) ?? receiver.answers.shift() ?? 200;
      const status = typeof answer === 'number' ? answer : await answer(request);
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status < 300 ? 'ok' : `failed with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
