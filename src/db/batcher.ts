/**
 * Collects the items handed in during one turn of the event loop and writes them together with
 * `flush`, which answers one result per item, in order. At most one flush runs at a time per
 * batcher: items arriving meanwhile wait for it and then go together in the next one (up to
 * `maxItems` each), so the busier the server, the larger the batches. A flush that throws rejects
 * each of its items with that error.
 *
 * Log ingestion uses it (log-ingestion.ts): concurrent logs become one multi-row statement, and
 * their account rows and counters are written once per batch rather than once per log.
 */
export class Batcher<Item, Result> {
  #queue: { item: Item; resolve(result: Result): void; reject(error: unknown): void }[] = [];
  #scheduled = false;
  #running = false;

  constructor(
    private readonly flush: (items: Item[]) => Promise<Result[]>,
    private readonly maxItems: number,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    // After the current I/O phase, so the requests read in it join the same batch.
    setImmediate(() => {
      this.#scheduled = false;
      void this.#run();
    });
  }

  async #run(): Promise<void> {
    this.#running = true;
    const batch = this.#queue.splice(0, this.maxItems);
    try {
      const results = await this.flush(batch.map((queued) => queued.item));
      for (const [index, queued] of batch.entries()) queued.resolve(results[index]!);
    } catch (error) {
      for (const queued of batch) queued.reject(error);
    } finally {
      this.#running = false;
      if (this.#queue.length > 0) this.#schedule();
    }
  }
}
