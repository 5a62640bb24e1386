/**
 * A bounded map whose entries expire: the API-key verdicts and the failure throttle's buckets.
 * Every operation costs the same whatever the bound (lru-cache preallocates arrays of `max` slots
 * and refills them when it empties: up to 15 µs at 100,000 slots for a client whose only entry
 * had expired, against 2 µs at 10 slots; measured in docs/performance.md). Expired entries are
 * dropped when read, and swept only when the map reaches its bound; if it is still full then,
 * the oldest half goes, so a sweep makes room for at least `maxEntries / 2` new keys and costs a
 * constant amount per key on average.
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly defaultTtlMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K, now = performance.now()): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  has(key: K, now = performance.now()): boolean {
    return this.get(key, now) !== undefined;
  }

  /** Stores `value` for `ttlMs`; the key becomes the newest (the last to go when the map is full). */
  set(key: K, value: V, ttlMs = this.defaultTtlMs, now = performance.now()): void {
    if (!this.entries.delete(key) && this.entries.size >= this.maxEntries) this.sweep(now);
    this.entries.set(key, { value, expiresAt: now + ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** The values of the entries not expired yet. */
  *values(now = performance.now()): IterableIterator<V> {
    for (const entry of this.entries.values()) if (entry.expiresAt > now) yield entry.value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry whose value `matches` (rare: a scan of the whole map). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size < this.maxEntries) return;
    let excess = this.entries.size - Math.floor(this.maxEntries / 2);
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}
