/** A Server-Sent Events reader for tests: fetch, parse events as they come, wait for them. */
export interface StreamedMessage {
  id: string;
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read event bodies freely
  data: any;
}

export interface EventStreamClient {
  status: number;
  headers: Headers;
  /** Problem body when the status is not 200. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read problem bodies freely
  problem: any;
  readonly messages: StreamedMessage[];
  readonly comments: string[];
  /** Resolves once `predicate` holds for the messages received (checked on each arrival). */
  waitFor(
    predicate: (messages: StreamedMessage[]) => boolean,
    timeoutMs?: number,
  ): Promise<StreamedMessage[]>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const messages: StreamedMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let ended: Promise<void> = Promise.resolve();
  let problem: unknown = null;
  if (response.status !== 200) problem = await response.json();
  else {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields: Record<string, string> = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else {
                const colon = line.indexOf(':');
                if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
              }
            }
            if (fields.data !== undefined)
              messages.push({
                id: fields.id ?? '',
                event: fields.event ?? 'message',
                data: JSON.parse(fields.data),
              });
            end = buffer.indexOf('\n\n');
          }
          notify();
        }
      } catch {
        // Aborted by close().
      }
      notify();
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    problem,
    messages,
    comments,
    ended,
    close: () => controller.abort(),
    waitFor(predicate, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(messages)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(messages);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; received: ${messages.map((m) => m.event).join(', ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
