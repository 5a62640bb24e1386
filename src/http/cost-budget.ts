import { ApiError } from '../errors.js';

/**
 * Cost-based rate limiting per tenant: each tenant may spend `msPerSecond` milliseconds of work per
 * second on one kind of costly operation, with a burst of `burstMs`. The cost is measured (the time
 * the operation took) and charged after it ran; a tenant in debt gets 429 `rate_limited` with
 * `Retry-After` before doing more. The request rate limit counts requests, not their cost: within
 * it, searches for common words could keep a SQLite process (which runs queries on its one thread)
 * busy for every other tenant. In this process's memory, like TENANT_CONCURRENCY.
 */
export class CostBudget {
  /** Per tenant: when its spent work is paid back (a GCRA "theoretical arrival time", in ms). */
  private readonly paidBackAt = new Map<string, number>();

  constructor(
    readonly what: string,
    private readonly msPerSecond: number,
    private readonly burstMs: number,
  ) {}

  /** Throws 429 while the tenant has spent more than its burst. */
  check(tenantId: string): void {
    if (this.msPerSecond <= 0) return;
    const debtMs = (this.paidBackAt.get(tenantId) ?? 0) - performance.now();
    if (debtMs <= this.burstMs) return;
    const retryAfter = Math.max(1, Math.ceil((debtMs - this.burstMs) / 1000));
    throw ApiError.rateLimited(
      `This tenant's ${this.what} used more than ${this.msPerSecond} ms per second`,
      retryAfter,
    );
  }

  /** Charges `ms` of work to the tenant. */
  charge(tenantId: string, ms: number): void {
    if (this.msPerSecond <= 0) return;
    const now = performance.now();
    const from = Math.max(this.paidBackAt.get(tenantId) ?? now, now);
    this.paidBackAt.set(tenantId, from + (ms * 1000) / this.msPerSecond);
    // Forget tenants whose work is paid back, so the map stays as small as the set of busy tenants.
    if (this.paidBackAt.size > 10_000) {
      for (const [tenant, at] of this.paidBackAt) if (at < now) this.paidBackAt.delete(tenant);
    }
  }

  /** Runs `work` if the tenant is not in debt, and charges the time it took. */
  async run<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
    this.check(tenantId);
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.charge(tenantId, performance.now() - started);
    }
  }
}
