/**
 * Runs the work of a callback-style Fastify hook that is synchronous on its common path: when
 * `work` returns, `done` is called at once (no promise, no microtask); when it returns a promise,
 * `done` is called when that settles; a throw or a rejection is handed to `done` as the error.
 * The hooks of every /v0 request (key check, rate limit, tenant concurrency) use it, so a request
 * with a cached key pays for none of their promises.
 */
export function settle(work: () => unknown, done: (error?: Error) => void): void {
  let outcome: unknown;
  try {
    outcome = work();
  } catch (error) {
    done(error as Error);
    return;
  }
  if (outcome instanceof Promise) outcome.then(() => done(), done);
  else done();
}
