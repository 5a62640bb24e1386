/**
 * Polls `read` until `done` holds for what it returned, and returns that. Past `timeoutMs` it
 * throws with `describe(last)`, so a test that waits on a background loop fails with what it saw
 * instead of hanging until the runner's file timeout.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { describe: (last: T) => string; timeoutMs?: number; everyMs?: number },
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${options.describe(value)}`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 20));
  }
}
