/**
 * At most `size` holders at once; the others wait their turn in arrival order. Used to bound how
 * many memory-heavy operations run together (see conversation.service.ts).
 */
export class Gate {
  private holders = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Resolves once a place is free, with the function that frees it (calling it twice is harmless). */
  async acquire(): Promise<() => void> {
    if (this.holders >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.holders++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The place passes straight to the next in line, so holders stays the same.
      if (next) next();
      else this.holders--;
    };
  }

  /** Runs `work` once a place is free, and frees it after. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
